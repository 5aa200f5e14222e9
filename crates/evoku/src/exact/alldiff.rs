//! All-different filtering (Regin): a digit stays a candidate of a cell only if some perfect
//! matching of its unit's open cells to its missing digits uses it.

use super::propagation::eliminate;
use super::tables::{Scratch, Tables};
use super::wdeg::Blame;
use super::{Contradiction, Fail};

/// All-different filtering on the units changed since it last ran. Returns whether anything changed.
pub(super) fn alldiff_units(t: &Tables, s: &mut Scratch, cand: &mut [u64]) -> Result<bool, Fail> {
    for w in 0..3 {
        while s.alldiff_dirty[w] != 0 {
            let bits = s.alldiff_dirty[w];
            s.alldiff_dirty[w] = bits & (bits - 1);
            let u = w * 64 + bits.trailing_zeros() as usize;
            // Stop at the first change: new singles must reach their peers before the next unit
            // (whose filtering assumes every single's digit is gone from the other cells).
            if alldiff(t, s, cand, u)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Generalised arc consistency for one unit (Regin): keep a digit of a cell only if some perfect
/// matching of the unit's cells to digits uses it. Fixed cells are left out (their digits are gone
/// from the other cells already). A matching is found by augmenting paths; an unmatched candidate
/// survives only when its cell and the cell matched to that digit lie in one strongly connected
/// component of the alternating graph, contracted onto cells.
pub(super) fn alldiff(
    t: &Tables,
    s: &mut Scratch,
    cand: &mut [u64],
    u: usize,
) -> Result<bool, Fail> {
    pub(super) const NONE: u8 = u8::MAX;
    let n = t.side;
    let unit = &t.units[u * n..(u + 1) * n];
    // The unfixed cells, compacted: local index i, unit position pos[i], candidates m[i].
    let mut m = [0u64; 64];
    let mut pos = [0u8; 64];
    let mut k = 0usize;
    for (p, &c) in unit.iter().enumerate() {
        let x = cand[c as usize];
        if x & (x - 1) != 0 {
            m[k] = x;
            pos[k] = p as u8;
            k += 1;
        }
    }
    if k < 2 {
        return Ok(false);
    }
    let mut cell_digit = [NONE; 64];
    let mut digit_cell = [NONE; 64];
    let mut used = 0u64;
    for i in 0..k {
        let a = m[i] & !used;
        if a != 0 {
            let d = a.trailing_zeros() as usize;
            used |= 1u64 << d;
            cell_digit[i] = d as u8;
            digit_cell[d] = i as u8;
        }
    }
    // Augmenting paths (breadth first) for the cells greedy matching left out.
    let mut queue = [0u8; 64];
    let mut pred = [0u8; 64];
    for start in 0..k {
        if cell_digit[start] != NONE {
            continue;
        }
        let (mut head, mut tail) = (0usize, 1usize);
        queue[0] = start as u8;
        let mut seen = 0u64;
        let mut found = NONE;
        'bfs: while head < tail {
            let x = queue[head] as usize;
            head += 1;
            let mut a = m[x] & !seen;
            seen |= a;
            while a != 0 {
                let d = a.trailing_zeros() as usize;
                a &= a - 1;
                pred[d] = x as u8;
                if digit_cell[d] == NONE {
                    found = d as u8;
                    break 'bfs;
                }
                queue[tail] = digit_cell[d];
                tail += 1;
            }
        }
        if found == NONE {
            // Hall's condition fails: the cells reached share fewer digits than they number.
            s.blame = Blame::unit(u);
            return Err(Contradiction::Unfillable {
                unit: t.unit_name(u),
            });
        }
        let mut d = found as usize;
        loop {
            let x = pred[d] as usize;
            let previous = cell_digit[x];
            cell_digit[x] = d as u8;
            digit_cell[d] = x as u8;
            if previous == NONE {
                break;
            }
            d = previous as usize;
        }
    }
    // Alternating graph contracted onto cells: i -> j when cell i may take the digit matched to
    // j; `back` is its transpose.
    let mut next = [0u64; 64];
    let mut back = [0u64; 64];
    for i in 0..k {
        let mut a = m[i] & !(1u64 << cell_digit[i]);
        while a != 0 {
            let j = digit_cell[a.trailing_zeros() as usize] as usize;
            a &= a - 1;
            next[i] |= 1u64 << j;
            back[j] |= 1u64 << i;
        }
    }
    let reach = |graph: &[u64; 64], from: usize, within: u64| {
        let mut seen = 1u64 << from;
        let mut frontier = seen;
        while frontier != 0 {
            let mut step = 0u64;
            while frontier != 0 {
                step |= graph[frontier.trailing_zeros() as usize];
                frontier &= frontier - 1;
            }
            frontier = step & within & !seen;
            seen |= frontier;
        }
        seen
    };
    // Strongly connected components by forward-backward reachability. One component holding
    // every cell (the common case) prunes nothing.
    let everyone = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
    let mut remaining = everyone;
    let mut changed = false;
    while remaining != 0 {
        let v = remaining.trailing_zeros() as usize;
        let mut scc = reach(&next, v, remaining) & reach(&back, v, remaining);
        if scc == everyone {
            return Ok(false);
        }
        remaining &= !scc;
        let members = scc;
        let mut digits = 0u64;
        while scc != 0 {
            digits |= 1u64 << cell_digit[scc.trailing_zeros() as usize];
            scc &= scc - 1;
        }
        let mut scc = members;
        while scc != 0 {
            let i = scc.trailing_zeros() as usize;
            scc &= scc - 1;
            let removed = m[i] & !digits;
            if removed != 0 {
                let cell = unit[pos[i] as usize] as usize;
                changed |= eliminate(t, s, cand, cell, removed).inspect_err(|_| {
                    s.blame = Blame::unit(u);
                })?;
            }
        }
    }
    Ok(changed)
}
