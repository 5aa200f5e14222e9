//! Where a run's GA or ACS engine runs. On the run's device, except where a software adapter
//! (lavapipe) cannot run the default solver's member: its shader loops stop after 65,535
//! iterations, which the walk's box assignments pass from 9x9 on. That member runs on the CPU
//! instead, where its run is the same bit for bit (the CPU engine is the reference every GPU
//! stage is tested against), and its report says why
//! ([`crate::portfolio::MemberReport::on_cpu`]). On a hardware adapter an engine it cannot run
//! is an error, as for `--algorithm ga` or `aco`: the host's memory estimate does not cover
//! the GPU's buffers, so they are not moved to the host unasked.

use super::Algorithm;
use crate::aco::{self, AcoTables};
use crate::board::Grid;
use crate::device::Device;
use crate::error::Result;
use crate::exact;
use crate::ga::{self, Problem};
use crate::gpu::GpuContext;

use super::RunPlan;

/// The engines that may run on a GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// The GA with the plan's settings (`--algorithm ga`, or the default solver's walk).
    Ga,
    /// The Ant Colony System with the plan's settings.
    Aco,
}

/// An engine's device, and why it is the CPU where the run's is a GPU.
#[derive(Clone)]
pub struct Placement {
    pub device: Device,
    pub on_cpu: Option<String>,
}

/// Whether the adapter `ctx` can run `kind` for `puzzle` under `plan`, building nothing (a
/// puzzle without a solution is left to its run to report).
pub fn check(puzzle: &Grid, kind: EngineKind, plan: &RunPlan, ctx: &GpuContext) -> Result<()> {
    match kind {
        EngineKind::Ga => match Problem::for_config(puzzle, &plan.options.ga) {
            Ok(problem) => ga::gpu::check(ctx, &problem, &plan.options.ga),
            Err(_) => Ok(()),
        },
        EngineKind::Aco if exact::propagate(puzzle).is_ok() => {
            aco::gpu::check(ctx, &AcoTables::new(puzzle), &plan.options.aco)
        }
        EngineKind::Aco => Ok(()),
    }
}

/// The GPU memory the engines `plan` runs on the adapter `ctx` take for `puzzle` (the GA's, the
/// ACS's, or the default solver's walk and ACS; none where an engine is left to the CPU or the
/// puzzle is left to its run to refuse).
pub fn device_bytes(puzzle: &Grid, plan: &RunPlan, ctx: &GpuContext) -> u64 {
    let kinds: &[EngineKind] = match plan.options.algorithm {
        Algorithm::Ga => &[EngineKind::Ga],
        Algorithm::Aco => &[EngineKind::Aco],
        Algorithm::Auto => &[EngineKind::Ga, EngineKind::Aco],
        Algorithm::Exact => &[],
    };
    kinds
        .iter()
        .map(|kind| match kind {
            EngineKind::Ga => Problem::for_config(puzzle, &plan.options.ga)
                .ok()
                .and_then(|problem| ga::gpu::device_bytes(ctx, &problem, &plan.options.ga).ok()),
            EngineKind::Aco => exact::propagate(puzzle).ok().and_then(|_| {
                aco::gpu::device_bytes(ctx, &AcoTables::new(puzzle), &plan.options.aco).ok()
            }),
        })
        .fold(0u64, |sum, bytes| sum.saturating_add(bytes.unwrap_or(0)))
}

/// Where the default solver's member running `kind` runs: the plan's device, or the CPU where
/// a software adapter cannot run it. An error is a hardware adapter that cannot.
pub fn place(puzzle: &Grid, kind: EngineKind, plan: &RunPlan) -> Result<Placement> {
    let on_device = Placement {
        device: plan.options.device.clone(),
        on_cpu: None,
    };
    let Device::Gpu(ctx) = &plan.options.device else {
        return Ok(on_device);
    };
    match check(puzzle, kind, plan, ctx) {
        Ok(()) => Ok(on_device),
        Err(why) if ctx.is_software() => Ok(Placement {
            device: Device::Cpu,
            on_cpu: Some(why.to_string()),
        }),
        Err(why) => Err(why),
    }
}
