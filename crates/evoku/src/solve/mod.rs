//! Solving one puzzle with a chosen algorithm and backend: the work behind `evoku solve`.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::board::Grid;
use crate::choice::choice_enum;
use crate::device::Device;
use crate::error::Result;
use crate::exact;
use crate::format::Puzzle;
use crate::ga::{self, GaConfig, Preset, Problem, Progress, RunLimits};

mod backend_choice;
pub mod batch;
mod report;

pub use backend_choice::choose_device;
pub use report::SolveReport;

choice_enum! {
    /// Which solver runs.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Algorithm ("algorithm") {
        /// The strongest measured at every size: a portfolio of the exact solver (fastest on hard
        /// 9x9 and easy fills), the Ant Colony System (fastest on 16x16 and 25x25) and the
        /// box-assignment walk (where the ACS stalls), in lock-step rounds (`crates/evoku/src/portfolio/`).
        Auto => "auto",
        /// The GA engine (Mantere & Koljonen with Sato & Inoue's crossover, and the box-assignment
        /// walk): the walk preset unless `--preset` names another.
        Ga => "ga",
        /// The exact solver (propagation and backtracking).
        Exact => "exact",
        /// The Ant Colony System of Lloyd & Amos.
        Aco => "aco",
    }
}

/// Nodes the exact solver may spend, by default, proving a puzzle has no solution before a
/// heuristic run ([`SolveOptions::unsolvable_check_nodes`]).
pub const UNSOLVABLE_CHECK_NODES: u64 = 200_000;

/// Everything `solve_puzzle` needs besides the puzzle.
#[derive(Clone)]
pub struct SolveOptions {
    pub algorithm: Algorithm,
    pub device: Device,
    pub ga: GaConfig,
    /// Ant Colony System settings; its seed is `ga.seed` (one `--seed` for every algorithm).
    pub aco: crate::aco::AcoConfig,
    /// CPU threads; `None` = all cores.
    pub threads: Option<usize>,
    pub time_limit: Option<Duration>,
    /// Nodes the exact solver may spend proving a puzzle has no solution before a GA run.
    pub unsolvable_check_nodes: u64,
    /// The preset `ga` started from (named in the report).
    pub preset: Preset,
    /// Which group counts a GPU run sizes from the adapter instead of taking them from `ga`
    /// and `aco` (`--islands auto`, the default on a GPU).
    pub fill_device: FillDevice,
    /// A solution the GA's no-solution check finds is the answer (`solved_by: "exact"`); off,
    /// the GA runs anyway (to measure it alone).
    pub exact_shortcut: bool,
    /// `--algorithm exact`: 0 runs one deterministic search; N > 0 runs randomized searches
    /// restarted with Luby budgets of N nodes each unit ([`exact::restarts`]), seeded by `ga.seed`.
    pub exact_restarts: u64,
    /// Streams of the portfolio's exact member from 36x36 on
    /// ([`crate::portfolio::restarts::RestartsMember`]; default
    /// [`crate::portfolio::restarts::EXACT_STREAMS`]): more keep more cores busy, and change
    /// the run (the threads never do).
    pub exact_streams: u32,
}

/// Whether GA islands and ACS colonies are sized from the GPU adapter
/// ([`crate::defaults::gpu_islands`], [`crate::defaults::gpu_colonies`]); no effect on the CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillDevice {
    pub islands: bool,
    pub colonies: bool,
}

/// Solves one puzzle. `progress` is called after every GA step.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SolveReport> {
    let start = Instant::now();
    let grid = &puzzle.grid;
    match options.algorithm {
        Algorithm::Exact => {
            let mut report = SolveReport::new(puzzle, options, &Device::Cpu);
            let limits = exact::Limits {
                max_solutions: 1,
                max_nodes: u64::MAX,
                time_limit: options.time_limit,
            };
            let result = match options.exact_restarts {
                0 => exact::solve(grid, &limits),
                unit => exact::restarts::solve(grid, &limits, options.ga.seed, unit),
            };
            report.evaluations = result.nodes;
            report.stopped_by_time = result.status == exact::Status::TimeLimit;
            report.interrupted = result.status == exact::Status::Interrupted;
            if result.has_no_solution() {
                report.unsolvable = Some("the exact solver proved there is no solution".into());
            }
            if let Some(solution) = result.first() {
                report.set_solution(grid, solution, "exact");
            }
            Ok(report.finished(start))
        }
        Algorithm::Ga => solve_ga(puzzle, options, progress, start),
        Algorithm::Aco => solve_aco(puzzle, options, progress, start),
        Algorithm::Auto => solve_auto(puzzle, options, progress, start),
    }
}

/// What the report names as the configuration that ran.
fn configuration(puzzle: &Puzzle, options: &SolveOptions) -> String {
    match options.algorithm {
        Algorithm::Auto => crate::portfolio::configuration_name(
            &crate::portfolio::default_members(puzzle.grid.geometry().side()),
        ),
        Algorithm::Ga => serde_json::to_value(options.preset)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        Algorithm::Aco => "aco".into(),
        Algorithm::Exact => "exact".into(),
    }
}

/// The default: the portfolio of [`crate::portfolio::default_members`] for the board.
fn solve_auto(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
    start: Instant,
) -> Result<SolveReport> {
    let grid = &puzzle.grid;
    options.ga.validate()?;
    let members = crate::portfolio::default_members(grid.geometry().side());
    let outcome = crate::portfolio::solve(grid, &members, options, progress, start)?;
    let mut report = SolveReport::new(puzzle, options, &options.device);
    report.unsolvable = outcome.unsolvable;
    report.presolved_cells = outcome.presolved_cells;
    // No grid, no penalty (a puzzle proven unsolvable, a run stopped before any heuristic ran).
    report.fitness = outcome.best.is_some().then_some(outcome.best_penalty);
    report.generations = outcome.rounds as u64;
    report.restarts = outcome.restarts;
    report.evaluations = outcome.evaluations;
    report.stopped_by_time = outcome.stopped_by_time;
    report.interrupted = outcome.interrupted;
    report.islands = outcome.islands;
    report.colonies = outcome.colonies;
    report.adapters = options
        .device
        .adapter_shares(outcome.islands, outcome.colonies);
    report.members = outcome.members;
    if let Some(best) = outcome.best {
        let by = outcome.solved_by.unwrap_or_default();
        report.set_best(grid, best, outcome.solved, &by);
    }
    Ok(report.finished(start))
}

/// The Ant Colony System: `generations` counts iterations, `evaluations` ant tours, `fitness`
/// the cells the best ant left empty.
fn solve_aco(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
    start: Instant,
) -> Result<SolveReport> {
    let grid = &puzzle.grid;
    let mut config = options.aco.clone();
    config.seed = options.ga.seed;
    if let (Some(colonies), true) = (
        options.device.fill_colonies(grid, &config),
        options.fill_device.colonies,
    ) {
        config.colonies = colonies;
    }
    let mut report = SolveReport::new(puzzle, options, &options.device);
    report.colonies = Some(config.colonies);
    report.adapters = options.device.adapter_shares(None, Some(config.colonies));
    let mut engine = match crate::aco::engine(grid, &config, &options.device, options.threads)? {
        Ok(engine) => engine,
        Err(why) => {
            report.unsolvable = Some(why);
            return Ok(report.finished(start));
        }
    };
    if decided_by_precheck(&mut report, grid, options, start) {
        return Ok(report.finished(start));
    }
    let limits = crate::aco::AcoLimits {
        max_iterations: config.max_iterations,
        time_limit: time_left(options, start),
    };
    let outcome = crate::aco::run(engine.as_mut(), grid, limits, progress)?;
    report.presolved_cells = outcome.presolved_cells;
    report.fitness = Some(outcome.best_penalty);
    report.generations = outcome.iterations as u64;
    report.restarts = outcome.restarts;
    report.evaluations = outcome.ant_tours;
    report.stopped_by_time = outcome.stopped_by_time;
    report.interrupted = outcome.interrupted;
    report.set_best(grid, outcome.best, outcome.solved, "aco");
    Ok(report.finished(start))
}

/// The time left of `options.time_limit` for a run that began at `start`: the limit covers
/// every phase (presolve, engine set-up, the no-solution check), not only the run loop.
fn time_left(options: &SolveOptions, start: Instant) -> Option<Duration> {
    options
        .time_limit
        .map(|limit| limit.saturating_sub(start.elapsed()))
}

/// The share of the time limit the no-solution check may take before a heuristic run.
const CHECK_SHARE_OF_LIMIT: u32 = 4;

/// What the exact pre-check found before a heuristic run.
enum Precheck {
    /// Proven to have no solution: the reason.
    NoSolution(String),
    /// A solution found on the way, after `nodes` search nodes.
    Solution { grid: Grid, nodes: u64 },
    /// Neither within the check's budget.
    Unknown,
}

/// The exact solver on `grid` within `options.unsolvable_check_nodes` nodes and a quarter of the
/// time limit (the same check for every heuristic, so none of them searches for a solution that
/// does not exist, and none is started for a puzzle the check has just solved).
fn precheck(grid: &Grid, options: &SolveOptions, start: Instant) -> Precheck {
    let check = exact::solve(
        grid,
        &exact::Limits {
            max_solutions: 1,
            max_nodes: options.unsolvable_check_nodes,
            time_limit: options
                .time_limit
                .map(|limit| (limit / CHECK_SHARE_OF_LIMIT).saturating_sub(start.elapsed())),
        },
    );
    if check.has_no_solution() {
        return Precheck::NoSolution("the exact solver proved there is no solution".to_string());
    }
    match check.first() {
        Some(solution) => Precheck::Solution {
            grid: solution.clone(),
            nodes: check.nodes,
        },
        None => Precheck::Unknown,
    }
}

/// Applies the pre-check to `report`; true when the run is decided (no solution, or the check's
/// solution taken as the answer unless `options.exact_shortcut` is off).
fn decided_by_precheck(
    report: &mut SolveReport,
    grid: &Grid,
    options: &SolveOptions,
    start: Instant,
) -> bool {
    match precheck(grid, options, start) {
        Precheck::NoSolution(why) => {
            report.unsolvable = Some(why);
            true
        }
        Precheck::Solution {
            grid: solution,
            nodes,
        } if options.exact_shortcut => {
            report.evaluations = nodes;
            report.set_solution(grid, &solution, "exact");
            report.solved
        }
        _ => false,
    }
}

fn solve_ga(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
    start: Instant,
) -> Result<SolveReport> {
    let grid = &puzzle.grid;
    let mut config = options.ga.clone();
    config.validate()?;
    let mut report = SolveReport::new(puzzle, options, &options.device);
    let problem = match Problem::for_config(grid, &config) {
        Ok(problem) => problem,
        Err(ga::Unsolvable(why)) => {
            report.unsolvable = Some(why);
            return Ok(report.finished(start));
        }
    };
    report.presolved_cells = problem.presolved_cells();
    if let (Some(islands), true) = (
        options
            .device
            .fill_islands(grid, &config, crate::defaults::Fill::Solve),
        options.fill_device.islands,
    ) {
        config.islands = islands;
    }
    report.islands = Some(config.islands);
    report.adapters = options.device.adapter_shares(Some(config.islands), None);
    // The engine first: a GPU engine checks the adapter's limits before any long check.
    let mut engine = options
        .device
        .engine(problem.clone(), &config, options.threads)?;
    // A solution the check finds on the way is the answer, not a reason to start the GA.
    if decided_by_precheck(&mut report, grid, options, start) {
        return Ok(report.finished(start));
    }
    let limits = RunLimits {
        max_generations: config.max_generations,
        time_limit: time_left(options, start),
    };
    let outcome = ga::run(engine.as_mut(), &problem, limits, progress)?;
    report.fitness = Some(outcome.best_penalty);
    report.generations = outcome.generations as u64;
    report.restarts = outcome.restarts;
    report.evaluations = outcome.evaluations;
    report.stopped_by_time = outcome.stopped_by_time;
    report.interrupted = outcome.interrupted;
    let by = report.configuration.clone();
    report.set_best(grid, outcome.best, outcome.solved, &by);
    Ok(report.finished(start))
}
