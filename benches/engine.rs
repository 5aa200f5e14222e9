//! Criterion benchmarks of the GA engines at 9x9, 16x16 and 25x25: the CPU twins of the stages
//! one at a time (fitness, mutation, crossover, box assignment), and one generation of the
//! paper, default and walk presets on each engine.
//!
//! Throughput is reported in individual-generations per second (criterion's "elem/s"), or calls
//! per second for a stage; the walk preset's children each take `GaConfig::assign_steps` box
//! assignments. The GPU group runs only when a hardware adapter is found, or when
//! `EVOKU_BENCH_GPU=1` asks for a software one (lavapipe figures are for correctness, never speed
//! claims); it sizes the islands to fill the adapter (`evoku::plan::sizing::gpu_islands`, as
//! `evoku solve --islands auto`) and prints the invocations each stage launches.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use evoku::format::{self, ParseOptions};
use evoku::ga::cpu::assign::box_assignment;
use evoku::ga::cpu::crossover::band_crossover;
use evoku::ga::cpu::fitness::fitness;
use evoku::ga::cpu::init::init_slot;
use evoku::ga::cpu::mutation::mutation;
use evoku::ga::cpu::CpuEngine;
use evoku::ga::gpu::GpuEngine;
use evoku::ga::{Engine, GaConfig, MutationKind, Params, Preset, Problem};
use evoku::gpu::{GpuContext, GpuOptions};
use evoku::rng::{stream_key, Rng};

/// One puzzle per size: AI Escargot and two Lloyd & Amos instances at 45 % fill.
const PUZZLES: [(&str, &str); 3] = [
    ("9x9", "puzzles/ai-escargot.txt"),
    ("16x16", "puzzles/lloyd-amos-16x16-45.txt"),
    ("25x25", "puzzles/lloyd-amos-25x25-45.txt"),
];

/// The puzzle with one wrong given where one is found (`evoku_cli::bench::never_solvable`), so no
/// island solves it and turns into cheap copies while criterion keeps stepping the engine.
fn problem(path: &str, config: &GaConfig) -> Problem {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let (puzzles, _) = format::read_puzzles(&path, &ParseOptions::default()).expect("puzzle");
    let puzzle =
        evoku_cli::bench::never_solvable(&puzzles[0]).unwrap_or_else(|| puzzles[0].clone());
    Problem::for_config(&puzzle.grid, config).expect("no contradiction")
}

/// The paper preset, many islands so every core has work, no stopping.
fn bench_config(islands: u32) -> GaConfig {
    let mut config = GaConfig::preset(Preset::Paper);
    config.islands = islands;
    config.seed = 7;
    config
}

/// The GA's stages on the CPU, one call at a time, on random genomes of the paper preset:
/// fitness, the directed mutation (the draw of a swap, not applied), the band crossover of two
/// parents and one box assignment (the walk's step, applied in place: the genome stays valid).
fn cpu_stage_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cpu_stage");
    for (name, path) in PUZZLES {
        let config = bench_config(1);
        let problem = problem(path, &config);
        let params = Params::new(&problem, &config);
        let genome = |slot: u32| {
            let mut genome = vec![0u8; params.genome_bytes()];
            init_slot(&params, &problem, 0, 0, slot, &mut genome);
            genome
        };
        let (a, b) = (genome(0), genome(1));
        let mut rng = Rng::new(stream_key(config.seed, 0, 1, 0));
        group.throughput(Throughput::Elements(1));
        group.bench_function(BenchmarkId::new("fitness", name), |bench| {
            bench.iter(|| fitness(&problem, black_box(&a)))
        });
        group.bench_function(BenchmarkId::new("mutation", name), |bench| {
            bench.iter(|| mutation(&problem, MutationKind::Directed, &mut rng, black_box(&a)))
        });
        let mut child = a.clone();
        group.bench_function(BenchmarkId::new("crossover", name), |bench| {
            bench.iter(|| band_crossover(&problem, &rng, 0, 0, black_box(&a), &b, &mut child))
        });
        let noise = GaConfig::preset(Preset::Walk).assign_noise;
        group.bench_function(BenchmarkId::new("assignment", name), |bench| {
            bench.iter(|| box_assignment(&problem, noise, &mut rng, black_box(&mut child)))
        });
    }
    group.finish();
}

fn cpu_generation_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cpu_generation");
    group.sample_size(20);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (name, path) in PUZZLES {
        for (label, preset) in [
            ("paper", Preset::Paper),
            ("default", Preset::Default),
            ("walk", Preset::Walk),
        ] {
            // The 25x25 puzzle has no wrong given that keeps it unsolvable, and the walk solves
            // it within a few hundred generations: after that it would time cheap copies.
            if preset == Preset::Walk && name == "25x25" {
                continue;
            }
            let mut config = GaConfig::preset(preset);
            config.islands = 16;
            config.seed = 7;
            config.restart_after = 0;
            let problem = problem(path, &config);
            let mut engine = CpuEngine::new(problem, &config, None).expect("engine");
            let work = config.islands as u64 * config.population as u64;
            group.throughput(Throughput::Elements(work));
            let id = BenchmarkId::new(format!("{name}/{label}"), format!("{threads}-threads"));
            group.bench_function(id, |b| b.iter(|| engine.step(1).expect("step")));
        }
    }
    group.finish();
}

fn gpu_generation_bench(c: &mut Criterion) {
    let ctx = match GpuContext::new(&GpuOptions::default()) {
        Ok(ctx) if !ctx.is_software() || std::env::var("EVOKU_BENCH_GPU").as_deref() == Ok("1") => {
            ctx
        }
        Ok(ctx) => {
            eprintln!("gpu_generation: skipped, {} is a software adapter (set EVOKU_BENCH_GPU=1 to run it)", ctx.describe());
            return;
        }
        Err(e) => {
            eprintln!("gpu_generation: skipped, {e}");
            return;
        }
    };
    let mut group = c.benchmark_group("gpu_generation");
    group.sample_size(10);
    for (name, path) in PUZZLES {
        for (label, preset) in [
            ("paper", Preset::Paper),
            ("default", Preset::Default),
            ("walk", Preset::Walk),
        ] {
            // As on the CPU: the walk solves this 25x25 puzzle, after which it times copies.
            if preset == Preset::Walk && name == "25x25" {
                continue;
            }
            let mut config = GaConfig::preset(preset);
            config.seed = 7;
            config.restart_after = 0;
            let problem = problem(path, &config);
            config.islands = if ctx.is_software() {
                16
            } else {
                evoku::plan::sizing::gpu_islands(
                    &ctx,
                    problem.puzzle(),
                    &config,
                    evoku::defaults::Fill::Throughput,
                )
            };
            // An adapter's limits may refuse a preset (lavapipe's loop limit refuses the walk's
            // 50 box assignments a child): say so and measure the rest.
            let mut engine = match GpuEngine::new(&ctx, problem, &config) {
                Ok(engine) => engine,
                Err(e) => {
                    eprintln!("gpu_generation {name}/{label}: skipped, {e}");
                    continue;
                }
            };
            let launched: Vec<String> = engine
                .invocations_per_stage()
                .iter()
                .map(|(stage, n)| format!("{stage} {n}"))
                .collect();
            eprintln!(
                "gpu_generation {name}/{label}: {} islands, invocations per generation: {}",
                config.islands,
                launched.join(", ")
            );
            let generations = 16;
            engine.step(generations).expect("warm-up");
            let work = config.islands as u64 * config.population as u64 * generations as u64;
            group.throughput(Throughput::Elements(work));
            let id = BenchmarkId::new(format!("{name}/{label}"), ctx.describe());
            // The island-state read-back waits for the GPU, as the real run loop does after a
            // step.
            group.bench_function(id, |b| {
                b.iter(|| {
                    engine.step(generations).expect("step");
                    engine.islands().expect("read-back")
                })
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    cpu_stage_bench,
    cpu_generation_bench,
    gpu_generation_bench
);
criterion_main!(benches);
