//! Tests: one ACS run split across devices (`MultiGpuAco`, `--adapters`). lavapipe opened twice
//! stands for two adapters: the colonies split over the devices (evenly or not, over three parts
//! with one device holding two, over more devices than colonies) must run exactly as in one
//! engine and in the CPU engine, iteration by iteration, across exchanges and restarts.

use evoku::aco::cpu::CpuAco;
use evoku::aco::gpu::{GpuAco, MultiGpuAco};
use evoku::aco::{AcoConfig, AcoEngine, AcoTables};
use std::time::Instant;

use evoku::board::Grid;
use evoku::device::Device;
use evoku::gpu::{GpuContext, GpuOptions};
use evoku::portfolio::{self, MemberKind};

use crate::aco::{config, lloyd_amos, repo_puzzle, run_engine, same_outcome, Stepped};
use crate::default_solver::{options, read_puzzle};
use crate::gpu::gpu;
use crate::multi_gpu::solve_json;
use crate::portfolio_overlap::outcome_key;

/// The shared device and a second one on the same adapter: two devices, two queues.
fn two_devices() -> Option<(crate::gpu::GpuLease, GpuContext)> {
    let lease = gpu()?;
    let second = GpuContext::new(&GpuOptions::default()).expect("a second device");
    Some((lease, second))
}

/// A buffer of every part, in colony order.
fn joined(multi: &MultiGpuAco, read: impl Fn(&GpuAco) -> Vec<u32>) -> Vec<u32> {
    multi.parts().iter().flat_map(read).collect()
}

/// Panics at the first differing word, naming the colony.
fn same_words(what: &str, at: &str, per_colony: usize, one: &[u32], split: &[u32]) {
    assert_eq!(one.len(), split.len(), "{at}: {what} lengths");
    if let Some(k) = (0..one.len()).find(|&k| one[k] != split[k]) {
        panic!("{at}: {what} differ in colony {}", k / per_colony);
    }
}

/// Steps the CPU engine, one GPU engine and the split engine by `steps` iterations, comparing
/// every buffer and colony state after each step, then the overall bests. Returns the
/// exchanges and restarts of the colonies that begin a part when there are several (the
/// colonies whose ring neighbour lives on another device), and of all colonies.
fn same_run(
    label: &str,
    contexts: &[GpuContext],
    grid: &Grid,
    config: &AcoConfig,
    steps: &[u32],
) -> ((u32, u32), (u32, u32)) {
    let tables = AcoTables::new(grid);
    let mut cpu = CpuAco::new(tables.clone(), config, Some(1)).unwrap();
    let mut one = GpuAco::new(&contexts[0], tables.clone(), config).unwrap();
    let mut multi =
        MultiGpuAco::new(contexts, tables, config).unwrap_or_else(|e| panic!("{label}: {e}"));
    let parts = contexts.len().min(config.colonies as usize);
    assert_eq!(multi.parts().len(), parts, "{label}");
    let p = *one.params();
    let mut iteration = 0;
    for &step in steps {
        cpu.step(step).unwrap();
        one.step(step).unwrap();
        multi.step(step).unwrap();
        iteration += step;
        let at = format!("{label}, iteration {iteration}");
        let states = one.colonies().unwrap();
        assert_eq!(
            cpu.colonies().unwrap(),
            states,
            "{at}: one GPU against the CPU"
        );
        assert_eq!(multi.colonies().unwrap(), states, "{at}: split against one");
        let ants = p.ants as usize * p.ant_words as usize;
        same_words(
            "ants",
            &at,
            ants,
            &one.ant_words().unwrap(),
            &joined(&multi, |g| g.ant_words().unwrap()),
        );
        same_words(
            "pheromone",
            &at,
            p.pher_words(),
            &one.pheromone().unwrap(),
            &joined(&multi, |g| g.pheromone().unwrap()),
        );
        same_words(
            "records",
            &at,
            p.record_words as usize,
            &one.records().unwrap(),
            &joined(&multi, |g| g.records().unwrap()),
        );
    }
    for colony in 0..config.colonies {
        assert_eq!(
            one.overall_best(colony).unwrap(),
            multi.overall_best(colony).unwrap(),
            "{label}: overall best of colony {colony}"
        );
    }
    assert!(multi.overall_best(config.colonies).is_err());
    let states = multi.colonies().unwrap();
    let firsts = match parts {
        1 => Vec::new(),
        _ => evoku::gpu::split_evenly(config.colonies, parts),
    };
    let sum = |colonies: &mut dyn Iterator<Item = usize>| {
        colonies.fold((0, 0), |(e, r), c| {
            (e + states[c].exchanges, r + states[c].restarts)
        })
    };
    (
        sum(&mut firsts.iter().map(|r| r.start as usize)),
        sum(&mut (0..states.len())),
    )
}

/// Small, quick settings with exchanges every other iteration and early restarts (a restarted
/// colony adopts its neighbour's best at the next exchange).
fn busy(colonies: u32, ants: u32, restart_after: u32, seed: u64) -> AcoConfig {
    config(|c| {
        c.colonies = colonies;
        c.ants = ants;
        c.exchange_interval = 2;
        c.restart_after = restart_after;
        c.seed = seed;
    })
}

#[test]
fn aco_split_over_two_devices_is_the_one_device_run_at_9x9() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let grid = repo_puzzle("ai-escargot");
    // 3 colonies on 2 devices (2 + 1); steps ending before, on and after exchanges.
    let two = [(*lease).clone(), second.clone()];
    let (across, all) = same_run(
        "9x9, 2 devices",
        &two,
        &grid,
        &busy(3, 4, 2, 1),
        &[1, 2, 3, 1, 5],
    );
    assert!(across.0 > 0, "no exchange crossed devices: {across:?}");
    assert!(all.1 > 0, "no restart: {all:?}");
    // 5 colonies over three parts, one device holding two.
    let three = [(*lease).clone(), second, (*lease).clone()];
    let (across, _) = same_run("9x9, 3 parts", &three, &grid, &busy(5, 3, 1, 1), &[4, 3, 2]);
    assert!(across.0 > 0, "no exchange crossed devices: {across:?}");
}

#[test]
fn aco_split_over_two_devices_is_the_one_device_run_at_16x16() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let grid = lloyd_amos("inst16x16_45_0");
    let two = [(*lease).clone(), second];
    let mut c = busy(3, 3, 2, 5);
    c.exchange_interval = 1;
    let (across, all) = same_run("16x16, 2 devices", &two, &grid, &c, &[1, 2, 1]);
    assert!(across.0 > 0, "no exchange crossed devices: {across:?}");
    assert!(all.1 > 0, "no restart: {all:?}");
}

#[test]
fn aco_split_over_two_devices_is_the_one_device_run_beyond_25x25() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let grid = repo_puzzle("large/inst36x36_45_0");
    let two = [(*lease).clone(), second];
    let mut c = busy(2, 2, 1, 37);
    c.exchange_interval = 1;
    c.restart_after = 1;
    let (across, all) = same_run("36x36, 2 devices", &two, &grid, &c, &[1, 2]);
    assert!(across.0 > 0, "no exchange crossed devices: {across:?}");
    assert!(all.1 > 0, "no restart: {all:?}");
}

#[test]
fn aco_split_over_more_devices_than_colonies_uses_one_per_colony() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let grid = repo_puzzle("ai-escargot");
    let three = [(*lease).clone(), second, (*lease).clone()];
    let (across, _) = same_run(
        "9x9, 2 colonies on 3 devices",
        &three,
        &grid,
        &busy(2, 3, 1, 1),
        &[2, 2],
    );
    assert!(across.0 > 0, "no exchange crossed devices: {across:?}");
    // One colony on two devices: no exchange at all, and still the one-device run.
    same_run(
        "9x9, 1 colony on 2 devices",
        &three[..2],
        &grid,
        &busy(1, 3, 1, 9),
        &[3],
    );
}

#[test]
fn a_whole_split_aco_run_reports_the_one_device_and_cpu_result() {
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let contexts = [(*lease).clone(), second];
    for (label, grid, seed, max) in [
        ("fig1-kashan", repo_puzzle("fig1-kashan"), 2u64, 200),
        ("inst16x16_70_0", lloyd_amos("inst16x16_70_0"), 3, 50),
    ] {
        let c = config(|c| {
            c.colonies = 3;
            c.restart_after = 20;
            c.exchange_interval = 4;
            c.seed = seed;
        });
        let tables = AcoTables::new(&grid);
        let mut cpu = CpuAco::new(tables.clone(), &c, Some(1)).unwrap();
        let on_cpu = run_engine(&mut cpu, &grid, max);
        let mut one = GpuAco::new(&lease, tables.clone(), &c).unwrap();
        let on_one = run_engine(&mut one, &grid, max);
        let mut multi = Stepped(MultiGpuAco::new(&contexts, tables, &c).unwrap(), 3);
        let split = run_engine(&mut multi, &grid, max);
        same_outcome(&format!("{label}: cpu and one gpu"), &on_cpu, &on_one);
        same_outcome(
            &format!("{label}: one gpu and two, steps of 3"),
            &on_one,
            &split,
        );
        assert_eq!(on_one.ant_tours, split.ant_tours, "{label}");
        assert!(on_cpu.solved, "{label}");
        let per_adapter: Vec<u32> = multi
            .0
            .colonies_per_adapter()
            .into_iter()
            .map(|(_, colonies)| colonies)
            .collect();
        assert_eq!(per_adapter, [2, 1], "{label}");
    }
}

/// Each adapter's `key` count in a report's `adapters`.
fn per_adapter(v: &serde_json::Value, key: &str) -> Vec<Option<u64>> {
    v["adapters"]
        .as_array()
        .expect("adapters")
        .iter()
        .map(|a| a[key].as_u64())
        .collect()
}

#[test]
fn solve_aco_with_two_adapters_reports_the_split_and_the_one_device_result() {
    // Held for its turn: the binary opens lavapipe itself, beside no other GPU test.
    let Some(_lease) = gpu() else { return };
    let run = [
        "solve",
        "--algorithm",
        "aco",
        "--no-exact-shortcut",
        "--exchange",
        "3",
        "--stagnation",
        "10",
        "--max-iterations",
        "30",
        "--json",
        "--seed",
        "4",
        "-q",
        "puzzles/ai-escargot.txt",
    ];
    let three = ["--colonies", "3"];
    let mut split = solve_json(&[&run[..], &three, &["--adapters", "0,0"]].concat());
    let mut one = solve_json(&[&run[..], &three, &["--backend", "gpu"]].concat());
    assert_eq!(per_adapter(&split, "colonies"), [Some(2), Some(1)]);
    assert_eq!(per_adapter(&split, "islands"), [None, None]);
    assert_eq!(per_adapter(&one, "colonies"), [Some(3)]);
    // Two colonies on three devices: the third is left out.
    let few = solve_json(&[&run[..], &["--colonies", "2", "--adapters", "0,0,0"]].concat());
    assert_eq!(per_adapter(&few, "colonies"), [Some(1), Some(1)]);
    for v in [&mut split, &mut one] {
        let object = v.as_object_mut().unwrap();
        object.remove("seconds");
        object.remove("adapters");
    }
    assert_eq!(split, one);
}

#[test]
fn the_portfolio_acs_split_over_two_devices_wins_as_on_one() {
    // The puzzle of `portfolio_overlap`'s ACS win: the exact member's first search falls short,
    // and the ACS, on one device or its two colonies on two, solves it in the same round.
    let Some((lease, second)) = two_devices() else {
        return;
    };
    let puzzle = read_puzzle("tests/data/lloyd-amos/general/inst25x25_45_57.txt");
    let kinds = [MemberKind::Exact, MemberKind::Aco];
    let run = |device: Device| {
        let mut options = options(device, 2, 11);
        options.aco.colonies = 2;
        let plan = evoku::plan::RunPlan::new(&puzzle.grid, &options).unwrap();
        let turns = portfolio::Turns::Overlapped;
        portfolio::solve(
            &puzzle.grid,
            &kinds,
            &plan,
            &mut |_| {},
            Instant::now(),
            turns,
        )
        .unwrap()
    };
    let one = run(Device::Gpu(lease.arc()));
    let two = run(Device::Gpus(vec![(*lease).clone(), second].into()));
    assert_eq!(outcome_key(&one), outcome_key(&two));
    assert_eq!(two.solved_by.as_deref(), Some("aco"));
}
