//! What `evoku solve` runs when it is not told: the time limit of a board size, and on a GPU the
//! islands and colonies that fill the adapter. The measurements behind each choice are in
//! `docs/results/default-solver.md#the-default-solver-evoku-solve-without-options` ("The default solver").

use std::time::Duration;

use crate::aco::{AcoConfig, AcoTables};
use crate::board::Grid;
use crate::ga::GaConfig;
use crate::gpu::GpuContext;

/// The time limit per puzzle when none is given: 20 s up to 25x25 (the limit of the Lloyd & Amos
/// reference, and every bucket is solved well within it), 60 s at 36x36, 120 s beyond.
pub fn default_time_limit(side: usize) -> Duration {
    Duration::from_secs(match side {
        0..=25 => 20,
        26..=36 => 60,
        _ => 120,
    })
}

/// The default time limits as `--help` shows them (derived from [`default_time_limit`]).
pub fn default_time_limit_text() -> String {
    let secs = |side| default_time_limit(side).as_secs();
    format!(
        "{} s up to 25x25, {} s at 36x36, {} s at 49x49 and larger",
        secs(25),
        secs(36),
        secs(49)
    )
}

/// How many invocations a GPU run sized from a hardware adapter aims for. wgpu does not report
/// the number of cores, so each is a fixed target, cut down by the adapter's buffer limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// A solving run (`solve`, `suite`, the portfolio's members): about half of what a large GPU
    /// keeps resident (an H100 keeps ~270,000 threads), so the device is busy while one
    /// generation stays short (a solution is found sooner in short generations).
    Solve,
    /// A throughput measurement (`evoku bench`): several times the resident threads. Measured on
    /// an H200 (docs/results/gpu.md#on-a-hardware-gpu-nvidia-h200-issue-14-2026-11-24): the paper preset at 9x9 bred 2.7e8 individuals a second with
    /// 76,800 invocations and 3.9e8 with 1.2 million.
    Throughput,
}

impl Fill {
    /// The invocations aimed for.
    pub const fn invocations(self) -> u64 {
        match self {
            Fill::Solve => 1 << 17,
            Fill::Throughput => 1 << 20,
        }
    }
}

/// The most islands and colonies a configuration accepts.
const MAX_GROUPS: u64 = 1 << 16;

/// The largest storage buffer the engines may bind on `ctx` (their indices are `u32` words).
fn largest_binding(ctx: &GpuContext) -> u64 {
    ctx.limits
        .max_storage_buffer_binding_size
        .min(ctx.limits.max_buffer_size)
        .min(u32::MAX as u64 * 4)
}

/// The largest power of two at most `x` (at least 1).
fn power_of_two_floor(x: u64) -> u64 {
    if x <= 1 {
        1
    } else {
        1 << (63 - x.leading_zeros())
    }
}

/// Groups (islands, colonies) of `invocations_per_group` invocations and `bytes_per_group`
/// bytes in the largest buffer that fill a device allowing `binding` bytes per buffer:
/// `fill`'s invocations, as many as fit, a power of two, at most 65,536.
pub fn groups_to_fill(
    fill: Fill,
    invocations_per_group: u64,
    bytes_per_group: u64,
    binding: u64,
) -> u32 {
    let groups = (fill.invocations() / invocations_per_group.max(1))
        .min(binding / bytes_per_group.max(1))
        .clamp(1, MAX_GROUPS);
    power_of_two_floor(groups) as u32
}

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
        largest_binding(ctx),
    )
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
    groups_to_fill(Fill::Solve, params.ants as u64, bytes, largest_binding(ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_grow_with_the_board() {
        assert_eq!(default_time_limit(9), Duration::from_secs(20));
        assert_eq!(default_time_limit(25), Duration::from_secs(20));
        assert_eq!(default_time_limit(36), Duration::from_secs(60));
        assert_eq!(default_time_limit(64), Duration::from_secs(120));
        assert!(default_time_limit_text().starts_with("20 s up to 25x25"));
    }

    #[test]
    fn groups_fill_the_target_within_the_buffer_limit() {
        let binding = 128 << 20; // wgpu's default storage-buffer binding limit
                                 // The walk at 25x25: 2 walkers of 628-byte genomes per island.
        assert_eq!(groups_to_fill(Fill::Solve, 2, 2 * 628, binding), 65_536);
        // At 49x49 (2,404-byte genomes) the buffer limit decides: 27,917 fit, 16,384 taken.
        assert_eq!(groups_to_fill(Fill::Solve, 2, 2 * 2_404, binding), 16_384);
        // The ACS at 25x25: 10 ants, 62,500 bytes of pheromone per colony.
        assert_eq!(groups_to_fill(Fill::Solve, 10, 62_500, binding), 2_048);
        assert_eq!(groups_to_fill(Fill::Solve, 10, 62_500, 4 << 30), 8_192);
        assert_eq!(groups_to_fill(Fill::Solve, 1 << 20, 1, binding), 1);
        // A throughput bench aims 8 times higher: the paper preset (150 individuals of 84 bytes)
        // at 9x9 on an adapter allowing 2 GiB per buffer.
        assert_eq!(groups_to_fill(Fill::Solve, 150, 150 * 84, 2 << 30), 512);
        assert_eq!(
            groups_to_fill(Fill::Throughput, 150, 150 * 84, 2 << 30),
            4_096
        );
    }

    #[test]
    fn powers_of_two_round_down() {
        assert_eq!(power_of_two_floor(0), 1);
        assert_eq!(power_of_two_floor(1), 1);
        assert_eq!(power_of_two_floor(65_535), 32_768);
        assert_eq!(power_of_two_floor(65_536), 65_536);
    }
}
