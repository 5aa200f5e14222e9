//! The per-generation fitness of one GA run (`evoku solve --plot`): replayed, sampled and drawn.

use std::path::Path;

use plotters::prelude::*;

use super::{color, tick, SIZE};
use evoku::device::Device;
use evoku::error::{Error, Result};
use evoku::format::Puzzle;
use evoku::ga::cpu::CpuEngine;
use evoku::ga::gpu::GpuEngine;
use evoku::ga::{Engine, Island, Problem};
use evoku::solve::SolveOptions;

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

/// Replays the GA run `solve_puzzle` made with `options` for its `generations` generations and
/// records the fitness, at most `max_points` samples (a run is a pure function of its seed, so
/// the replay is that run). The population is read back at every sample, which on a GPU is slow.
pub fn trace_run(
    puzzle: &Puzzle,
    options: &SolveOptions,
    generations: u64,
    max_points: u32,
) -> Result<FitnessTrace> {
    let config = &options.ga;
    let problem = Problem::for_config(&puzzle.grid, config).map_err(|e| Error::NoSolution {
        puzzle: puzzle.name.clone(),
        reason: e.0,
    })?;
    let mut engine = match &options.device {
        Device::Cpu => Concrete::Cpu(Box::new(CpuEngine::new(problem, config, options.threads)?)),
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
        if generation >= total || islands.iter().any(|s| s.solved != 0) {
            break;
        }
        let now = stride.min(total - generation);
        engine.engine().step(now)?;
        generation += now;
    }
    Ok(trace)
}

/// A line of the fitness chart: label, colour, width, and the value it plots.
type TraceLine = (&'static str, RGBColor, u32, fn(&TracePoint) -> f64);

/// Best, mean and best-so-far penalty per generation, restarts as vertical grey lines.
pub fn fitness_chart(path: &Path, title: &str, trace: &FitnessTrace) -> Result<()> {
    super::svg(path, SIZE, |root| {
        root.fill(&WHITE)?;
        let last = trace.points.last().map_or(1, |p| p.generation).max(1) as f64;
        let top = trace
            .points
            .iter()
            .map(|p| p.mean.max(p.best as f64))
            .fold(1.0, f64::max)
            * 1.05;
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..last, 0f64..top)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_label_formatter(&tick)
            .y_label_formatter(&tick)
            .x_desc("generation")
            .y_desc("penalty (digits missing from rows and columns; 0 = solved)")
            .draw()?;
        let restart = color(3).mix(0.45);
        if !trace.restarts.is_empty() {
            chart
                .draw_series(trace.restarts.iter().map(|&g| {
                    PathElement::new(
                        vec![(g as f64, 0.0), (g as f64, top)],
                        restart.stroke_width(1),
                    )
                }))?
                // Not a count: islands restarting in the same sampled generation share a line;
                // the title gives the run's count.
                .label("restart (some island)")
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x - 5, y), (x + 15, y)], restart.stroke_width(2))
                });
        }
        // Best so far underneath, wide and pale, so the best of each generation shows on it.
        let lines: [TraceLine; 3] = [
            ("best so far", color(2), 5, |p| p.best_so_far as f64),
            ("mean of generation", color(0), 2, |p| p.mean),
            ("best of generation", color(1), 2, |p| p.best as f64),
        ];
        for (label, c, width, y) in lines {
            chart
                .draw_series(LineSeries::new(
                    trace.points.iter().map(|p| (p.generation as f64, y(p))),
                    c.stroke_width(width),
                ))?
                .label(label)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x - 5, y), (x + 15, y)], c.stroke_width(width))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
        Ok(())
    })
}
