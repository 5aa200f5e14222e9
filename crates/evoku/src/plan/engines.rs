//! Every engine is built here from a [`Device`]: the GA's (CPU, one GPU, several GPUs) and the
//! ACS's, so that [`crate::device`] stays a plain value and no engine module imports it.

use std::time::Duration;

use crate::aco::{self, AcoConfig, AcoEngine, AcoLimits, AcoOutcome, AcoTables};
use crate::board::Grid;
use crate::device::Device;
use crate::error::Result;
use crate::format::Puzzle;
use crate::ga::cpu::CpuEngine;
use crate::ga::gpu::{GpuEngine, MultiGpuEngine};
use crate::ga::trace::{trace_ga, FitnessTrace};
use crate::ga::{Engine, GaConfig, Problem, Progress};

use super::SolveOptions;

/// A GA engine for `problem` on `device` (the CPU engine on `threads` threads, `None` = all
/// cores; one GPU's; or the islands split over several GPUs).
pub fn ga_engine(
    device: &Device,
    problem: Problem,
    config: &GaConfig,
    threads: Option<usize>,
) -> Result<Box<dyn Engine>> {
    Ok(match device {
        Device::Cpu => Box::new(CpuEngine::new(problem, config, threads)?),
        Device::Gpu(ctx) => Box::new(GpuEngine::new(ctx, problem, config)?),
        Device::Gpus(contexts) => Box::new(MultiGpuEngine::new(contexts, problem, config)?),
    })
}

/// [`ga_engine`] whose build ends early at `stop` (the run's deadline or a signal): `Ok(None)`
/// then ([`CpuEngine::new_within`], [`GpuEngine::new_within`]: on a software adapter `init`
/// goes in pieces). An engine over several GPUs is not cut.
pub fn ga_engine_within(
    device: &Device,
    problem: Problem,
    config: &GaConfig,
    threads: Option<usize>,
    stop: crate::stop::Stop,
) -> Result<Option<Box<dyn Engine>>> {
    match device {
        Device::Cpu => Ok(CpuEngine::new_within(problem, config, threads, stop)?
            .map(|engine| Box::new(engine) as Box<dyn Engine>)),
        Device::Gpu(ctx) => Ok(GpuEngine::new_within(ctx, problem, config, stop)?
            .map(|engine| Box::new(engine) as Box<dyn Engine>)),
        _ => ga_engine(device, problem, config, threads).map(Some),
    }
}

/// The ACS engine of `device` for `tables`' board, without the checks of [`aco_engine`]: the
/// CPU engine, one GPU's, or the colonies split over several GPUs ([`aco::gpu::MultiGpuAco`]).
pub fn aco_engine_on(
    device: &Device,
    tables: AcoTables,
    config: &AcoConfig,
    threads: Option<usize>,
) -> Result<Box<dyn AcoEngine>> {
    Ok(match device {
        Device::Cpu => Box::new(aco::cpu::CpuAco::new(tables, config, threads)?),
        Device::Gpu(ctx) => Box::new(aco::gpu::GpuAco::new(ctx, tables, config)?),
        Device::Gpus(contexts) => Box::new(aco::gpu::MultiGpuAco::new(contexts, tables, config)?),
    })
}

/// The validated ACS engine for `puzzle` on `device` (a GPU engine checks the adapter's limits
/// here), or `Ok(Err(why))` when propagation of the givens proves there is no solution.
pub fn aco_engine(
    puzzle: &Grid,
    config: &AcoConfig,
    device: &Device,
    threads: Option<usize>,
) -> Result<std::result::Result<Box<dyn AcoEngine>, String>> {
    config.validate()?;
    if let Err(why) = crate::exact::propagate(puzzle) {
        return Ok(Err(why.to_string()));
    }
    Ok(Ok(aco_engine_on(
        device,
        AcoTables::new(puzzle),
        config,
        threads,
    )?))
}

/// Solves `puzzle` with the Ant Colony System on `device` (the CPU engine on `threads` threads,
/// `None` = all cores; or the GPU engine). `progress` is called after every step of a few
/// iterations (`generation` = iterations, `best_penalty` = cells the best ant left empty).
///
/// A puzzle whose givens propagation proves contradictory is not run: the outcome says why in
/// `unsolvable`. (`evoku solve` also runs the exact no-solution check between [`aco_engine`]
/// and [`aco::run()`], as it does for the GA.)
pub fn aco_solve(
    puzzle: &Grid,
    config: &AcoConfig,
    device: &Device,
    threads: Option<usize>,
    time_limit: Option<Duration>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<AcoOutcome> {
    let start = std::time::Instant::now();
    let mut engine = match aco_engine(puzzle, config, device, threads)? {
        Ok(engine) => engine,
        Err(why) => return Ok(AcoOutcome::unsolvable(puzzle, why, start)),
    };
    let limits = AcoLimits {
        max_iterations: config.max_iterations,
        time_limit,
    };
    let mut outcome = aco::run(engine.as_mut(), puzzle, limits, progress)?;
    outcome.seconds = start.elapsed().as_secs_f64();
    Ok(outcome)
}

/// Replays the GA run `solve_puzzle` made with `options` for its `generations` generations and
/// records the fitness, at most `max_points` samples (a run is a pure function of its seed, so
/// the replay is that run; [`trace_ga`]).
pub fn trace_run(
    puzzle: &Puzzle,
    options: &SolveOptions,
    generations: u64,
    max_points: u32,
) -> Result<FitnessTrace> {
    let stop = crate::stop::Stop::on_request();
    trace_run_within(puzzle, options, generations, max_points, stop)
}

/// [`trace_run`] ending at `stop` too ([`trace_ga`]).
pub fn trace_run_within(
    puzzle: &Puzzle,
    options: &SolveOptions,
    generations: u64,
    max_points: u32,
    stop: crate::stop::Stop,
) -> Result<FitnessTrace> {
    trace_ga(
        puzzle,
        &options.ga,
        &options.device,
        options.threads,
        generations,
        max_points,
        stop,
    )
}
