//! Tests: default_solver. What `evoku solve` runs without options (the portfolio of
//! `crates/evoku/src/portfolio/`), what it reports, that it is a pure function of (puzzle, config, seed)
//! whatever the thread count or backend, that a solution found on the way is kept, and the
//! default time limit.

use std::process::{Command, Output};
use std::sync::Arc;

use evoku::board::Grid;
use evoku::device::Device;
use evoku::format::{self, ParseOptions, Puzzle};
use evoku::ga::{GaConfig, Preset};
use evoku::portfolio::{self, MemberKind};
use evoku::solve::{Algorithm, FillDevice, SolveOptions};

use crate::util;

fn evoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "metal") // the CPU engine, without probing adapters
        .output()
        .expect("run evoku")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = evoku(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| {
        panic!(
            "{e}: {stdout}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

pub(crate) fn read_puzzle(path: &str) -> Puzzle {
    let (mut puzzles, _) = format::read_puzzles(
        util::repo(path).to_str().expect("utf-8 path"),
        &ParseOptions::default(),
    )
    .expect("puzzle file");
    puzzles.remove(0)
}

/// A portfolio run of `kinds` on `puzzle` from now, with no progress output.
fn run_portfolio(
    puzzle: &Grid,
    kinds: &[MemberKind],
    options: &SolveOptions,
) -> portfolio::PortfolioOutcome {
    let plan = evoku::plan::RunPlan::new(puzzle, options).expect("a run plan");
    let (turns, start) = (portfolio::Turns::Overlapped, std::time::Instant::now());
    portfolio::solve(puzzle, kinds, &plan, &mut |_| {}, start, turns).expect("portfolio run")
}

pub(crate) fn options(device: Device, threads: usize, seed: u64) -> SolveOptions {
    let mut ga = GaConfig::preset(Preset::Walk);
    ga.seed = seed;
    SolveOptions {
        algorithm: Algorithm::Auto,
        device,
        ga,
        aco: Default::default(),
        threads: Some(threads),
        time_limit: None,
        unsolvable_check_nodes: 200_000,
        preset: Preset::Walk,
        fill_device: FillDevice::default(),
        exact_shortcut: true,
        exact_restarts: 0,
        exact_streams: evoku::portfolio::restarts::EXACT_STREAMS,
    }
}

#[test]
fn the_default_is_the_portfolio_at_every_size_and_says_what_ran() {
    for (path, size) in [
        ("puzzles/ai-escargot.txt", 9),
        ("puzzles/lloyd-amos-16x16-45.txt", 16),
        ("puzzles/lloyd-amos-25x25-45.txt", 25),
    ] {
        let v = json(&["solve", "--json", "--backend", "cpu", path]);
        assert_eq!(v["size"], size);
        assert_eq!(v["solved"], true, "{v}");
        assert_eq!(v["algorithm"], "auto");
        assert_eq!(v["configuration"], "portfolio(exact,aco,walk)");
        assert!(v["solved_by"].is_string(), "{v}");
        assert_eq!(v["islands"], 2, "the walk preset's islands on the CPU: {v}");
        assert_eq!(v["colonies"], 4, "the ACS's colonies on the CPU: {v}");
        assert!(v["threads"].as_u64().unwrap() >= 1);
        assert!(v["adapter"].is_null());
        let members: Vec<&str> = v["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap())
            .collect();
        assert_eq!(members, ["exact", "aco", "walk"], "{v}");
        let by = v["solved_by"].as_str().unwrap();
        let winner = v["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == by)
            .unwrap_or_else(|| panic!("no member {by}: {v}"));
        assert_eq!(winner["solved"], true);
    }
}

#[test]
fn a_preset_or_algorithm_ga_runs_the_ga_and_ga_means_the_walk() {
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--no-exact-shortcut",
        "puzzles/fig1-kashan.txt",
    ]);
    assert_eq!(v["algorithm"], "auto", "{v}");
    for (args, configuration) in [
        (&["--algorithm", "ga"][..], "walk"),
        (&["--preset", "walk"][..], "walk"),
        (&["--preset", "default"][..], "default"),
        (&["--preset", "paper", "--algorithm", "ga"][..], "paper"),
    ] {
        let mut all = vec![
            "solve",
            "--json",
            "--backend",
            "cpu",
            "--no-exact-shortcut",
            "puzzles/fig1-kashan.txt",
        ];
        all.extend_from_slice(args);
        let v = json(&all);
        assert_eq!(v["algorithm"], "ga", "{args:?}: {v}");
        assert_eq!(v["configuration"], configuration, "{args:?}: {v}");
        assert_eq!(v["solved"], true, "{args:?}: {v}");
        assert_eq!(v["solved_by"], configuration, "{args:?}: {v}");
        assert!(v["generations"].as_u64().unwrap() > 0, "the GA ran: {v}");
    }
}

#[test]
fn a_solution_the_exact_check_finds_is_kept_and_named() {
    // The GA's no-solution check solves this 25x25 in 1,730 nodes (it used to be thrown away).
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--algorithm",
        "ga",
        "puzzles/lloyd-amos-25x25-45.txt",
    ]);
    assert_eq!(v["solved"], true, "{v}");
    assert_eq!(v["solved_by"], "exact", "{v}");
    assert_eq!(v["generations"], 0, "{v}");
    assert!(v["evaluations"].as_u64().unwrap() > 0, "nodes: {v}");
    // Asked to measure the GA alone, it runs instead.
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--algorithm",
        "ga",
        "--no-exact-shortcut",
        "--max-generations",
        "2",
        "puzzles/lloyd-amos-25x25-45.txt",
    ]);
    assert_eq!(v["solved"], false, "{v}");
    assert!(v["solved_by"].is_null(), "{v}");
    assert_eq!(v["generations"], 2, "{v}");
    // The default on AI Escargot: the exact member, in the first round.
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "puzzles/ai-escargot.txt",
    ]);
    assert_eq!(
        (&v["solved_by"], &v["generations"]),
        (&"exact".into(), &1.into())
    );
    // A puzzle propagation alone fills is solved by it, and said so.
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "puzzles/easy-16x16.txt",
    ]);
    assert_eq!(v["solved"], true, "{v}");
    assert_eq!(v["solved_by"], "presolve", "{v}");
}

#[test]
fn the_portfolio_is_deterministic_across_runs_and_thread_counts() {
    // Without the exact member, so that the heuristics race over several rounds: the walk
    // first (it wins here after a few rounds), the ACS second.
    let puzzle = read_puzzle("puzzles/mantere-no106.txt");
    let run = |kinds: &[MemberKind], threads: usize, seed: u64| {
        let outcome = run_portfolio(&puzzle.grid, kinds, &options(Device::Cpu, threads, seed));
        (
            outcome.solved,
            outcome.solved_by,
            outcome.rounds,
            outcome.best,
            outcome.members,
        )
    };
    for kinds in [
        &[MemberKind::Walk, MemberKind::Aco][..],
        &[MemberKind::Aco, MemberKind::Walk][..],
    ] {
        let first = run(kinds, 2, 5);
        assert!(first.0, "{kinds:?} solved: {:?}", first.4);
        assert_eq!(first, run(kinds, 2, 5), "{kinds:?}: same seed, same run");
        assert_eq!(first, run(kinds, 1, 5), "{kinds:?}: one thread, same run");
        assert_eq!(
            first,
            run(kinds, 3, 5),
            "{kinds:?}: three threads, same run"
        );
    }
    // And through the command line, apart from seconds and the thread count.
    let cli = |threads: &str| {
        let mut v = json(&[
            "solve",
            "--json",
            "--backend",
            "cpu",
            "--seed",
            "4",
            "--threads",
            threads,
            "puzzles/lloyd-amos-16x16-45.txt",
        ]);
        v["seconds"] = serde_json::Value::Null;
        v["threads"] = serde_json::Value::Null;
        v
    };
    assert_eq!(cli("1"), cli("2"));
    assert_eq!(cli("2"), cli("2"));
}

#[test]
fn the_first_member_in_priority_order_wins_a_round() {
    // Both heuristics solve mantere-no106 within a few rounds; whichever comes first in the
    // order wins a round both solve in, and the winner is the one the report names.
    let puzzle = read_puzzle("puzzles/mantere-no106.txt");
    let solve =
        |kinds: &[MemberKind]| run_portfolio(&puzzle.grid, kinds, &options(Device::Cpu, 2, 5));
    let walk_first = solve(&[MemberKind::Walk, MemberKind::Aco]);
    let aco_first = solve(&[MemberKind::Aco, MemberKind::Walk]);
    for outcome in [&walk_first, &aco_first] {
        let by = outcome.solved_by.as_deref().unwrap();
        let member = outcome.members.iter().find(|m| m.name == by).unwrap();
        assert!(member.solved);
        assert!(outcome.best.as_ref().unwrap().solves(&puzzle.grid));
    }
    assert!(walk_first.rounds >= 1 && aco_first.rounds >= 1);
    if walk_first.rounds == aco_first.rounds {
        assert_eq!(walk_first.solved_by.as_deref(), Some("walk"));
        assert_eq!(aco_first.solved_by.as_deref(), Some("aco"));
    }
}

#[test]
fn the_default_time_limit_is_in_help_and_in_the_report() {
    let out = evoku(&["solve", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("20 s up to 25x25, 60 s at 36x36, 120 s at 49x49"),
        "{help}"
    );
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "puzzles/fig1-kashan.txt",
    ]);
    assert_eq!(v["time_limit"], 20.0, "{v}");
    let v = json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--time-limit",
        "0",
        "puzzles/fig1-kashan.txt",
    ]);
    assert!(v["time_limit"].is_null(), "0 = no limit: {v}");
    let out = evoku(&["solve", "--time-limit", "-1", "puzzles/fig1-kashan.txt"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_portfolio_on_a_gpu_matches_the_cpu_with_the_same_islands() {
    let Some(lease) = crate::gpu::gpu() else {
        return;
    };
    let gpu = Device::Gpu(Arc::new((*lease).clone()));
    let puzzle = read_puzzle("puzzles/fig1-mantere.txt");
    let run = |device: Device| {
        let mut options = options(device, 2, 3);
        options.aco.colonies = 2;
        // lavapipe's 65,535 loop iterations per invocation fit 15 box assignments at 9x9.
        options.ga.assign_steps = 10;
        let outcome = run_portfolio(&puzzle.grid, &[MemberKind::Walk, MemberKind::Aco], &options);
        (
            outcome.solved_by,
            outcome.rounds,
            outcome.best,
            outcome.members,
        )
    };
    let cpu = run(Device::Cpu);
    assert!(cpu.0.is_some(), "{cpu:?}");
    assert_eq!(run(gpu), cpu);
}

#[test]
fn the_exact_member_restarts_from_36x36_the_same_whatever_the_thread_count() {
    // From 36x36 on, the exact member runs two streams, CDCL searches with a fixed conflict
    // budget per round (tree streams, with a node credit, in the other mixes: the next test):
    // the work, and so the run, does not depend on the threads that carry the streams.
    let puzzle = read_puzzle("puzzles/large/inst36x36_45_0.txt");
    let run = |threads: usize| {
        let mut options = options(Device::Cpu, threads, 3);
        options.ga.max_generations = 2;
        let outcome = run_portfolio(&puzzle.grid, &[MemberKind::Exact], &options);
        (
            outcome.solved,
            outcome.rounds,
            outcome.best,
            outcome.restarts,
            outcome.members,
        )
    };
    let first = run(2);
    let exact = &first.4[0];
    assert_eq!(exact.name, "exact");
    assert_eq!(exact.islands, 2, "two streams: {exact:?}");
    // Each stream spends at least its credit of the rounds it ran (a search may overdraw it).
    assert!(
        first.0 || exact.work >= first.1 as u64 * exact.work_per_round,
        "{exact:?}"
    );
    assert_eq!(first, run(1), "one thread, same run");
    assert_eq!(first, run(3), "three threads, same run");
}

#[test]
fn more_exact_streams_change_the_run_but_the_threads_still_do_not() {
    // `--exact-streams N`: N streams of the exact member from 36x36 on, each with its own key,
    // alternating the default two's settings; the run depends on N, never on the threads.
    let puzzle = read_puzzle("puzzles/large/inst36x36_45_0.txt");
    let run = |streams: u32, threads: usize| {
        let mut options = options(Device::Cpu, threads, 3);
        options.ga.max_generations = 2;
        options.exact_streams = streams;
        let outcome = run_portfolio(&puzzle.grid, &[MemberKind::Exact], &options);
        (
            outcome.solved,
            outcome.rounds,
            outcome.best,
            outcome.members,
        )
    };
    let two = run(2, 2);
    let four = run(4, 2);
    let (exact2, exact4) = (&two.3[0], &four.3[0]);
    assert_eq!(
        (exact2.islands, exact4.islands),
        (2, 4),
        "{exact2:?} {exact4:?}"
    );
    assert_eq!(
        exact4.work_per_round,
        2 * exact2.work_per_round,
        "each stream its own share"
    );
    assert_ne!(
        (four.1, exact4.work),
        (two.1, exact2.work),
        "four streams run another search"
    );
    assert_eq!(four, run(4, 1), "one thread, same run");
    assert_eq!(four, run(4, 3), "three threads, same run");
    assert_eq!(four, run(4, 4), "four threads, same run");
    let one = run(1, 2);
    assert_eq!(one.3[0].islands, 1);
    assert_eq!(one, run(1, 1), "one stream, one thread or two");
}

#[test]
fn from_36x36_the_aco_and_the_walk_take_a_turn_every_few_rounds() {
    // Their work per turn is as below 36x36; only the rounds they work in thin out (rounds 0,
    // K, 2K, ...), the same on every thread count.
    use evoku::portfolio::member::{side_turn_every, LARGE_BOARD_TURN_EVERY};
    assert_eq!(side_turn_every(5), 1);
    assert_eq!(side_turn_every(6), LARGE_BOARD_TURN_EVERY);
    let rounds = LARGE_BOARD_TURN_EVERY + 2;
    let run = |path: &str, threads: usize, rounds: u32| {
        let puzzle = read_puzzle(path);
        let mut options = options(Device::Cpu, threads, 5);
        options.ga.max_generations = rounds;
        let outcome = run_portfolio(&puzzle.grid, &[MemberKind::Aco, MemberKind::Walk], &options);
        assert!(
            !outcome.solved,
            "{path}: solved, so the turns are cut short"
        );
        assert_eq!(outcome.rounds, rounds);
        outcome.members
    };
    let large = run("puzzles/large/inst36x36_50_0.txt", 2, rounds);
    for member in &large {
        assert_eq!(member.turn_every, LARGE_BOARD_TURN_EVERY, "{member:?}");
        // Turns in rounds 0 and K.
        assert_eq!(member.work, 2 * member.work_per_round, "{member:?}");
    }
    assert_eq!(large, run("puzzles/large/inst36x36_50_0.txt", 1, rounds));
    // Below 36x36 a turn every round (one round: the ACS solves this one in the second).
    for member in run("puzzles/lloyd-amos-25x25-45.txt", 2, 1) {
        assert_eq!(member.turn_every, 1, "{member:?}");
        assert_eq!(member.work, member.work_per_round, "{member:?}");
    }
}
