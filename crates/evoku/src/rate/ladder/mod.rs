//! The technique ladder: a human-style solver that always applies the easiest technique that
//! makes progress. The state and its bookkeeping live here, the techniques in the submodules.

mod fish;
mod intersections;
mod singles;
mod subsets;
mod wings;

use super::Technique;
use crate::board::{Geometry, Grid};

/// What the ladder found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogicRating {
    /// Hardest technique applied; `None` if none was needed.
    pub hardest: Option<Technique>,
    /// Whether the ladder filled the board.
    pub solved: bool,
    /// Steps taken (rounds of one technique).
    pub steps: u32,
    /// Cells left open when the ladder stopped.
    pub open: usize,
    /// Empty cells of the puzzle.
    pub empty: usize,
}

/// The ladder on one puzzle (builds the tables; use a [`Rater`](crate::rate::Rater) to rate many).
pub fn logic_rating(puzzle: &Grid) -> LogicRating {
    Ladder::new(puzzle.geometry()).rate(puzzle)
}

/// Geometry tables of the ladder.
struct LadderTables {
    geometry: Geometry,
    n: usize,
    b: usize,
    /// Cells of unit `u` (rows, columns, boxes), `n` each.
    units: Vec<u16>,
    /// Row, column and box unit of each cell.
    cell_units: Vec<[u16; 3]>,
    all: u64,
}

impl LadderTables {
    fn new(g: Geometry) -> LadderTables {
        let n = g.side();
        let units: Vec<u16> = g.unit_cells().map(|c| c as u16).collect();
        let cell_units = (0..g.cells())
            .map(|c| g.units_of(c).map(|u| u as u16))
            .collect();
        LadderTables {
            geometry: g,
            n,
            b: g.box_size(),
            units,
            cell_units,
            all: g.all_digits(),
        }
    }

    fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.n..(u + 1) * self.n]
    }

    fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.cell_units[a], &self.cell_units[b]);
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    }
}

/// The ladder's working state: candidates (a single bit for a placed cell) and placed digits.
pub(super) struct Ladder {
    t: LadderTables,
    cand: Vec<u64>,
    placed: Vec<bool>,
    /// Digits placed in each unit.
    unit_done: Vec<u64>,
    open: usize,
    /// Eliminations of the instance being examined: (cell, digits removed).
    elims: Vec<(usize, u64)>,
}

/// The board contradicts itself (only for puzzles without a solution).
struct Broken;

impl Ladder {
    pub(super) fn new(g: Geometry) -> Ladder {
        let t = LadderTables::new(g);
        let cells = g.cells();
        let units = 3 * t.n;
        Ladder {
            t,
            cand: vec![0; cells],
            placed: vec![false; cells],
            unit_done: vec![0; units],
            open: 0,
            elims: Vec::new(),
        }
    }

    pub(super) fn geometry(&self) -> Geometry {
        self.t.geometry
    }

    pub(super) fn rate(&mut self, puzzle: &Grid) -> LogicRating {
        assert_eq!(puzzle.geometry(), self.t.geometry, "rater of another size");
        let all = self.t.all;
        self.cand.fill(all);
        self.placed.fill(false);
        self.unit_done.fill(0);
        self.open = self.cand.len();
        let mut rating = LogicRating {
            hardest: None,
            solved: false,
            steps: 0,
            open: 0,
            empty: puzzle.cells().iter().filter(|&&d| d == 0).count(),
        };
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 && self.place(cell, 1u64 << (d - 1)).is_err() {
                rating.open = self.open;
                return rating;
            }
        }
        loop {
            if self.open == 0 {
                rating.solved = true;
                break;
            }
            match self.step() {
                Ok(Some(t)) => {
                    rating.steps += 1;
                    rating.hardest = rating.hardest.max(Some(t));
                }
                Ok(None) | Err(Broken) => break,
            }
        }
        rating.open = self.open;
        rating
    }

    /// The placed digits, 0 for open cells.
    pub(super) fn grid(&self) -> Grid {
        let cells = self
            .cand
            .iter()
            .zip(&self.placed)
            .map(|(&m, &p)| if p { m.trailing_zeros() as u8 + 1 } else { 0 })
            .collect();
        Grid::from_cells(self.t.geometry, cells).expect("digits fit the geometry")
    }

    /// Applies the easiest technique that makes progress; `None` when stuck.
    fn step(&mut self) -> Result<Option<Technique>, Broken> {
        for technique in Technique::ALL {
            if self.try_technique(technique)? {
                return Ok(Some(technique));
            }
        }
        Ok(None)
    }

    /// Applies `technique` wherever it makes progress (a direct technique: at its first
    /// success); whether it did.
    fn try_technique(&mut self, technique: Technique) -> Result<bool, Broken> {
        use Technique::*;
        match technique {
            HiddenSingleBox => self.hidden_singles(true),
            HiddenSingleLine => self.hidden_singles(false),
            DirectPointing => self.pointing(true),
            DirectClaiming => self.claiming(true),
            DirectHiddenPair => self.hidden_subsets(2, true),
            NakedSingle => self.naked_singles(),
            DirectHiddenTriple => self.hidden_subsets(3, true),
            Pointing => self.pointing(false),
            Claiming => self.claiming(false),
            NakedPair => self.naked_subsets(2),
            XWing => self.fish(2),
            HiddenPair => self.hidden_subsets(2, false),
            NakedTriple => self.naked_subsets(3),
            Swordfish => self.fish(3),
            HiddenTriple => self.hidden_subsets(3, false),
            XyWing => self.wings(false),
            XyzWing => self.wings(true),
            NakedQuad => self.naked_subsets(4),
            Jellyfish => self.fish(4),
            HiddenQuad => self.hidden_subsets(4, false),
        }
    }

    /// Places `bit` in `cell` and removes it from the cell's open peers.
    fn place(&mut self, cell: usize, bit: u64) -> Result<(), Broken> {
        if self.placed[cell] {
            return if self.cand[cell] == bit {
                Ok(())
            } else {
                Err(Broken)
            };
        }
        if self.cand[cell] & bit == 0 {
            return Err(Broken);
        }
        self.placed[cell] = true;
        self.cand[cell] = bit;
        self.open -= 1;
        for u in self.t.cell_units[cell] {
            let u = u as usize;
            if self.unit_done[u] & bit != 0 {
                return Err(Broken);
            }
            self.unit_done[u] |= bit;
            for i in 0..self.t.n {
                let p = self.t.units[u * self.t.n + i] as usize;
                if !self.placed[p] && self.cand[p] & bit != 0 {
                    self.cand[p] &= !bit;
                    if self.cand[p] == 0 {
                        return Err(Broken);
                    }
                }
            }
        }
        Ok(())
    }

    /// Positions (bit `i` for the unit's `i`-th cell) of open cells of unit `u` that may hold `bit`.
    fn positions(&self, u: usize, bit: u64) -> u64 {
        let mut mask = 0u64;
        for (i, &c) in self.t.unit(u).iter().enumerate() {
            let c = c as usize;
            if !self.placed[c] && self.cand[c] & bit != 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Positions of every digit in unit `u` at once: `out[d]` gets bit `i` when the unit's
    /// `i`-th cell is open and may hold digit `d + 1`.
    fn unit_positions(&self, u: usize, out: &mut [u64]) {
        out.fill(0);
        for (i, &c) in self.t.unit(u).iter().enumerate() {
            let c = c as usize;
            if !self.placed[c] {
                for d in bits(self.cand[c]) {
                    out[d] |= 1 << i;
                }
            }
        }
    }

    /// Applies `self.elims` if it removes anything (and, when `direct`, only if the result has a
    /// hidden single in a unit of an eliminated cell for an eliminated digit). Clears the list.
    fn apply(&mut self, direct: bool) -> Result<bool, Broken> {
        let mut elims = std::mem::take(&mut self.elims);
        elims.retain(|&(c, bits)| !self.placed[c] && self.cand[c] & bits != 0);
        let mut applied = false;
        if !elims.is_empty() {
            let before: Vec<u64> = elims.iter().map(|&(c, _)| self.cand[c]).collect();
            for &(c, bits) in &elims {
                self.cand[c] &= !bits;
            }
            let keep = !direct || self.has_new_hidden_single(&elims, &before);
            if keep {
                if elims.iter().any(|&(c, _)| self.cand[c] == 0) {
                    return Err(Broken);
                }
                applied = true;
            } else {
                for (&(c, _), &m) in elims.iter().zip(&before).rev() {
                    self.cand[c] = m;
                }
            }
        }
        elims.clear();
        self.elims = elims;
        Ok(applied)
    }

    /// [`Ladder::apply`] for one instance of a technique, noting a success in `found`; whether
    /// the technique stops here (a direct one applies a single instance per step).
    fn apply_instance(&mut self, direct: bool, found: &mut bool) -> Result<bool, Broken> {
        let applied = self.apply(direct)?;
        *found |= applied;
        Ok(applied && direct)
    }

    /// Digits missing from unit `u`, and when there are any, their positions in `table`
    /// (see [`Ladder::unit_positions`]).
    fn missing_positions(&self, u: usize, table: &mut [u64]) -> u64 {
        let missing = self.t.all & !self.unit_done[u];
        if missing != 0 {
            self.unit_positions(u, &mut table[..self.t.n]);
        }
        missing
    }

    fn has_new_hidden_single(&self, elims: &[(usize, u64)], before: &[u64]) -> bool {
        for (&(c, _), &old) in elims.iter().zip(before) {
            let mut removed = old & !self.cand[c];
            while removed != 0 {
                let bit = removed & removed.wrapping_neg();
                removed &= !bit;
                for u in self.t.cell_units[c] {
                    let u = u as usize;
                    if self.unit_done[u] & bit == 0 && self.positions(u, bit).count_ones() == 1 {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Bits set in `mask`, as indices.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
