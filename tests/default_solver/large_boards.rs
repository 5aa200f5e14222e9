//! From 36x36 on: the exact member's restarted streams and `--exact-streams`, and the ACS and
//! the walk taking a turn every few rounds, all the same whatever the thread count.

use evoku::device::Device;
use evoku::portfolio::MemberKind;

use super::{options, read_puzzle, run_portfolio};

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
