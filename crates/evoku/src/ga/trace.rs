//! The per-generation fitness of one GA run, replayed: what `evoku solve --plot` draws and
//! `evoku.run_ga` (the Python module) returns. A run is a pure function of its seed, so the
//! replay is that run.

use crate::device::Device;
use crate::error::{Error, Result};
use crate::format::Puzzle;
use crate::ga::cpu::CpuEngine;
use crate::ga::gpu::GpuEngine;
use crate::ga::{Engine, GaConfig, Island, Problem};

/// Fitness of one generation of a run (penalties: digits missing from rows and columns).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct TracePoint {
    pub generation: u32,
    /// Lowest penalty in this generation, over all islands.
    pub best: u32,
    /// Mean penalty of every individual of every island.
    pub mean: f64,
    /// Lowest penalty seen so far.
    pub best_so_far: u32,
    /// Restarts so far, all islands together.
    pub restarts: u32,
}

/// A run's fitness over its generations (sampled when the run is long).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct FitnessTrace {
    pub points: Vec<TracePoint>,
    /// Generations at which some island restarted (at the sampling's resolution).
    pub restarts: Vec<u32>,
}

/// The two engines, concretely: the trace needs the population's penalties.
enum Concrete {
    Cpu(Box<CpuEngine>),
    Gpu(Box<GpuEngine>),
}

impl Concrete {
    fn engine(&mut self) -> &mut dyn Engine {
        match self {
            Concrete::Cpu(e) => e.as_mut(),
            Concrete::Gpu(e) => e.as_mut(),
        }
    }

    fn penalties(&self) -> Result<Vec<u32>> {
        match self {
            Concrete::Cpu(e) => Ok(e.penalties()),
            Concrete::Gpu(e) => e.penalties(),
        }
    }
}

fn trace_point(generation: u32, islands: &[Island], penalties: &[u32]) -> TracePoint {
    TracePoint {
        generation,
        best: islands.iter().map(|s| s.best_penalty).min().unwrap_or(0),
        mean: penalties.iter().map(|&p| p as f64).sum::<f64>() / penalties.len().max(1) as f64,
        best_so_far: islands
            .iter()
            .map(|s| s.overall_best_penalty)
            .min()
            .unwrap_or(0),
        restarts: islands.iter().map(|s| s.restarts).sum(),
    }
}

/// Runs the GA with `config` on `device` (`threads` CPU threads) for at most `generations`
/// generations, ending early when it solves `puzzle`, and records the fitness, at most
/// `max_points` samples (`crate::plan::engines::trace_run` replays a solve with it).
/// It ends at `stop` too (a deadline: `solve --plot` keeps the replay inside the time limit;
/// `Stop::on_request()` for none), and the trace then covers the generations replayed by then.
pub fn trace_ga(
    puzzle: &Puzzle,
    config: &GaConfig,
    device: &Device,
    threads: Option<usize>,
    generations: u64,
    max_points: u32,
    stop: crate::stop::Stop,
) -> Result<FitnessTrace> {
    let problem = Problem::for_config(&puzzle.grid, config).map_err(|e| Error::NoSolution {
        puzzle: puzzle.name.clone(),
        reason: e.0,
    })?;
    let mut engine = match device {
        Device::Cpu => Concrete::Cpu(Box::new(CpuEngine::new(problem, config, threads)?)),
        Device::Gpu(ctx) => Concrete::Gpu(Box::new(GpuEngine::new(ctx, problem, config)?)),
        // A trace reads whole populations: one device (the run is the same on several).
        Device::Gpus(contexts) => {
            Concrete::Gpu(Box::new(GpuEngine::new(&contexts[0], problem, config)?))
        }
    };
    let total = generations.min(u32::MAX as u64) as u32;
    let stride = total.div_ceil(max_points.max(1)).max(1);
    let mut trace = FitnessTrace::default();
    let mut generation = 0u32;
    let mut restarts = 0u32;
    loop {
        let islands = engine.engine().islands()?;
        let point = trace_point(generation, &islands, &engine.penalties()?);
        if point.restarts > restarts {
            trace.restarts.push(generation);
            restarts = point.restarts;
        }
        trace.points.push(point);
        let solved = islands.iter().any(|s| s.solved != 0);
        if generation >= total || solved || stop.reached() {
            break;
        }
        let now = stride.min(total - generation);
        // A long generation (on a software GPU) is cut at a stop; the trace ends with the
        // generations finished.
        generation += engine.engine().step_or_cut(now, &|| stop.reached())?;
    }
    Ok(trace)
}
