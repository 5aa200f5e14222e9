//! Pointing and claiming: a digit confined to where a box and a line meet.

use super::{bits, Broken, Ladder};

impl Ladder {
    /// Pointing: a digit of a box confined to one line leaves the rest of that line.
    pub(super) fn pointing(&mut self, direct: bool) -> Result<bool, Broken> {
        let (n, b) = (self.t.n, self.t.b);
        let mut found = false;
        let mut table = [0u64; 64];
        for bx in 0..n {
            let bu = 2 * n + bx;
            // Eliminations leave the box alone, so its table stays exact.
            let missing = self.missing_positions(bu, &mut table);
            for (bit, pos) in spread(missing, &table) {
                // Box positions are row-major inside the box: p / b is the row, p % b the column.
                let rows = bits(pos).map(|p| p / b).fold(0u64, |m, r| m | 1 << r);
                let cols = bits(pos).map(|p| p % b).fold(0u64, |m, c| m | 1 << c);
                let first = self.t.unit(bu)[pos.trailing_zeros() as usize] as usize;
                let [row, col, _] = self.t.cell_units[first].map(usize::from);
                for (lines, line) in [(rows, row), (cols, col)] {
                    if lines.count_ones() != 1 {
                        continue;
                    }
                    for &c in self.t.unit(line) {
                        let c = c as usize;
                        if self.t.cell_units[c][2] as usize != bu {
                            self.elims.push((c, bit));
                        }
                    }
                    if self.apply_instance(direct, &mut found)? {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(found)
    }

    /// Claiming: a digit of a line confined to one box leaves the rest of that box.
    pub(super) fn claiming(&mut self, direct: bool) -> Result<bool, Broken> {
        let n = self.t.n;
        let mut found = false;
        let mut table = [0u64; 64];
        for line in 0..2 * n {
            // Eliminations leave the line alone, so its table stays exact.
            let missing = self.missing_positions(line, &mut table);
            for (bit, pos) in spread(missing, &table) {
                let boxes = bits(pos)
                    .map(|i| self.t.cell_units[self.t.unit(line)[i] as usize][2])
                    .fold((u16::MAX, true), |(first, same), bx| {
                        (bx, same && (first == u16::MAX || first == bx))
                    });
                if !boxes.1 {
                    continue;
                }
                let bu = boxes.0 as usize;
                for &c in self.t.unit(bu) {
                    let c = c as usize;
                    if !self.t.cell_units[c].contains(&(line as u16)) {
                        self.elims.push((c, bit));
                    }
                }
                if self.apply_instance(direct, &mut found)? {
                    return Ok(true);
                }
            }
        }
        Ok(found)
    }
}

/// Of the digits `missing` from a unit, those with two places or more in it: each one's bit and
/// its places (`table`, by digit, from `missing_positions`).
fn spread(missing: u64, table: &[u64; 64]) -> impl Iterator<Item = (u64, u64)> + '_ {
    bits(missing)
        .map(|d| (1u64 << d, table[d]))
        .filter(|&(_, pos)| pos.count_ones() >= 2)
}
