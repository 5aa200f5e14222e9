//! Conflict-directed branching, dom/wdeg (Boussemart, Hemery, Lecoutre and Sais 2004): every unit
//! (row, column, box) has a weight, raised by one each time propagation fails on it, and a
//! randomized search branches on the cell with the fewest candidates per weight of its units, so
//! that it goes first where earlier searches failed. The weights outlive a search: kept across
//! the restarts of one solver, they are what a restart learns from the ones before it (measured
//! at 36x36 in docs/results/large-boards.md#large-boards "Large boards", with the variants that lost: weights per (unit,
//! digit), and decaying weights).
//!
//! Which units a failure blames (what propagation knows at no extra cost, [`Blame`]): a cell
//! emptied by a fixed peer, the units the two share; a digit without a place, or two digits with
//! one place only, in a unit, that unit; a unit whose open cells cannot all be filled
//! (all-different), that unit, and a cell all-different emptied, the unit filtered; a cell emptied
//! by locked candidates, its three units.

use super::choice::{open_cells, place_hash, place_level, unit_places};
use super::search::Level;
use super::tables::Tables;

/// The units a propagation failure is blamed on (set where it fails; read after it).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Blame {
    pub(super) units: [u16; 3],
    pub(super) len: u8,
}

impl Blame {
    pub(super) fn unit(u: usize) -> Blame {
        Blame {
            units: [u as u16, 0, 0],
            len: 1,
        }
    }

    /// The units of `cell`, all of them or those it shares with `other`.
    pub(super) fn cell(t: &Tables, cell: usize, other: Option<usize>) -> Blame {
        let mut blame = Blame::default();
        for (i, &u) in t.cell_units[cell].iter().enumerate() {
            if other.is_none_or(|o| t.cell_units[o][i] == u) {
                blame.units[blame.len as usize] = u as u16;
                blame.len += 1;
            }
        }
        blame
    }
}

/// The unit weights of a solver.
#[derive(Clone, Debug)]
pub(super) struct Weights {
    /// One per unit (rows 0..n, columns n..2n, boxes 2n..3n), starting at 1.
    pub(super) unit: Vec<u64>,
    /// The largest of `unit`.
    max: u64,
    /// Failures counted so far (for tests and reports).
    pub(super) failures: u64,
}

impl Weights {
    pub(super) fn new(t: &Tables) -> Weights {
        Weights {
            unit: vec![1; 3 * t.side],
            max: 1,
            failures: 0,
        }
    }

    /// A propagation failure blamed on `blame`'s units.
    pub(super) fn bump(&mut self, blame: &Blame) {
        self.failures += 1;
        for &u in &blame.units[..blame.len as usize] {
            let w = &mut self.unit[u as usize];
            *w += 1;
            self.max = self.max.max(*w);
        }
    }
}

/// A branching score, the fraction `num / den` (smaller is better), ties by `hash`.
#[derive(Clone, Copy)]
struct Score {
    num: u64,
    den: u64,
    hash: u32,
}

impl Score {
    /// Numerators stay below 200 and weights count failures, so the products fit.
    fn cross(&self, other: &Score) -> (u64, u64) {
        (self.num * other.den, other.num * self.den)
    }

    fn better_than(&self, other: &Score) -> bool {
        let (a, b) = self.cross(other);
        a < b || (a == b && self.hash < other.hash)
    }
}

/// dom/wdeg: the open cell with the smallest candidates / mean weight of its three units (in a
/// propagated state every unit of an open cell holds another open cell, else the cell would be
/// a hidden single, so all three count), ties broken by the lowest hash of (`tie`, cell) as in
/// [`super::choice::choose_random`]. With `dual`, a digit's places in a unit compete too, by
/// places / the unit's weight (the mean, so that unit weights all 1 compare as plain counts do).
pub(super) fn choose_weighted(
    t: &Tables,
    state: &[u64],
    tie: u32,
    dual: bool,
    w: &Weights,
) -> Option<Level> {
    let (cand, done) = state.split_at(t.cells);
    let mut best: Option<Level> = None;
    let mut best_score = Score {
        num: 1,
        den: 0,
        hash: u32::MAX,
    };
    for cell in open_cells(t, done) {
        let m = cand[cell];
        let mut score = Score {
            num: 3 * m.count_ones() as u64,
            den: t.cell_units[cell].iter().map(|&u| w.unit[u as usize]).sum(),
            hash: 0,
        };
        // The hash only matters on ties: compute it only when the fraction does not lose.
        let (a, b) = score.cross(&best_score);
        if a > b {
            continue;
        }
        score.hash = crate::rng::mix(tie ^ cell as u32);
        if score.better_than(&best_score) {
            best_score = score;
            best = Some(Level {
                cell,
                remaining: m,
                place: None,
            });
        }
    }
    // No place (two or more of them, in a unit of weight at most `max`) can beat the best cell.
    let place_bound = Score {
        num: 2,
        den: w.max,
        hash: 0,
    };
    let (cell, place) = best_score.cross(&place_bound);
    if !dual || best.is_none() || cell < place {
        return best;
    }
    let n = t.side;
    let mut places = [0u64; 64];
    for u in 0..3 * n {
        // Nor can a place of a unit too light: skip its scan.
        let bound = Score {
            num: 2,
            den: w.unit[u],
            hash: 0,
        };
        let (cell, place) = best_score.cross(&bound);
        if cell < place {
            continue;
        }
        unit_places(t, cand, u, &mut places);
        for (digit, &p) in places[..n].iter().enumerate() {
            let count = p.count_ones() as u64;
            if count < 2 {
                continue;
            }
            let score = Score {
                num: count,
                den: w.unit[u],
                hash: place_hash(tie, u * n + digit),
            };
            if score.better_than(&best_score) {
                best_score = score;
                best = Some(place_level(u, digit, p));
            }
        }
    }
    best
}
