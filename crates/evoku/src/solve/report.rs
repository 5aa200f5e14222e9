//! The report of one solve (`evoku solve --json`'s line) and how a run fills it.

use std::time::Instant;

use serde::Serialize;

use super::{configuration, Algorithm};
use crate::board::Grid;
use crate::device::AdapterShare;
use crate::format::Puzzle;
use crate::gpu::AdapterSummary;
use crate::plan::RunPlan;

/// One line of `evoku solve --json`.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    pub name: String,
    pub file: String,
    /// Side `n` of the board.
    pub size: usize,
    pub givens: usize,
    pub solved: bool,
    /// The solution in line format, re-checked against the rules and givens; `null` if unsolved.
    pub solution: Option<String>,
    /// Digits missing from rows and columns of the best grid found (0 when solved); for the ACS,
    /// cells the best ant left empty. `null` when no heuristic run measured one (the exact
    /// solver, or a puzzle proven unsolvable first).
    pub fitness: Option<u32>,
    /// GA generations; ACS iterations.
    pub generations: u64,
    pub restarts: u32,
    /// Individual-generations spent (islands x population x generations); search nodes for the
    /// exact solver; ant tours (colonies x ants x iterations) for the ACS.
    pub evaluations: u64,
    pub seconds: f64,
    pub backend: String,
    /// The GPU adapter that ran (name, backend, device type, limits); `null` on the CPU.
    pub adapter: Option<AdapterSummary>,
    pub algorithm: Algorithm,
    /// What ran: the GA preset (`walk`, `default`, `paper`), `aco`, `exact`, or
    /// `portfolio(exact,aco,walk)` for `auto`.
    pub configuration: String,
    /// What found the solution: `exact` (also the GA's pre-check), `presolve` (propagation
    /// alone), `aco`, `walk`, or the GA preset's name; `null` when unsolved.
    pub solved_by: Option<String>,
    /// GA islands that ran (the walk's, in a portfolio); `null` when no GA ran.
    pub islands: Option<u32>,
    /// ACS colonies that ran; `null` when no ACS ran.
    pub colonies: Option<u32>,
    /// CPU threads the engines were given.
    pub threads: usize,
    /// The time limit the run had, in seconds (`null`: none).
    pub time_limit: Option<f64>,
    /// Which GPU adapter ran how many of the GA's islands and the ACS's colonies (several with
    /// `--adapters`); empty, and left out, when neither ran on a GPU.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub adapters: Vec<AdapterShare>,
    /// Per portfolio member (`auto` only): islands, work per round and in all, solved.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<crate::portfolio::MemberReport>,
    /// The portfolio members' best penalty per round (`auto` only; `evoku solve --plot`); not
    /// in the JSON.
    #[serde(skip)]
    pub history: crate::portfolio::MemberHistory,
    pub seed: u64,
    /// Cells presolve fixed beyond the givens.
    pub presolved_cells: usize,
    /// Why the puzzle cannot be solved, when that was proven (no GA run is made then).
    pub unsolvable: Option<String>,
    pub stopped_by_time: bool,
    /// Whether SIGINT or SIGTERM ended the run: the figures and the best grid are those so far.
    pub interrupted: bool,
    /// The best grid found, in line format: the solution when solved, the best so far when the
    /// run was stopped (time limit, cap, signal); `null` when no run was made.
    #[serde(serialize_with = "grid_line")]
    pub best: Option<Grid>,
}

/// A grid as its line-format string (the form `solution` has).
fn grid_line<S: serde::Serializer>(grid: &Option<Grid>, s: S) -> Result<S::Ok, S::Error> {
    match grid {
        Some(grid) => s.serialize_some(&grid.to_string()),
        None => s.serialize_none(),
    }
}

impl SolveReport {
    pub(super) fn new(puzzle: &Puzzle, plan: &RunPlan) -> SolveReport {
        let options = &plan.options;
        let device = &options.device;
        SolveReport {
            name: puzzle.name.clone(),
            file: puzzle.file.clone(),
            size: puzzle.grid.geometry().side(),
            givens: puzzle.grid.givens(),
            solved: false,
            solution: None,
            fitness: None,
            generations: 0,
            restarts: 0,
            evaluations: 0,
            seconds: 0.0,
            backend: device.name().to_string(),
            adapter: device.adapter(),
            algorithm: options.algorithm,
            configuration: configuration(puzzle, plan),
            solved_by: None,
            islands: None,
            colonies: None,
            threads: options
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            time_limit: options.time_limit.map(|t| t.as_secs_f64()),
            adapters: Vec::new(),
            members: Vec::new(),
            history: Default::default(),
            seed: options.ga.seed,
            presolved_cells: 0,
            unsolvable: None,
            stopped_by_time: false,
            interrupted: false,
            best: None,
        }
    }

    /// Records `grid`, found by `by`, as the solution only if it passes the host check.
    pub(super) fn set_solution(&mut self, puzzle: &Grid, grid: &Grid, by: &str) {
        self.solved = grid.solves(puzzle);
        if self.solved {
            self.solution = Some(grid.to_string());
            self.fitness = Some(0);
            self.solved_by = Some(by.to_string());
        }
        self.best = Some(grid.clone());
    }

    /// Records a heuristic run's best grid: as the solution when the run says it solved (the
    /// host check still decides), otherwise as the best grid found.
    pub(super) fn set_best(&mut self, puzzle: &Grid, best: Grid, solved: bool, by: &str) {
        if solved {
            self.set_solution(puzzle, &best, by);
        } else {
            self.best = Some(best);
        }
    }

    /// The report with its wall time since `start`.
    pub(super) fn finished(mut self, start: Instant) -> SolveReport {
        self.seconds = start.elapsed().as_secs_f64();
        self
    }
}

/// The figures a run's outcome gives the report: one mapping for every engine (the GA, the ACS
/// and the portfolio), each through its `From`.
pub(super) struct RunEnd {
    /// `None`: no heuristic run measured one.
    pub fitness: Option<u32>,
    /// GA generations, ACS iterations or portfolio rounds.
    pub generations: u64,
    pub restarts: u32,
    pub evaluations: u64,
    pub stopped_by_time: bool,
    pub interrupted: bool,
}

impl RunEnd {
    /// A run whose engine build the time limit or a signal cut short: nothing ran.
    pub(super) fn cut_in_setup() -> RunEnd {
        let interrupted = crate::stop::requested();
        RunEnd {
            fitness: None,
            generations: 0,
            restarts: 0,
            evaluations: 0,
            stopped_by_time: !interrupted,
            interrupted,
        }
    }
}

impl From<&crate::ga::GaOutcome> for RunEnd {
    fn from(o: &crate::ga::GaOutcome) -> RunEnd {
        RunEnd {
            fitness: Some(o.best_penalty),
            generations: o.generations as u64,
            restarts: o.restarts,
            evaluations: o.evaluations,
            stopped_by_time: o.stopped_by_time,
            interrupted: o.interrupted,
        }
    }
}

impl From<&crate::aco::AcoOutcome> for RunEnd {
    fn from(o: &crate::aco::AcoOutcome) -> RunEnd {
        RunEnd {
            fitness: Some(o.best_penalty),
            generations: o.iterations as u64,
            restarts: o.restarts,
            evaluations: o.ant_tours,
            stopped_by_time: o.stopped_by_time,
            interrupted: o.interrupted,
        }
    }
}

impl From<&crate::portfolio::PortfolioOutcome> for RunEnd {
    fn from(o: &crate::portfolio::PortfolioOutcome) -> RunEnd {
        RunEnd {
            // No grid, no penalty (a puzzle proven unsolvable, a run stopped before any
            // heuristic ran).
            fitness: o.best.is_some().then_some(o.best_penalty),
            generations: o.rounds as u64,
            restarts: o.restarts,
            evaluations: o.evaluations,
            stopped_by_time: o.stopped_by_time,
            interrupted: o.interrupted,
        }
    }
}

impl SolveReport {
    /// Records a run's figures ([`RunEnd`]).
    pub(super) fn record(&mut self, end: RunEnd) {
        self.fitness = end.fitness;
        self.generations = end.generations;
        self.restarts = end.restarts;
        self.evaluations = end.evaluations;
        self.stopped_by_time = end.stopped_by_time;
        self.interrupted = end.interrupted;
    }
}
