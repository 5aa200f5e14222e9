//! A child's draws hashed ahead in one pass (`DrawTable`): the same numbers `Rng` gives, read
//! from a table, and the mutation chances that fire found by a bit scan instead of one
//! unpredictable branch per chance. CPU only: the WGSL draws one at a time, as `Rng` does.

use crate::rng::{mix, Draws, Rng, INDEX_MIXES};

/// The draws of one stream, with the same results as `Rng` on the same stream: `new` hashes
/// its first `L` indices at once (a loop the compiler vectorises; `L` at most 64) and marks
/// which of them make `chance(rate_q16)` true; later ones are hashed on demand. A child's
/// mutation chances and the mutations' own draws nearly always fall in the first 32 at 9x9 (9
/// chances, about 8 draws for their mutations) and the first 64 at 25x25 (25 and about 22).
pub struct DrawTable<const L: usize> {
    key: u32,
    counter: u32,
    draws: [u32; L],
    /// Bit `i`: draw `i` makes `chance(rate_q16)` true.
    fires: u64,
    rate_q16: u32,
}

impl<const L: usize> DrawTable<L> {
    /// The table of `rng`'s stream, continuing where `rng` stands, for chances at `rate_q16`.
    #[inline(always)]
    pub fn new(rng: Rng, rate_q16: u32) -> DrawTable<L> {
        let (key, counter) = rng.parts();
        let mut draws = [0u32; L];
        for (draw, &mixed) in draws.iter_mut().zip(INDEX_MIXES.iter()) {
            *draw = mix(key ^ mixed);
        }
        let mut fires = 0u64;
        for (i, &draw) in draws.iter().enumerate() {
            fires |= u64::from((draw >> 16) < rate_q16) << i;
        }
        DrawTable {
            key,
            counter,
            draws,
            fires,
            rate_q16,
        }
    }

    /// The stream where the table's draws left it, as an `Rng`.
    #[inline(always)]
    pub fn rng(&self) -> Rng {
        Rng::from_parts(self.key, self.counter)
    }

    /// Draw `index` of the stream.
    #[inline(always)]
    fn at(&self, index: u32) -> u32 {
        match self.draws.get(index as usize) {
            Some(&draw) => draw,
            None => Rng::new(self.key).at(index),
        }
    }
}

impl<const L: usize> Draws for DrawTable<L> {
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        let value = self.at(self.counter);
        self.counter = self.counter.wrapping_add(1);
        value
    }

    #[inline(always)]
    fn next_u32_if(&mut self, take: bool) -> u32 {
        let value = self.at(self.counter);
        self.counter = self.counter.wrapping_add(u32::from(take));
        value
    }

    /// Inside the table, at the table's rate: the first set bit of `fires` in the next `left`
    /// draws, no branch per chance.
    #[inline(always)]
    // A plain loop, not `find` with a closure: it inlines into `breed`'s bit-instruction build.
    #[allow(clippy::manual_find)]
    fn next_chance(&mut self, rate_q16: u32, left: u32) -> Option<u32> {
        let start = self.counter as usize;
        if rate_q16 == self.rate_q16 && left >= 1 && start + left as usize <= L.min(64) {
            let fired = (self.fires >> start) & (u64::MAX >> (64 - left));
            let drawn = if fired == 0 {
                left
            } else {
                fired.trailing_zeros() + 1
            };
            self.counter += drawn;
            return (fired != 0).then_some(drawn);
        }
        for drawn in 1..=left {
            if self.chance(rate_q16) {
                return Some(drawn);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{rate_q16, stream_key};

    /// Random sequences of every kind of draw give the same values, the same chances and the
    /// same stream position from a `DrawTable` as from an `Rng`, inside the table and past it,
    /// from any starting counter and at rates 0, 1 and in between (a chance asked at another
    /// rate than the table's included).
    #[test]
    fn a_draw_table_draws_what_rng_draws() {
        let mut script = Rng::new(stream_key(21, 0, 0, 0));
        for case in 0..400 {
            let rate = match case % 4 {
                0 => 0,
                1 => 1 << 16,
                _ => rate_q16(0.05 + 0.9 * f64::from(script.below(1000)) / 1000.0),
            };
            let start = Rng::from_parts(stream_key(case, 1, 2, 3), script.below(3) * 20);
            let mut rng = start;
            let mut table = DrawTable::<64>::new(start, rate);
            let mut small = DrawTable::<32>::new(start, rate);
            for step in 0..40 {
                match script.below(5) {
                    0 => {
                        let value = rng.next_u32();
                        assert_eq!(Draws::next_u32(&mut table), value);
                        assert_eq!(Draws::next_u32(&mut small), value);
                    }
                    1 => {
                        let take = script.below(2) == 1;
                        let value = rng.next_u32_if(take);
                        assert_eq!(table.next_u32_if(take), value);
                        assert_eq!(small.next_u32_if(take), value);
                    }
                    2 => {
                        let bound = 1 + script.below(30);
                        let value = rng.below(bound);
                        assert_eq!(Draws::below(&mut table, bound), value);
                        assert_eq!(Draws::below(&mut small, bound), value);
                    }
                    3 => {
                        let left = script.below(30);
                        let other = if script.below(8) == 0 { rate / 2 } else { rate };
                        let fired = Draws::next_chance(&mut rng, other, left);
                        let at = format!("case {case} step {step}");
                        assert_eq!(table.next_chance(other, left), fired, "{at}");
                        assert_eq!(small.next_chance(other, left), fired, "{at}");
                    }
                    _ => {
                        let value = rng.chance(rate);
                        assert_eq!(Draws::chance(&mut table, rate), value);
                        assert_eq!(Draws::chance(&mut small, rate), value);
                    }
                }
                assert_eq!(table.rng().parts(), rng.parts(), "case {case} step {step}");
                assert_eq!(small.rng().parts(), rng.parts(), "case {case} step {step}");
            }
        }
    }
}
