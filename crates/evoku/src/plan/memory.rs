//! The memory a run needs, estimated from its plan before anything is allocated: every large
//! table of every engine it builds (the GA's populations and children, the ACS's pheromone
//! tables and ants, the portfolio's members, the CDCL streams), refused beyond
//! [`Available::here`] with the bytes needed and available ([`check_memory`]).
//!
//! The GA's and the ACS's tables count against the host's memory on the CPU and on a software
//! adapter (lavapipe keeps its buffers in host memory); on a hardware GPU they live in device
//! memory, which the engines check against the adapter's limits when they are built.

use crate::board::Grid;
use crate::device::Device;
use crate::error::Result;
use crate::gpu::GpuContext;
use crate::state_size::{check_memory, Available, MemoryPart};

use super::{Algorithm, RunPlan};

/// Bytes one binary clause of a CDCL stream's encoding takes: its two implication-list entries
/// (4 bytes each, evoku-sat `clauses.rs`) with room for the lists' growth.
const CDCL_BYTES_PER_BINARY: u64 = 24;
/// Bytes per variable of a CDCL stream: its two literals' implication and watch lists (one
/// 64-byte `Lists` each, evoku-sat `clauses.rs`), value, level, reason, activity, heap entry
/// and index, phases, analysis marks and CHB's last conflict (about 180).
const CDCL_BYTES_PER_VARIABLE: u64 = 192;

/// The memory of one CDCL stream on `grid`, an upper bound: one variable per (open cell,
/// candidate digit) left by the givens, and the binary clauses of the encoding
/// (`crate::exact::cdcl`) over them: at most one digit per cell, at most one of two peers per
/// digit (each peer counted once per unit it shares, which can only overcount).
pub fn cdcl_stream_bytes(grid: &Grid) -> u64 {
    let geometry = grid.geometry();
    let (side, cells) = (geometry.side(), geometry.cells());
    let unit = |kind: usize, cell: usize| match kind {
        0 => geometry.row_of(cell),
        1 => geometry.col_of(cell),
        _ => geometry.box_of(cell),
    };
    // The digits given in each row, column and box.
    let mut given = vec![0u64; 3 * side];
    for cell in 0..cells {
        if let Some(d) = grid.get(cell).checked_sub(1) {
            for kind in 0..3 {
                given[kind * side + unit(kind, cell)] |= 1 << d;
            }
        }
    }
    // Each open cell's candidates, and how many cells of each unit hold each candidate.
    let full = if side == 64 {
        u64::MAX
    } else {
        (1 << side) - 1
    };
    let mut holders = vec![0u32; 3 * side * side];
    let mut candidates = vec![0u64; cells];
    for cell in 0..cells {
        if grid.get(cell) != 0 {
            continue;
        }
        let taken = (0..3).fold(0, |m, kind| m | given[kind * side + unit(kind, cell)]);
        candidates[cell] = full & !taken;
        for d in 0..side {
            if candidates[cell] >> d & 1 == 1 {
                for kind in 0..3 {
                    holders[(kind * side + unit(kind, cell)) * side + d] += 1;
                }
            }
        }
    }
    let (mut variables, mut binaries) = (0u64, 0u64);
    for cell in 0..cells {
        let own = candidates[cell].count_ones() as u64;
        for d in 0..side {
            if candidates[cell] >> d & 1 == 1 {
                variables += 1;
                let peers: u64 = (0..3)
                    .map(|kind| holders[(kind * side + unit(kind, cell)) * side + d] as u64 - 1)
                    .sum();
                binaries += own - 1 + peers;
            }
        }
    }
    (binaries / 2) * CDCL_BYTES_PER_BINARY + variables * CDCL_BYTES_PER_VARIABLE
}

/// Whether the GA's and the ACS's tables live in host memory on `device`.
fn on_host(device: &Device) -> bool {
    match device {
        Device::Cpu => true,
        Device::Gpu(ctx) => ctx.is_software(),
        Device::Gpus(contexts) => contexts.iter().any(GpuContext::is_software),
    }
}

/// The large tables `plan` builds for `grid` in host memory.
pub fn estimate(grid: &Grid, plan: &RunPlan) -> Vec<MemoryPart> {
    let side = grid.geometry().side();
    let mut parts = Vec::new();
    let engines = on_host(&plan.options.device);
    let (runs_ga, runs_aco) = match plan.options.algorithm {
        Algorithm::Ga => (true, false),
        Algorithm::Aco => (false, true),
        Algorithm::Auto => (true, true),
        Algorithm::Exact => (false, false),
    };
    if runs_aco && engines {
        parts.push(aco_host_bytes(plan, grid));
    }
    if runs_ga && engines {
        parts.push(crate::ga::cpu::engine::host_bytes(&plan.options.ga, side));
    }
    if let Some(streams) = super::exact_streams(grid, &plan.options) {
        parts.push(MemoryPart {
            what: format!("{streams} CDCL streams"),
            options: "--exact-streams",
            bytes: cdcl_stream_bytes(grid).saturating_mul(streams as u64),
        });
    }
    parts
}

/// Refuses `plan` on `grid` when its tables need more than `available`.
pub fn check(grid: &Grid, plan: &RunPlan, available: Available) -> Result<()> {
    let parts = estimate(grid, plan);
    if parts.is_empty() {
        return Ok(());
    }
    let side = grid.geometry().side();
    check_memory(&parts, available, &format!("a {side}x{side} puzzle"))
}

/// The puzzles a batch may solve at once: at most `width`, and no more than `available` holds
/// when each needs `per_puzzle` bytes (at least one: a puzzle too large alone is refused by its
/// own plan). The results do not depend on it.
pub fn batch_width(width: usize, per_puzzle: u64, available: Available) -> usize {
    let fit = available.bytes / per_puzzle.max(1);
    width.min(fit.min(usize::MAX as u64) as usize).max(1)
}

/// The ACS colonies' host bytes, from the board's shape ([`crate::aco::AcoConfig::params_for`]:
/// building the tables would cost O(cells^2) per puzzle).
fn aco_host_bytes(plan: &RunPlan, grid: &crate::board::Grid) -> MemoryPart {
    plan.options.aco.params_for(grid.geometry(), 0).host_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_runs_no_more_puzzles_at_once_than_memory_holds() {
        let available = Available::of(Some(8 << 30));
        assert_eq!(batch_width(16, 1 << 20, available), 16);
        assert_eq!(batch_width(16, 3 << 30, available), 2);
        assert_eq!(batch_width(16, 9 << 30, available), 1);
        assert_eq!(batch_width(1, 0, available), 1);
    }

    #[test]
    fn cdcl_streams_grow_with_the_open_cells() {
        let empty = |boxes| Grid::empty(crate::board::Geometry::new(boxes).unwrap());
        assert!(cdcl_stream_bytes(&empty(6)) < cdcl_stream_bytes(&empty(8)));
        assert!(cdcl_stream_bytes(&empty(8)) < 4 << 30);
        // A 4x4 with one cell open: one variable, no clause.
        let mut cells = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        cells[13] = 0;
        let one_open = Grid::from_cells(crate::board::Geometry::new(2).unwrap(), cells).unwrap();
        assert_eq!(cdcl_stream_bytes(&one_open), CDCL_BYTES_PER_VARIABLE);
    }
}
