//! What a GPU batch ([`super::gpu_batch`]) does differently for the GA and for the ACS: how
//! many puzzles fill the device, a puzzle's preparation, the shared engine, a puzzle alone when
//! the engine cannot be shared, and the report.

use std::time::Duration;

use super::gpu_batch::TimeLeft;
use super::{SolveReport, Solving};
use crate::aco::gpu::GpuAco;
use crate::aco::{AcoLimits, AcoOutcome, AcoTables};
use crate::board::Grid;
use crate::error::Result;
use crate::ga::gpu::GpuEngine;
use crate::ga::{GaOutcome, Problem, RunLimits};
use crate::gpu::GpuContext;
use crate::plan::sizing::{gpu_aco_batch_puzzles, gpu_batch_puzzles};
use crate::plan::RunPlan;

/// A solver whose puzzles share one GPU engine.
pub(super) trait Engines {
    /// What the engine needs of one puzzle.
    type Input: Clone;
    type Outcome;
    /// Puzzles of `grid`'s size that fill `ctx` together under `plan`.
    fn width(ctx: &GpuContext, grid: &Grid, plan: &RunPlan) -> usize;
    /// The puzzle's report so far and input, or its report when its setup proves it has no
    /// solution.
    fn prepare(
        solving: &Solving,
    ) -> std::result::Result<(SolveReport, Self::Input), Box<SolveReport>>;
    /// The puzzles of `inputs` in one engine, run within `left()` once it is built: `Err` when
    /// the engine cannot be built (each puzzle then runs alone).
    fn batch(
        ctx: &GpuContext,
        inputs: &[Self::Input],
        plan: &RunPlan,
        left: TimeLeft,
    ) -> Result<Result<Vec<Self::Outcome>>>;
    /// One puzzle in an engine of its own, within `limit`.
    fn alone(
        ctx: &GpuContext,
        input: &Self::Input,
        plan: &RunPlan,
        limit: Option<Duration>,
    ) -> Result<Self::Outcome>;
    /// `report` with the run's `outcome` recorded, finished.
    fn report(solving: &Solving, report: SolveReport, outcome: &Self::Outcome) -> SolveReport;
}

/// The GA's islands.
pub(super) struct Ga;

impl Engines for Ga {
    type Input = Problem;
    type Outcome = GaOutcome;

    fn width(ctx: &GpuContext, grid: &Grid, plan: &RunPlan) -> usize {
        gpu_batch_puzzles(ctx, grid, &plan.options.ga)
    }

    fn prepare(solving: &Solving) -> std::result::Result<(SolveReport, Problem), Box<SolveReport>> {
        solving.ga_problem()
    }

    fn batch(
        ctx: &GpuContext,
        inputs: &[Problem],
        plan: &RunPlan,
        left: TimeLeft,
    ) -> Result<Result<Vec<GaOutcome>>> {
        let mut engine = GpuEngine::new_batch(ctx, inputs, &plan.options.ga)?;
        let limits = RunLimits {
            max_generations: plan.options.ga.max_generations,
            time_limit: left(),
        };
        Ok(crate::ga::gpu::run_batch(&mut engine, inputs, limits))
    }

    fn alone(
        ctx: &GpuContext,
        input: &Problem,
        plan: &RunPlan,
        limit: Option<Duration>,
    ) -> Result<GaOutcome> {
        let mut engine = GpuEngine::new(ctx, input.clone(), &plan.options.ga)?;
        let limits = RunLimits {
            max_generations: plan.options.ga.max_generations,
            time_limit: limit,
        };
        crate::ga::run(&mut engine, input, limits, &mut |_| {})
    }

    fn report(solving: &Solving, report: SolveReport, outcome: &GaOutcome) -> SolveReport {
        solving.ga_finished(report, outcome)
    }
}

/// The ACS's colonies.
pub(super) struct Aco;

impl Engines for Aco {
    /// The puzzle and its tables.
    type Input = (Grid, AcoTables);
    type Outcome = AcoOutcome;

    fn width(ctx: &GpuContext, grid: &Grid, plan: &RunPlan) -> usize {
        gpu_aco_batch_puzzles(ctx, grid, &plan.options.aco)
    }

    fn prepare(
        solving: &Solving,
    ) -> std::result::Result<(SolveReport, Self::Input), Box<SolveReport>> {
        let puzzle = solving.puzzle;
        let mut report = solving.aco_report();
        // As `aco_engine` does alone: a puzzle whose givens propagate to a contradiction is
        // not run.
        if let Err(why) = crate::exact::propagate(&puzzle.grid) {
            report.unsolvable = Some(why.to_string());
            return Err(Box::new(report));
        }
        let tables = AcoTables::new(&puzzle.grid);
        Ok((report, (puzzle.grid.clone(), tables)))
    }

    fn batch(
        ctx: &GpuContext,
        inputs: &[Self::Input],
        plan: &RunPlan,
        left: TimeLeft,
    ) -> Result<Result<Vec<AcoOutcome>>> {
        let tables: Vec<AcoTables> = inputs.iter().map(|(_, t)| t.clone()).collect();
        let mut engine = GpuAco::new_batch(ctx, &tables, &plan.options.aco)?;
        let limits = AcoLimits {
            max_iterations: plan.options.aco.max_iterations,
            time_limit: left(),
        };
        Ok(crate::aco::gpu::run_batch(&mut engine, inputs, limits))
    }

    fn alone(
        ctx: &GpuContext,
        input: &Self::Input,
        plan: &RunPlan,
        limit: Option<Duration>,
    ) -> Result<AcoOutcome> {
        let (grid, tables) = input;
        let mut engine = GpuAco::new(ctx, tables.clone(), &plan.options.aco)?;
        let limits = AcoLimits {
            max_iterations: plan.options.aco.max_iterations,
            time_limit: limit,
        };
        crate::aco::run(&mut engine, grid, limits, &mut |_| {})
    }

    fn report(solving: &Solving, report: SolveReport, outcome: &AcoOutcome) -> SolveReport {
        solving.aco_finished(report, outcome)
    }
}
