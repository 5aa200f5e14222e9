//! Locked candidates: pointing and claiming, per band and stack.

use super::propagation::eliminate;
use super::tables::{Scratch, Tables};
use super::Fail;

/// Pointing and claiming, on the bands and stacks changed since the last run. Returns whether
/// anything changed.
pub(super) fn locked_candidates(
    t: &Tables,
    s: &mut Scratch,
    cand: &mut [u64],
) -> Result<bool, Fail> {
    for horizontal in [true, false] {
        loop {
            let dirty = if horizontal {
                &mut s.bands_dirty
            } else {
                &mut s.stacks_dirty
            };
            if *dirty == 0 {
                break;
            }
            let band = dirty.trailing_zeros() as usize;
            *dirty &= *dirty - 1;
            // Stop at the first change: a band's segment masks leave fixed cells out, which is
            // only right once every single has been propagated to its peers.
            if locked_band(t, s, cand, band, horizontal)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Locked candidates in one band (horizontal: `b` rows of boxes) or stack (vertical): claiming (a
/// digit of a line found in one box only leaves the rest of that box) and pointing (a digit of a
/// box found in one line only leaves the rest of that line).
pub(super) fn locked_band(
    t: &Tables,
    s: &mut Scratch,
    cand: &mut [u64],
    band: usize,
    horizontal: bool,
) -> Result<bool, Fail> {
    let b = t.box_size;
    let n = t.side;
    // Cell at position `i` along line `r`.
    let at = |r: usize, i: usize| if horizontal { r * n + i } else { i * n + r };
    // segs[k * b + j]: candidates of the unfixed cells of line band*b + k inside its j-th box
    // (placed digits never lock anything new).
    let mut segs = [0u64; 64];
    for k in 0..b {
        let r = band * b + k;
        for j in 0..b {
            let mut seg = 0u64;
            for i in j * b..(j + 1) * b {
                let m = cand[at(r, i)];
                if m & (m - 1) != 0 {
                    seg |= m;
                }
            }
            segs[k * b + j] = seg;
        }
    }
    let mut changed = false;
    // Claiming.
    for k in 0..b {
        let unique = in_one_only(segs[k * b..(k + 1) * b].iter().copied());
        for j in 0..b {
            let m = segs[k * b + j] & unique;
            if m == 0 {
                continue;
            }
            for k2 in (0..b).filter(|&k2| k2 != k) {
                for i in j * b..(j + 1) * b {
                    changed |= eliminate(t, s, cand, at(band * b + k2, i), m)?;
                }
            }
        }
    }
    // Pointing (segment masks may be stale after claiming; they only over-approximate, which
    // keeps every elimination sound).
    for j in 0..b {
        let unique = in_one_only((0..b).map(|k| segs[k * b + j]));
        for k in 0..b {
            let m = segs[k * b + j] & unique;
            if m == 0 {
                continue;
            }
            for i in (0..n).filter(|&i| i / b != j) {
                changed |= eliminate(t, s, cand, at(band * b + k, i), m)?;
            }
        }
    }
    Ok(changed)
}

/// The digits that stand in exactly one of `masks`.
fn in_one_only(masks: impl Iterator<Item = u64>) -> u64 {
    let (mut once, mut twice) = (0u64, 0u64);
    for m in masks {
        twice |= once & m;
        once |= m;
    }
    once & !twice
}
