//! Conflict-directed branching, dom/wdeg (Boussemart, Hemery, Lecoutre and Sais 2004): every unit
//! (row, column, box) has a weight, raised each time propagation fails on it, and a randomized
//! search branches on the cell with the fewest candidates per weight of its units, so that it
//! goes first where earlier searches failed. The weights outlive a search: kept across the
//! restarts of one solver, they are what a restart learns from the ones before it.
//!
//! Which units a failure blames (what propagation knows at no extra cost, [`Blame`]): a cell
//! emptied by a fixed peer, the units the two share; a digit without a place, or two digits with
//! one place only, in a unit, that unit; a unit whose open cells cannot all be filled
//! (all-different), that unit, and a cell all-different emptied, the unit filtered; a cell emptied
//! by locked candidates, its three units.

use super::choice::open_cells;
use super::search::Level;
use super::tables::Tables;

/// The units a propagation failure is blamed on (set where it fails; read after it), and the
/// digits at fault in them (for weights per unit and digit).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Blame {
    pub(super) units: [u16; 3],
    pub(super) len: u8,
    pub(super) digits: u64,
}

impl Blame {
    pub(super) fn unit(u: usize, digits: u64) -> Blame {
        Blame {
            units: [u as u16, 0, 0],
            len: 1,
            digits,
        }
    }

    /// The units of `cell`, all of them or those it shares with `other`.
    pub(super) fn cell(t: &Tables, cell: usize, other: Option<usize>, digits: u64) -> Blame {
        let mut blame = Blame {
            digits,
            ..Blame::default()
        };
        for (i, &u) in t.cell_units[cell].iter().enumerate() {
            if other.is_none_or(|o| t.cell_units[o][i] == u) {
                blame.units[blame.len as usize] = u as u16;
                blame.len += 1;
            }
        }
        blame
    }
}

/// How weights grow: by one per failure (the published dom/wdeg), or by an increment that
/// itself grows by a sixteenth per failure, so that recent failures weigh more (decay, as in
/// the VSIDS heuristic of SAT solvers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Growth {
    Plain,
    Decay,
    /// Plain growth, one weight per (unit, digit) instead of per unit: a failure raises the
    /// digits at fault in the blamed units, and a cell weighs the mean weight of (unit, digit)
    /// over its units and candidates.
    PerDigit,
}

/// The unit weights of a solver.
#[derive(Clone, Debug)]
pub(super) struct Weights {
    /// One per unit (rows 0..n, columns n..2n, boxes 2n..3n), starting at 1; empty per digit.
    pub(super) unit: Vec<u64>,
    /// Per digit ([`Growth::PerDigit`]) only: `side` weights per unit, starting at 1.
    pub(super) digit: Vec<u64>,
    /// The largest of `unit`.
    max: u64,
    side: usize,
    increment: u64,
    growth: Growth,
    /// Failures counted so far (for tests and reports).
    pub(super) failures: u64,
}

/// Weights are halved (and the increment with them) past this, so that sums of three and their
/// products with candidate counts stay far within `u64`.
const RESCALE_ABOVE: u64 = 1 << 40;

impl Weights {
    pub(super) fn new(t: &Tables, growth: Growth) -> Weights {
        Weights {
            unit: match growth {
                Growth::PerDigit => Vec::new(),
                _ => vec![1; 3 * t.side],
            },
            digit: match growth {
                Growth::PerDigit => vec![1; 3 * t.side * t.side],
                _ => Vec::new(),
            },
            side: t.side,
            max: 1,
            increment: 1,
            growth,
            failures: 0,
        }
    }

    /// The weights: per unit, or per (unit, digit).
    pub(super) fn weights(&self) -> &[u64] {
        match self.growth {
            Growth::PerDigit => &self.digit,
            _ => &self.unit,
        }
    }

    /// A propagation failure blamed on `blame`'s units.
    pub(super) fn bump(&mut self, blame: &Blame) {
        self.failures += 1;
        if self.growth == Growth::PerDigit {
            for &u in &blame.units[..blame.len as usize] {
                let u = u as usize;
                let mut digits = blame.digits;
                while digits != 0 {
                    let w = &mut self.digit[u * self.side + digits.trailing_zeros() as usize];
                    *w += 1;
                    self.max = self.max.max(*w);
                    digits &= digits - 1;
                }
            }
            return;
        }
        for &u in &blame.units[..blame.len as usize] {
            let w = &mut self.unit[u as usize];
            *w = w.saturating_add(self.increment);
            self.max = self.max.max(*w);
        }
        if self.growth == Growth::Decay {
            self.increment += (self.increment >> 4).max(1);
            if self.increment > RESCALE_ABOVE {
                self.increment >>= 20;
                for w in &mut self.unit {
                    *w = (*w >> 20).max(1);
                }
                self.max = (self.max >> 20).max(1);
            }
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
    /// Numerators stay below 3 * 64^2 and weights below 2^41 (rescaled; per digit they grow by
    /// one per failure), so the products fit.
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
    let per_digit = !w.digit.is_empty();
    let n = t.side;
    for cell in open_cells(t, done) {
        let m = cand[cell];
        let units = t.cell_units[cell].map(usize::from);
        let dom = m.count_ones() as u64;
        let mut score = if per_digit {
            // dom / (mean weight of (unit, candidate)) = 3 dom^2 / (sum of those weights).
            let mut den = 0;
            for u in units {
                let mut left = m;
                while left != 0 {
                    den += w.digit[u * n + left.trailing_zeros() as usize];
                    left &= left - 1;
                }
            }
            Score {
                num: 3 * dom * dom,
                den,
                hash: 0,
            }
        } else {
            Score {
                num: 3 * dom,
                den: units.iter().map(|&u| w.unit[u]).sum(),
                hash: 0,
            }
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
    let mut places = [0u64; 64];
    for u in 0..3 * n {
        // Per unit, no place of a unit too light can win (two places at least): skip its scan.
        if !per_digit {
            let bound = Score {
                num: 2,
                den: w.unit[u],
                hash: 0,
            };
            let (cell, place) = best_score.cross(&bound);
            if cell < place {
                continue;
            }
        }
        let unit = &t.units[u * n..(u + 1) * n];
        places[..n].fill(0);
        for (pos, &c) in unit.iter().enumerate() {
            let mut m = cand[c as usize];
            while m != 0 {
                places[m.trailing_zeros() as usize] |= 1 << pos;
                m &= m - 1;
            }
        }
        for (digit, &p) in places[..n].iter().enumerate() {
            let count = p.count_ones() as u64;
            if count < 2 {
                continue;
            }
            let salt = (u * n + digit) as u32 | 0x8000_0000;
            let score = Score {
                num: count,
                den: if per_digit {
                    w.digit[u * n + digit]
                } else {
                    w.unit[u]
                },
                hash: crate::rng::mix(tie ^ salt),
            };
            if score.better_than(&best_score) {
                best_score = score;
                best = Some(Level {
                    cell: 0,
                    remaining: p,
                    place: Some((u, 1u64 << digit)),
                });
            }
        }
    }
    best
}
