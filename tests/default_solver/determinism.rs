//! The portfolio is a pure function of (puzzle, config, seed): the same run whatever the
//! thread count or backend, and the first member in priority order wins a round.

use std::sync::Arc;

use evoku::device::Device;
use evoku::portfolio::MemberKind;

use super::{json, options, read_puzzle, run_portfolio};

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
