//! Naked and hidden subsets (pairs, triples, quads), and the search for `k` items covering `k`
//! bits that they and the fish share.

use super::{bits, Broken, Ladder};

impl Ladder {
    /// Naked subsets of `k` cells: `k` cells of a unit holding only `k` digits between them.
    pub(super) fn naked_subsets(&mut self, k: usize) -> Result<bool, Broken> {
        let mut found = false;
        let mut items = Vec::new();
        for u in 0..3 * self.t.n {
            items.clear();
            for (i, &c) in self.t.unit(u).iter().enumerate() {
                let c = c as usize;
                let count = self.cand[c].count_ones() as usize;
                if !self.placed[c] && (2..=k).contains(&count) {
                    items.push((i, self.cand[c]));
                }
            }
            for (members, digits) in subsets(&items, k) {
                for (i, &c) in self.t.unit(u).iter().enumerate() {
                    if members & (1 << i) == 0 {
                        self.elims.push((c as usize, digits));
                    }
                }
                found |= self.apply(false)?;
            }
        }
        Ok(found)
    }

    /// Hidden subsets of `k` digits: `k` digits of a unit with only `k` places between them.
    pub(super) fn hidden_subsets(&mut self, k: usize, direct: bool) -> Result<bool, Broken> {
        let mut found = false;
        let mut items = Vec::new();
        let mut table = [0u64; 64];
        let n = self.t.n;
        for u in 0..3 * n {
            items.clear();
            // Applying a subset only shrinks other digits' places: a stale table over-approximates
            // them, and every subset it shows is still a subset, so eliminations stay sound.
            let missing = self.missing_positions(u, &mut table);
            if missing == 0 {
                continue;
            }
            for d in bits(missing) {
                let pos = table[d];
                if (2..=k).contains(&(pos.count_ones() as usize)) {
                    items.push((d, pos));
                }
            }
            for (digits, places) in subsets(&items, k) {
                for i in bits(places) {
                    let c = self.t.unit(u)[i] as usize;
                    self.elims.push((c, self.t.all & !digits));
                }
                if self.apply_instance(direct, &mut found)? {
                    return Ok(true);
                }
            }
        }
        Ok(found)
    }
}

/// Every choice of `k` of `items` (each an `(index, mask)`) whose masks together hold exactly `k`
/// bits, as `(members, union)` in the order found; `members` has bit `index` set for each chosen
/// item.
pub(super) fn subsets(items: &[(usize, u64)], k: usize) -> Vec<(u64, u64)> {
    fn go(
        items: &[(usize, u64)],
        k: usize,
        start: usize,
        chosen: usize,
        members: u64,
        union: u64,
        hits: &mut Vec<(u64, u64)>,
    ) {
        if chosen == k {
            if union.count_ones() as usize == k {
                hits.push((members, union));
            }
            return;
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen {
                break;
            }
            let u = union | items[i].1;
            if u.count_ones() as usize <= k {
                go(
                    items,
                    k,
                    i + 1,
                    chosen + 1,
                    members | 1 << items[i].0,
                    u,
                    hits,
                );
            }
        }
    }
    let mut hits = Vec::new();
    if items.len() >= k {
        go(items, k, 0, 0, 0, 0, &mut hits);
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_find_exactly_the_covering_sets() {
        // Masks {0,1}, {1,2}, {0,2}, {3,4}: the three first cover three bits together.
        let items = [(0, 0b011), (1, 0b110), (2, 0b101), (3, 0b11000)];
        assert_eq!(subsets(&items, 3), vec![(0b0111, 0b111)]);
        assert!(subsets(&items, 2).is_empty());
    }
}
