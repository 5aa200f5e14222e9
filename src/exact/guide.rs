//! The value order of guided searches: the best state earlier searches reached
//! ([`Solver::set_guided`](super::Solver::set_guided)) and a grid from outside
//! ([`Solver::set_hint`](super::Solver::set_hint)), merged into one digit mask per cell.

use super::search::Level;
use super::tables::Tables;

/// Whether the hint's digit goes before the guide's where both have one (temporary switch for
/// the measurement).
fn hint_first() -> bool {
    std::env::var_os("EVOKU_HINT_FIRST").is_some()
}

/// The masks a search follows: per cell the guide's digit where its best state fixed the cell,
/// else the hint's digit (0: neither); `None` when there is neither guide nor hint.
pub(super) fn follow(
    guide: Option<&(Vec<u64>, u32)>,
    hint: Option<&[u64]>,
    cells: usize,
) -> Option<Vec<u64>> {
    let guide = guide
        .map(|(g, _)| g.as_slice())
        .filter(|g| g.len() == cells);
    let hint = hint.filter(|h| h.len() == cells);
    match (guide, hint) {
        (None, None) => None,
        (Some(g), None) => Some(g.to_vec()),
        (None, Some(h)) => Some(h.to_vec()),
        (Some(g), Some(h)) => {
            let first = hint_first();
            Some(
                g.iter()
                    .zip(h)
                    .map(|(&g, &h)| {
                        let fixed = g != 0 && g & (g - 1) == 0;
                        match (first, fixed) {
                            (true, _) if h != 0 => h,
                            (_, true) => g,
                            _ => h,
                        }
                    })
                    .collect(),
            )
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
