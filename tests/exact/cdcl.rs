//! The CDCL search: solving, proving no solution, determinism and resumable budgets.

use evoku::exact::cdcl::{Cdcl, Config, Outcome, Phase, Restarts, ShareLimits, SolverConfig};

use super::restarts::broken_seed_puzzle;
use super::*;

/// Runs to the end (a generous budget) and returns the outcome (shared by the CDCL test files).
pub(super) fn finish(puzzle: &Grid, config: Config, seed: u64) -> (Outcome, Cdcl) {
    let mut cdcl = Cdcl::new(puzzle, config, seed, 0);
    let outcome = cdcl.run(10_000_000);
    (outcome, cdcl)
}

pub(super) fn assert_solves(puzzle: &Grid, config: Config) {
    match finish(puzzle, config, 1).0 {
        Outcome::Solved(grid) => assert!(grid.solves(puzzle), "{grid} does not solve {puzzle}"),
        other => panic!("not solved: {other:?} for {puzzle}"),
    }
}

/// Ten top95 puzzles, a 16x16 and two 25x25 instances: what every CDCL setting must solve.
pub(super) fn nine_sixteen_and_twenty_five() -> Vec<Grid> {
    let mut puzzles = nine("nine/top95.txt")[..10].to_vec();
    puzzles.push(instance(16, 45, 0));
    puzzles.push(instance(25, 45, 0));
    puzzles.push(instance(25, 40, 0));
    puzzles
}

#[test]
fn cdcl_solves_nine_sixteen_and_twenty_five() {
    let puzzles = nine_sixteen_and_twenty_five();
    for p in &puzzles {
        assert_solves(p, Config::default());
    }
    // Every restart policy and phase solves too, with and without target phases.
    for restarts in [Restarts::Glucose, Restarts::Never] {
        for (phase, target) in [(Phase::False, false), (Phase::Random, true)] {
            let config = Config::from(SolverConfig {
                restarts,
                phase,
                target,
                ..SolverConfig::default()
            });
            assert_solves(&instance(25, 45, 0), config);
        }
    }
}

#[test]
fn cdcl_proves_a_broken_puzzle_unsatisfiable() {
    let broken = broken_seed_puzzle();
    let (outcome, cdcl) = finish(&broken, Config::default(), 1);
    assert_eq!(outcome, Outcome::Unsat);
    assert!(cdcl.variables() > 0, "propagation alone must not decide it");
    assert!(cdcl.stats().conflicts > 0);
    // Clashing givens: no solution, before any search.
    let mut clash = instance(16, 45, 0);
    let (a, b) = (0..16)
        .flat_map(|x| (x + 1..16).map(move |y| (x, y)))
        .find(|&(x, y)| clash.get(x) != 0 && clash.get(y) == 0)
        .unwrap();
    clash.set(b, clash.get(a));
    assert_eq!(finish(&clash, Config::default(), 1).0, Outcome::Unsat);
}

#[test]
fn cdcl_is_a_function_of_its_seed() {
    let p = instance(25, 45, 0);
    let (first, a) = finish(&p, Config::default(), 5);
    let (second, b) = finish(&p, Config::default(), 5);
    assert_eq!(first, second);
    assert_eq!(a.stats(), b.stats());
    let (_, other) = finish(&p, Config::default(), 6);
    assert_ne!(a.stats(), other.stats(), "another seed, another search");
    let streamed = {
        let mut c = Cdcl::new(&p, Config::default(), 5, 1);
        c.run(10_000_000);
        c.stats()
    };
    assert_ne!(a.stats(), streamed, "another stream, another search");
}

#[test]
fn cdcl_budget_split_equals_one_call() {
    // Over a thousand conflicts with seed 1 (fewer than 100 would make a weak test).
    let p = instance(25, 45, 57);
    for config in [
        Config::default(),
        Config::from(SolverConfig {
            restarts: Restarts::Glucose,
            phase: Phase::Random,
            reduce_first: 200,
            reduce_step: 50,
            target: false,
            ..SolverConfig::default()
        }),
    ] {
        assert_budget_split(&p, config, 100);
    }
}

/// Runs `config` on `p` (seed 1, stream 0) to its solution in one call, then half its
/// conflicts in one call and in uneven steps of 1-7 (they must stop at the same place), then
/// the steps on to the end (the single run's end and counts). `min_conflicts`: fewer would make
/// a weak test. Returns the single run.
pub(super) fn assert_budget_split(p: &Grid, config: Config, min_conflicts: u64) -> Cdcl {
    let mut whole = Cdcl::new(p, config.clone(), 1, 0);
    let end = whole.run(u64::MAX);
    assert!(matches!(end, Outcome::Solved(_)), "{end:?}");
    let total = whole.stats().conflicts;
    assert!(
        total > min_conflicts,
        "too easy to test a split: {total} conflicts"
    );
    let half = total / 2;
    let mut one = Cdcl::new(p, config.clone(), 1, 0);
    assert_eq!(one.run(half), Outcome::Budget);
    let mut steps = Cdcl::new(p, config, 1, 0);
    let mut spent = 0;
    for k in 1.. {
        let step = (k % 7 + 1).min(half - spent);
        assert_eq!(steps.run(step), Outcome::Budget);
        spent += step;
        if spent == half {
            break;
        }
    }
    assert_eq!(one.stats(), steps.stats());
    let mut last = Outcome::Budget;
    while last == Outcome::Budget {
        last = steps.run(13);
    }
    assert_eq!(last, end);
    assert_eq!(steps.stats(), whole.stats());
    assert_eq!(steps.run(1), end, "an ended search keeps its end");
    whole
}

/// Two searches of one puzzle (streams 0 and 1) taking turns of `turn` conflicts, each handing
/// the other the clauses it kept before every turn, until one ends: which, after how many
/// turns, and the clauses each took in.
fn sharing_pair(puzzle: &Grid, turn: u64) -> (usize, u32, Outcome, [u64; 2]) {
    let mut pair: Vec<Cdcl> = (0..2)
        .map(|stream| {
            let mut cdcl = Cdcl::new(puzzle, Config::default(), 1, stream);
            cdcl.set_export(Some(ShareLimits::DEFAULT));
            cdcl
        })
        .collect();
    for turns in 1..=1_000 {
        let given = [pair[0].take_exports(), pair[1].take_exports()];
        pair[0].import(&given[1]);
        pair[1].import(&given[0]);
        for (which, cdcl) in pair.iter_mut().enumerate() {
            let outcome = cdcl.run(turn);
            if outcome != Outcome::Budget {
                let imported = [pair[0].stats().imported, pair[1].stats().imported];
                return (which, turns, outcome, imported);
            }
        }
    }
    panic!("no end in 1,000 turns");
}

#[test]
fn cdcl_searches_sharing_clauses_stay_sound_and_repeatable() {
    // Exporting alone changes nothing in the exporter's own search.
    let puzzle = instance(25, 45, 57);
    let mut quiet = Cdcl::new(&puzzle, Config::default(), 1, 0);
    let mut loud = Cdcl::new(&puzzle, Config::default(), 1, 0);
    loud.set_export(Some(ShareLimits::DEFAULT));
    assert_eq!(quiet.run(500), loud.run(500));
    assert_eq!(quiet.stats(), loud.stats());
    assert!(
        !loud.take_exports().is_empty(),
        "500 conflicts and nothing short learned"
    );
    assert!(
        quiet.take_exports().is_empty(),
        "exporting is off by default"
    );

    // A pair that shares solves, the grid checked, and repeats itself exactly.
    for puzzle in [instance(25, 45, 57), instance(25, 40, 0)] {
        let first = sharing_pair(&puzzle, 50);
        match &first.2 {
            Outcome::Solved(grid) => assert!(grid.solves(&puzzle)),
            other => panic!("not solved: {other:?}"),
        }
        assert!(
            first.1 > 1 && first.3.iter().sum::<u64>() > 0,
            "nothing was shared: {first:?}"
        );
        assert_eq!(first, sharing_pair(&puzzle, 50));
    }

    // Shared clauses are consequences of the puzzle: a pair still proves a broken one.
    assert_eq!(sharing_pair(&broken_seed_puzzle(), 20).2, Outcome::Unsat);
}

/// For each puzzle: `Cdcl::excluding` its first solution finds another, different and valid,
/// exactly when the tree search counts two or more, and proves there is none otherwise; both
/// answers must occur (shared by the CDCL test files).
pub(super) fn assert_second_solution_exactly_when_there_is_one(puzzles: &[Grid], config: Config) {
    let mut seen = (0, 0);
    for p in puzzles {
        let (Outcome::Solved(first), _) = finish(p, config.clone(), 1) else {
            panic!("not solved: {p}");
        };
        let tree = exact::Solver::new(p.geometry()).solve(p, &Limits::solutions(2));
        assert_ne!(tree.status, Status::NodeLimit, "{p}");
        match Cdcl::excluding(p, &first, config.clone(), 1, 1).run(10_000_000) {
            Outcome::Solved(second) => {
                assert!(second.solves(p) && second != first, "{second} for {p}");
                assert_eq!(tree.solutions.len(), 2, "{p}");
                seen.1 += 1;
            }
            Outcome::Unsat => {
                assert_eq!((tree.solutions.len(), tree.status), (1, Status::Complete));
                seen.0 += 1;
            }
            other => panic!("{other:?} for {p}"),
        }
    }
    assert!(seen.0 > 0 && seen.1 > 0, "unique and not: {seen:?}");
}

/// `Cdcl::excluding` looks for a solution other than a given one: it finds one, different and
/// valid, exactly when the tree search counts two or more; it proves there is none for a unique
/// puzzle, at once when propagation alone solves the puzzle. Both answers occur below.
#[test]
fn cdcl_excluding_a_solution_finds_another_exactly_when_there_is_one() {
    let mut puzzles = nine("nine/top95.txt")[..4].to_vec();
    // The first top95 puzzle with five of its givens taken away: several solutions.
    let mut loose = puzzles[0].clone();
    let givens: Vec<usize> = (0..81).filter(|&c| loose.get(c) != 0).take(5).collect();
    for c in givens {
        loose.set(c, 0);
    }
    puzzles.push(loose);
    puzzles.push(instance(16, 45, 0));
    puzzles.push(instance(25, 45, 0));
    assert_second_solution_exactly_when_there_is_one(&puzzles, Config::default());
    // One cell short of a complete grid: propagation solves it, and nothing else does.
    let (Outcome::Solved(full), _) = finish(&puzzles[0], Config::default(), 1) else {
        unreachable!()
    };
    let mut almost = full.clone();
    almost.set(40, 0);
    let mut none = Cdcl::excluding(&almost, &full, Config::default(), 1, 1);
    assert_eq!(none.run(1), Outcome::Unsat);
}

/// The rating's uniqueness check from 36x36 on: one solution for a board that propagation alone
/// finishes, several for the 36x36 sample at 45 %, and an undecided answer, not a wrong count,
/// when its time limit ends the first search.
#[test]
fn large_boards_are_rated_by_cdcl_searches() {
    use evoku::rate::{RateError, Rater};
    let path = |name: &str| util::repo("puzzles/large").join(name);
    let loose = lloyd_amos(&path("inst36x36_45_0.txt"));
    let mut rater = Rater::new(loose.geometry());
    let rating = rater.rate(&loose, &Limits::default()).unwrap();
    assert_eq!(rating.solutions, 2);
    let (Outcome::Solved(full), _) = finish(&loose, Config::default(), 1) else {
        panic!("not solved")
    };
    let mut almost = full.clone();
    almost.set(700, 0);
    assert_eq!(
        rater.rate(&almost, &Limits::default()).unwrap().solutions,
        1
    );
    let hard = lloyd_amos(&path("inst49x49_45_0.txt"));
    let limits = Limits {
        time_limit: Some(Duration::from_millis(1)),
        ..Limits::default()
    };
    match Rater::new(hard.geometry()).rate(&hard, &limits) {
        Err(RateError::Undecided { nodes }) => assert!(nodes > 0),
        other => panic!("{other:?}"),
    }
}
