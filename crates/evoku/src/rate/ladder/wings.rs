//! XY-wing and XYZ-wing.

use super::{Broken, Ladder};

impl Ladder {
    /// XY-wing (`xyz` false): pivot {x,y}, pincers {x,z} and {y,z} seeing it; z leaves every cell
    /// seeing both pincers. XYZ-wing (`xyz` true): pivot {x,y,z}, and the cells must see the pivot
    /// too.
    pub(super) fn wings(&mut self, xyz: bool) -> Result<bool, Broken> {
        let cells = self.cand.len();
        let want = if xyz { 3 } else { 2 };
        let mut found = false;
        let mut pincers = Vec::new();
        for pivot in 0..cells {
            let pm = self.cand[pivot];
            if self.placed[pivot] || pm.count_ones() != want {
                continue;
            }
            pincers.clear();
            for u in self.t.cell_units[pivot] {
                for &c in self.t.unit(u as usize) {
                    let c = c as usize;
                    let m = self.cand[c];
                    if c != pivot
                        && !self.placed[c]
                        && m.count_ones() == 2
                        && (pm & m).count_ones() == if xyz { 2 } else { 1 }
                        && !pincers.contains(&c)
                    {
                        pincers.push(c);
                    }
                }
            }
            for i in 0..pincers.len() {
                for j in i + 1..pincers.len() {
                    let (a, b) = (pincers[i], pincers[j]);
                    let (ma, mb) = (self.cand[a], self.cand[b]);
                    let z = ma & mb;
                    if z.count_ones() != 1 || ma | mb != pm | z || (xyz && pm & z == 0) {
                        continue;
                    }
                    if !xyz && pm & z != 0 {
                        continue;
                    }
                    for c in 0..cells {
                        if c != pivot
                            && self.t.sees(c, a)
                            && self.t.sees(c, b)
                            && (!xyz || self.t.sees(c, pivot))
                        {
                            self.elims.push((c, z));
                        }
                    }
                    found |= self.apply(false)?;
                }
            }
        }
        Ok(found)
    }
}
