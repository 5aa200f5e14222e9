//! Building the Ant Colony System's tables ([`AcoTables`], declared in `crates/evoku/src/aco/common.rs`) for
//! a puzzle: peers, units, and the start board propagation leaves (`crates/evoku/src/aco/cpu/propagate.rs`);
//! and their words in the GPU's `tables` buffer, one puzzle's or a batch's.
//! Apart from `common.rs` so that `common.rs` and `propagate.rs` do not import each other.

use super::common::{cand_words, push_cand_words, AcoTables};
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

impl AcoTables {
    #[inline(always)]
    pub fn peers_of(&self, cell: usize) -> &[u32] {
        &self.peers[cell * self.npeers..(cell + 1) * self.npeers]
    }

    #[inline(always)]
    pub fn unit(&self, u: usize) -> &[u32] {
        &self.units[u * self.side..(u + 1) * self.side]
    }

    /// The GPU's `tables` buffer: peers (`cells * npeers`), units (`3 n * n`), per cell
    /// `row | col << 8 | box << 16` (unit indices), then the puzzle's start ([`start_words`](
    /// Self::start_words)): the start board as [`cand_words`]`(n)` words per cell with the
    /// done flag on fixed cells, and `start_filled`.
    pub fn words(&self) -> Vec<u32> {
        AcoTables::batch_words(std::slice::from_ref(self))
    }

    /// The `tables` buffer of a batch of puzzles of one size: the first's [`words`](Self::words),
    /// then each other puzzle's start, one after another (`start_offset` in `common.wgsl`).
    pub fn batch_words(puzzles: &[AcoTables]) -> Vec<u32> {
        let Some(first) = puzzles.first() else {
            return Vec::new();
        };
        let cw = cand_words(first.side as u32);
        let extra = (puzzles.len() - 1) * first.start_words();
        let mut t = Vec::with_capacity(first.word_count() + extra);
        t.extend_from_slice(&first.peers);
        t.extend_from_slice(&first.units);
        t.extend(
            first
                .cell_units
                .iter()
                .map(|[r, c, b]| r | c << 8 | b << 16),
        );
        for puzzle in puzzles {
            for &m in &puzzle.start {
                let single = m != 0 && m & (m - 1) == 0;
                push_cand_words(&mut t, m, single, cw);
            }
            t.push(puzzle.start_filled);
        }
        t
    }

    /// Words of one puzzle's start in [`words`](Self::words): its board and `start_filled`.
    pub fn start_words(&self) -> usize {
        cand_words(self.side as u32) as usize * self.cells + 1
    }

    /// The length of [`words`](Self::words), without building them.
    pub fn word_count(&self) -> usize {
        self.peers.len() + self.units.len() + self.cells + self.start_words()
    }

    /// Offsets of the parts of [`words`](Self::words): (units, cell units, start board).
    pub fn offsets(&self) -> (u32, u32, u32) {
        let units = self.peers.len() as u32;
        let cell_units = units + self.units.len() as u32;
        (units, cell_units, cell_units + self.cells as u32)
    }
}
