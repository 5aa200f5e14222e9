//! The portfolio's members: the exact solver, the Ant Colony System and the GA engine (the
//! box-assignment walk), each advanced by a fixed amount of work per round.
//!
//! A round's work is a function of the board and the member's settings only (never of the
//! device, the thread count or the clock), so which member solves in which round is a pure
//! function of (puzzle, config, seed).

use std::time::Duration;

use serde::Serialize;

use crate::aco::AcoConfig;
use crate::board::Grid;
use crate::error::Result;
use crate::exact;
use crate::ga::GaConfig;

/// Box size from which the portfolio's exact member restarts (36x36 and up;
/// [`super::restarts`]): defined with the plan, whose memory estimate counts those streams.
pub use crate::plan::RESTARTS_FROM_BOX;

/// Cell visits (colonies x ants x cells) the ACS spends per round.
const ACO_WORK_PER_ROUND: u64 = 250_000;
/// Cell-assignments (islands x population x box assignments x cells) the GA spends per round.
const GA_WORK_PER_ROUND: u64 = 1_000_000;
/// Search nodes per cell the exact solver spends per round, on average (see [`ExactMember`]).
const EXACT_NODES_PER_ROUND: u64 = 200_000;

/// From 36x36 on ([`RESTARTS_FROM_BOX`]) the ACS and the walk take their turn in one round of
/// this many (rounds 0, K, 2K, ...), with the same work per turn: on the CPU they share the
/// cores with the exact member, which alone solved the large sets (the ACS and the walk none at
/// 36x36 45-50 % and 49x49). A turn every round took about 30 % of a round's time at 49x49
/// (7-10 % at 36x36; docs/results/exact-and-cdcl.md#walks-at-36x36-only-and-the-acs-and-the-walk-every-fourth-round-2026-11-25);
/// a turn every fourth round still 7 % of a 60 s run at 36x36 50 % (107 rounds against the same
/// 107 in 55.8 s for the member alone), every sixteenth about 2 % (docs/results/hardness.md,
/// "The side members every sixteenth round"). Their best grid, the only partial result of an
/// unsolved large run, comes from fewer generations.
pub const LARGE_BOARD_TURN_EVERY: u32 = 16;

/// Rounds from one turn of the ACS or the walk to the next on boards of box size `box_size`.
pub fn side_turn_every(box_size: usize) -> u32 {
    if box_size >= RESTARTS_FROM_BOX {
        LARGE_BOARD_TURN_EVERY
    } else {
        1
    }
}

/// ACS iterations per round on a board of `cells` cells: `ACO_WORK_PER_ROUND` cell visits.
pub fn aco_iterations_per_round(config: &AcoConfig, cells: usize) -> u32 {
    let work = config.colonies as u64 * config.ants as u64 * cells as u64;
    (ACO_WORK_PER_ROUND / work.max(1)).clamp(1, 1000) as u32
}

/// GA generations per round on a board of `cells` cells: `GA_WORK_PER_ROUND` cell-assignments.
pub fn ga_generations_per_round(config: &GaConfig, cells: usize) -> u32 {
    let work = config.islands as u64
        * config.population as u64
        * (1 + config.assign_steps as u64 + config.local_search as u64)
        * cells as u64;
    (GA_WORK_PER_ROUND / work.max(1)).clamp(1, 1000) as u32
}

/// What one member did, for the report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MemberReport {
    /// `exact`, `aco` or `walk` (the GA preset's name).
    pub name: String,
    /// GA islands or ACS colonies; 1 for the exact solver.
    pub islands: u32,
    /// Generations (GA), iterations (ACS) or search nodes (exact) per turn.
    pub work_per_round: u64,
    /// Rounds from one turn to the next (1: a turn every round; the ACS and the walk from 36x36
    /// on: [`LARGE_BOARD_TURN_EVERY`]).
    pub turn_every: u32,
    /// Generations, iterations or nodes run in all.
    pub work: u64,
    pub solved: bool,
    /// Best penalty reached (GA: missing digits; ACS: empty cells; exact: 0 or none).
    pub penalty: Option<u32>,
    /// Why a member of a GPU run ran on the CPU (a software adapter that cannot run it:
    /// [`crate::plan::placement`]); `None` where it ran on the run's device.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_cpu: Option<String>,
}

/// The end of a member's run.
pub struct MemberOutcome {
    pub best: Option<Grid>,
    pub solved: bool,
    pub restarts: u32,
    /// Individual-generations, ant tours or nodes.
    pub evaluations: u64,
    pub report: MemberReport,
}

/// One solver of the portfolio (`Send`: on a GPU, the members working there take their turns on
/// a thread of their own, [`super::rounds`]).
pub trait Member: Send {
    fn name(&self) -> &str;
    /// Runs round `round` (0, 1, ...): its fixed work, or nothing in rounds it sits out.
    /// `time_left` may cut it short (the run is ending then anyway).
    fn round(&mut self, round: u32, time_left: Option<Duration>) -> Result<()>;
    fn solved(&self) -> bool;
    /// Why the puzzle has no solution, once this member has proven it.
    fn unsolvable(&self) -> Option<String> {
        None
    }
    fn penalty(&self) -> Option<u32>;
    /// What the report says of this member as it stands (no read-back: from the states the
    /// last round read).
    fn report(&self) -> MemberReport;
    fn finish(&mut self) -> Result<MemberOutcome>;
    /// Gets ready to run (builds a [`Deferred`](super::deferred::Deferred) member) without doing any of its work.
    fn prepare(&mut self) -> Result<()> {
        Ok(())
    }
    /// Whether [`Member::prepare`] has nothing left to do.
    fn prepared(&self) -> bool {
        true
    }
}

/// Rounds' worth of nodes the exact solver's first search gets: most puzzles it solves at all
/// need few nodes, so a longer first search saves the rounds the other members would spend
/// before the next one (docs/results/default-solver.md#the-default-solver-evoku-solve-without-options, "The default solver").
const EXACT_FIRST_SEARCH_ROUNDS: u64 = 64;

/// The exact solver: a first search of `EXACT_FIRST_SEARCH_ROUNDS` rounds' worth of nodes in
/// round 0, then searches restarted with doubled budgets in rounds 127, 255, 511, ... (a budget of
/// `r + 1` rounds' worth in round `r`): its work up to round r is about twice its share of r
/// rounds, and its largest search about that share.
pub struct ExactMember {
    puzzle: Grid,
    nodes_per_round: u64,
    nodes: u64,
    result: Option<exact::ExactResult>,
}

impl ExactMember {
    pub fn new(puzzle: &Grid) -> ExactMember {
        let cells = puzzle.geometry().cells() as u64;
        ExactMember {
            puzzle: puzzle.clone(),
            nodes_per_round: (EXACT_NODES_PER_ROUND / cells.max(1)).max(1),
            nodes: 0,
            result: None,
        }
    }
}

impl Member for ExactMember {
    fn name(&self) -> &str {
        "exact"
    }

    fn round(&mut self, round: u32, time_left: Option<Duration>) -> Result<()> {
        let next = round as u64 + 1;
        let searches = round == 0 || (next.is_power_of_two() && next > EXACT_FIRST_SEARCH_ROUNDS);
        if !searches || self.solved() || self.unsolvable().is_some() {
            return Ok(());
        }
        let limits = exact::Limits {
            max_solutions: 1,
            max_nodes: self
                .nodes_per_round
                .saturating_mul(next.max(EXACT_FIRST_SEARCH_ROUNDS)),
            time_limit: time_left,
        };
        let result = exact::solve(&self.puzzle, &limits);
        self.nodes += result.nodes;
        self.result = Some(result);
        Ok(())
    }

    fn solved(&self) -> bool {
        self.result.as_ref().is_some_and(|r| r.first().is_some())
    }

    fn unsolvable(&self) -> Option<String> {
        self.result
            .as_ref()
            .filter(|r| r.has_no_solution())
            .map(|_| "the exact solver proved there is no solution".to_string())
    }

    fn penalty(&self) -> Option<u32> {
        self.solved().then_some(0)
    }

    fn report(&self) -> MemberReport {
        MemberReport {
            name: "exact".into(),
            islands: 1,
            work_per_round: self.nodes_per_round,
            turn_every: 1,
            work: self.nodes,
            solved: self.solved(),
            penalty: self.penalty(),
            on_cpu: None,
        }
    }

    fn finish(&mut self) -> Result<MemberOutcome> {
        let best = self.result.as_ref().and_then(|r| r.first().cloned());
        Ok(MemberOutcome {
            solved: best.is_some(),
            best,
            restarts: 0,
            evaluations: self.nodes,
            report: self.report(),
        })
    }
}
