//! The GA's GPU engine: the stages of `crates/evoku/shaders/ga/` on one device, bit for bit the CPU engine's results.
//!
//! Pipelines, bind groups and buffers are created once; a generation is two dispatches (`breed`,
//! then `island_best`) recorded into a compute pass, many generations to a command buffer.
//!
//! # What crosses the bus
//!
//! Nothing per generation. Creating an engine uploads the parameters (128 bytes), the problem
//! tables (`(5 * cells + 2 * side) * 4` bytes per puzzle: an engine may hold a batch of puzzles,
//! [`batch`]) and the fresh island states (`islands * 80` bytes); after that a
//! `step` uploads nothing and the run loop reads back only the island states, `islands * 80`
//! bytes per step (however many generations the step holds), plus one genome
//! (`genome_words * 4` bytes) at the end. The full read-backs (`population_words`, `penalties`,
//! `ages`, `island_states`) are for tests.

use std::sync::Arc;
use std::time::Duration;

pub mod batch;
pub mod buffers;
mod check;
pub mod multi;
mod pieces;

pub use batch::run_batch;
use check::check_params;
pub use check::{check, device_bytes, loop_bound, stage_loop_bound};
pub use multi::{split_islands, MultiGpuEngine};

use crate::board::Geometry;
use crate::error::{Error, Result};
use crate::ga::common::{ISLAND_BEST_WORKGROUP, WIDE_WORKGROUP, WORKGROUP_SIZE};
use crate::ga::prelude::BINDINGS;
use crate::ga::stages::Stage;
use crate::ga::{Engine, GaConfig, Island, Params, Problem};
use crate::gpu::device::GpuContext;
use crate::gpu::pipeline::{self, grid};
use crate::gpu::schedule::{Pieces, Schedule};
use buffers::{Buffers, Sizes};

/// Longest run of generations in one command buffer, whatever the estimate says.
pub const MAX_GENERATIONS_PER_SUBMIT: u32 = 256;

/// Estimated cell visits (see `generations_per_submit`) one submit should hold on a hardware
/// adapter: a hundred times the software budget, some tens of milliseconds on a discrete GPU
/// (an estimate, not yet measured) and far below any driver watchdog.
const HARDWARE_VISITS_PER_SUBMIT: u64 = 400_000_000;
/// The same for a software adapter: lavapipe on 2 cores runs 10-20 ns a visit, so 40-80 ms.
const SOFTWARE_VISITS_PER_SUBMIT: u64 = 4_000_000;

/// The three compute pipelines and their shared layouts, built once per context and box size
/// (the modules divide by the board's size as compile-time constants).
#[derive(Debug)]
struct Pipelines {
    layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    init: wgpu::ComputePipeline,
    breed: wgpu::ComputePipeline,
    island_best: wgpu::ComputePipeline,
}

impl Pipelines {
    fn new(device: &wgpu::Device, geometry: Geometry) -> Pipelines {
        let (layout, pipeline_layout) = pipeline::layouts(device, "evoku", &BINDINGS);
        let pipeline = |stage: Stage| {
            let source = stage.source(geometry);
            pipeline::compute_pipeline(device, &pipeline_layout, stage.name(), source)
        };
        Pipelines {
            init: pipeline(Stage::Init),
            breed: pipeline(Stage::Breed),
            island_best: pipeline(Stage::IslandBest),
            layout,
            pipeline_layout,
        }
    }
}

/// `breed_wide`'s pipeline, built on the first engine that asks for it (once per context and
/// box size, like [`Pipelines`], whose layout it shares).
#[derive(Debug)]
struct WideBreed(wgpu::ComputePipeline);

/// Which kernel breeds each generation. The children are the same bit for bit (both are twins
/// of `ga::cpu::breed`, and the parity tests run both); only the speed differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BreedKernel {
    /// `breed`: an invocation per individual, its child in private memory.
    #[default]
    Narrow,
    /// `breed_wide`: a workgroup of 64 invocations per individual, its child in workgroup
    /// memory; the lanes share the copies, the box crossovers, the line masks, the directed
    /// mutation's scans and the store (issue 33's kernel for large boards; not the default
    /// until a hardware GPU has measured it faster).
    Wide,
}

impl BreedKernel {
    /// The environment variable that picks the kernel for every GA engine of the process:
    /// `narrow` (the default) or `wide`.
    pub const ENV: &'static str = "EVOKU_BREED";

    /// The kernel [`BreedKernel::ENV`] names; `Narrow` when it is unset.
    pub fn from_env() -> Result<BreedKernel> {
        let Some(value) = std::env::var_os(Self::ENV) else {
            return Ok(BreedKernel::Narrow);
        };
        match value.to_str().map(str::trim) {
            Some("narrow") => Ok(BreedKernel::Narrow),
            Some("wide") => Ok(BreedKernel::Wide),
            _ => Err(Error::Config(format!(
                "{}={value:?}: expected `narrow` or `wide`",
                Self::ENV
            ))),
        }
    }
}

/// Generations one command buffer holds: an estimate of the work per generation (cell visits of
/// breeding, fitness and local search) against a budget of some tens of milliseconds.
fn generations_per_submit(params: &Params, software: bool) -> u32 {
    let individuals = params.islands as u64 * params.population as u64;
    let n = params.side as u64;
    let per_individual = 4 * params.cells as u64
        + 8 * n * params.local_search as u64
        + params.assign_steps as u64 * (2 * n * n + n * n * n / 2);
    let budget = if software {
        SOFTWARE_VISITS_PER_SUBMIT
    } else {
        HARDWARE_VISITS_PER_SUBMIT
    };
    (budget / (individuals * per_individual).max(1)).clamp(1, MAX_GENERATIONS_PER_SUBMIT as u64)
        as u32
}

/// The genetic algorithm on a GPU. See the module documentation for what crosses the bus.
pub struct GpuEngine {
    ctx: GpuContext,
    params: Params,
    sizes: Sizes,
    pipelines: Arc<Pipelines>,
    geometry: Geometry,
    /// `breed_wide`'s pipeline when it breeds ([`BreedKernel::Wide`]), else `breed` does.
    wide: Option<Arc<WideBreed>>,
    buffers: Buffers,
    /// `bind_groups[k]` reads population `k` and writes population `1 - k`.
    bind_groups: [wgpu::BindGroup; 2],
    /// Which population (0 or 1) holds the current generation.
    current: usize,
    individual_groups: (u32, u32),
    island_groups: (u32, u32),
    /// Generations per submit, submits per step, read-back timeout.
    schedule: Schedule,
    /// On a software adapter: `init` and each generation's workgroups of individuals in pieces
    /// (`pieces`).
    pieces: Pieces,
}

impl GpuEngine {
    /// Checks `config` and the buffer sizes against the adapter's limits, uploads the problem,
    /// and runs `init` and the first `island_best` (generation 0).
    pub fn new(ctx: &GpuContext, problem: Problem, config: &GaConfig) -> Result<GpuEngine> {
        GpuEngine::new_part(ctx, problem, config, 0..config.islands)
    }

    /// An engine for islands `islands` (global numbers) of the run `config` describes, the rest
    /// of its islands on other engines ([`MultiGpuEngine`]): each island draws from its
    /// global stream, so the islands evolve as they do in one engine holding them all.
    pub fn new_part(
        ctx: &GpuContext,
        problem: Problem,
        config: &GaConfig,
        islands: std::ops::Range<u32>,
    ) -> Result<GpuEngine> {
        config.validate()?;
        if islands.is_empty() || islands.end > config.islands {
            return Err(Error::Config(format!(
                "islands {}..{} are not a part of the run's {} islands",
                islands.start, islands.end, config.islands
            )));
        }
        let mut engine = GpuEngine::built(ctx, problem, config, islands)?;
        engine.init_in_pieces(&|| false)?;
        Ok(engine)
    }

    /// The engine of islands `islands` of the run `config` describes, before `init`.
    fn built(
        ctx: &GpuContext,
        problem: Problem,
        config: &GaConfig,
        islands: std::ops::Range<u32>,
    ) -> Result<GpuEngine> {
        let mut params = Params::new(&problem, config);
        params.islands = islands.end - islands.start;
        params.puzzle_islands = params.islands;
        params.island_offset = islands.start;
        GpuEngine::build(ctx, params, &[problem], config)
    }

    /// The engine of `params` (checked here against the adapter) for `problems`: one puzzle, or
    /// a batch's puzzles of one board size ([`GpuEngine::new_batch`]); `init` is still to run.
    fn build(
        ctx: &GpuContext,
        params: Params,
        problems: &[Problem],
        config: &GaConfig,
    ) -> Result<GpuEngine> {
        config.validate()?;
        for problem in problems {
            crate::ga::problem::check_encoding(problem, config)?;
        }
        let problem = &problems[0];
        let sizes = check_params(ctx, &params)?;
        let geometry = problem.geometry();
        let pipelines = ctx.pipelines("building pipelines", geometry.box_size(), |device| {
            Pipelines::new(device, geometry)
        })?;
        let (buffers, bind_groups) = ctx.scoped("allocating buffers", || {
            let buffers = Buffers::new(&ctx.device, &params, problems, &sizes);
            let bind_group = |k: usize| {
                let label = if k == 0 {
                    "population 0 to 1"
                } else {
                    "population 1 to 0"
                };
                let buffers = [
                    &buffers.params,
                    &buffers.tables,
                    &buffers.genomes[k],
                    &buffers.scores[k],
                    &buffers.genomes[1 - k],
                    &buffers.scores[1 - k],
                    &buffers.islands,
                    &buffers.records,
                    &buffers.outcomes,
                ];
                pipeline::bind_group(&ctx.device, label, &pipelines.layout, &buffers)
            };
            let bind_groups = [bind_group(0), bind_group(1)];
            (buffers, bind_groups)
        })?;
        let max = ctx.limits.max_compute_workgroups_per_dimension;
        let mut engine = GpuEngine {
            ctx: ctx.clone(),
            params,
            sizes,
            pipelines,
            geometry,
            wide: None,
            buffers,
            bind_groups,
            current: 0,
            individual_groups: grid(sizes.individuals.div_ceil(WORKGROUP_SIZE as u64), max),
            island_groups: grid(params.islands as u64, max),
            schedule: Schedule::new(
                generations_per_submit(&params, ctx.is_software()),
                ctx,
                "lower --population, --islands or the generations per step, or use --backend cpu",
            ),
            pieces: Pieces::new(),
        };
        engine.set_breed_kernel(BreedKernel::from_env()?)?;
        Ok(engine)
    }

    /// [`GpuEngine::new`] whose `init` ends early, between two pieces on a software adapter,
    /// once `stop` is reached: `Ok(None)` then (as [`crate::ga::cpu::CpuEngine::new_within`]).
    pub fn new_within(
        ctx: &GpuContext,
        problem: Problem,
        config: &GaConfig,
        stop: crate::stop::Stop,
    ) -> Result<Option<GpuEngine>> {
        let mut engine = GpuEngine::built(ctx, problem, config, 0..config.islands)?;
        Ok(engine.init_in_pieces(&|| stop.reached())?.then_some(engine))
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    pub fn context(&self) -> &GpuContext {
        &self.ctx
    }

    /// The kernel that breeds ([`BreedKernel`]).
    pub fn breed_kernel(&self) -> BreedKernel {
        match self.wide {
            Some(_) => BreedKernel::Wide,
            None => BreedKernel::Narrow,
        }
    }

    /// Breeds with `kernel` from the next generation on (building `breed_wide`'s pipeline the
    /// first time); results do not depend on it.
    pub fn set_breed_kernel(&mut self, kernel: BreedKernel) -> Result<()> {
        if kernel != self.breed_kernel() && self.pieces.done() != 0 {
            // A software adapter's generation cut short counts its pieces in the workgroups of
            // the kernel that began it.
            return Err(Error::Internal(
                "the breeding kernel changed in the middle of a generation".into(),
            ));
        }
        self.wide = match kernel {
            BreedKernel::Narrow => None,
            BreedKernel::Wide => {
                let (pipelines, geometry) = (&self.pipelines, self.geometry);
                let wide =
                    self.ctx
                        .pipelines("building breed_wide", geometry.box_size(), |device| {
                            let stage = Stage::BreedWide;
                            WideBreed(pipeline::compute_pipeline(
                                device,
                                &pipelines.pipeline_layout,
                                stage.name(),
                                stage.source(geometry),
                            ))
                        })?;
                Some(wide)
            }
        };
        Ok(())
    }

    /// The breeding pipeline, its individuals per workgroup and its workgroups (a grid).
    fn breed_dispatch(&self) -> (&wgpu::ComputePipeline, u32, (u32, u32)) {
        match &self.wide {
            None => (
                &self.pipelines.breed,
                WORKGROUP_SIZE,
                self.individual_groups,
            ),
            Some(wide) => {
                let max = self.ctx.limits.max_compute_workgroups_per_dimension;
                (&wide.0, 1, grid(self.sizes.individuals, max))
            }
        }
    }

    /// Invocations each stage launches per generation (`breed`: one per individual, rounded up
    /// to whole workgroups, or `breed_wide`'s workgroup per individual; `island_best`: a
    /// workgroup per island), as dispatched.
    pub fn invocations_per_stage(&self) -> Vec<(&'static str, u64)> {
        let groups = |g: (u32, u32)| g.0 as u64 * g.1 as u64;
        let (_, _, breed_groups) = self.breed_dispatch();
        let (name, lanes) = match self.wide {
            None => ("breed", WORKGROUP_SIZE),
            Some(_) => ("breed_wide", WIDE_WORKGROUP),
        };
        vec![
            (name, groups(breed_groups) * lanes as u64),
            (
                "island_best",
                groups(self.island_groups) * ISLAND_BEST_WORKGROUP as u64,
            ),
        ]
    }

    /// Generations recorded into one command buffer.
    pub fn generations_per_submit(&self) -> u32 {
        self.schedule.rounds_per_submit()
    }

    /// Overrides the estimate (at least 1); results do not depend on it.
    pub fn set_generations_per_submit(&mut self, generations: u32) {
        self.schedule.set_rounds_per_submit(generations);
    }

    /// Workgroups of individuals per piece on a software adapter: `Some` fixes it, `None` sizes
    /// pieces by time (the default); results do not depend on it.
    pub fn set_groups_per_piece(&mut self, groups: Option<u32>) {
        self.pieces.fix(groups);
    }

    /// How long a read-back waits for the GPU before returning an error.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.schedule.set_timeout(timeout);
    }

    /// Genomes of every island, slot by slot, as `u32` words (tests: the whole population).
    pub fn population_words(&self) -> Result<Vec<u32>> {
        self.schedule.read_words(
            &self.ctx,
            &self.buffers.genomes[self.current],
            self.sizes.population,
        )
    }

    fn scores(&self) -> Result<Vec<u32>> {
        self.schedule.read_words(
            &self.ctx,
            &self.buffers.scores[self.current],
            self.sizes.scores,
        )
    }

    /// Penalties of every island, slot by slot (tests).
    pub fn penalties(&self) -> Result<Vec<u32>> {
        Ok(self.scores()?.chunks_exact(2).map(|s| s[0]).collect())
    }

    /// Ages of every island, slot by slot (tests).
    pub fn ages(&self) -> Result<Vec<u32>> {
        Ok(self.scores()?.chunks_exact(2).map(|s| s[1]).collect())
    }

    /// Every island's state, through the persistent staging buffer.
    pub fn island_states(&self) -> Result<Vec<Island>> {
        let bytes = self.schedule.read(
            &self.ctx,
            &self.buffers.islands,
            0,
            self.sizes.islands,
            Some(&self.buffers.islands_staging),
        )?;
        Ok(bytemuck::pod_collect_to_vec(&bytes))
    }
}

impl Engine for GpuEngine {
    fn step(&mut self, generations: u32) -> Result<()> {
        self.step_in_pieces(generations, &|| false).map(drop)
    }

    fn step_or_cut(&mut self, generations: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        self.step_in_pieces(generations, cut)
    }

    fn islands(&mut self) -> Result<Vec<Island>> {
        self.island_states()
    }

    fn overall_best(&mut self, island: u32) -> Result<Vec<u8>> {
        if island >= self.params.islands {
            return Err(Error::Internal(format!("no island {island}")));
        }
        let bytes = self.params.genome_bytes() as u64;
        self.schedule.read(
            &self.ctx,
            &self.buffers.records,
            (2 * island as u64 + 1) * bytes,
            bytes,
            None,
        )
    }

    fn population(&self) -> u32 {
        self.params.population
    }

    fn generations_per_step(&self) -> u32 {
        self.schedule.rounds_per_step()
    }
}
