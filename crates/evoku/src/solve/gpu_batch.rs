//! A batch of puzzles solved by the GA or the ACS on one GPU: many puzzles share each launch
//! ([`crate::ga::gpu::GpuEngine::new_batch`], [`crate::aco::gpu::GpuAco::new_batch`]), each
//! puzzle with the islands or colonies it has when solved alone, and each puzzle's report is
//! the one it gets alone (timings aside).
//!
//! Puzzles are taken in input order in runs of one board size and one configuration, as many
//! to a run as fill the device together (`gpu_runs::Engines::width`); a run's puzzles are
//! prepared one by one as [`super::solve_puzzle`] prepares them (the problem's setup, the exact
//! pre-check, which may decide a puzzle before the engine starts), the rest solved in one
//! engine, and the run's reports handed back in input order. What differs between the two
//! solvers is in `gpu_runs`.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use super::gpu_runs::{Aco, Engines, Ga};
use super::{Algorithm, SolveOptions, SolveReport, Solving};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::format::Puzzle;
use crate::gpu::GpuContext;
use crate::plan::RunPlan;

/// The GPU whose launches a batch of `puzzles` puzzles solved with `options` shares: the GA or
/// the ACS on one GPU, more than one puzzle (`--jobs` caps each launch's puzzles). `None`: the
/// batch runs as [`super::batch`] says.
pub fn shared_gpu(puzzles: usize, options: &SolveOptions) -> Option<&GpuContext> {
    match (&options.device, options.algorithm) {
        (Device::Gpu(ctx), Algorithm::Ga | Algorithm::Aco) if puzzles > 1 => Some(ctx),
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
        let aco = plan.options.algorithm == Algorithm::Aco;
        let fill = if aco {
            Aco::width(ctx, &first.grid, &plan)
        } else {
            Ga::width(ctx, &first.grid, &plan)
        };
        // `--jobs` caps the puzzles in progress at once, those of one launch too.
        let width = fill.min(plan.options.jobs.unwrap_or(usize::MAX)).max(1);
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
        let reports = if aco {
            solve_run::<Aco>(ctx, run, &plans, stop)
        } else {
            solve_run::<Ga>(ctx, run, &plans, stop)
        };
        for (k, report) in reports.into_iter().enumerate() {
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
        && a.options.algorithm == b.options.algorithm
        && match a.options.algorithm {
            Algorithm::Aco => a.options.aco == b.options.aco,
            _ => a.options.ga == b.options.ga,
        }
        && a.options.time_limit == b.options.time_limit
        && a.precheck == b.precheck
}

/// Solves one run of puzzles (one size, one plan each, all alike) in one engine of `E`; the
/// reports in input order. Once `stop()` is true no puzzle is prepared and no engine started:
/// the reports are then those of the puzzles prepared so far, the undecided ones interrupted.
fn solve_run<E: Engines>(
    ctx: &GpuContext,
    puzzles: &[&Puzzle],
    plans: &[RunPlan],
    stop: &dyn Fn() -> bool,
) -> Vec<Result<SolveReport>> {
    let start = Instant::now();
    let mut reports: Vec<Option<Result<SolveReport>>> = puzzles.iter().map(|_| None).collect();
    // The puzzles the engine runs on: their index in the run, report so far and input.
    let mut running: Vec<(usize, SolveReport, E::Input)> = Vec::new();
    for (k, (puzzle, plan)) in puzzles.iter().zip(plans).enumerate() {
        // A pre-check takes up to a quarter of the time limit: none starts after a stop request.
        if stop() {
            break;
        }
        let solving = Solving {
            puzzle,
            plan,
            start,
        };
        match E::prepare(&solving) {
            Err(report) => reports[k] = Some(Ok(solving.finished(*report))),
            Ok((mut report, input)) => {
                if solving.decided_by_precheck(&mut report) {
                    reports[k] = Some(Ok(solving.finished(report)));
                } else {
                    running.push((k, report, input));
                }
            }
        }
    }
    if stop() {
        // The puzzles prepared but not run are reported interrupted, those never prepared not.
        for (k, mut report, _) in running {
            report.interrupted = true;
            reports[k] = Some(Ok(report.finished(start)));
        }
        return reports.into_iter().map_while(|r| r).collect();
    }
    if let Some(&(k, _, _)) = running.first() {
        let plan = &plans[k];
        let inputs: Vec<E::Input> = running.iter().map(|(_, _, input)| input.clone()).collect();
        // The time limit counts from the start of the run, which every puzzle of it shares: the
        // pre-checks and the engine's build spend it too (as a puzzle's setup does alone).
        let left = || plan.time_left(start);
        let outcomes: Vec<Result<E::Outcome>> = match E::batch(ctx, &inputs, plan, &left) {
            Ok(Ok(outcomes)) => outcomes.into_iter().map(Ok).collect(),
            Ok(Err(error)) => inputs.iter().map(|_| Err(shared(&error))).collect(),
            // An engine the run cannot share (a puzzle's fullest unit beyond a software
            // adapter's loop budget, the adapter's buffer limits): each puzzle alone, as when
            // it is solved alone, each one's limit counting from its own start.
            Err(_) => inputs
                .iter()
                .map(|input| E::alone(ctx, input, plan, plan.options.time_limit))
                .collect(),
        };
        for ((k, report, _), outcome) in running.into_iter().zip(outcomes) {
            let solving = Solving {
                puzzle: puzzles[k],
                plan: &plans[k],
                start,
            };
            reports[k] = Some(outcome.map(|outcome| E::report(&solving, report, &outcome)));
        }
    }
    reports
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|| Err(Error::Internal("a puzzle of a batch has no report".into())))
        })
        .collect()
}

/// The time left of a run's limit, when it is asked (after the engine's build).
pub(super) type TimeLeft<'a> = &'a dyn Fn() -> Option<Duration>;

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
