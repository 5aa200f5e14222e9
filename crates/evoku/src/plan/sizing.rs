//! GPU runs sized from the adapter: the GA islands and ACS colonies that fill a device
//! (`--islands auto`, `--colonies` left out), by the rule of [`crate::defaults::groups_to_fill`].

use crate::aco::{AcoConfig, AcoTables, MAX_COLONIES};
use crate::board::Grid;
use crate::defaults::{groups_to_fill, Fill};
use crate::device::Device;
use crate::ga::GaConfig;
use crate::gpu::GpuContext;

/// GA islands that fill `ctx` ([`groups_to_fill`]: one invocation per individual, the largest
/// buffer holding one genome per individual). A software adapter (lavapipe, which runs on the
/// CPU cores) keeps `config`'s islands.
pub fn gpu_islands(ctx: &GpuContext, puzzle: &Grid, config: &GaConfig, fill: Fill) -> u32 {
    if ctx.is_software() {
        return config.islands;
    }
    let population = config.population as u64;
    // A population buffer holds every individual; the records two genomes per island.
    let genome = crate::ga::problem::genome_words(puzzle.geometry().cells()) as u64 * 4;
    groups_to_fill(
        fill,
        population,
        genome * population.max(2),
        ctx.largest_binding(),
    )
}

/// Invocations a batch's launch aims for on a software adapter (lavapipe runs them on the CPU
/// cores, so a few thousand keep them busy without long submits).
pub const SOFTWARE_BATCH_INVOCATIONS: u64 = 1 << 12;

/// The most puzzles one GPU batch holds, whatever the device.
pub const MAX_BATCH_PUZZLES: usize = 4096;

/// Puzzles of `grid`'s size that share one GPU engine when each runs `config` (its islands
/// already sized): as many as fill `ctx` together, the islands that fill it
/// ([`groups_to_fill`] with [`Fill::Solve`], within the largest buffer) over each puzzle's
/// islands; on a software adapter those of [`SOFTWARE_BATCH_INVOCATIONS`] individuals. At least 1
/// (a puzzle whose islands fill the device alone runs alone), at most [`MAX_BATCH_PUZZLES`].
pub fn gpu_batch_puzzles(ctx: &GpuContext, grid: &Grid, config: &GaConfig) -> usize {
    let population = config.population.max(1) as u64;
    let islands = if ctx.is_software() {
        SOFTWARE_BATCH_INVOCATIONS / population
    } else {
        let genome = crate::ga::problem::genome_words(grid.geometry().cells()) as u64 * 4;
        groups_to_fill(
            Fill::Solve,
            population,
            genome * population.max(2),
            ctx.largest_binding(),
        ) as u64
    };
    (islands / config.islands.max(1) as u64).clamp(1, MAX_BATCH_PUZZLES as u64) as usize
}

/// Puzzles of `grid`'s size that share one GPU ACS engine when each runs `config` (its colonies
/// already sized), as [`gpu_batch_puzzles`] sizes the GA's: as many as fill `ctx` together (the
/// colonies of [`gpu_colonies`]'s rule over each puzzle's; on a software adapter those of
/// [`SOFTWARE_BATCH_INVOCATIONS`] ants), and no more than the engine's buffers hold
/// ([`crate::aco::gpu::batch_puzzles`]). At least 1, at most [`MAX_BATCH_PUZZLES`].
pub fn gpu_aco_batch_puzzles(ctx: &GpuContext, grid: &Grid, config: &AcoConfig) -> usize {
    let tables = AcoTables::new(grid);
    let ants = config.ants.max(1) as u64;
    let colonies = if ctx.is_software() {
        SOFTWARE_BATCH_INVOCATIONS / ants
    } else {
        gpu_colonies(ctx, grid, config) as u64
    };
    let wanted = (colonies / config.colonies.max(1) as u64).clamp(1, MAX_BATCH_PUZZLES as u64);
    crate::aco::gpu::batch_puzzles(ctx, &tables, config, wanted as u32) as usize
}

/// ACS colonies that fill `ctx` ([`groups_to_fill`]: one invocation per ant, the largest buffer
/// the pheromone or the ant boards). A software adapter keeps `config`'s colonies.
pub fn gpu_colonies(ctx: &GpuContext, puzzle: &Grid, config: &AcoConfig) -> u32 {
    if ctx.is_software() {
        return config.colonies;
    }
    let params = config.params(&AcoTables::new(puzzle));
    let bytes =
        (params.pher_words() as u64 * 4).max(params.ants as u64 * params.ant_words as u64 * 4);
    groups_to_fill(
        Fill::Solve,
        params.ants as u64,
        bytes,
        ctx.largest_binding(),
    )
}

/// Groups that fill `device`, `per_device` giving one adapter's count: on several devices, as
/// many per device as the smallest holds (the groups split evenly), at most `most`; a software
/// adapter keeps the configured count, which `per_device` returns for it. `None` on the CPU.
fn fill(device: &Device, per_device: &dyn Fn(&GpuContext) -> u32, most: u32) -> Option<u32> {
    match device {
        Device::Cpu => None,
        Device::Gpu(ctx) => Some(per_device(ctx)),
        Device::Gpus(contexts) => {
            let each = contexts.iter().map(per_device).min()?;
            if contexts.iter().all(GpuContext::is_software) {
                Some(each)
            } else {
                Some(each.saturating_mul(contexts.len() as u32).min(most))
            }
        }
    }
}

/// GA islands that fill `device` (`--islands` left to the adapter; [`gpu_islands`] per adapter);
/// `None` on the CPU.
pub fn fill_islands(device: &Device, grid: &Grid, config: &GaConfig, fill_: Fill) -> Option<u32> {
    fill(
        device,
        &|ctx| gpu_islands(ctx, grid, config, fill_),
        u32::MAX,
    )
}

/// ACS colonies that fill `device` (`--colonies` left to the adapter; [`gpu_colonies`] per
/// adapter); `None` on the CPU.
pub fn fill_colonies(device: &Device, grid: &Grid, config: &AcoConfig) -> Option<u32> {
    fill(device, &|ctx| gpu_colonies(ctx, grid, config), MAX_COLONIES)
}
