//! What `evoku solve` runs when it is not told: the time limit of a board size, and on a GPU the
//! islands and colonies that fill the adapter. The measurements behind each choice are in
//! `docs/RESULTS.md` ("The default solver").

use std::time::Duration;

use crate::aco::{AcoConfig, AcoTables};
use crate::board::Grid;
use crate::ga::{GaConfig, Params, Problem};
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

/// Invocations (individuals, or ants) a GPU run sized from a hardware adapter aims for: about half
/// of what a large GPU keeps resident (an H100 keeps ~270,000 threads), so the device is full
/// while one generation stays short. wgpu does not report the number of cores, so this is a
/// fixed target, cut down by the adapter's buffer limits.
pub const GPU_TARGET_INVOCATIONS: u64 = 1 << 17;

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

/// GA islands that fill `ctx`: [`GPU_TARGET_INVOCATIONS`] individuals, as many as the buffers of
/// `problem`'s genomes allow, a power of two. A software adapter (lavapipe, which runs on the
/// CPU cores) keeps `config`'s islands.
pub fn gpu_islands(ctx: &GpuContext, problem: &Problem, config: &GaConfig) -> u32 {
    if ctx.is_software() {
        return config.islands;
    }
    let params = Params::new(problem, config);
    let population = params.population.max(1) as u64;
    let genome = params.genome_words as u64 * 4;
    // Each population buffer holds every individual; the records two genomes per island.
    let by_buffer = largest_binding(ctx) / (genome * population.max(2)).max(1);
    let islands = (GPU_TARGET_INVOCATIONS / population)
        .min(by_buffer)
        .clamp(1, MAX_GROUPS);
    power_of_two_floor(islands) as u32
}

/// ACS colonies that fill `ctx`: [`GPU_TARGET_INVOCATIONS`] ants, as many as the pheromone and
/// ant buffers of `puzzle` allow, a power of two. A software adapter keeps `config`'s colonies.
pub fn gpu_colonies(ctx: &GpuContext, puzzle: &Grid, config: &AcoConfig) -> u32 {
    if ctx.is_software() {
        return config.colonies;
    }
    let params = config.params(&AcoTables::new(puzzle));
    let per_colony = (params.pher_words() as u64 * 4)
        .max(params.ants as u64 * params.ant_words as u64 * 4)
        .max(1);
    let colonies = (GPU_TARGET_INVOCATIONS / params.ants.max(1) as u64)
        .min(largest_binding(ctx) / per_colony)
        .clamp(1, MAX_GROUPS);
    power_of_two_floor(colonies) as u32
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
    fn powers_of_two_round_down() {
        assert_eq!(power_of_two_floor(0), 1);
        assert_eq!(power_of_two_floor(1), 1);
        assert_eq!(power_of_two_floor(65_535), 32_768);
        assert_eq!(power_of_two_floor(65_536), 65_536);
    }
}
