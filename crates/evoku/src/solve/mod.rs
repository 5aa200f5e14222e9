//! Solving one puzzle with a chosen algorithm and backend: the work behind `evoku solve`. The
//! puzzle's [`RunPlan`] is made first ([`crate::plan`]); every phase below reads it.

use std::time::Instant;

use crate::board::Grid;
use crate::error::Result;
use crate::exact;
use crate::format::Puzzle;
use crate::ga::{self, Problem, Progress, RunLimits};
use crate::plan::engines::{aco_engine, ga_engine_within};
use crate::plan::RunPlan;
use report::RunEnd;

mod backend_choice;
pub mod batch;
pub mod gpu_batch;
mod gpu_runs;
mod report;

pub use crate::plan::engines::trace_run;
pub use crate::plan::{Algorithm, FillDevice, SolveOptions, UNSOLVABLE_CHECK_NODES};
pub use backend_choice::choose_device;
pub use report::SolveReport;

/// Solves one puzzle. `progress` is called after every GA step.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SolveReport> {
    let start = Instant::now();
    let plan = RunPlan::new(&puzzle.grid, options)?;
    let solving = Solving {
        puzzle,
        plan: &plan,
        start,
    };
    match plan.options.algorithm {
        Algorithm::Exact => Ok(solving.exact()),
        Algorithm::Ga => solving.ga(progress),
        Algorithm::Aco => solving.aco(progress),
        Algorithm::Auto => solving.auto(progress),
    }
}

/// What the report names as the configuration that ran.
fn configuration(puzzle: &Puzzle, plan: &RunPlan) -> String {
    match plan.options.algorithm {
        Algorithm::Auto => crate::portfolio::configuration_name(
            &crate::portfolio::default_members(puzzle.grid.geometry().side()),
        ),
        Algorithm::Ga => serde_json::to_value(plan.options.preset)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        Algorithm::Aco => "aco".into(),
        Algorithm::Exact => "exact".into(),
    }
}

/// One puzzle being solved: the puzzle, its plan and the start of the solve (every phase's time
/// counts against the plan's limit), which each algorithm's run below reads.
pub(super) struct Solving<'a> {
    pub puzzle: &'a Puzzle,
    pub plan: &'a RunPlan,
    pub start: Instant,
}

/// The share of the time limit the no-solution check may take before a heuristic run.
const CHECK_SHARE_OF_LIMIT: u32 = 4;

/// The share of the time left that building a CPU GA engine may take.
const SETUP_SHARE: f64 = 0.9;

/// What the exact pre-check found before a heuristic run.
enum Precheck {
    /// Proven to have no solution: the reason.
    NoSolution(String),
    /// A solution found on the way, after `nodes` search nodes.
    Solution { grid: Grid, nodes: u64 },
    /// Neither within the check's budget.
    Unknown,
}

impl Solving<'_> {
    /// A new report of this puzzle under this plan.
    fn report(&self) -> SolveReport {
        SolveReport::new(self.puzzle, self.plan)
    }

    /// `report` with its wall time since the start.
    pub(super) fn finished(&self, report: SolveReport) -> SolveReport {
        report.finished(self.start)
    }

    /// The exact solver alone (one deterministic search, or restarts).
    fn exact(&self) -> SolveReport {
        let (grid, options) = (&self.puzzle.grid, &self.plan.options);
        let mut report = self.report();
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
        self.finished(report)
    }

    /// The default: the portfolio of [`crate::portfolio::default_members`] for the board.
    fn auto(&self, progress: &mut dyn FnMut(&Progress)) -> Result<SolveReport> {
        let grid = &self.puzzle.grid;
        let members = crate::portfolio::default_members(grid.geometry().side());
        let turns = crate::portfolio::Turns::Overlapped;
        let outcome =
            crate::portfolio::solve(grid, &members, self.plan, progress, self.start, turns)?;
        let mut report = self.report();
        report.record((&outcome).into());
        report.unsolvable = outcome.unsolvable;
        report.presolved_cells = outcome.presolved_cells;
        report.islands = outcome.islands;
        report.colonies = outcome.colonies;
        report.adapters = self.plan.adapter_shares(outcome.islands, outcome.colonies);
        report.members = outcome.members;
        report.history = outcome.history;
        if let Some(best) = outcome.best {
            let by = outcome.solved_by.unwrap_or_default();
            report.set_best(grid, best, outcome.solved, &by);
        }
        Ok(self.finished(report))
    }

    /// The Ant Colony System: `generations` counts iterations, `evaluations` ant tours,
    /// `fitness` the cells the best ant left empty.
    fn aco(&self, progress: &mut dyn FnMut(&Progress)) -> Result<SolveReport> {
        let (grid, options) = (&self.puzzle.grid, &self.plan.options);
        let config = &options.aco;
        let mut report = self.aco_report();
        let mut engine = match aco_engine(grid, config, &options.device, options.threads)? {
            Ok(engine) => engine,
            Err(why) => {
                report.unsolvable = Some(why);
                return Ok(self.finished(report));
            }
        };
        if self.decided_by_precheck(&mut report) {
            return Ok(self.finished(report));
        }
        let limits = crate::aco::AcoLimits {
            max_iterations: config.max_iterations,
            time_limit: self.plan.time_left(self.start),
        };
        let outcome = crate::aco::run(engine.as_mut(), grid, limits, progress)?;
        Ok(self.aco_finished(report, &outcome))
    }

    /// The ACS's report before its run: its colonies and where they run.
    pub(super) fn aco_report(&self) -> SolveReport {
        let colonies = self.plan.options.aco.colonies;
        let mut report = self.report();
        report.colonies = Some(colonies);
        report.adapters = self.plan.adapter_shares(None, Some(colonies));
        report
    }

    /// `report` with the ACS run's `outcome` recorded, finished.
    pub(super) fn aco_finished(
        &self,
        mut report: SolveReport,
        outcome: &crate::aco::AcoOutcome,
    ) -> SolveReport {
        report.presolved_cells = outcome.presolved_cells;
        report.record(outcome.into());
        report.set_best(
            &self.puzzle.grid,
            outcome.best.clone(),
            outcome.solved,
            "aco",
        );
        self.finished(report)
    }

    /// The exact solver on the puzzle within `nodes` nodes and a quarter of the time limit (the
    /// same check for every heuristic, so none of them searches for a solution that does not
    /// exist, and none is started for a puzzle the check has just solved).
    fn precheck(&self, nodes: u64) -> Precheck {
        let check = exact::solve(
            &self.puzzle.grid,
            &exact::Limits {
                max_solutions: 1,
                max_nodes: nodes,
                time_limit: self.plan.options.time_limit.map(|limit| {
                    (limit / CHECK_SHARE_OF_LIMIT).saturating_sub(self.start.elapsed())
                }),
            },
        );
        if check.has_no_solution() {
            return Precheck::NoSolution(
                "the exact solver proved there is no solution".to_string(),
            );
        }
        match check.first() {
            Some(solution) => Precheck::Solution {
                grid: solution.clone(),
                nodes: check.nodes,
            },
            None => Precheck::Unknown,
        }
    }

    /// Applies the plan's pre-check to `report`; true when the run is decided (no solution, or
    /// the check's solution taken as the answer unless the shortcut is off).
    pub(super) fn decided_by_precheck(&self, report: &mut SolveReport) -> bool {
        let Some(check) = self.plan.precheck else {
            return false;
        };
        match self.precheck(check.nodes) {
            Precheck::NoSolution(why) => {
                report.unsolvable = Some(why);
                true
            }
            Precheck::Solution {
                grid: solution,
                nodes,
            } if check.shortcut => {
                report.evaluations = nodes;
                report.set_solution(&self.puzzle.grid, &solution, "exact");
                report.solved
            }
            _ => false,
        }
    }

    /// The GA engine.
    fn ga(&self, progress: &mut dyn FnMut(&Progress)) -> Result<SolveReport> {
        let (mut report, problem) = match self.ga_problem() {
            Ok(ready) => ready,
            Err(report) => return Ok(self.finished(*report)),
        };
        let (grid, options) = (&self.puzzle.grid, &self.plan.options);
        // The engine first: a GPU engine checks the adapter's limits before any long check. Its
        // build counts against the time limit and ends at it (or at a signal): the run then ends
        // after the setup, unsolved, with no generation run.
        // The build may take SETUP_SHARE of the time left: freeing what a cut build allocated
        // (hundreds of megabytes for 65,536 islands) takes the rest.
        let time_left = self.plan.time_left(self.start);
        let deadline = crate::stop::Stop::after(time_left.map(|t| t.mul_f64(SETUP_SHARE)));
        let built = Instant::now();
        let Some(mut engine) = ga_engine_within(
            &options.device,
            problem.clone(),
            &options.ga,
            options.threads,
            deadline,
        )?
        else {
            report.record(RunEnd::cut_in_setup());
            report.set_best(grid, problem.fixed().clone(), false, "");
            return Ok(self.finished(report));
        };
        let setup = built.elapsed();
        // A solution the check finds on the way is the answer, not a reason to start the GA.
        if self.decided_by_precheck(&mut report) {
            return Ok(self.finished(report));
        }
        let limits = RunLimits {
            max_generations: options.ga.max_generations,
            time_limit: self.plan.time_left(self.start),
        };
        // No generation is started when the build's time no longer fits.
        let outcome =
            ga::run_after_setup(engine.as_mut(), &problem, limits, Some(setup), progress)?;
        Ok(self.ga_finished(report, &outcome))
    }

    /// `report` with the GA run's `outcome` recorded, finished.
    pub(super) fn ga_finished(
        &self,
        mut report: SolveReport,
        outcome: &ga::GaOutcome,
    ) -> SolveReport {
        report.record(outcome.into());
        let by = report.configuration.clone();
        report.set_best(&self.puzzle.grid, outcome.best.clone(), outcome.solved, &by);
        self.finished(report)
    }

    /// The GA's report and problem for the puzzle, or the finished report when the problem's
    /// setup proves there is no solution.
    pub(super) fn ga_problem(
        &self,
    ) -> std::result::Result<(SolveReport, Problem), Box<SolveReport>> {
        let config = &self.plan.options.ga;
        let mut report = self.report();
        let problem = match Problem::for_config(&self.puzzle.grid, config) {
            Ok(problem) => problem,
            Err(ga::Unsolvable(why)) => {
                report.unsolvable = Some(why);
                return Err(Box::new(report));
            }
        };
        report.presolved_cells = problem.presolved_cells();
        report.islands = Some(config.islands);
        report.adapters = self.plan.adapter_shares(Some(config.islands), None);
        Ok((report, problem))
    }
}
