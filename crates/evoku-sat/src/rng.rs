//! The counter-based random function shared by the CPU and GPU engines.
//!
//! Twin of evoku's `crates/evoku/shaders/rng.wgsl` (tests check both against [`KNOWN`]; evoku
//! re-exports this module as `evoku::rng`, the one source of truth). A draw is a pure hash of (seed, island, generation,
//! individual, draw index): no state is carried between draws, so a run does not depend on
//! thread count or dispatch order, and the GPU can compute the very same numbers.

/// Keys that separate streams which share (island, generation, individual) numbers (the
/// shaders get them through the prelude, `crates/evoku/src/gpu/prelude.rs`).
pub const PAIR_STREAM: u32 = 0x8000_0000;
pub const INIT_STREAM: u32 = 0x4000_0000;

/// The `lowbias32` integer finaliser: a bijection on `u32` with good avalanche.
#[inline(always)]
pub const fn mix(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

/// The key of one individual's draws in one generation.
#[inline]
pub const fn stream_key(seed: u64, island: u32, generation: u32, individual: u32) -> u32 {
    individual_key(stream_prefix(seed, island, generation), individual)
}

/// The part of `stream_key` shared by every individual of one island's generation: computed
/// once per generation, it leaves one `mix` per individual (`individual_key`).
#[inline]
pub const fn stream_prefix(seed: u64, island: u32, generation: u32) -> u32 {
    let mut h = mix(seed as u32 ^ 0x9e37_79b9);
    h = mix(h ^ (seed >> 32) as u32);
    h = mix(h ^ island);
    mix(h ^ generation)
}

/// `stream_key(seed, island, generation, individual)` given `stream_prefix(seed, island,
/// generation)`.
#[inline(always)]
pub const fn individual_key(prefix: u32, individual: u32) -> u32 {
    mix(prefix ^ individual)
}

/// Draw number `index` of stream `key`.
#[inline(always)]
pub const fn draw(key: u32, index: u32) -> u32 {
    mix(key ^ index_mix(index))
}

/// `index_mix(i)` for the first draws of every stream, where nearly all of a child's draws
/// fall: a table read takes the index's half of a draw off the critical path.
pub const INDEX_MIXES: [u32; 64] = {
    let mut table = [0u32; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = index_mix(i as u32);
        i += 1;
    }
    table
};

/// `index_mix(index)`, from `INDEX_MIXES` when the index is in it.
#[inline(always)]
fn index_mix_fast(index: u32) -> u32 {
    match INDEX_MIXES.get(index as usize) {
        Some(&mixed) => mixed,
        None => index_mix(index),
    }
}

/// The half of `draw` that depends on the index alone: `draw(key, i)` is
/// `mix(key ^ index_mix(i))`, so a fixed set of indices can be mixed once for every key
/// (`Rng::at_mixed`).
#[inline(always)]
pub const fn index_mix(index: u32) -> u32 {
    mix(index ^ 0x85eb_ca6b)
}

/// An integer in `0..bound` from a uniform `u32` by multiply-shift (Lemire, "Fast random integer
/// generation in an interval", 2019): the high word of `x * bound`, no division. Its bias, below
/// `bound / 2^32`, is that of `x % bound`; `bound == 0` gives 0. The WGSL twin (`mul_hi` in
/// `crates/evoku/shaders/rng.wgsl`) builds the same high word from 16-bit halves, having no `u64`.
#[inline(always)]
pub const fn mul_hi(x: u32, bound: u32) -> u32 {
    ((x as u64 * bound as u64) >> 32) as u32
}

/// A probability quantised to 1/65536, so both engines take the same decisions from integers.
#[inline]
pub fn rate_q16(probability: f64) -> u32 {
    (probability.clamp(0.0, 1.0) * 65536.0).round() as u32
}

/// Sequential draws from one stream; `Rng::at` reads any index without moving the counter.
#[derive(Clone, Copy, Debug)]
pub struct Rng {
    key: u32,
    counter: u32,
}

impl Rng {
    #[inline(always)]
    pub const fn new(key: u32) -> Rng {
        Rng { key, counter: 0 }
    }

    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        let value = mix(self.key ^ index_mix_fast(self.counter));
        self.counter = self.counter.wrapping_add(1);
        value
    }

    /// The next draw, the counter moved on only when `take`: a draw that data decides whether to
    /// spend, without a branch on it (the value is then computed either way).
    #[inline(always)]
    pub fn next_u32_if(&mut self, take: bool) -> u32 {
        let value = mix(self.key ^ index_mix_fast(self.counter));
        self.counter = self.counter.wrapping_add(u32::from(take));
        value
    }

    /// Uniform-enough integer in `0..bound` (`bound > 0`) by [`mul_hi`]: the bias is below 2^-20
    /// for every bound evoku uses.
    #[inline(always)]
    pub fn below(&mut self, bound: u32) -> u32 {
        mul_hi(self.next_u32(), bound)
    }

    /// True with probability `rate_q16 / 65536`.
    #[inline(always)]
    pub fn chance(&mut self, rate_q16: u32) -> bool {
        (self.next_u32() >> 16) < rate_q16
    }

    /// Draw number `index`, independent of the sequential counter.
    #[inline(always)]
    pub fn at(&self, index: u32) -> u32 {
        mix(self.key ^ index_mix_fast(index))
    }

    /// `self.at(i)` given `index_mix(i)`.
    #[inline(always)]
    pub fn at_mixed(&self, mixed_index: u32) -> u32 {
        mix(self.key ^ mixed_index)
    }
}

/// Sequential draws of one stream, wherever they come from: `Rng` hashes each on demand,
/// `ga::cpu::draw_table::DrawTable` reads them from a table hashed ahead. Both give the same
/// numbers, so an operator generic over `Draws` decides the same with either.
pub trait Draws {
    /// The next draw of the stream.
    fn next_u32(&mut self) -> u32;
    /// The next draw, the counter moved on only when `take` (`Rng::next_u32_if`).
    fn next_u32_if(&mut self, take: bool) -> u32;
    /// `Rng::below`.
    #[inline(always)]
    fn below(&mut self, bound: u32) -> u32 {
        mul_hi(self.next_u32(), bound)
    }
    /// `Rng::chance`.
    #[inline(always)]
    fn chance(&mut self, rate_q16: u32) -> bool {
        (self.next_u32() >> 16) < rate_q16
    }
    /// Draws `chance(rate_q16)` up to `left` times, stopping at the first that is true: returns
    /// how many were drawn when one was true, `None` (all `left` drawn) when none was.
    #[inline(always)]
    // A plain loop, not `find` with a closure: it inlines into `breed`'s bit-instruction build.
    #[allow(clippy::manual_find)]
    fn next_chance(&mut self, rate_q16: u32, left: u32) -> Option<u32> {
        for drawn in 1..=left {
            if self.chance(rate_q16) {
                return Some(drawn);
            }
        }
        None
    }
}

impl Draws for Rng {
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        Rng::next_u32(self)
    }
    #[inline(always)]
    fn next_u32_if(&mut self, take: bool) -> u32 {
        Rng::next_u32_if(self, take)
    }
}

impl Rng {
    /// The stream's key and the index of its next draw.
    #[inline(always)]
    pub fn parts(&self) -> (u32, u32) {
        (self.key, self.counter)
    }

    /// The stream `key` at draw `counter` (the inverse of `parts`).
    #[inline(always)]
    pub const fn from_parts(key: u32, counter: u32) -> Rng {
        Rng { key, counter }
    }
}

/// Known answers (seed, island, generation, individual, draw index, value); the GPU tests check
/// `crates/evoku/shaders/rng.wgsl` against the same numbers.
pub const KNOWN: [(u64, u32, u32, u32, u32, u32); 4] = [
    (0, 0, 0, 0, 0, 0x80d4_3399),
    (1, 0, 0, 0, 0, 0xcd4b_9ab0),
    (42, 3, 17, 99, 5, 0x9935_8819),
    (0xdead_beef_cafe_f00d, 7, 100_000, 149, 12, 0x6026_2df3),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_answers() {
        for (seed, island, generation, individual, index, expected) in KNOWN {
            let value = draw(stream_key(seed, island, generation, individual), index);
            assert_eq!(value, expected, "draw for seed {seed}");
        }
    }

    #[test]
    fn sequential_and_indexed_draws_are_draw_past_the_table() {
        let key = stream_key(3, 1, 4, 1);
        let mut rng = Rng::new(key);
        for index in 0..200 {
            assert_eq!(rng.at(index), draw(key, index), "index {index}");
            assert_eq!(rng.next_u32(), draw(key, index), "index {index}");
        }
        assert_eq!(rng.at(u32::MAX), draw(key, u32::MAX));
        assert_eq!(
            individual_key(stream_prefix(9, 2, 7), 5),
            stream_key(9, 2, 7, 5)
        );
    }

    #[test]
    fn draws_are_roughly_uniform() {
        let mut rng = Rng::new(stream_key(7, 0, 0, 0));
        let mut counts = [0u32; 10];
        for _ in 0..100_000 {
            counts[rng.below(10) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "bucket {c}");
        }
        let hits = (0..100_000).filter(|_| rng.chance(rate_q16(0.3))).count();
        assert!((29_000..31_000).contains(&hits), "chance(0.3) hit {hits}");
    }

    /// `mul_hi` in `crates/evoku/shaders/rng.wgsl` written in Rust, operation for operation (u32 wrapping
    /// arithmetic only, as WGSL has).
    fn mul_hi_by_halves(x: u32, bound: u32) -> u32 {
        let (x_lo, x_hi) = (x & 0xffff, x >> 16);
        let (b_lo, b_hi) = (bound & 0xffff, bound >> 16);
        let lo_lo = x_lo * b_lo;
        let hi_lo = x_hi * b_lo;
        let lo_hi = x_lo * b_hi;
        let hi_hi = x_hi * b_hi;
        let middle = (lo_lo >> 16) + (hi_lo & 0xffff) + (lo_hi & 0xffff);
        hi_hi + (hi_lo >> 16) + (lo_hi >> 16) + (middle >> 16)
    }

    #[test]
    fn the_wgsl_multiply_shift_is_the_u64_product() {
        let rng = Rng::new(stream_key(14, 0, 0, 0));
        let edges = [0, 1, 2, 0xffff, 0x1_0000, 0x1_0001, u32::MAX - 1, u32::MAX];
        let pairs = (0..2_000_000).map(|i| (rng.at(2 * i), rng.at(2 * i + 1)));
        let small = (0..200_000).map(|i| (rng.at(4_000_000 + i), 1 + i % 5000));
        let corners = edges
            .iter()
            .flat_map(|&x| edges.iter().map(move |&b| (x, b)));
        for (x, bound) in pairs.chain(small).chain(corners) {
            let expected = ((x as u64 * bound as u64) >> 32) as u32;
            assert_eq!(mul_hi(x, bound), expected, "{x} * {bound}");
            assert_eq!(
                mul_hi_by_halves(x, bound),
                expected,
                "{x} * {bound} by halves"
            );
        }
    }

    #[test]
    fn rates_quantise_exactly() {
        assert_eq!(rate_q16(0.0), 0);
        assert_eq!(rate_q16(1.0), 65536);
        assert_eq!(rate_q16(0.3), 19661);
        let mut rng = Rng::new(1);
        assert!((0..1000).all(|_| rng.chance(65536)));
        assert!((0..1000).all(|_| !rng.chance(0)));
    }
}
