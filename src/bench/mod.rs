//! Engine throughput: the same GA work (same puzzle, preset and seed) on the CPU engine and the
//! GPU engine, in individual-generations per second. The work behind `evoku bench`.
//!
//! Only generations are timed: building an engine (buffers, pipelines, `init`) and one warm-up
//! step come first. A solved island stops breeding, so the work is counted from the island
//! states (generations each island actually advanced), not assumed; and where they can, the
//! built-in puzzles carry one wrong given (see [`never_solvable`]), so no island ever stops.

use std::sync::Arc;
use std::time::Instant;

use evoku::device::Device;
use evoku::error::{Error, Result};
use evoku::export;
use evoku::format::Puzzle;
use evoku::ga::cpu::CpuEngine;
use evoku::ga::gpu::{split_islands, GpuEngine, MultiGpuEngine};
use evoku::ga::{Engine, GaConfig, Island, Problem};
use evoku::gpu::GpuContext;
use evoku::stats;

mod puzzles;
mod report;

pub use puzzles::{default_puzzle, never_solvable};
pub use report::{BenchReport, BenchRow, Throughput};

/// Whether the GPU column is measured, and why not.
#[derive(Clone)]
pub enum GpuChoice {
    Use(Arc<GpuContext>),
    /// The islands split over these devices (`--adapters`), as one run.
    Several(Arc<[GpuContext]>),
    /// No GPU column: the reason (asked for the CPU only, no adapter found, ...).
    Skip(String),
}

/// Devices the GPU column runs on.
fn adapters_len(gpu: &GpuChoice) -> usize {
    match gpu {
        GpuChoice::Use(_) => 1,
        GpuChoice::Several(contexts) => contexts.len(),
        GpuChoice::Skip(_) => 0,
    }
}

/// What to measure.
#[derive(Clone)]
pub struct BenchOptions {
    /// The GA settings both engines run (population, islands, operators, seed).
    pub config: GaConfig,
    /// The preset's name, for the report.
    pub preset: String,
    /// One puzzle per row (see [`default_puzzle`]).
    pub puzzles: Vec<Puzzle>,
    /// Generations per timed repetition; `None` picks a count per board size.
    pub generations: Option<u32>,
    pub repetitions: u32,
    /// CPU threads; `None` = all cores.
    pub threads: Option<usize>,
    pub gpu: GpuChoice,
    /// Size the islands of each row to fill the GPU column's adapters (`row_config`); both
    /// columns then run that many. `config.islands` otherwise, and on the CPU only.
    pub islands_auto: bool,
}

/// Generations per repetition when not given: about 2e7 cell-individual-generations, at least 5.
pub fn default_generations(config: &GaConfig, cells: usize) -> u32 {
    let per_generation = config.islands as u64 * config.population as u64 * cells as u64;
    (20_000_000 / per_generation.max(1)).clamp(5, 2000) as u32
}

/// `engine.step(generations)` in pieces that double while one takes under a quarter of a second,
/// so that a stop request ([`evoku::stop`]) is read between them even when `generations` would
/// take hours (`--generations 4294967295`). The engine ends in the state one step gives: a run
/// does not depend on its step size.
fn step_until_stopped(engine: &mut dyn Engine, generations: u32) -> Result<()> {
    let (mut left, mut piece) = (generations, 1u32);
    while left > 0 && !evoku::stop::requested() {
        let n = piece.min(left);
        let start = Instant::now();
        engine.step(n)?;
        left -= n;
        if start.elapsed() < std::time::Duration::from_millis(250) {
            piece = piece.saturating_mul(2);
        }
    }
    Ok(())
}

/// Times `repetitions` runs of `generations` generations on an engine that has already been
/// warmed up. Each repetition is timed up to its island read-back, which waits for the GPU.
pub fn measure(
    engine: &mut dyn Engine,
    generations: u32,
    repetitions: u32,
) -> Result<(Throughput, Vec<Island>)> {
    let population = engine.population() as u64;
    let mut before = engine.islands()?;
    let mut rates = Vec::new();
    let (mut work, mut seconds) = (0u64, 0.0);
    for _ in 0..repetitions.max(1) {
        if evoku::stop::requested() {
            break;
        }
        let start = Instant::now();
        step_until_stopped(engine, generations)?;
        let after = engine.islands()?;
        let elapsed = start.elapsed().as_secs_f64();
        let advanced: u64 = before
            .iter()
            .zip(&after)
            .map(|(b, a)| a.generation.wrapping_sub(b.generation) as u64)
            .sum();
        let individual_generations = advanced * population;
        rates.push(individual_generations as f64 / elapsed.max(1e-9));
        work += individual_generations;
        seconds += elapsed;
        before = after;
    }
    let throughput = Throughput {
        median: stats::median(&rates).unwrap_or(0.0),
        min: stats::min(&rates).unwrap_or(0.0),
        max: stats::max(&rates).unwrap_or(0.0),
        rates,
        individual_generations: work,
        seconds,
        solved_islands: before.iter().filter(|s| s.solved != 0).count() as u32,
    };
    Ok((throughput, before))
}

/// Builds, warms up (one step of a tenth of the generations) and measures one engine.
fn bench_engine(
    mut engine: Box<dyn Engine>,
    generations: u32,
    repetitions: u32,
) -> Result<(Throughput, Vec<Island>)> {
    step_until_stopped(engine.as_mut(), (generations / 10).max(1))?;
    engine.islands()?;
    measure(engine.as_mut(), generations, repetitions)
}

/// `options.config` with the islands that fill the GPU column's adapters when
/// `options.islands_auto`, as `evoku solve --islands auto` sizes them
/// ([`evoku::plan::sizing::fill_islands`]: a software adapter keeps the configured count).
fn row_config(options: &BenchOptions, puzzle: &Puzzle) -> GaConfig {
    let mut config = options.config.clone();
    let device = match &options.gpu {
        GpuChoice::Use(ctx) => Device::Gpu(ctx.clone()),
        GpuChoice::Several(contexts) => Device::Gpus(contexts.clone()),
        GpuChoice::Skip(_) => Device::Cpu,
    };
    if options.islands_auto {
        if let Some(islands) = evoku::plan::sizing::fill_islands(
            &device,
            &puzzle.grid,
            &config,
            evoku::defaults::Fill::Throughput,
        ) {
            config.islands = islands;
        }
    }
    config
}

/// Measures every puzzle on the CPU and (when chosen) the GPU; `progress` gets a line per step.
/// A stop request ([`evoku::stop`]) ends it with the rows finished so far.
pub fn run(options: &BenchOptions, progress: &mut dyn FnMut(&str)) -> Result<BenchReport> {
    let config = &options.config;
    config.validate()?;
    if options.repetitions == 0 {
        return Err(Error::invalid_option("--repetitions", 0, "at least 1"));
    }
    let (adapter, gpu_note, adapters) = match &options.gpu {
        GpuChoice::Use(ctx) => (Some(ctx.summary()), None, vec![ctx.describe()]),
        GpuChoice::Several(contexts) => (
            Some(contexts[0].summary()),
            None,
            contexts.iter().map(GpuContext::describe).collect(),
        ),
        GpuChoice::Skip(why) => (None, Some(why.clone()), Vec::new()),
    };
    // Which adapter runs how many islands: the split `MultiGpuEngine` makes.
    let islands_per_adapter = adapters
        .into_iter()
        .zip(split_islands(config.islands, adapters_len(&options.gpu)))
        .map(|(adapter, range)| (adapter, range.len() as u32))
        .collect();
    let mut rows = Vec::new();
    for puzzle in &options.puzzles {
        if evoku::stop::requested() {
            break;
        }
        let problem = Problem::for_config(&puzzle.grid, config).map_err(|e| Error::NoSolution {
            puzzle: puzzle.name.clone(),
            reason: format!("cannot benchmark on it: {}", e.0),
        })?;
        let side = problem.side();
        let config = &row_config(options, puzzle);
        let generations = options
            .generations
            .unwrap_or_else(|| default_generations(config, problem.cells()));
        progress(&format!(
            "{side}x{side} ({}): CPU, {generations} generations x {}",
            puzzle.name, options.repetitions
        ));
        let cpu_engine = Box::new(CpuEngine::new(problem.clone(), config, options.threads)?);
        let (cpu, cpu_states) = bench_engine(cpu_engine, generations, options.repetitions)?;
        let (mut gpu, mut gpu_error, mut identical) = (None, None, None);
        let mut gpu_invocations = Vec::new();
        let mut launched = |stages: Vec<(&str, u64)>| {
            gpu_invocations = stages
                .into_iter()
                .map(|(s, n)| (s.to_string(), n))
                .collect();
        };
        let engine: Option<Result<Box<dyn Engine>>> = match &options.gpu {
            GpuChoice::Use(ctx) => Some(GpuEngine::new(ctx, problem.clone(), config).map(|e| {
                launched(e.invocations_per_stage());
                Box::new(e) as Box<dyn Engine>
            })),
            GpuChoice::Several(contexts) => Some(
                MultiGpuEngine::new(contexts, problem.clone(), config).map(|e| {
                    launched(e.invocations_per_stage());
                    Box::new(e) as Box<dyn Engine>
                }),
            ),
            GpuChoice::Skip(_) => None,
        };
        if let Some(engine) = engine {
            progress(&format!("{side}x{side} ({}): GPU", puzzle.name));
            let measured =
                engine.and_then(|engine| bench_engine(engine, generations, options.repetitions));
            match measured {
                Ok((t, states)) => {
                    identical = Some(states == cpu_states);
                    gpu = Some(t);
                }
                Err(e) => gpu_error = Some(e.to_string()),
            }
        }
        if evoku::stop::requested() {
            // A measurement cut short is not one: keep only the finished rows.
            break;
        }
        rows.push(BenchRow {
            size: side,
            puzzle: puzzle.name.clone(),
            givens: puzzle.grid.givens(),
            generations,
            islands: config.islands,
            gpu_invocations,
            gpu_cpu_ratio: gpu.as_ref().map(|g| g.median / cpu.median.max(1e-9)),
            cpu,
            gpu,
            gpu_error,
            identical,
        });
    }
    Ok(BenchReport {
        cpu_model: export::cpu_model(),
        cpu_threads: options.threads.unwrap_or_else(rayon::current_num_threads),
        adapter,
        gpu_note,
        islands_per_adapter,
        preset: options.preset.clone(),
        population: config.population,
        islands: config.islands,
        seed: config.seed,
        repetitions: options.repetitions,
        rows,
    })
}
