//! Building the Ant Colony System's tables ([`AcoTables`], declared in `crates/evoku/src/aco/common.rs`) for
//! a puzzle: peers, units, and the start board propagation leaves (`crates/evoku/src/aco/cpu/propagate.rs`).
//! Apart from `common.rs` so that `common.rs` and `propagate.rs` do not import each other.

use super::common::AcoTables;
use super::cpu::propagate::start_board;
use crate::board::Grid;

impl AcoTables {
    pub fn new(puzzle: &Grid) -> AcoTables {
        let g = puzzle.geometry();
        let (n, cells) = (g.side(), g.cells());
        let units: Vec<u32> = g.unit_cells().map(|c| c as u32).collect();
        let cell_units: Vec<[u32; 3]> = (0..cells)
            .map(|c| g.units_of(c).map(|u| u as u32))
            .collect();
        let npeers = super::common::peer_count(g) as usize;
        // A cell's peers are the other cells of its row, column and box, in increasing order:
        // gathered from its three units (O(cells * side), not a scan of every cell per cell,
        // which cost a 64x64 solve 0.14 s before its first round).
        let mut peers = Vec::with_capacity(cells * npeers);
        let mut around = Vec::with_capacity(3 * n);
        for (c, units_of_c) in cell_units.iter().enumerate() {
            around.clear();
            for &u in units_of_c {
                let u = u as usize;
                around.extend_from_slice(&units[u * n..(u + 1) * n]);
            }
            around.sort_unstable();
            around.dedup();
            around.retain(|&p| p as usize != c);
            debug_assert_eq!(around.len(), npeers);
            peers.extend_from_slice(&around);
        }
        let mut tables = AcoTables {
            geometry: g,
            side: n,
            cells,
            npeers,
            peers,
            units,
            cell_units,
            start: Vec::new(),
            start_filled: 0,
        };
        let (start, filled) = start_board(&tables, puzzle);
        tables.start = start;
        tables.start_filled = filled;
        tables
    }
}
