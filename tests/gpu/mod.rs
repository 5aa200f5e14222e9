//! Tests: gpu. The WGSL validates under naga (always), and on any adapter (lavapipe in CI) the
//! GPU engine reproduces the CPU engine bit for bit: random draws, every stage after init and
//! after each generation, and whole runs.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use evoku::board::{Geometry, Grid};
use evoku::error::Error;
use evoku::ga::cpu::CpuEngine;
use evoku::ga::gpu::{BreedKernel, GpuEngine};
use evoku::ga::stages::Stage;
use evoku::ga::{
    run, CrossoverKind, Engine, GaConfig, GaOutcome, InitKind, Island, MutationKind, MutationScope,
    Preset, Problem, RunLimits,
};
use evoku::gpu::{shaders, GpuContext, GpuOptions};

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
        // one workgroup per island, `breed_wide` one per individual.
        let size = match stage {
            Stage::IslandBest => evoku::ga::common::ISLAND_BEST_WORKGROUP,
            Stage::BreedWide => evoku::ga::common::WIDE_WORKGROUP,
            Stage::Init | Stage::Breed => evoku::ga::common::WORKGROUP_SIZE,
        };
        assert_eq!(entry.workgroup_size, [size, 1, 1], "{}", stage.name());
    }
    util::validate_wgsl("rng_probe", &rng_probe_source());
}

mod batches;
mod errors;
mod puzzles;
mod random_draws;
mod stage_by_stage_parity;
mod stage_parity_sizes;
mod whole_runs;
#[allow(unused_imports)]
pub(crate) use errors::*;
#[allow(unused_imports)]
pub(crate) use puzzles::*;
#[allow(unused_imports)]
pub(crate) use random_draws::*;
#[allow(unused_imports)]
pub(crate) use stage_by_stage_parity::*;
#[allow(unused_imports)]
pub(crate) use whole_runs::*;
