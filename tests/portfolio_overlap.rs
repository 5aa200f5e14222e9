//! Tests: portfolio_overlap. On a GPU the portfolio's device members take their turns beside the
//! CPU's within a round (`crates/evoku/src/portfolio/rounds.rs`); the outcome must be the one the turns one
//! after another give: the same winner, rounds, grid and member reports. Scripted members check
//! every way a round can end without a GPU; on the GPU, a run the ACS wins and one the exact
//! member wins.

use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use evoku::device::Device;
use evoku::error::{Error, Result};
use evoku::portfolio::member::{Member, MemberOutcome, MemberReport};
use evoku::portfolio::rounds::{self, Clock, Decision};
use evoku::portfolio::{self, MemberKind};

use crate::default_solver::{options, read_puzzle};

/// A member that does nothing but what its script says, in the round it says it.
struct Scripted {
    name: String,
    /// The round from which it has solved.
    solves: Option<u32>,
    /// The round in which it proves there is no solution.
    proves: Option<u32>,
    /// The round whose turn fails.
    fails: Option<u32>,
    prepared: bool,
    rounds: u64,
    solved: bool,
    unsolvable: bool,
    /// The threads its turns ran on.
    threads: Arc<Mutex<Vec<ThreadId>>>,
}

fn scripted(name: &str, solves: Option<u32>) -> Scripted {
    Scripted {
        name: name.to_string(),
        solves,
        proves: None,
        fails: None,
        prepared: true,
        rounds: 0,
        solved: false,
        unsolvable: false,
        threads: Arc::default(),
    }
}

impl Member for Scripted {
    fn name(&self) -> &str {
        &self.name
    }

    fn round(&mut self, round: u32, _time_left: Option<Duration>) -> Result<()> {
        self.threads
            .lock()
            .unwrap()
            .push(std::thread::current().id());
        // Long enough for the other side's turn to run meanwhile.
        std::thread::sleep(Duration::from_millis(2));
        self.prepared = true;
        if self.fails == Some(round) {
            return Err(Error::Internal(format!("{} failed", self.name)));
        }
        self.rounds += 1;
        self.solved |= self.solves.is_some_and(|r| round >= r);
        self.unsolvable |= self.proves == Some(round);
        Ok(())
    }

    fn solved(&self) -> bool {
        self.solved
    }

    fn unsolvable(&self) -> Option<String> {
        self.unsolvable.then(|| format!("{} proved it", self.name))
    }

    fn penalty(&self) -> Option<u32> {
        Some(100 - self.rounds as u32)
    }

    fn report(&self) -> MemberReport {
        MemberReport {
            name: self.name.clone(),
            islands: 1,
            work_per_round: 1,
            turn_every: 1,
            work: self.rounds,
            solved: self.solved,
            penalty: self.penalty(),
            on_cpu: None,
        }
    }

    fn finish(&mut self) -> Result<MemberOutcome> {
        Ok(MemberOutcome {
            best: None,
            solved: self.solved,
            restarts: 0,
            evaluations: self.rounds,
            report: self.report(),
        })
    }

    fn prepared(&self) -> bool {
        self.prepared
    }
}

/// How a run of rounds ended: the round and the decision (or the error), and every member's
/// report with the restored ones in place, as the portfolio gives them.
type Ending = (u32, String, Vec<MemberReport>);

/// Rounds until one decides, as the portfolio runs them; also the threads each member ran on.
fn run_rounds(
    make: &dyn Fn() -> Vec<Scripted>,
    on_device: &[bool],
    overlap: bool,
) -> (Ending, Vec<Vec<ThreadId>>) {
    let scripts = make();
    let threads: Vec<_> = scripts.iter().map(|s| s.threads.clone()).collect();
    let mut members: Vec<Box<dyn Member>> = scripts
        .into_iter()
        .map(|s| Box::new(s) as Box<dyn Member>)
        .collect();
    let clock = Clock {
        start: Instant::now(),
        limit: None,
    };
    let mut ending = None;
    for round in 0..10 {
        match rounds::run(&mut members, on_device, overlap, round, clock) {
            Err(e) => {
                ending = Some((round, format!("error: {e}"), Vec::new()));
                break;
            }
            Ok(end) => {
                let Some((index, decision)) = end.decided else {
                    continue;
                };
                let mut reports: Vec<_> = members.iter().map(|m| m.report()).collect();
                for (index, report) in end.restore {
                    reports[index] = report;
                }
                ending = Some((round, format!("{index}: {decision:?}"), reports));
                break;
            }
        }
    }
    let threads = threads.iter().map(|t| t.lock().unwrap().clone()).collect();
    (ending.expect("a member decides within 10 rounds"), threads)
}

#[test]
fn overlapped_rounds_end_as_sequential_ones_whatever_ends_them() {
    let (cpu, gpu) = (false, true);
    let fails = |mut s: Scripted, round| {
        s.fails = Some(round);
        s
    };
    let proves = |mut s: Scripted, round| {
        s.proves = Some(round);
        s
    };
    type Case = (&'static str, Vec<bool>, Box<dyn Fn() -> Vec<Scripted>>);
    let cases: Vec<Case> = vec![
        (
            "the CPU member first wins a round both solve in; the device's report is restored",
            vec![cpu, gpu],
            Box::new(|| vec![scripted("a", Some(2)), scripted("b", Some(2))]),
        ),
        (
            "the device member first wins a round both solve in",
            vec![gpu, cpu],
            Box::new(|| vec![scripted("a", Some(1)), scripted("b", Some(1))]),
        ),
        (
            "a later member solves earlier",
            vec![cpu, gpu, gpu, cpu],
            Box::new(|| {
                vec![
                    scripted("a", None),
                    scripted("b", Some(4)),
                    scripted("c", Some(3)),
                    scripted("d", Some(3)),
                ]
            }),
        ),
        (
            "a proof of no solution on the CPU, the device's round counted as not run",
            vec![cpu, gpu],
            Box::new(move || vec![proves(scripted("a", None), 2), scripted("b", Some(2))]),
        ),
        (
            "a device member failing after the winner changes nothing",
            vec![cpu, gpu],
            Box::new(move || vec![scripted("a", Some(1)), fails(scripted("b", None), 1)]),
        ),
        (
            "a member failing before the winner fails the run",
            vec![gpu, cpu],
            Box::new(move || vec![fails(scripted("a", None), 1), scripted("b", Some(1))]),
        ),
    ];
    for (what, on_device, make) in &cases {
        let (sequential, ran_on) = run_rounds(make.as_ref(), on_device, false);
        let (overlapped, overlapped_on) = run_rounds(make.as_ref(), on_device, true);
        assert_eq!(overlapped, sequential, "{what}");
        let caller = std::thread::current().id();
        for (index, &device) in on_device.iter().enumerate() {
            assert!(ran_on[index].iter().all(|&t| t == caller), "{what}");
            let here = overlapped_on[index].iter().all(|&t| t == caller);
            assert_eq!(here, !device, "{what}: member {index}'s thread");
        }
    }
    // The first case in figures: the device member ran round 2 too, and is reported as not.
    let (ending, _) = run_rounds(cases[0].2.as_ref(), &cases[0].1, true);
    assert_eq!(ending.1, format!("0: {:?}", Decision::Solved));
    assert_eq!((ending.2[0].work, ending.2[1].work), (3, 2));
    assert!(!ending.2[1].solved);
}

#[test]
fn a_device_member_not_yet_built_takes_its_turn_in_order() {
    // Built on its first turn (a `Deferred` member), it must not be built beside the members
    // before it: that round runs one turn after another, on the caller's thread.
    let make = || {
        let mut device = scripted("b", Some(1));
        device.prepared = false;
        vec![scripted("a", None), device]
    };
    let (ending, threads) = run_rounds(&make, &[false, true], true);
    let caller = std::thread::current().id();
    assert_eq!(ending.1, format!("1: {:?}", Decision::Solved));
    assert_eq!(threads[1].len(), 2, "{threads:?}");
    assert_eq!(threads[1][0], caller, "round 0, not yet built");
    assert_ne!(threads[1][1], caller, "round 1, built");
}

/// The portfolio `kinds` on the GPU, overlapped and one turn after another: the same outcome.
fn same_outcome_overlapped(
    path: &str,
    kinds: &[MemberKind],
    seed: u64,
    tune: &dyn Fn(&mut evoku::solve::SolveOptions),
) -> Option<portfolio::PortfolioOutcome> {
    let lease = crate::gpu::gpu()?;
    let puzzle = read_puzzle(path);
    let mut options = options(Device::Gpu(lease.arc()), 2, seed);
    tune(&mut options);
    let run = |overlap: bool| {
        let turns = match overlap {
            true => portfolio::Turns::Overlapped,
            false => portfolio::Turns::Sequential,
        };
        let plan = evoku::plan::RunPlan::new(&puzzle.grid, &options).unwrap();
        portfolio::solve(
            &puzzle.grid,
            kinds,
            &plan,
            &mut |_| {},
            Instant::now(),
            turns,
        )
        .unwrap()
    };
    let sequential = run(false);
    let overlapped = run(true);
    assert_eq!(outcome_key(&overlapped), outcome_key(&sequential), "{path}");
    assert!(overlapped.solved, "{path}: {:?}", overlapped.members);
    Some(overlapped)
}

#[test]
fn on_a_gpu_the_acs_wins_the_same_round_overlapped() {
    // The exact member's first search (20,480 nodes at 25x25) falls short of this puzzle's
    // 58,008, so the ACS on the GPU wins, in a round after the first: from round 1 on (once the
    // ACS is built) its turns run beside the exact member's.
    let Some(outcome) = same_outcome_overlapped(
        "tests/data/lloyd-amos/general/inst25x25_45_57.txt",
        &[MemberKind::Exact, MemberKind::Aco],
        11,
        &|options| options.aco.colonies = 2,
    ) else {
        return;
    };
    assert_eq!(outcome.solved_by.as_deref(), Some("aco"));
    assert!(outcome.rounds >= 2, "won in round {}", outcome.rounds);
}

#[test]
fn on_a_gpu_the_exact_member_wins_the_same_round_overlapped() {
    // At 36x36 every member is built before round 0 and the exact member (restarts and CDCL)
    // solves this puzzle within a few rounds, while a small ACS on the GPU does not: the ACS has
    // run that round too, overlapped, and is reported as in the run one turn after another.
    let Some(outcome) = same_outcome_overlapped(
        "puzzles/large/inst36x36_45_0.txt",
        &[MemberKind::Exact, MemberKind::Aco],
        7,
        &|options| {
            options.aco.colonies = 2;
            options.aco.ants = 10;
        },
    ) else {
        return;
    };
    assert_eq!(outcome.solved_by.as_deref(), Some("exact"));
    let aco = &outcome.members[1];
    assert_eq!(aco.work, (outcome.rounds as u64 - 1) * aco.work_per_round);
}

/// What two portfolio runs that should be the same run must agree on (everything but times).
pub(crate) fn outcome_key(o: &portfolio::PortfolioOutcome) -> impl PartialEq + std::fmt::Debug {
    (
        o.solved,
        o.solved_by.clone(),
        o.rounds,
        o.best.clone(),
        o.best_penalty,
        o.restarts,
        o.evaluations,
        o.members.clone(),
    )
}
