//! The exact solver's geometry tables (built once per board size) and propagation buffers.

use super::wdeg::Blame;
use super::{Contradiction, Unit};
use crate::board::Geometry;

/// Internal failure: the contradiction, cheap to return in the inner loop.
pub(super) type Fail = Contradiction;

/// Geometry tables, built once per board size.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    pub(super) geometry: Geometry,
    pub(super) box_size: usize,
    pub(super) side: usize,
    pub(super) cells: usize,
    /// Words of the per-state "done" bitset.
    pub(super) words: usize,
    /// Peers of each cell, `npeers` per cell.
    pub(super) peers: Vec<u16>,
    pub(super) npeers: usize,
    /// Cells of each unit (rows 0..n, columns n..2n, boxes 2n..3n), `side` per unit.
    pub(super) units: Vec<u16>,
    /// Row, column and box unit index of each cell.
    pub(super) cell_units: Vec<[u8; 3]>,
    pub(super) all: u64,
    /// Locked candidates (pointing / claiming) are applied.
    pub(super) locked: bool,
    /// Full all-different filtering (matching) is applied to every changed unit.
    pub(super) alldiff: bool,
}

impl Tables {
    pub(super) fn new(g: Geometry) -> Tables {
        let b = g.box_size();
        let n = g.side();
        let cells = g.cells();
        let units: Vec<u16> = g.unit_cells().map(|c| c as u16).collect();
        let cell_units: Vec<[u8; 3]> = (0..cells).map(|c| g.units_of(c).map(|u| u as u8)).collect();
        let npeers = 2 * (n - 1) + (b - 1) * (b - 1);
        let mut peers = Vec::with_capacity(cells * npeers);
        for (c, cell_unit) in cell_units.iter().enumerate() {
            let start = peers.len();
            let [row, col, bx] = cell_unit.map(usize::from);
            let same = |u: usize| &units[u * n..(u + 1) * n];
            peers.extend(same(row).iter().filter(|&&p| p as usize != c));
            peers.extend(same(col).iter().filter(|&&p| p as usize != c));
            peers.extend(same(bx).iter().filter(|&&p| {
                let p = p as usize;
                g.row_of(p) != g.row_of(c) && g.col_of(p) != g.col_of(c)
            }));
            peers[start..].sort_unstable();
            debug_assert_eq!(peers.len() - start, npeers);
        }
        Tables {
            geometry: g,
            box_size: b,
            side: n,
            cells,
            words: cells.div_ceil(64),
            peers,
            npeers,
            units,
            cell_units,
            all: g.all_digits(),
            locked: n >= 16,
            alldiff: n >= 16,
        }
    }

    /// Length of one state in the arena: candidates, then the done bitset.
    pub(super) fn stride(&self) -> usize {
        self.cells + self.words
    }

    pub(super) fn unit_name(&self, u: usize) -> Unit {
        let n = self.side;
        match u / n {
            0 => Unit::Row(u),
            1 => Unit::Column(u - n),
            _ => Unit::Box(u - 2 * n),
        }
    }
}

/// Buffers reused across propagation calls.
#[derive(Clone, Debug)]
pub(super) struct Scratch {
    /// Cells whose candidates became a single digit and whose peers have not yet lost it.
    pub(super) queue: Vec<u16>,
    /// Units whose candidates changed since they were last scanned for hidden singles.
    pub(super) dirty: [u64; 3],
    /// Units changed since all-different filtering last ran on them.
    pub(super) alldiff_dirty: [u64; 3],
    /// Bands (rows of boxes) and stacks (columns of boxes) changed since locked candidates last
    /// ran on them.
    pub(super) bands_dirty: u64,
    pub(super) stacks_dirty: u64,
    /// The units the last propagation failure is blamed on (dom/wdeg weights, `wdeg.rs`).
    pub(super) blame: Blame,
}

impl Scratch {
    /// Forget pending work (the state it referred to is a fixpoint or was abandoned).
    pub(super) fn clear(&mut self) {
        self.queue.clear();
        self.dirty = [0; 3];
        self.alldiff_dirty = [0; 3];
        self.bands_dirty = 0;
        self.stacks_dirty = 0;
    }

    /// Every unit needs a scan.
    pub(super) fn mark_all(&mut self, t: &Tables) {
        for u in 0..3 * t.side {
            self.dirty[u >> 6] |= 1u64 << (u & 63);
        }
    }

    #[inline(always)]
    pub(super) fn mark(&mut self, t: &Tables, cell: usize) {
        for &u in &t.cell_units[cell] {
            self.dirty[(u >> 6) as usize] |= 1u64 << (u & 63);
        }
    }
}
