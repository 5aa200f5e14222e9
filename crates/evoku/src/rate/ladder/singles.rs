//! Hidden and naked singles.

use super::{bits, Broken, Ladder};

impl Ladder {
    /// Every hidden single of the boxes (`boxes`) or of the rows and columns.
    pub(super) fn hidden_singles(&mut self, boxes: bool) -> Result<bool, Broken> {
        let n = self.t.n;
        let range = if boxes { 2 * n..3 * n } else { 0..2 * n };
        let mut found = false;
        for u in range {
            let missing = self.t.all & !self.unit_done[u];
            if missing == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in self.t.unit(u) {
                let c = c as usize;
                if !self.placed[c] {
                    let m = self.cand[c];
                    twice |= once & m;
                    once |= m;
                }
            }
            if missing & !once != 0 {
                return Err(Broken);
            }
            for d in bits(missing & !twice) {
                let bit = 1u64 << d;
                let pos = self.positions(u, bit);
                if pos == 0 {
                    // Its only place took another hidden single of this unit.
                    return Err(Broken);
                }
                let cell = self.t.unit(u)[pos.trailing_zeros() as usize] as usize;
                self.place(cell, bit)?;
                found = true;
            }
        }
        Ok(found)
    }

    /// Every naked single.
    pub(super) fn naked_singles(&mut self) -> Result<bool, Broken> {
        let mut found = false;
        for cell in 0..self.cand.len() {
            let m = self.cand[cell];
            if !self.placed[cell] && m & (m - 1) == 0 {
                self.place(cell, m)?;
                found = true;
            }
        }
        Ok(found)
    }
}
