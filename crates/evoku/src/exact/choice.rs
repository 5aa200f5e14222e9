//! Which cell (or unit and digit) a search branches on: the minimum-remaining-values choice,
//! its randomized form, and the helpers they share.

use super::search::Level;
use super::tables::Tables;
use crate::board::Grid;

/// Separates the tie-break draws of a randomized search from its digit-order draws.
pub(super) const TIE_SALT: u32 = 0x27d4_eb2f;

/// One of the set bits of `mask` (not 0), chosen by `draw`.
pub(super) fn random_bit(mut mask: u64, draw: u32) -> u64 {
    for _ in 0..draw % mask.count_ones() {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

/// The cells not yet fixed, in increasing order, from the `done` bit words of a search state.
#[inline]
pub(super) fn open_cells<'a>(t: &'a Tables, done: &'a [u64]) -> impl Iterator<Item = usize> + 'a {
    done.iter().enumerate().flat_map(move |(w, &d)| {
        let mut free = !d;
        if w == t.words - 1 && !t.cells.is_multiple_of(64) {
            free &= (1u64 << (t.cells % 64)) - 1;
        }
        std::iter::from_fn(move || {
            (free != 0).then(|| {
                let cell = w * 64 + free.trailing_zeros() as usize;
                free &= free - 1;
                cell
            })
        })
    })
}

/// Minimum-remaining-values choice among unfixed cells (lowest index on ties); `None` when solved.
#[inline]
pub(super) fn choose(t: &Tables, state: &[u64]) -> Option<(usize, u64)> {
    let (cand, done) = state.split_at(t.cells);
    let mut best: Option<(usize, u64)> = None;
    let mut best_count = u32::MAX;
    for cell in open_cells(t, done) {
        let m = cand[cell];
        let count = m.count_ones();
        if count < best_count {
            best_count = count;
            best = Some((cell, m));
            if count <= 2 {
                return best;
            }
        }
    }
    best
}

/// Like [`choose`], ties broken by the lowest hash of (`tie`, cell) instead of the lowest index:
/// every open cell is visited (no early stop at two candidates, which would favour low indices).
/// With `dual`, a (unit, digit) whose digit has fewer places left in the unit than the best
/// cell has candidates is branched on instead: the digit goes to each of those places in turn
/// (the dual view of quasigroup completion; ties between the views broken by hash too).
pub(super) fn choose_random(t: &Tables, state: &[u64], tie: u32, dual: bool) -> Option<Level> {
    let (cand, done) = state.split_at(t.cells);
    let mut best: Option<Level> = None;
    let mut best_score = u64::MAX;
    for cell in open_cells(t, done) {
        let m = cand[cell];
        let count = m.count_ones() as u64;
        if count <= best_score >> 32 {
            let score = count << 32 | crate::rng::mix(tie ^ cell as u32) as u64;
            if score < best_score {
                best_score = score;
                best = Some(Level {
                    cell,
                    remaining: m,
                    place: None,
                });
            }
        }
    }
    if !dual || best.is_none() || best_score >> 32 <= 2 {
        return best;
    }
    let n = t.side;
    let mut places = [0u64; 64];
    for u in 0..3 * n {
        unit_places(t, cand, u, &mut places);
        for (digit, &p) in places[..n].iter().enumerate() {
            let count = p.count_ones() as u64;
            if count >= 2 && count <= best_score >> 32 {
                let score = count << 32 | place_hash(tie, u * n + digit) as u64;
                if score < best_score {
                    best_score = score;
                    best = Some(place_level(u, digit, p));
                }
            }
        }
    }
    best
}

/// The tie-break hash of the place branch of (unit, digit) number `index` (`u * n + digit`),
/// apart from the cells' hashes by its top bit.
pub(super) fn place_hash(tie: u32, index: usize) -> u32 {
    crate::rng::mix(tie ^ (index as u32 | 0x8000_0000))
}

/// The branching level that places `digit` in unit `u` over its `places`.
pub(super) fn place_level(u: usize, digit: usize, places: u64) -> Level {
    Level {
        cell: 0,
        remaining: places,
        place: Some((u, 1u64 << digit)),
    }
}

/// The places of every digit in unit `u` (`places[digit]`, bit `pos` for the unit's `pos`-th
/// cell) under the candidates `cand`; entries from the side on are left as they were.
pub(super) fn unit_places(t: &Tables, cand: &[u64], u: usize, places: &mut [u64; 64]) {
    let n = t.side;
    places[..n].fill(0);
    for (pos, &c) in t.units[u * n..(u + 1) * n].iter().enumerate() {
        let mut m = cand[c as usize];
        while m != 0 {
            places[m.trailing_zeros() as usize] |= 1 << pos;
            m &= m - 1;
        }
    }
}

/// The alternative of `level` the guide `g` (candidate masks) holds, or 0: the guide's digit of
/// the cell, or in a place branch the position whose cell the guide gives the digit.
#[inline]
pub(super) fn guided_bit(t: &Tables, g: &[u64], level: &Level) -> u64 {
    match level.place {
        None => {
            let m = g[level.cell];
            if m & (m.wrapping_sub(1)) == 0 {
                m & level.remaining
            } else {
                0
            }
        }
        Some((unit, digit)) => {
            let mut left = level.remaining;
            while left != 0 {
                let pos = left.trailing_zeros() as usize;
                if g[t.units[unit * t.side + pos] as usize] == digit {
                    return 1u64 << pos;
                }
                left &= left - 1;
            }
            0
        }
    }
}

pub(super) fn to_grid(t: &Tables, cand: &[u64]) -> Grid {
    let cells = cand
        .iter()
        .map(|&m| {
            if m != 0 && m & (m - 1) == 0 {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        })
        .collect();
    Grid::from_cells(t.geometry, cells).expect("digits fit the geometry")
}
