//! The default solver: a portfolio of the exact solver, the Ant Colony System and the
//! box-assignment walk, run in lock-step rounds of fixed work; the first member (in a fixed
//! priority order) to solve within the earliest round wins.
//!
//! Why a portfolio: each method is the fastest somewhere (docs/results/default-solver.md#the-default-solver-evoku-solve-without-options, "The default
//! solver"): the exact solver on almost every 9x9 and on the easy fills of every size, the ACS
//! on 16x16 and 25x25, the walk where the ACS stalls. Why rounds of fixed work rather than a race
//! of threads: a race's winner depends on the scheduler, and a run must stay a pure function of
//! (puzzle, config, seed) whatever the thread count or backend. Members take their turns within
//! a round in priority order, each on every thread; since a member that solves in round r beats
//! every later member of round r, the round can end at the first member that solves, which gives
//! the same winner as running the round in parallel and then looking. On a GPU, the members
//! there (the ACS and the walk) take their turns on a thread of their own beside the CPU's (the
//! exact member), so that neither side waits for the other; the first deciding turn in member
//! order still ends the run, and the report is the one the turns in order give ([`rounds`]).
//! Only the time limit (a wall clock) may end a run earlier than that.

pub mod deferred;
pub mod exact_settings;
pub mod history;
pub mod member;
pub mod restarts;
pub mod rounds;
pub mod search_members;

use std::time::Instant;

use serde::Serialize;

use deferred::Deferred;
pub use history::{MemberHistory, RoundPenalties};
use member::{ExactMember, Member};
pub use member::{MemberOutcome, MemberReport};
use rounds::{Decision, Stop};
use search_members::SearchMember;

use crate::board::Grid;
use crate::device::Device;
use crate::error::Result;
use crate::exact;
use crate::ga::{self, Problem, Progress};
use crate::plan::placement::{self, EngineKind, Placement};
use crate::plan::RunPlan;

/// A portfolio member, in priority order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MemberKind {
    Exact,
    Aco,
    /// The GA engine with the walk preset's settings (the plan's `options.ga`).
    Walk,
}

/// The members of the default portfolio for a board of side `side`, highest priority first.
/// Every size gets all three: the exact solver is cheap where it fails (its share is a few
/// percent of a round at 25x25) and decisive where it works, and the ACS and the walk cover each
/// other's stalls (docs/results/default-solver.md#the-default-solver-evoku-solve-without-options). From 36x36 on the exact member is another one, two
/// clause-learning searches with most of each round ([`restarts`]).
pub fn default_members(_side: usize) -> Vec<MemberKind> {
    vec![MemberKind::Exact, MemberKind::Aco, MemberKind::Walk]
}

/// The configuration name the report gives: `portfolio(exact,aco,walk)`.
pub fn configuration_name(members: &[MemberKind]) -> String {
    let names: Vec<&str> = members.iter().map(|m| m.name()).collect();
    format!("portfolio({})", names.join(","))
}

impl MemberKind {
    pub fn name(self) -> &'static str {
        match self {
            MemberKind::Exact => "exact",
            MemberKind::Aco => "aco",
            MemberKind::Walk => "walk",
        }
    }
}

/// The end of a portfolio run.
pub struct PortfolioOutcome {
    pub solved: bool,
    /// The winner's solution, or the walk's best grid when none solved (none when the puzzle was
    /// proven to have no solution).
    pub best: Option<Grid>,
    pub best_penalty: u32,
    /// The member that solved: `exact`, `aco`, `walk`, or `presolve` (propagation alone).
    pub solved_by: Option<String>,
    pub unsolvable: Option<String>,
    pub rounds: u32,
    pub restarts: u32,
    /// The winner's evaluations (nodes, ant tours or individual-generations), or the prover's
    /// nodes, or the walk's.
    pub evaluations: u64,
    pub presolved_cells: usize,
    pub stopped_by_time: bool,
    /// A stop was requested (SIGINT, SIGTERM) before the run ended.
    pub interrupted: bool,
    pub islands: Option<u32>,
    pub colonies: Option<u32>,
    pub members: Vec<MemberReport>,
    /// The members' best penalty per round (empty when no round ran).
    pub history: MemberHistory,
}

impl PortfolioOutcome {
    fn empty() -> PortfolioOutcome {
        PortfolioOutcome {
            solved: false,
            best: None,
            best_penalty: u32::MAX,
            solved_by: None,
            unsolvable: None,
            rounds: 0,
            restarts: 0,
            evaluations: 0,
            presolved_cells: 0,
            stopped_by_time: false,
            interrupted: false,
            islands: None,
            colonies: None,
            members: Vec::new(),
            history: MemberHistory::default(),
        }
    }
}

/// How the members take their turns within a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turns {
    /// On a GPU, the members there beside the CPU's ([`rounds`]): the default.
    Overlapped,
    /// Every member's turn one after another, also on a GPU: the same outcome, in about the sum
    /// of the members' times rather than the longer side's (to check the two agree).
    Sequential,
}

/// Runs the portfolio `kinds` on `puzzle`, the members taking their turns as `turns` says.
/// `progress` sees every round (`generation` = rounds). The time limit counts from `start` (the
/// solve's start: every phase is inside it).
pub fn solve(
    puzzle: &Grid,
    kinds: &[MemberKind],
    plan: &RunPlan,
    progress: &mut dyn FnMut(&Progress),
    start: Instant,
    turns: Turns,
) -> Result<PortfolioOutcome> {
    let overlap = turns == Turns::Overlapped;
    let mut outcome = PortfolioOutcome::empty();
    match exact::propagate(puzzle) {
        Err(why) => {
            outcome.unsolvable = Some(why.to_string());
            return Ok(outcome);
        }
        Ok(propagation) if propagation.is_solved() && propagation.grid.solves(puzzle) => {
            outcome.presolved_cells = propagation.fixed;
            outcome.solved = true;
            outcome.best_penalty = 0;
            outcome.best = Some(propagation.grid);
            outcome.solved_by = Some("presolve".into());
            return Ok(outcome);
        }
        Ok(propagation) => outcome.presolved_cells = propagation.fixed,
    }
    let cells = puzzle.geometry().cells();
    // The report of the ACS or the walk before it is built.
    let idle = |name: &str, islands: u32, work_per_round: u64| MemberReport {
        name: name.to_string(),
        islands,
        work_per_round,
        turn_every: member::side_turn_every(puzzle.geometry().box_size()),
        work: 0,
        solved: false,
        penalty: None,
        on_cpu: None,
    };
    // Where each member runs: the exact member on the CPU, the others on the run's device or,
    // where a software adapter cannot run them, on the CPU (the same run there).
    let placements = kinds
        .iter()
        .map(|kind| match kind {
            MemberKind::Exact => Ok(Placement {
                device: Device::Cpu,
                on_cpu: None,
            }),
            MemberKind::Aco => placement::place(puzzle, EngineKind::Aco, plan),
            MemberKind::Walk => placement::place(puzzle, EngineKind::Ga, plan),
        })
        .collect::<Result<Vec<_>>>()?;
    let mut members: Vec<Box<dyn Member>> = Vec::new();
    for (kind, placement) in kinds.iter().zip(&placements) {
        members.push(match kind {
            MemberKind::Exact if puzzle.geometry().box_size() >= restarts::RESTARTS_FROM_BOX => {
                Box::new(restarts::RestartsMember::new(
                    puzzle,
                    plan.options.ga.seed,
                    plan.options.exact_streams,
                    plan.options.threads,
                ))
            }
            MemberKind::Exact => Box::new(ExactMember::new(puzzle)),
            MemberKind::Aco => {
                let config = plan.options.aco.clone();
                outcome.colonies = Some(config.colonies);
                // On several devices the colonies split over them, as the walk's islands do.
                let device = placement.device.clone();
                let report = idle(
                    kind.name(),
                    config.colonies,
                    member::aco_iterations_per_round(&config, cells) as u64,
                );
                let (puzzle, threads) = (puzzle.clone(), plan.options.threads);
                Box::new(Deferred::new(
                    report,
                    Box::new(move || {
                        let member = SearchMember::aco(&puzzle, &config, &device, threads)?;
                        Ok(Ok(Box::new(member) as Box<dyn Member>))
                    }),
                ))
            }
            MemberKind::Walk => {
                let config = plan.options.ga.clone();
                outcome.islands = Some(config.islands);
                let report = idle(
                    kind.name(),
                    config.islands,
                    member::ga_generations_per_round(&config, cells) as u64,
                );
                let (puzzle, device, threads) = (
                    puzzle.clone(),
                    placement.device.clone(),
                    plan.options.threads,
                );
                let name = kind.name();
                Box::new(Deferred::new(
                    report,
                    Box::new(move || {
                        let problem = match Problem::for_config(&puzzle, &config) {
                            Ok(problem) => problem,
                            Err(ga::Unsolvable(why)) => return Ok(Err(why)),
                        };
                        let member = SearchMember::ga(name, problem, &config, &device, threads)?;
                        Ok(Ok(Box::new(member) as Box<dyn Member>))
                    }),
                ))
            }
        });
    }
    // From 36x36 on, the exact member's first round is long (seconds) and rarely decides, so
    // the other members are built first: a setting the device refuses is refused at once, and
    // a run stopped during that round still has the walk's grid to report. Building does none
    // of a member's work, so the run is the same.
    if puzzle.geometry().box_size() >= restarts::RESTARTS_FROM_BOX {
        for member in &mut members {
            member.prepare()?;
        }
    }
    let clock = rounds::Clock {
        start,
        limit: plan.options.time_limit,
    };
    let on_device: Vec<bool> = placements
        .iter()
        .map(|p| !matches!(p.device, Device::Cpu))
        .collect();
    let max_rounds = max_rounds(plan);
    // The member that decided the run (solved, or proved there is no solution), and the reports
    // of members that ran a round a sequential run would not have ([`rounds::Round::restore`]).
    let (mut decider, mut restore) = (None, Vec::new());
    outcome.history = MemberHistory::new(kinds.iter().map(|k| k.name().to_string()).collect());
    while outcome.rounds < max_rounds {
        let round = rounds::run(&mut members, &on_device, overlap, outcome.rounds, clock)?;
        if !matches!(round.decided, Some((_, Decision::Stopped(_)))) {
            // As a run one member after another has them ([`rounds::Round::restore`]).
            let mut penalties: Vec<Option<u32>> = members.iter().map(|m| m.penalty()).collect();
            for (index, report) in &round.restore {
                penalties[*index] = report.penalty;
            }
            let seconds = start.elapsed().as_secs_f64();
            outcome
                .history
                .record(outcome.rounds + 1, seconds, penalties);
        }
        match round.decided {
            None => {}
            Some((index, Decision::Solved)) => {
                decider = Some(index);
                restore = round.restore;
                outcome.rounds += 1;
                break;
            }
            Some((index, Decision::Unsolvable(why))) => {
                decider = Some(index);
                restore = round.restore;
                outcome.unsolvable = Some(why);
                break;
            }
            Some((_, Decision::Stopped(Stop::TimeLimit))) => {
                outcome.stopped_by_time = true;
                break;
            }
            Some((_, Decision::Stopped(Stop::Requested))) => {
                outcome.interrupted = true;
                break;
            }
        }
        outcome.rounds += 1;
        progress(&Progress {
            generation: outcome.rounds,
            best_penalty: members
                .iter()
                .filter_map(|m| m.penalty())
                .min()
                .unwrap_or(u32::MAX),
            restarts: 0,
            elapsed: start.elapsed(),
        });
    }
    let mut finished = Vec::new();
    for member in &mut members {
        finished.push(member.finish()?);
    }
    outcome.members = finished.iter().map(|f| f.report.clone()).collect();
    for (index, report) in restore {
        outcome.members[index] = report;
    }
    for (report, placement) in outcome.members.iter_mut().zip(placements) {
        report.on_cpu = placement.on_cpu;
    }
    // The result: the decider's (the winner's, or the prover's: no grid then), else the member
    // whose best is a full grid (the walk's).
    let deciding = decider.or_else(|| kinds.iter().position(|&k| k == MemberKind::Walk));
    if let Some(index) = deciding {
        let chosen = &finished[index];
        outcome.solved = outcome.unsolvable.is_none() && decider.is_some() && chosen.solved;
        outcome.solved_by = outcome.solved.then(|| chosen.report.name.clone());
        outcome.best = chosen.best.clone();
        outcome.best_penalty = chosen.report.penalty.unwrap_or(u32::MAX);
        outcome.restarts = chosen.restarts;
        outcome.evaluations = chosen.evaluations;
    }
    Ok(outcome)
}

/// Rounds at most: the GA's `--max-generations` (a round runs at least one walk generation, so
/// the walk never runs past its cap by more than a round).
fn max_rounds(plan: &RunPlan) -> u32 {
    plan.options.ga.max_generations
}
