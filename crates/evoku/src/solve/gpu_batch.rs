//! A batch of puzzles solved by the GA on one GPU: many puzzles share each launch
//! ([`GpuEngine::new_batch`]), each puzzle with the islands it has when solved alone, and each
//! puzzle's report is the one it gets alone (timings aside).
//!
//! Puzzles are taken in input order in runs of one board size and one configuration, as many
//! to a run as fill the device together ([`gpu_batch_puzzles`]); a run's puzzles are prepared
//! one by one as [`super::solve_puzzle`] prepares them (the problem's setup, the exact
//! pre-check, which may decide a puzzle before the GA starts), the rest solved in one engine, and
//! the run's reports handed back in input order.

use std::ops::ControlFlow;
use std::time::Instant;

use super::{Algorithm, SolveOptions, SolveReport, Solving};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::format::Puzzle;
use crate::ga::gpu::{run_batch, GpuEngine};
use crate::ga::{GaConfig, GaOutcome, Problem, RunLimits};
use crate::gpu::GpuContext;
use crate::plan::sizing::gpu_batch_puzzles;
use crate::plan::RunPlan;

/// The GPU whose launches a batch of `puzzles` puzzles solved with `options` shares: the GA on
/// one GPU, more than one puzzle. `None`: the batch runs as [`super::batch`] says (one puzzle
/// at a time on a GPU for the other solvers).
pub fn shared_gpu(puzzles: usize, options: &SolveOptions) -> Option<&GpuContext> {
    match (&options.device, options.algorithm) {
        (Device::Gpu(ctx), Algorithm::Ga) if puzzles > 1 => Some(ctx),
        _ => None,
    }
}

/// Solves `puzzles` on `ctx` in shared launches, `options(puzzle)` giving each puzzle's options
/// (its time limit, its threads), and hands each report to `deliver(index, report)` in input
/// order. No run is started once `stop()` is true or `deliver` returned `Break`.
pub fn solve_on_gpu(
    ctx: &GpuContext,
    puzzles: &[&Puzzle],
    options: &dyn Fn(&Puzzle) -> SolveOptions,
    stop: &dyn Fn() -> bool,
    deliver: &mut dyn FnMut(usize, Result<SolveReport>) -> ControlFlow<()>,
) {
    let mut next = 0;
    while next < puzzles.len() && !stop() {
        let first = puzzles[next];
        let plan = match RunPlan::new(&first.grid, &options(first)) {
            Ok(plan) => plan,
            Err(error) => {
                if deliver(next, Err(error)).is_break() {
                    return;
                }
                next += 1;
                continue;
            }
        };
        let width = gpu_batch_puzzles(ctx, &first.grid, &plan.options.ga);
        let mut plans = vec![plan];
        // The puzzles that follow with the same size and the same plan join the run.
        while plans.len() < width && next + plans.len() < puzzles.len() {
            let puzzle = puzzles[next + plans.len()];
            match RunPlan::new(&puzzle.grid, &options(puzzle)) {
                Ok(plan) if same_run(&plans[0], &plan, first, puzzle) => plans.push(plan),
                _ => break,
            }
        }
        let run = &puzzles[next..next + plans.len()];
        log::debug!(
            "solving {} puzzles of {side}x{side} in one GPU engine ({width} fill the device)",
            run.len(),
            side = first.grid.geometry().side()
        );
        for (k, report) in solve_run(ctx, run, &plans).into_iter().enumerate() {
            if deliver(next + k, report).is_break() {
                return;
            }
        }
        next += plans.len();
    }
}

/// Whether `b`'s puzzle may share `a`'s engine: the same board size and the same settings.
fn same_run(a: &RunPlan, b: &RunPlan, a_puzzle: &Puzzle, b_puzzle: &Puzzle) -> bool {
    a_puzzle.grid.geometry() == b_puzzle.grid.geometry()
        && a.options.ga == b.options.ga
        && a.options.time_limit == b.options.time_limit
        && a.precheck == b.precheck
}

/// Solves one run of puzzles (one size, one plan each, all alike) in one engine.
fn solve_run(ctx: &GpuContext, puzzles: &[&Puzzle], plans: &[RunPlan]) -> Vec<Result<SolveReport>> {
    let start = Instant::now();
    let mut reports: Vec<Option<Result<SolveReport>>> = puzzles.iter().map(|_| None).collect();
    // The puzzles the GA runs on: their index in the run, report so far and problem.
    let mut running: Vec<(usize, SolveReport, Problem)> = Vec::new();
    let solving = |k: usize| Solving {
        puzzle: puzzles[k],
        plan: &plans[k],
        start,
    };
    for k in 0..puzzles.len().min(plans.len()) {
        let solving = solving(k);
        match solving.ga_problem() {
            Err(report) => reports[k] = Some(Ok(solving.finished(*report))),
            Ok((mut report, problem)) => {
                if solving.decided_by_precheck(&mut report) {
                    reports[k] = Some(Ok(solving.finished(report)));
                } else {
                    running.push((k, report, problem));
                }
            }
        }
    }
    if let Some(&(k, _, _)) = running.first() {
        let plan = &plans[k];
        let problems: Vec<Problem> = running.iter().map(|(_, _, p)| p.clone()).collect();
        // The time limit counts from the start of the run, which every puzzle of it shares: the
        // pre-checks and the engine's build spend it too (as a puzzle's setup does alone).
        let limits = || RunLimits {
            max_generations: plan.options.ga.max_generations,
            time_limit: plan
                .options
                .time_limit
                .map(|t| t.saturating_sub(start.elapsed())),
        };
        let outcomes: Vec<Result<GaOutcome>> =
            match GpuEngine::new_batch(ctx, &problems, &plan.options.ga) {
                Ok(mut engine) => match run_batch(&mut engine, &problems, limits()) {
                    Ok(outcomes) => outcomes.into_iter().map(Ok).collect(),
                    Err(error) => problems.iter().map(|_| Err(shared(&error))).collect(),
                },
                // An engine the run cannot share (a puzzle's fullest unit beyond a software
                // adapter's loop budget, the adapter's buffer limits): each puzzle alone, as when
                // it is solved alone.
                Err(_) => problems
                    .iter()
                    .map(|problem| {
                        // Each one's limit counts from its own start, as alone.
                        let own = RunLimits {
                            time_limit: plan.options.time_limit,
                            ..limits()
                        };
                        alone(ctx, problem, &plan.options.ga, own)
                    })
                    .collect(),
            };
        for ((k, report, _), outcome) in running.into_iter().zip(outcomes) {
            reports[k] = Some(outcome.map(|outcome| solving(k).ga_finished(report, &outcome)));
        }
    }
    reports
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|| Err(Error::Internal("a puzzle of a batch has no report".into())))
        })
        .collect()
}

/// `problem` solved alone on `ctx`.
fn alone(
    ctx: &GpuContext,
    problem: &Problem,
    config: &GaConfig,
    limits: RunLimits,
) -> Result<GaOutcome> {
    let mut engine = GpuEngine::new(ctx, problem.clone(), config)?;
    crate::ga::run(&mut engine, problem, limits, &mut |_| {})
}

/// `error`, for each puzzle of a run that it ended.
fn shared(error: &Error) -> Error {
    match error {
        Error::Gpu {
            adapter,
            stage,
            message,
        } => Error::gpu(adapter.clone(), stage.clone(), message.clone()),
        Error::Config(message) => Error::Config(message.clone()),
        other => Error::Internal(other.to_string()),
    }
}
