//! Tests: one GA run split across devices (`MultiGpuEngine`, `--adapters`). lavapipe opened
//! twice stands for two adapters: the islands split over the two devices (and over three parts,
//! one device holding two) must evolve exactly as in one engine, generation by generation,
//! across migrations, and equal the CPU engine.

use evoku::board::{Geometry, Grid};
use evoku::ga::cpu::CpuEngine;
use evoku::ga::gpu::{split_islands, GpuEngine, MultiGpuEngine};
use evoku::ga::{run, Engine, GaConfig, Preset, Problem, RunLimits};
use evoku::gpu::{GpuContext, GpuOptions};
use evoku_cli::bench::{self, BenchOptions, GpuChoice};

use crate::gpu::gpu;
use crate::util;

fn lloyd_amos(file: &str) -> Grid {
    let text = std::fs::read_to_string(util::lloyd_amos(file)).unwrap();
    let mut lines = text.lines();
    let box_size: usize = lines.next().unwrap().trim().parse().unwrap();
    lines.next();
    let cells = lines
        .flat_map(|l| l.split_whitespace())
        .map(|v| v.parse::<i32>().unwrap().max(0) as u8)
        .collect();
    Grid::from_cells(Geometry::new(box_size).unwrap(), cells).expect("a full grid")
}

/// The population words of every part, in island order.
fn part_words(multi: &MultiGpuEngine) -> Vec<u32> {
    multi
        .parts()
        .iter()
        .flat_map(|p| p.population_words().unwrap())
        .collect()
}

/// Steps one engine, the split engine and the CPU engine `generations` times by `step`
/// generations, comparing populations and island states after every step, then overall bests.
fn same_run(label: &str, contexts: &[GpuContext], grid: &Grid, config: &GaConfig, steps: &[u32]) {
    let problem = Problem::new(grid, config.init, config.presolve).expect("solvable");
    let mut cpu = CpuEngine::new(problem.clone(), config, Some(1)).unwrap();
    let mut one = GpuEngine::new(&contexts[0], problem.clone(), config).unwrap();
    let mut multi =
        MultiGpuEngine::new(contexts, problem, config).unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(
        multi.parts().len(),
        contexts.len().min(config.islands as usize)
    );
    let mut generation = 0;
    for &step in steps {
        cpu.step(step).unwrap();
        one.step(step).unwrap();
        multi.step(step).unwrap();
        generation += step;
        let at = format!("{label}, generation {generation}");
        let words = one.population_words().unwrap();
        assert_eq!(
            cpu.population_words(),
            words,
            "{at}: one GPU engine against the CPU"
        );
        let split = part_words(&multi);
        if let Some(k) = (0..words.len()).find(|&k| words[k] != split[k]) {
            let per_island = words.len() / config.islands as usize;
            panic!("{at}: split run differs at island {}", k / per_island);
        }
        assert_eq!(one.islands().unwrap(), multi.islands().unwrap(), "{at}");
    }
    for island in 0..config.islands {
        assert_eq!(
            one.overall_best(island).unwrap(),
            multi.overall_best(island).unwrap(),
            "{label}: overall best of island {island}"
        );
    }
    assert!(multi.overall_best(config.islands).is_err());
}

/// The shared device and a second one on the same adapter: two devices, two queues.
fn two_devices() -> Option<(crate::gpu::GpuLease, GpuContext)> {
    let lease = gpu()?;
    let second = GpuContext::new(&GpuOptions::default()).expect("a second device");
    Some((lease, second))
}

#[test]
fn islands_split_evenly_in_island_order() {
    assert_eq!(split_islands(5, 2), vec![0..3, 3..5]);
    assert_eq!(split_islands(7, 3), vec![0..3, 3..5, 5..7]);
    assert_eq!(split_islands(2, 4), vec![0..1, 1..2]);
    assert_eq!(split_islands(4, 1), vec![0..4]);
}

#[test]
fn a_run_split_over_two_devices_is_the_one_device_run_at_9x9() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let grid = lloyd_amos("inst9x9_45_0.txt");
    let mut config = GaConfig::preset(Preset::Default);
    config.population = 20;
    config.islands = 5;
    config.migration = 2;
    config.restart_after = 4;
    config.presolve = false;
    config.seed = 91;
    let contexts = [(*lease).clone(), second.clone()];
    // Steps that end before, on and after migration generations.
    same_run(
        "9x9, 2 devices",
        &contexts,
        &grid,
        &config,
        &[1, 1, 3, 2, 5],
    );
    let three = [(*lease).clone(), second, (*lease).clone()];
    same_run("9x9, 3 parts", &three, &grid, &config, &[4, 7]);
    // Migration every generation, one island per part.
    config.migration = 1;
    config.islands = 3;
    same_run(
        "9x9, migration every generation",
        &three,
        &grid,
        &config,
        &[1, 2, 3],
    );
}

#[test]
fn a_run_split_over_two_devices_is_the_one_device_run_at_16x16() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let grid = lloyd_amos("inst16x16_45_0.txt");
    let mut config = GaConfig::preset(Preset::Default);
    config.population = 16;
    config.islands = 3;
    config.assign_steps = 0;
    config.local_search = 2;
    config.migration = 2;
    config.seed = 16;
    let contexts = [(*lease).clone(), second];
    same_run("16x16, 2 devices", &contexts, &grid, &config, &[2, 3, 1]);
}

#[test]
fn a_whole_split_run_reports_the_one_device_result() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let grid = lloyd_amos("inst9x9_45_0.txt");
    let mut config = GaConfig::preset(Preset::Default);
    config.population = 24;
    config.islands = 4;
    config.migration = 3;
    config.seed = 7;
    let problem = Problem::new(&grid, config.init, config.presolve).unwrap();
    let limits = RunLimits {
        max_generations: 400,
        time_limit: None,
    };
    let mut one = GpuEngine::new(&lease, problem.clone(), &config).unwrap();
    let a = run(&mut one, &problem, limits, &mut |_| {}).unwrap();
    let contexts = [(*lease).clone(), second];
    let mut multi = MultiGpuEngine::new(&contexts, problem.clone(), &config).unwrap();
    let b = run(&mut multi, &problem, limits, &mut |_| {}).unwrap();
    assert_eq!(
        (
            a.solved,
            a.island,
            a.generations,
            a.best_penalty,
            a.restarts
        ),
        (
            b.solved,
            b.island,
            b.generations,
            b.best_penalty,
            b.restarts
        )
    );
    assert_eq!(a.best, b.best);
}

/// `evoku solve` with `args`, its JSON object.
pub(crate) fn solve_json(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .expect("run evoku");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {stderr}"
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"))
}

#[test]
fn solve_with_two_adapters_reports_the_split_and_the_one_device_result() {
    // Held for its turn: the binary opens lavapipe itself, beside no other GPU test.
    let Some(_lease) = gpu() else { return };
    let run = [
        "solve",
        "--algorithm",
        "ga",
        "--preset",
        "paper",
        "--no-exact-shortcut",
        "--islands",
        "5",
        "--migration",
        "2",
        "--max-generations",
        "60",
        "--json",
        "--seed",
        "4",
        "-q",
        "puzzles/fig1-kashan.txt",
    ];
    let mut split = solve_json(&[&run[..], &["--adapters", "0,0"]].concat());
    let mut one = solve_json(&[&run[..], &["--backend", "gpu"]].concat());
    let islands = |v: &serde_json::Value| -> Vec<u64> {
        v["adapters"]
            .as_array()
            .expect("adapters")
            .iter()
            .map(|a| a["islands"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(islands(&split), vec![3, 2]);
    assert_eq!(islands(&one), vec![5]);
    // lavapipe is the only adapter here: `all` is the one-device run.
    let all = solve_json(&[&run[..], &["--adapters", "all"]].concat());
    assert_eq!(islands(&all), vec![5]);
    for v in [&mut split, &mut one] {
        let object = v.as_object_mut().unwrap();
        object.remove("seconds");
        object.remove("adapters");
    }
    assert_eq!(split, one);
    // Unsolved at the cap here: the comparison covers the best grid and its penalty.
    assert_eq!(split["generations"], 60);
}

#[test]
fn an_adapter_list_naming_no_adapter_is_a_clear_error() {
    let Some(_lease) = gpu() else { return };
    for (list, says) in [
        ("7", "no adapter number 7"),
        ("no-such-gpu", "matches 'no-such-gpu'"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_evoku"))
            .args(["solve", "--adapters", list, "puzzles/fig1-kashan.txt"])
            .current_dir(util::repo(""))
            .env("WGPU_BACKEND", "vulkan")
            .output()
            .expect("run evoku");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{list}: {stderr}");
        assert!(
            stderr.contains(says) && stderr.contains("0: "),
            "{list}: {stderr}"
        );
    }
}

/// `bench` on a GPU reports the invocations each stage launched, per generation and summed over
/// the devices; lavapipe (software) keeps the configured islands under `islands_auto` (a hardware
/// adapter would fill itself with islands, so there the test asks for the 3 islands outright).
#[test]
fn bench_reports_the_gpu_launch_per_stage() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let mut config = GaConfig::preset(Preset::Paper);
    config.islands = 3;
    config.population = 10;
    let puzzle = bench::default_puzzle(3).unwrap();
    let islands_auto = lease.is_software() && second.is_software();
    let run = |gpu: GpuChoice| {
        let options = BenchOptions {
            config: config.clone(),
            preset: "paper".into(),
            puzzles: vec![puzzle.clone()],
            generations: Some(2),
            repetitions: 1,
            threads: Some(1),
            gpu,
            islands_auto,
        };
        bench::run(&options, &mut |_| {}).unwrap().rows.remove(0)
    };
    let one = run(GpuChoice::Use(lease.arc()));
    assert_eq!(one.islands, 3);
    assert_eq!(one.identical, Some(true));
    // 30 individuals in one workgroup of 64; a 64-invocation workgroup per island.
    let stages = |row: &evoku_cli::bench::BenchRow| {
        row.gpu_invocations
            .iter()
            .map(|(stage, n)| (stage.as_str().to_owned(), *n))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        stages(&one),
        [("breed".to_owned(), 64), ("island_best".to_owned(), 3 * 64)]
    );
    // Split 2 + 1: each part rounds its individuals up to a workgroup.
    let contexts: std::sync::Arc<[GpuContext]> = vec![(*lease).clone(), second].into();
    let two = run(GpuChoice::Several(contexts));
    assert_eq!(two.identical, Some(true));
    assert_eq!(
        stages(&two),
        [
            ("breed".to_owned(), 128),
            ("island_best".to_owned(), 3 * 64)
        ]
    );
}
