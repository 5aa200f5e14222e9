//! What `evoku solve` runs when it is not told: the time limit of a board size, and the rule by
//! which a GPU run's islands and colonies fill an adapter ([`groups_to_fill`]; applied to an
//! adapter in `crate::plan::sizing`). A leaf: it imports no other module of the crate. The measurements behind each choice are in
//! `docs/results/default-solver.md#the-default-solver-evoku-solve-without-options` ("The default solver").

use std::time::Duration;

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
