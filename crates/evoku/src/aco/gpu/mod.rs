//! The Ant Colony System on a GPU: the stages of `crates/evoku/shaders/aco/*.wgsl`, bit for bit the CPU
//! engine's results (`tests/aco_gpu.rs` compares them stage by stage).
//!
//! One `tour` workgroup holds the ants of `TOUR_WORKGROUP / ants` colonies (128 / ants), one
//! invocation per ant; its
//! board (candidates and propagation stack) lives in the `ants` storage buffer, the colony's
//! pheromone in `pheromone`. An iteration is `tour_steps / steps_per_dispatch` tour dispatches, then
//! `colony_update` (one invocation per colony), `restart` (one workgroup per colony, when
//! restarts are on) and `exchange` (when exchanges are on). A cell's candidates are one to
//! three words (`common::cand_words`), so every board evoku reads, up to 64x64, runs here.
//! An engine may hold a contiguous part of a run's colonies (`new_part`, for [`MultiGpuAco`]): its
//! colonies draw from the run's streams (`first_colony`), and a ghost record after its own holds
//! its first colony's ring neighbour, which lives on another device. One engine may also hold
//! the runs of a batch of puzzles of one size (`new_batch`, [`run_batch`]), one after another.
//!
//! # What crosses the bus
//!
//! Creating an engine uploads the parameters (112 bytes), the tables (peers, units, the propagated
//! givens: about 200 KB at 25x25) and the fresh pheromone. After that a step uploads nothing and
//! the run loop reads back only the colony states, 64 bytes per colony, plus one record at the
//! end. The full read-backs (`ant_words`, `pheromone`, `records`) are for tests.

use std::ops::Range;
use std::sync::Arc;
use std::time::Duration;

use wgpu::util::DeviceExt;

use super::common::{AcoParams, AcoTables};
use super::AcoConfig;
use crate::error::{Error, Result};
use crate::gpu::pipeline::{self, grid};
use crate::gpu::schedule::{Pieces, Schedule};
use crate::gpu::GpuContext;

pub use super::common::COLONY_WORKGROUP;
pub use batch::run_batch;
pub use limits::{batch_puzzles, check, device_bytes};
use limits::{layout, Layout};
pub use multi::MultiGpuAco;
pub use stages::AcoStage;
use stages::Pipelines;

mod batch;
mod limits;
mod multi;
mod pieces;
mod readback;
mod stages;

/// Buffer sizes of a run, in bytes.
#[derive(Clone, Copy, Debug)]
struct Sizes {
    ants: u64,
    pheromone: u64,
    colonies: u64,
    records: u64,
    tables: u64,
}

/// Ant steps (times ants) a hardware submit may hold: some tens of milliseconds (an estimate).
const HARDWARE_ANT_STEPS_PER_SUBMIT: u64 = 20_000_000;
/// The ACS on a GPU. See the module documentation for what crosses the bus.
pub struct GpuAco {
    ctx: GpuContext,
    params: AcoParams,
    tables: AcoTables,
    sizes: Sizes,
    pipelines: Arc<Pipelines>,
    ants: wgpu::Buffer,
    pheromone: wgpu::Buffer,
    colonies: wgpu::Buffer,
    records: wgpu::Buffer,
    colonies_staging: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    tour_groups: (u32, u32),
    colony_groups: (u32, u32),
    /// One workgroup per colony (`restart`).
    restart_groups: (u32, u32),
    /// Iterations per submit, submits per step, read-back timeout.
    schedule: Schedule,
    /// On a software adapter: an iteration's tour dispatches in pieces (`pieces`).
    pieces: Pieces,
}

impl GpuAco {
    /// Checks `config`, the board size and the buffer sizes against the adapter, uploads the
    /// tables and fresh colonies.
    pub fn new(ctx: &GpuContext, tables: AcoTables, config: &AcoConfig) -> Result<GpuAco> {
        GpuAco::new_part(ctx, tables, config, 0..config.colonies)
    }

    /// An engine holding the run's colonies `part` only (`MultiGpuAco`), with a ghost record
    /// for its first colony's ring neighbour; all of them is [`GpuAco::new`].
    pub fn new_part(
        ctx: &GpuContext,
        tables: AcoTables,
        config: &AcoConfig,
        part: Range<u32>,
    ) -> Result<GpuAco> {
        GpuAco::build(ctx, std::slice::from_ref(&tables), config, part)
    }

    /// The engine holding colonies `part` of the runs of `config` on `puzzles` (one board size,
    /// at least one), puzzle `p`'s colonies `p * config.colonies ..`.
    fn build(
        ctx: &GpuContext,
        puzzles: &[AcoTables],
        config: &AcoConfig,
        part: Range<u32>,
    ) -> Result<GpuAco> {
        let Some(tables) = puzzles.first().cloned() else {
            return Err(Error::Config("a batch needs at least one puzzle".into()));
        };
        if puzzles.iter().any(|t| t.geometry != tables.geometry) {
            return Err(Error::Config(
                "the puzzles of a GPU batch must share one board size".into(),
            ));
        }
        let count = puzzles.len() as u32;
        let Layout {
            params,
            sizes,
            ghost_bytes,
            tour_groups,
        } = layout(ctx, &tables, config, count, part)?;
        let words = AcoTables::batch_words(puzzles);
        let colonies = params.colonies as u64;
        let ants = colonies * params.ants as u64;
        let max = ctx.limits.max_compute_workgroups_per_dimension;
        let iterations_per_submit = if ctx.is_software() {
            1
        } else {
            let ant_steps = ants * params.tour_steps as u64;
            (HARDWARE_ANT_STEPS_PER_SUBMIT / ant_steps.max(1)).clamp(1, 64) as u32
        };
        // The ACS's modules read the board's size from `params`: one set for every size.
        let pipelines = ctx.pipelines("building ACS pipelines", 0, Pipelines::new)?;
        let (buffers, bind_group) = ctx.scoped("allocating ACS buffers", || {
            let storage = wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST;
            let init = |label: &str, contents: &[u8], usage| {
                ctx.device
                    .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                        label: Some(label),
                        contents,
                        usage,
                    })
            };
            // wgpu zero-fills new buffers: fresh ants, colonies and records are all zero, as on
            // the CPU.
            let zeroed = |label: &str, size: u64, usage| {
                ctx.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(label),
                    size: size.max(4),
                    usage,
                    mapped_at_creation: false,
                })
            };
            let params_buffer = init(
                "aco params",
                bytemuck::bytes_of(&params),
                wgpu::BufferUsages::UNIFORM,
            );
            let tables_buffer = init(
                "aco tables",
                bytemuck::cast_slice(&words),
                wgpu::BufferUsages::STORAGE,
            );
            let fresh = vec![params.tau0; (sizes.pheromone / 4) as usize];
            let buffers = [
                zeroed("aco ants", sizes.ants, storage),
                init("aco pheromone", bytemuck::cast_slice(&fresh), storage),
                zeroed("aco colonies", sizes.colonies, storage),
                zeroed("aco records", sizes.records + ghost_bytes, storage),
                zeroed(
                    "aco colonies staging",
                    sizes.colonies,
                    wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                ),
            ];
            let bound = [
                &params_buffer,
                &tables_buffer,
                &buffers[0],
                &buffers[1],
                &buffers[2],
                &buffers[3],
            ];
            let bind_group = pipeline::bind_group(&ctx.device, "aco", &pipelines.layout, &bound);
            (buffers, bind_group)
        })?;
        let [ants, pheromone, colonies_buffer, records, colonies_staging] = buffers;
        Ok(GpuAco {
            ctx: ctx.clone(),
            params,
            tables,
            sizes,
            pipelines,
            ants,
            pheromone,
            colonies: colonies_buffer,
            records,
            colonies_staging,
            bind_group,
            tour_groups: grid(tour_groups, max),
            colony_groups: grid(colonies.div_ceil(COLONY_WORKGROUP as u64), max),
            restart_groups: grid(colonies, max),
            schedule: Schedule::new(
                iterations_per_submit,
                ctx,
                "lower --colonies or --ants, or use --backend cpu",
            ),
            pieces: Pieces::new(),
        })
    }

    pub fn context(&self) -> &GpuContext {
        &self.ctx
    }

    /// Ant steps one tour dispatch runs.
    pub fn steps_per_dispatch(&self) -> u32 {
        self.params.steps_per_dispatch
    }

    /// Iterations recorded into one command buffer.
    pub fn iterations_per_submit(&self) -> u32 {
        self.schedule.rounds_per_submit()
    }

    /// Overrides the estimate (at least 1); results do not depend on it.
    pub fn set_iterations_per_submit(&mut self, iterations: u32) {
        self.schedule.set_rounds_per_submit(iterations);
    }

    /// Tour dispatches per piece on a software adapter: `Some` fixes it, `None` sizes pieces by
    /// time (the default); results do not depend on it.
    pub fn set_tours_per_piece(&mut self, tours: Option<u32>) {
        self.pieces.fix(tours);
    }

    /// How long a read-back waits for the GPU before returning an error.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.schedule.set_timeout(timeout);
    }

    /// The `tour` stage alone: every step of the current iteration (tests).
    pub fn run_tours(&mut self) -> Result<()> {
        self.submit(1, &[AcoStage::Tour]).map(drop)
    }

    /// The `colony_update` stage alone (tests).
    pub fn run_colony_update(&mut self) -> Result<()> {
        self.submit(1, &[AcoStage::ColonyUpdate]).map(drop)
    }

    /// The `restart` stage alone (tests).
    pub fn run_restart(&mut self) -> Result<()> {
        self.submit(1, &[AcoStage::Restart]).map(drop)
    }

    /// The `exchange` stage alone (tests).
    pub fn run_exchange(&mut self) -> Result<()> {
        self.submit(1, &[AcoStage::Exchange]).map(drop)
    }
}
