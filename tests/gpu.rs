//! Tests: gpu. The WGSL validates under naga (always), and on any adapter (lavapipe in CI) the
//! GPU engine reproduces the CPU engine bit for bit: random draws, every stage after init and
//! after each generation, and whole runs.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use evoku::board::{Geometry, Grid};
use evoku::error::Error;
use evoku::ga::cpu::CpuEngine;
use evoku::ga::gpu::GpuEngine;
use evoku::ga::{
    run, CrossoverKind, Engine, GaConfig, GaOutcome, InitKind, Island, MutationKind, MutationScope,
    Preset, Problem, RunLimits,
};
use evoku::gpu::{shaders, GpuContext, GpuOptions, Stage};

use crate::util;

/// The shared device, held by one test at a time: the uncaptured-error log belongs to the
/// device, so a test running beside another could be handed the other's error; and lavapipe
/// already uses every core.
pub(crate) struct GpuLease {
    _turn: MutexGuard<'static, ()>,
    ctx: Arc<GpuContext>,
}

impl GpuLease {
    /// The shared context, for a [`evoku::device::Device`].
    pub(crate) fn arc(&self) -> Arc<GpuContext> {
        self.ctx.clone()
    }
}

impl std::ops::Deref for GpuLease {
    type Target = GpuContext;
    fn deref(&self) -> &GpuContext {
        &self.ctx
    }
}

/// The device shared by every GPU test, or `None` (after a visible message) when there is none;
/// with `EVOKU_REQUIRE_GPU=1` (CI) a missing adapter fails instead.
pub(crate) fn gpu() -> Option<GpuLease> {
    static CONTEXT: OnceLock<Option<Arc<GpuContext>>> = OnceLock::new();
    static TURN: Mutex<()> = Mutex::new(());
    let ctx = CONTEXT
        .get_or_init(|| match GpuContext::new(&GpuOptions::default()) {
            Ok(ctx) => {
                let _ = writeln!(std::io::stderr(), "GPU tests on {}", ctx.describe());
                Some(Arc::new(ctx))
            }
            Err(e) => {
                if std::env::var("EVOKU_REQUIRE_GPU").is_ok_and(|v| v == "1") {
                    panic!("EVOKU_REQUIRE_GPU=1 but: {e}");
                }
                // Straight to stderr: libtest captures `eprintln!` but not this.
                let _ = writeln!(std::io::stderr(), "SKIPPED: no GPU adapter ({e})");
                None
            }
        })
        .clone()?;
    // A test that failed while holding the turn poisons the lock; the device is still usable.
    let turn = TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let _ = ctx.check("a previous test");
    Some(GpuLease { _turn: turn, ctx })
}

#[test]
fn every_pipeline_source_validates_with_naga() {
    let geometry = evoku::board::Geometry::new(3).expect("9x9");
    for stage in Stage::ALL {
        let source = stage.source(geometry);
        let module = util::validate_wgsl(stage.name(), &source);
        let entry = module
            .entry_points
            .iter()
            .find(|e| e.name == stage.name())
            .unwrap_or_else(|| panic!("{} has no entry point of its name", stage.name()));
        // The host divides the individuals into workgroups of this size; `island_best` runs
        // one workgroup per island.
        let size = if stage == Stage::IslandBest {
            evoku::ga::common::ISLAND_BEST_WORKGROUP
        } else {
            evoku::ga::common::WORKGROUP_SIZE
        };
        assert_eq!(entry.workgroup_size, [size, 1, 1], "{}", stage.name());
    }
    util::validate_wgsl("rng_probe", &rng_probe_source());
}

// ---- random draws -------------------------------------------------------------------------

fn rng_probe_source() -> String {
    let probe = "
@group(0) @binding(0) var<storage, read> queries: array<u32>;
@group(0) @binding(1) var<storage, read_write> answers: array<u32>;

// Query k: seed_lo, seed_hi, island, generation, individual, index.
@compute @workgroup_size(1)
fn rng_probe(@builtin(global_invocation_id) gid: vec3<u32>) {
    let q = 6u * gid.x;
    let key = stream_key(queries[q], queries[q + 1u], queries[q + 2u], queries[q + 3u], queries[q + 4u]);
    var rng = rng_new(key);
    for (var i = 0u; i < queries[q + 5u]; i++) {
        _ = next_u32(&rng);
    }
    // The sequential draw, the random-access one and the raw hash must agree.
    let sequential = next_u32(&rng);
    answers[3u * gid.x] = draw(key, queries[q + 5u]);
    answers[3u * gid.x + 1u] = sequential;
    answers[3u * gid.x + 2u] = at(rng, queries[q + 5u]);
}
";
    shaders::assemble(&[shaders::RNG]) + probe
}

/// Reads a whole buffer back (tests only).
fn read_back(ctx: &GpuContext, buffer: &wgpu::Buffer) -> Vec<u32> {
    let size = buffer.size();
    let staging = ctx.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("test read-back"),
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = ctx.device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, size);
    let index = ctx.queue.submit([encoder.finish()]);
    staging
        .slice(..)
        .map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    ctx.device
        .poll(wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: Some(std::time::Duration::from_secs(60)),
        })
        .expect("poll");
    let words = bytemuck::pod_collect_to_vec(&staging.slice(..).get_mapped_range().expect("view"));
    staging.unmap();
    words
}

#[test]
fn gpu_draws_match_the_known_answers() {
    let Some(ctx) = gpu() else { return };
    use wgpu::util::DeviceExt;
    let queries: Vec<u32> = evoku::rng::KNOWN
        .iter()
        .flat_map(|&(seed, island, generation, individual, index, _)| {
            [
                seed as u32,
                (seed >> 32) as u32,
                island,
                generation,
                individual,
                index,
            ]
        })
        .collect();
    let count = evoku::rng::KNOWN.len() as u32;
    let answers = ctx
        .scoped("rng probe", || {
            let module = ctx
                .device
                .create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some("rng_probe"),
                    source: wgpu::ShaderSource::Wgsl(rng_probe_source().into()),
                });
            let pipeline = ctx
                .device
                .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: Some("rng_probe"),
                    layout: None,
                    module: &module,
                    entry_point: Some("rng_probe"),
                    compilation_options: Default::default(),
                    cache: None,
                });
            let input = ctx
                .device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("queries"),
                    contents: bytemuck::cast_slice(&queries),
                    usage: wgpu::BufferUsages::STORAGE,
                });
            let output = ctx.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("answers"),
                size: 12 * count as u64,
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            let bind_group = ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("rng_probe"),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: input.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: output.as_entire_binding(),
                    },
                ],
            });
            let mut encoder = ctx.device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(&pipeline);
                pass.set_bind_group(0, &bind_group, &[]);
                pass.dispatch_workgroups(count, 1, 1);
            }
            ctx.queue.submit([encoder.finish()]);
            output
        })
        .expect("rng probe pipeline");
    let answers = read_back(&ctx, &answers);
    for (k, &(seed, _, _, _, _, expected)) in evoku::rng::KNOWN.iter().enumerate() {
        assert_eq!(
            &answers[3 * k..3 * k + 3],
            &[expected; 3],
            "GPU draw for seed {seed:#x} (draw, sequential, at)"
        );
    }
}

// ---- puzzles --------------------------------------------------------------------------------

/// A 9x9 puzzle of 81 symbols (`.` or `0` empty).
fn grid81(line: &str) -> Grid {
    let cells = line
        .chars()
        .take(81)
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    Grid::from_cells(Geometry::new(3).unwrap(), cells).expect("81 cells")
}

pub(crate) fn seed_puzzle(name: &str) -> Grid {
    let text = std::fs::read_to_string(util::data("seed-puzzles.txt")).unwrap();
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no seed puzzle {name}"));
    grid81(line.split_whitespace().nth(2).unwrap())
}

pub(crate) fn easy_puzzle(k: usize) -> Grid {
    let text = std::fs::read_to_string(util::data("nine/easy50.txt")).unwrap();
    let line = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .nth(k)
        .unwrap();
    grid81(line)
}

/// A Lloyd & Amos instance: box size, `1`, then rows of tab-separated values, -1 empty.
pub(crate) fn lloyd_amos(file: &str) -> Grid {
    let path = util::lloyd_amos(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let box_size: usize = lines.next().unwrap().trim().parse().unwrap();
    lines.next();
    let cells = lines
        .flat_map(|l| l.split_whitespace())
        .map(|v| v.parse::<i32>().unwrap().max(0) as u8)
        .collect();
    Grid::from_cells(Geometry::new(box_size).unwrap(), cells).expect("a full grid")
}

pub(crate) fn config(preset: Preset, edit: impl FnOnce(&mut GaConfig)) -> GaConfig {
    let mut c = GaConfig::preset(preset);
    edit(&mut c);
    c
}

// ---- stage-by-stage parity ------------------------------------------------------------------

/// Panics at the first difference, naming island, slot and position.
fn same(what: &str, step: &str, per_individual: usize, population: u32, cpu: &[u32], gpu: &[u32]) {
    assert_eq!(cpu.len(), gpu.len(), "{what} lengths {step}");
    if let Some(k) = (0..cpu.len()).find(|&k| cpu[k] != gpu[k]) {
        let individual = k / per_individual;
        panic!(
            "{what} differ {step}: island {} slot {} word {}: cpu {:#x}, gpu {:#x}",
            individual / population as usize,
            individual % population as usize,
            k % per_individual,
            cpu[k],
            gpu[k]
        );
    }
}

fn compare(label: &str, step: &str, cpu: &CpuEngine, gpu: &GpuEngine) {
    let step = format!("{label} {step}");
    let words = cpu.params().genome_words as usize;
    let population = cpu.params().population;
    same(
        "genomes",
        &step,
        words,
        population,
        &cpu.population_words(),
        &gpu.population_words().unwrap(),
    );
    same(
        "penalties",
        &step,
        1,
        population,
        &cpu.penalties(),
        &gpu.penalties().unwrap(),
    );
    same(
        "ages",
        &step,
        1,
        population,
        &cpu.ages(),
        &gpu.ages().unwrap(),
    );
    let (cs, gs) = (cpu.island_states(), gpu.island_states().unwrap());
    assert_eq!(cs.len(), gs.len(), "island count {step}");
    for (i, (c, g)) in cs.iter().zip(&gs).enumerate() {
        assert_eq!(c, g, "island {i} state differs {step}");
    }
}

/// Totals over the cases of one test, to check the rare paths really ran.
#[derive(Default, Debug)]
pub(crate) struct Seen {
    pub(crate) restarts: u32,
    pub(crate) solved: u32,
    /// Generation at which each solved island solved.
    pub(crate) solved_at: Vec<u32>,
    /// The last island states (the CPU's, equal to the GPU's).
    pub(crate) states: Vec<Island>,
}

/// Builds both engines on `grid` with `config` and compares every buffer after init and after
/// each of `generations` single generations, then the overall-best genomes.
pub(crate) fn parity(
    label: &str,
    ctx: &GpuContext,
    grid: &Grid,
    config: &GaConfig,
    generations: u32,
) -> Seen {
    let problem = Problem::for_config(grid, config).expect("solvable");
    let mut cpu = CpuEngine::new(problem.clone(), config, Some(1)).unwrap();
    let mut gpu = GpuEngine::new(ctx, problem, config).unwrap_or_else(|e| panic!("{label}: {e}"));
    compare(label, "after init", &cpu, &gpu);
    for generation in 1..=generations {
        cpu.step(1).unwrap();
        gpu.step(1).unwrap();
        compare(label, &format!("after generation {generation}"), &cpu, &gpu);
    }
    for island in 0..config.islands {
        assert_eq!(
            cpu.overall_best(island).unwrap(),
            gpu.overall_best(island).unwrap(),
            "{label}: overall best of island {island}"
        );
    }
    let states: Vec<Island> = cpu.island_states();
    Seen {
        restarts: states.iter().map(|s| s.restarts).sum(),
        solved: states.iter().filter(|s| s.solved != 0).count() as u32,
        solved_at: states
            .iter()
            .filter(|s| s.solved != 0)
            .map(|s| s.generation)
            .collect(),
        states,
    }
}

#[test]
fn gpu_stages_match_the_cpu_on_9x9() {
    let Some(ctx) = gpu() else { return };
    let escargot = seed_puzzle("ai-escargot");
    let cases = [
        (
            "paper, band + swap",
            config(Preset::Paper, |c| {
                c.population = 30;
                c.islands = 2;
                c.mutation = MutationKind::Swap;
                c.seed = 1;
            }),
        ),
        (
            "default, band + directed + local search, aging, restarts, migration",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 3;
                c.aging = true;
                c.restart_after = 2;
                c.restart_keep = 3;
                c.migration = 2;
                c.seed = 2;
            }),
        ),
        (
            "uniform + swap + local search, random init, no presolve",
            config(Preset::Default, |c| {
                c.population = 25;
                c.islands = 2;
                c.elites = 1;
                c.crossover = CrossoverKind::Uniform;
                c.crossover_rate = 0.8;
                c.mutation = MutationKind::Swap;
                c.local_search = 3;
                c.init = InitKind::Random;
                c.presolve = false;
                c.migration = 2;
                c.restart_after = 3;
                c.restart_keep = 1;
                c.seed = 3;
            }),
        ),
        (
            "multi-parent + directed, aging, restarts",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 4;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 0.7;
                c.aging = true;
                c.restart_after = 2;
                c.restart_keep = 2;
                c.migration = 2;
                c.seed = 4;
            }),
        ),
        (
            "no crossover, directed, 4 elites, tournament 5, candidates without presolve",
            config(Preset::Default, |c| {
                c.population = 21;
                c.islands = 1;
                c.elites = 4;
                c.tournament = 5;
                c.crossover = CrossoverKind::None;
                c.local_search = 0;
                c.presolve = false;
                c.seed = 5;
            }),
        ),
        (
            "band + candidate + local search, presolve, restarts, migration",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 3;
                c.mutation = MutationKind::Candidate;
                c.mutation_rate = 0.8;
                c.restart_after = 2;
                c.restart_keep = 2;
                c.migration = 2;
                c.seed = 6;
            }),
        ),
        (
            "uniform + candidate + local search, candidates without presolve",
            config(Preset::Default, |c| {
                c.population = 22;
                c.islands = 2;
                c.crossover = CrossoverKind::Uniform;
                c.crossover_rate = 0.6;
                c.mutation = MutationKind::Candidate;
                c.local_search = 5;
                c.presolve = false;
                c.seed = 7;
            }),
        ),
        (
            "box assignment 6 steps + band + directed + local search 2, presolve, restarts",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.assign_steps = 6;
                c.local_search = 2;
                c.restart_after = 3;
                c.seed = 8;
            }),
        ),
        (
            "box assignment 3 steps alone, noise 300, random init without presolve",
            config(Preset::Paper, |c| {
                c.population = 4;
                c.islands = 2;
                c.elites = 0;
                c.tournament = 1;
                c.crossover_rate = 0.0;
                c.mutation_rate = 0.0;
                c.assign_steps = 3;
                c.assign_noise = 300;
                c.seed = 9;
            }),
        ),
    ];
    let mut seen = Seen::default();
    for (label, config) in &cases {
        seen.restarts += parity(label, &ctx, &escargot, config, 10).restarts;
    }
    assert!(seen.restarts > 0, "no case restarted an island: {seen:?}");
}

/// A solved island keeps its population while the others breed on (and, as on the CPU, hands
/// out migrants on island 0's schedule).
#[test]
fn gpu_stages_match_the_cpu_after_an_island_solves() {
    let Some(ctx) = gpu() else { return };
    let config = config(Preset::Default, |c| {
        c.population = 30;
        c.islands = 3;
        c.presolve = false;
        c.restart_after = 15;
        c.restart_keep = 2;
        c.migration = 5;
        c.seed = 6;
    });
    let generations = 13;
    let seen = parity(
        "easy, islands solving",
        &ctx,
        &easy_puzzle(0),
        &config,
        generations,
    );
    assert!(
        seen.solved_at.iter().any(|&g| g < generations) && seen.solved < config.islands,
        "want islands solved before the end and islands still unsolved: {seen:?}"
    );
}

#[test]
fn gpu_stages_match_the_cpu_on_16x16() {
    let Some(ctx) = gpu() else { return };
    let grid = lloyd_amos("inst16x16_45_0.txt");
    let cases = [
        (
            "16x16 box assignment 2 steps without noise + band, no local search, candidates without presolve",
            config(Preset::Default, |c| {
                c.population = 16;
                c.islands = 2;
                c.assign_steps = 2;
                c.assign_noise = 0;
                c.local_search = 0;
                c.presolve = false;
                c.seed = 15;
            }),
        ),
        (
            "16x16 band + directed + local search 8, restarts, migration",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 2;
                c.local_search = 8;
                c.restart_after = 2;
                c.restart_keep = 2;
                c.migration = 2;
                c.seed = 16;
            }),
        ),
        (
            "16x16 multi-parent + swap, aging, random init",
            config(Preset::Paper, |c| {
                c.population = 22;
                c.islands = 3;
                c.elites = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 0.9;
                c.aging = true;
                c.migration = 2;
                c.mutation = MutationKind::Swap;
                c.seed = 17;
            }),
        ),
        (
            "16x16 band + candidate + local search 8, presolve, restarts",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 2;
                c.mutation = MutationKind::Candidate;
                c.mutation_rate = 1.0;
                c.local_search = 8;
                c.restart_after = 3;
                c.restart_keep = 1;
                c.seed = 18;
            }),
        ),
    ];
    for (label, config) in &cases {
        parity(label, &ctx, &grid, config, 10);
    }
}

/// The largest per-invocation work: 25x25 with 64 local-search children of directed mutation
/// after a three-parent crossover. lavapipe silently cuts a shader's loops after 65,535
/// iterations in total, which this case would show as a mismatch.
#[test]
fn gpu_stages_match_the_cpu_on_25x25_with_heavy_local_search() {
    let Some(ctx) = gpu() else { return };
    let grid = lloyd_amos("inst25x25_45_0.txt");
    let cases = [
        (
            "25x25 multi-parent + directed + local search 64",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 1.0;
                c.mutation_rate = 1.0;
                c.local_search = 64;
                c.presolve = false;
                c.migration = 2;
                c.seed = 25;
            }),
        ),
        (
            "25x25 box assignment 2 steps (the most that fit lavapipe's loop limit) + band + directed, presolve",
            config(Preset::Default, |c| {
                c.population = 12;
                c.islands = 2;
                c.assign_steps = 2;
                c.local_search = 0;
                c.seed = 24;
            }),
        ),
        (
            "25x25 band + directed once per box at rate 1 + local search 8",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.mutation_rate = 1.0;
                c.mutation_scope = MutationScope::Box;
                c.local_search = 8;
                c.seed = 26;
            }),
        ),
        (
            "25x25 uniform + swap + local search 16, aging, random init",
            config(Preset::Paper, |c| {
                c.population = 24;
                c.islands = 3;
                c.elites = 3;
                c.crossover = CrossoverKind::Uniform;
                c.local_search = 16;
                c.aging = true;
                c.migration = 2;
                c.mutation = MutationKind::Swap;
                c.seed = 27;
            }),
        ),
        (
            "25x25 band + directed + local search 64, restarts",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.crossover_rate = 1.0;
                c.local_search = 64;
                c.restart_after = 2;
                c.restart_keep = 1;
                c.seed = 26;
            }),
        ),
        (
            "25x25 multi-parent + candidate + local search 64, presolve",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 1.0;
                c.mutation = MutationKind::Candidate;
                c.mutation_rate = 1.0;
                c.local_search = 64;
                c.migration = 2;
                c.seed = 28;
            }),
        ),
        (
            "25x25 band + candidate + local search 8, candidates without presolve",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 2;
                c.mutation = MutationKind::Candidate;
                c.local_search = 8;
                c.presolve = false;
                c.seed = 29;
            }),
        ),
    ];
    for (label, config) in &cases {
        parity(label, &ctx, &grid, config, 8);
    }
}

/// More workgroups than one dispatch row holds: the engine then dispatches a 2-D grid and the
/// shaders rebuild each individual's and island's index from (x, y). An adapter allows 65,535
/// or more per row, which takes millions of individuals to exceed; a context narrowed to 3 per
/// row reaches the same path with 420 individuals (7 workgroups, 3 x 3 with 2 idle) and 7
/// islands (3 x 3 with 2 idle), and must still match the CPU bit for bit.
#[test]
fn gpu_stages_match_the_cpu_with_a_2d_dispatch() {
    let Some(ctx) = gpu() else { return };
    let narrow = ctx.with_max_workgroups_per_dimension(3);
    assert_eq!(narrow.limits.max_compute_workgroups_per_dimension, 3);
    let config = config(Preset::Default, |c| {
        c.population = 60;
        c.islands = 7;
        c.local_search = 2;
        c.restart_after = 3;
        c.restart_keep = 2;
        c.migration = 2;
        c.seed = 65_535;
    });
    let individuals = u64::from(config.population) * u64::from(config.islands);
    let groups = individuals.div_ceil(u64::from(evoku::ga::common::WORKGROUP_SIZE));
    assert!(groups > 3 && config.islands > 3, "not a 2-D dispatch");
    parity(
        "2-D dispatch, 7 islands of 60",
        &narrow,
        &seed_puzzle("ai-escargot"),
        &config,
        6,
    );
}

// ---- whole runs -----------------------------------------------------------------------------

/// An engine whose step size is fixed, to show results do not depend on it.
struct Stepped<E>(E, u32);

impl<E: Engine> Engine for Stepped<E> {
    fn step(&mut self, generations: u32) -> evoku::error::Result<()> {
        self.0.step(generations)
    }
    fn islands(&mut self) -> evoku::error::Result<Vec<Island>> {
        self.0.islands()
    }
    fn overall_best(&mut self, island: u32) -> evoku::error::Result<Vec<u8>> {
        self.0.overall_best(island)
    }
    fn population(&self) -> u32 {
        self.0.population()
    }
    fn generations_per_step(&self) -> u32 {
        self.1
    }
}

fn solve(engine: &mut dyn Engine, problem: &Problem, max_generations: u32) -> GaOutcome {
    let limits = RunLimits {
        max_generations,
        time_limit: None,
    };
    run(engine, problem, limits, &mut |_| {}).unwrap()
}

fn same_outcome(label: &str, a: &GaOutcome, b: &GaOutcome) {
    let key = |o: &GaOutcome| {
        (
            o.solved,
            o.generations,
            o.island,
            o.best_penalty,
            o.restarts,
        )
    };
    assert_eq!(
        key(a),
        key(b),
        "{label}: (solved, generations, island, penalty, restarts)"
    );
    assert_eq!(a.best, b.best, "{label}: best grid");
}

#[test]
fn whole_runs_match_the_cpu_and_do_not_depend_on_the_step_size() {
    let Some(ctx) = gpu() else { return };
    // (label, puzzle, config, generation cap, solved within it)
    let mut runs: Vec<(String, Grid, GaConfig, u32, bool)> = Vec::new();
    for (k, seed, solves) in [
        (0, 1u64, true),
        (1, 7, true),
        (3, 2, true),
        (4, 5, true),
        (2, 3, false),
    ] {
        runs.push((
            format!("easy50 #{k} seed {seed}"),
            easy_puzzle(k),
            config(Preset::Default, |c| {
                c.population = 30;
                c.islands = 3;
                c.presolve = false;
                c.restart_after = 15;
                c.restart_keep = 2;
                c.migration = 3;
                c.seed = seed;
            }),
            if solves { 300 } else { 60 },
            solves,
        ));
    }
    runs.push((
        "inst16x16_70_0".into(),
        lloyd_amos("inst16x16_70_0.txt"),
        config(Preset::Default, |c| {
            c.population = 30;
            c.islands = 2;
            c.presolve = false;
            c.seed = 7;
        }),
        300,
        true,
    ));
    for (label, grid, config, max, solves) in &runs {
        let (max, label) = (*max, label.as_str());
        let problem = Problem::for_config(grid, config).unwrap();
        let mut one = Stepped(CpuEngine::new(problem.clone(), config, Some(1)).unwrap(), 1);
        let by_one = solve(&mut one, &problem, max);
        let mut seven = Stepped(CpuEngine::new(problem.clone(), config, Some(1)).unwrap(), 7);
        let by_seven = solve(&mut seven, &problem, max);
        same_outcome(
            &format!("{label}: cpu steps of 1 and 7"),
            &by_one,
            &by_seven,
        );
        let mut gpu = GpuEngine::new(&ctx, problem.clone(), config).unwrap();
        let on_gpu = solve(&mut gpu, &problem, max);
        same_outcome(&format!("{label}: cpu and gpu"), &by_one, &on_gpu);
        let mut gpu = Stepped(GpuEngine::new(&ctx, problem.clone(), config).unwrap(), 5);
        gpu.0.set_generations_per_submit(2);
        let on_gpu_by_five = solve(&mut gpu, &problem, max);
        same_outcome(
            &format!("{label}: gpu steps of 5"),
            &by_one,
            &on_gpu_by_five,
        );
        assert_eq!(
            by_one.solved, *solves,
            "{label}: solved within {max} generations"
        );
        if !solves {
            assert!(
                by_one.restarts > 0,
                "{label}: an unsolved run should restart"
            );
        }
    }
}

// ---- errors ---------------------------------------------------------------------------------

#[test]
fn a_population_too_large_for_the_adapter_is_a_clear_error() {
    let Some(ctx) = gpu() else { return };
    let problem = Problem::new(&seed_puzzle("ai-escargot"), InitKind::Random, false).unwrap();
    let config = config(Preset::Paper, |c| {
        c.population = 1 << 20;
        c.islands = 1 << 16;
    });
    match GpuEngine::new(&ctx, problem, &config) {
        Err(Error::Gpu { message, .. }) => {
            assert!(
                message.contains("lower --population or --islands"),
                "{message}"
            )
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(_) => panic!("2^36 individuals fitted the adapter"),
    }
}

/// lavapipe cuts loops short silently; a run that could hit that is refused instead.
#[test]
fn a_run_beyond_the_software_loop_limit_is_refused() {
    let Some(ctx) = gpu() else { return };
    let config = config(Preset::Default, |c| {
        c.population = 4;
        c.islands = 1;
        c.crossover = CrossoverKind::MultiParent;
        c.local_search = 64;
        c.presolve = false;
    });
    let grid = Grid::empty(Geometry::new(8).unwrap());
    let problem = Problem::new(&grid, InitKind::Random, false).unwrap();
    let params = evoku::ga::Params::new(&problem, &config);
    let iterations = evoku::ga::gpu::loop_bound(&params);
    assert!(
        iterations > evoku::gpu::SOFTWARE_LOOP_BUDGET,
        "{iterations}"
    );
    if !ctx.is_software() {
        return;
    }
    match GpuEngine::new(&ctx, problem, &config) {
        Err(Error::Gpu {
            message,
            adapter,
            stage,
        }) => {
            assert!(message.contains("--local-search"), "{message}");
            assert_eq!(adapter, Some(ctx.describe()));
            assert_eq!(stage, "check the loop budget");
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(_) => panic!("64x64 with local search 64 accepted on {}", ctx.describe()),
    }
}

/// The walk preset's 50 box assignments per generation exceed the software limit at 25x25;
/// the refusal says how many would fit, and that many is then accepted.
#[test]
fn a_walk_beyond_the_software_loop_limit_says_how_many_steps_fit() {
    let Some(ctx) = gpu() else { return };
    if !ctx.is_software() {
        return;
    }
    let grid = lloyd_amos("inst25x25_45_0.txt");
    let mut config = GaConfig::preset(Preset::Walk);
    let problem = Problem::for_config(&grid, &config).unwrap();
    match GpuEngine::new(&ctx, problem.clone(), &config) {
        Err(Error::Gpu { message, .. }) => {
            assert!(message.contains("--assign-steps 2 would fit"), "{message}")
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(_) => panic!("25x25 with 50 assignments accepted on {}", ctx.describe()),
    }
    config.assign_steps = 2;
    assert!(GpuEngine::new(&ctx, problem, &config).is_ok());
}

#[test]
fn an_unknown_adapter_name_is_a_clear_error() {
    if gpu().is_none() {
        return;
    }
    let options = GpuOptions {
        adapter_name: Some("no such adapter 7f3a".into()),
        backends: None,
    };
    match GpuContext::new(&options) {
        Err(Error::Gpu {
            message,
            adapter,
            stage,
        }) => {
            assert!(message.contains("no such adapter 7f3a"), "{message}");
            assert_eq!(adapter, None, "no adapter was chosen");
            assert_eq!(stage, "choose an adapter");
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(ctx) => panic!("picked {}", ctx.describe()),
    }
}

#[test]
fn adapters_are_listed_with_their_limits() {
    let Some(ctx) = gpu() else { return };
    let adapters = evoku::gpu::list_adapters().expect("WGPU_BACKEND names a backend");
    let ours = adapters
        .iter()
        .find(|a| a.name == ctx.info.name)
        .unwrap_or_else(|| panic!("{} missing from {adapters:?}", ctx.info.name));
    assert!(ours.max_storage_buffer_binding_size > 0);
    assert!(ours.max_compute_workgroups_per_dimension >= 65535);
    assert_eq!(ours.software, evoku::gpu::is_software(&ctx.info));
}
