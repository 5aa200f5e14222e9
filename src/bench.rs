//! Engine throughput: the same GA work (same puzzle, preset and seed) on the CPU engine and the
//! GPU engine, in individual-generations per second. The work behind `evoku bench`.
//!
//! Only generations are timed: building an engine (buffers, pipelines, `init`) and one warm-up
//! step come first. A solved island stops breeding, so the work is counted from the island
//! states (generations each island actually advanced), not assumed; and where they can, the
//! built-in puzzles carry one wrong given (see [`never_solvable`]), so no island ever stops.

use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use crate::device::Device;
use crate::error::{Error, Result};
use crate::exact;
use crate::export::{self, Table, Value};
use crate::format::{self, ParseOptions, Puzzle};
use crate::ga::cpu::CpuEngine;
use crate::ga::gpu::{split_islands, GpuEngine, MultiGpuEngine};
use crate::ga::{Engine, GaConfig, Island, Problem};
use crate::gpu::{AdapterSummary, GpuContext};
use crate::stats;

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
    /// Size the islands of each row to fill the GPU ([`crate::defaults::gpu_islands`], per
    /// adapter); both columns then run that many. `config.islands` otherwise, and on the CPU only.
    pub islands_auto: bool,
}

/// Throughput of one engine on one puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct Throughput {
    /// Individual-generations per second of each repetition.
    pub rates: Vec<f64>,
    pub median: f64,
    pub min: f64,
    pub max: f64,
    /// Individual-generations timed, over all repetitions.
    pub individual_generations: u64,
    /// Seconds timed, over all repetitions.
    pub seconds: f64,
    /// Islands that solved the puzzle (and so stopped breeding) by the end.
    pub solved_islands: u32,
}

/// One board size.
#[derive(Clone, Debug, Serialize)]
pub struct BenchRow {
    /// Side `n` of the board.
    pub size: usize,
    pub puzzle: String,
    pub givens: usize,
    /// Generations per repetition.
    pub generations: u32,
    /// Islands both engines ran (the GPU-filling count with `islands_auto`).
    pub islands: u32,
    /// Invocations the GPU launched per generation, stage by stage (empty without a GPU column).
    pub gpu_invocations: Vec<(String, u64)>,
    pub cpu: Throughput,
    pub gpu: Option<Throughput>,
    /// Why the GPU column is empty for this size (e.g. the adapter's limits).
    pub gpu_error: Option<String>,
    /// GPU median over CPU median.
    pub gpu_cpu_ratio: Option<f64>,
    /// Both engines ended in the same island states (they should: the GPU is the CPU's twin).
    pub identical: Option<bool>,
}

/// Everything `evoku bench` prints and exports.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub cpu_model: String,
    pub cpu_threads: usize,
    pub adapter: Option<AdapterSummary>,
    /// Why there is no GPU column, when there is none.
    pub gpu_note: Option<String>,
    /// Each adapter the GPU column ran on and its islands (several with `--adapters`).
    pub islands_per_adapter: Vec<(String, u32)>,
    pub preset: String,
    pub population: u32,
    pub islands: u32,
    pub seed: u64,
    pub repetitions: u32,
    pub rows: Vec<BenchRow>,
}

/// The puzzle a size is measured on by default: AI Escargot (9x9) and the Lloyd & Amos 45 %
/// instances (16x16, 25x25), with one wrong given where one is found ([`never_solvable`]: 9x9
/// and 16x16); other box sizes get an empty board. The 25x25 instance has so many solutions that
/// no single wrong given was found; it keeps its givens: the GA does not solve it within a
/// measurement, and an island that did would be counted out.
pub fn default_puzzle(box_size: usize) -> Result<Puzzle> {
    let text = match box_size {
        3 => include_str!("../puzzles/ai-escargot.txt"),
        4 => include_str!("../puzzles/lloyd-amos-16x16-45.txt"),
        5 => include_str!("../puzzles/lloyd-amos-25x25-45.txt"),
        b => {
            let side = b * b;
            let geometry = crate::board::Geometry::new(b).ok_or_else(|| {
                Error::invalid_option("box size", b, "2..=8 (boards 4x4 to 64x64)")
            })?;
            return Ok(Puzzle {
                name: format!("empty-{side}x{side}"),
                grid: crate::board::Grid::empty(geometry),
                file: "<built-in>".into(),
                line: 1,
            });
        }
    };
    let (mut puzzles, _) = format::parse_str(text, "<built-in>", &ParseOptions::default())?;
    let puzzle = puzzles.remove(0);
    Ok(never_solvable(&puzzle).unwrap_or(puzzle))
}

/// `puzzle` plus one wrong given that singles propagation does not expose, proven by the exact
/// solver to leave no solution: to the GA it looks like the original and is as much work per
/// generation, but no island can ever solve it and stop. On a puzzle with one solution the first
/// digit tried works; on one with many, a digit may still leave solutions and the next is tried.
/// `None` when none is found within a small search budget.
pub fn never_solvable(puzzle: &Puzzle) -> Option<Puzzle> {
    let limits = exact::Limits {
        max_solutions: 1,
        max_nodes: 20_000,
        time_limit: None,
    };
    let solution = exact::solve(&puzzle.grid, &limits).first()?.clone();
    let propagated = exact::propagate(&puzzle.grid).ok()?;
    let mut attempts = 0;
    for cell in 0..puzzle.grid.geometry().cells() {
        if propagated.grid.get(cell) != 0 {
            continue;
        }
        let candidates = propagated.candidates[cell];
        for digit in 1..=puzzle.grid.geometry().side() as u8 {
            if candidates & (1u64 << (digit - 1)) == 0 || digit == solution.get(cell) {
                continue;
            }
            attempts += 1;
            if attempts > 12 {
                return None;
            }
            let mut grid = puzzle.grid.clone();
            grid.set(cell, digit);
            if exact::propagate(&grid).is_err() || !exact::solve(&grid, &limits).has_no_solution() {
                continue;
            }
            return Some(Puzzle {
                name: format!("{} +1 wrong given", puzzle.name),
                grid,
                file: puzzle.file.clone(),
                line: puzzle.line,
            });
        }
    }
    None
}

/// Generations per repetition when not given: about 2e7 cell-individual-generations, at least 5.
pub fn default_generations(config: &GaConfig, cells: usize) -> u32 {
    let per_generation = config.islands as u64 * config.population as u64 * cells as u64;
    (20_000_000 / per_generation.max(1)).clamp(5, 2000) as u32
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
        if crate::stop::requested() {
            break;
        }
        let start = Instant::now();
        engine.step(generations)?;
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
    engine.step((generations / 10).max(1))?;
    engine.islands()?;
    measure(engine.as_mut(), generations, repetitions)
}

/// `options.config` with the islands that fill the GPU column's adapters when
/// `options.islands_auto`, as `evoku solve --islands auto` sizes them
/// ([`crate::device::Device::fill_islands`]: a software adapter keeps the configured count).
fn row_config(options: &BenchOptions, puzzle: &Puzzle) -> GaConfig {
    let mut config = options.config.clone();
    let device = match &options.gpu {
        GpuChoice::Use(ctx) => Device::Gpu(ctx.clone()),
        GpuChoice::Several(contexts) => Device::Gpus(contexts.clone()),
        GpuChoice::Skip(_) => Device::Cpu,
    };
    if options.islands_auto {
        if let Some(islands) = device.fill_islands(&puzzle.grid, &config) {
            config.islands = islands;
        }
    }
    config
}

/// Measures every puzzle on the CPU and (when chosen) the GPU; `progress` gets a line per step.
/// A stop request ([`crate::stop`]) ends it with the rows finished so far.
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
        if crate::stop::requested() {
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
        if crate::stop::requested() {
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

impl BenchReport {
    /// Where it ran, one line each for the CPU and the GPU.
    pub fn describe(&self) -> Vec<(String, String)> {
        let gpu = match (&self.adapter, &self.gpu_note) {
            (Some(a), _) => format!(
                "{} ({}, {}{})",
                a.name,
                a.backend,
                a.device_type,
                if a.software {
                    ", software adapter: figures are not GPU speed"
                } else {
                    ""
                }
            ),
            (None, Some(why)) => format!("none ({why})"),
            (None, None) => "none".into(),
        };
        let gpu = match self.islands_per_adapter.as_slice() {
            several @ [_, _, ..] => several
                .iter()
                .map(|(adapter, islands)| {
                    format!("{adapter}: {}", export::count(*islands, "island"))
                })
                .collect::<Vec<_>>()
                .join("; "),
            _ => gpu,
        };
        vec![
            (
                "cpu".into(),
                format!("{}, {} threads", self.cpu_model, self.cpu_threads),
            ),
            ("gpu".into(), gpu),
            (
                "work".into(),
                format!(
                    "preset {}, population {}, islands {}, seed {}, {} repetitions (median, min, max)",
                    self.preset, self.population, self.islands, self.seed, self.repetitions
                ),
            ),
        ]
    }

    /// The report as a table: one row per board size, rates in individual-generations/s.
    pub fn table(&self) -> Table {
        let mut table = Table::new(
            "Engine throughput (individual-generations per second)",
            &[
                "size",
                "name",
                "generations",
                "islands",
                "cpu_median",
                "cpu_min",
                "cpu_max",
                "gpu_median",
                "gpu_min",
                "gpu_max",
                "gpu_cpu_ratio",
                "identical",
                "gpu_invocations",
                "note",
            ],
        );
        for (k, v) in self.describe() {
            table.meta(&k, v);
        }
        for r in &self.rows {
            let g = r.gpu.as_ref();
            let mut notes = Vec::new();
            if let Some(e) = &r.gpu_error {
                notes.push(format!("GPU not run: {e}"));
            }
            let solved = r.cpu.solved_islands + g.map_or(0, |g| g.solved_islands);
            if solved > 0 {
                notes.push(format!(
                    "{} islands solved and stopped breeding (counted)",
                    r.cpu.solved_islands
                ));
            }
            table.push(vec![
                r.size.into(),
                r.puzzle.as_str().into(),
                r.generations.into(),
                r.islands.into(),
                r.cpu.median.into(),
                r.cpu.min.into(),
                r.cpu.max.into(),
                g.map(|g| g.median).into(),
                g.map(|g| g.min).into(),
                g.map(|g| g.max).into(),
                r.gpu_cpu_ratio.into(),
                r.identical.into(),
                if r.gpu_invocations.is_empty() {
                    Value::Empty
                } else {
                    r.gpu_invocations
                        .iter()
                        .map(|(stage, n)| format!("{stage} {n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                        .into()
                },
                if notes.is_empty() {
                    Value::Empty
                } else {
                    notes.join("; ").into()
                },
            ]);
        }
        table
    }
}
