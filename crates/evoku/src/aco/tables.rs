//! Building the Ant Colony System's tables ([`AcoTables`], declared in `crates/evoku/src/aco/common.rs`) for
//! a puzzle: peers, units, and the start board propagation leaves (`crates/evoku/src/aco/cpu/propagate.rs`).
//! Apart from `common.rs` so that `common.rs` and `propagate.rs` do not import each other.

use super::common::AcoTables;
use super::cpu::propagate::start_board;
use crate::board::Grid;

impl AcoTables {
    pub fn new(puzzle: &Grid) -> AcoTables {
        let g = puzzle.geometry();
        let (b, n, cells) = (g.box_size(), g.side(), g.cells());
        let units: Vec<u32> = g.unit_cells().map(|c| c as u32).collect();
        let cell_units: Vec<[u32; 3]> = (0..cells)
            .map(|c| g.units_of(c).map(|u| u as u32))
            .collect();
        let npeers = 2 * (n - 1) + (b - 1) * (b - 1);
        let mut peers = Vec::with_capacity(cells * npeers);
        for c in 0..cells {
            let start = peers.len();
            peers.extend((0..cells).filter(|&p| {
                p != c
                    && (g.row_of(p) == g.row_of(c)
                        || g.col_of(p) == g.col_of(c)
                        || g.box_of(p) == g.box_of(c))
            }));
            debug_assert_eq!(peers.len() - start, npeers);
        }
        let peers = peers.into_iter().map(|p| p as u32).collect();
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
