//! Fish: X-wing, swordfish and jellyfish.

use super::subsets::subsets;
use super::{bits, Broken, Ladder};

impl Ladder {
    /// Fish of size `k` (X-wing 2, swordfish 3, jellyfish 4): a digit whose places in `k` rows
    /// lie in `k` columns leaves the rest of those columns (and the same with rows and columns
    /// swapped).
    pub(super) fn fish(&mut self, k: usize) -> Result<bool, Broken> {
        let n = self.t.n;
        let mut found = false;
        let mut items = Vec::new();
        // Places of every digit in every row and column. Eliminations made below only shrink
        // them, so the stale table over-approximates and every fish it shows is sound.
        let mut table = vec![0u64; 2 * n * n];
        for (line, out) in table.chunks_mut(n).enumerate() {
            self.unit_positions(line, out);
        }
        for digit in 0..n {
            let bit = 1u64 << digit;
            for rows_are_base in [true, false] {
                let (base, cover) = if rows_are_base { (0, n) } else { (n, 0) };
                items.clear();
                for line in 0..n {
                    if self.unit_done[base + line] & bit != 0 {
                        continue;
                    }
                    let pos = table[(base + line) * n + digit];
                    if (2..=k).contains(&(pos.count_ones() as usize)) {
                        items.push((line, pos));
                    }
                }
                for (lines, covers) in subsets(&items, k) {
                    for i in bits(covers) {
                        // Cell j of cover line i lies on base line j.
                        for (j, &c) in self.t.unit(cover + i).iter().enumerate() {
                            if lines & (1 << j) == 0 {
                                self.elims.push((c as usize, bit));
                            }
                        }
                    }
                    found |= self.apply(false)?;
                }
            }
        }
        Ok(found)
    }
}
