// The counter-based random function shared by the CPU and GPU engines.
//
// Twin of `crates/evoku/src/rng.rs`: the GPU tests check both against the same known answers
// (`evoku::rng::KNOWN`). A draw is a pure hash of (seed, island, generation, individual,
// draw index). The 64-bit seed arrives as two u32 halves (`Params::seed_lo`, `seed_hi`).

// `PAIR_STREAM` and `INIT_STREAM`, the keys that separate streams which share (island,
// generation, individual) numbers, come from crates/evoku/src/rng.rs (prelude).

// The `lowbias32` integer finaliser (shadows the float builtin `mix`, which evoku never uses).
fn mix(x_in: u32) -> u32 {
    var x = x_in;
    x ^= x >> 16u;
    x *= 0x7feb352du;
    x ^= x >> 15u;
    x *= 0x846ca68bu;
    x ^= x >> 16u;
    return x;
}

// The key of one individual's draws in one generation.
fn stream_key(seed_lo: u32, seed_hi: u32, island: u32, generation: u32, individual: u32) -> u32 {
    var h = mix(seed_lo ^ 0x9e3779b9u);
    h = mix(h ^ seed_hi);
    h = mix(h ^ island);
    h = mix(h ^ generation);
    return mix(h ^ individual);
}

// Draw number `index` of stream `key`.
fn draw(key: u32, index: u32) -> u32 {
    return mix(key ^ mix(index ^ 0x85ebca6bu));
}

// Sequential draws from one stream; `at` reads any index without moving the counter.
struct Rng {
    key: u32,
    counter: u32,
}

fn rng_new(key: u32) -> Rng {
    return Rng(key, 0u);
}

fn next_u32(rng: ptr<function, Rng>) -> u32 {
    let value = draw((*rng).key, (*rng).counter);
    (*rng).counter += 1u;
    return value;
}

// The high word of `x * bound`, an integer in `0..bound` with no division (`mul_hi` in
// crates/evoku/src/rng.rs, which tests this transcription against the u64 product): WGSL has no u64, so the
// 32x32 product is built from 16-bit halves. No partial sum overflows: `middle` is at most
// 3 * 0xffff, and the high word of a 32x32 product fits in 32 bits.
fn mul_hi(x: u32, bound: u32) -> u32 {
    let x_lo = x & 0xffffu;
    let x_hi = x >> 16u;
    let b_lo = bound & 0xffffu;
    let b_hi = bound >> 16u;
    let lo_lo = x_lo * b_lo;
    let hi_lo = x_hi * b_lo;
    let lo_hi = x_lo * b_hi;
    let hi_hi = x_hi * b_hi;
    let middle = (lo_lo >> 16u) + (hi_lo & 0xffffu) + (lo_hi & 0xffffu);
    return hi_hi + (hi_lo >> 16u) + (lo_hi >> 16u) + (middle >> 16u);
}

// Integer in `0..bound` (`bound > 0`), as `Rng::below`.
fn below(rng: ptr<function, Rng>, bound: u32) -> u32 {
    return mul_hi(next_u32(rng), bound);
}

// True with probability `rate_q16 / 65536`, as `Rng::chance`.
fn chance(rng: ptr<function, Rng>, rate_q16: u32) -> bool {
    return (next_u32(rng) >> 16u) < rate_q16;
}

// Draw number `index`, independent of the sequential counter (`Rng::at`).
fn at(rng: Rng, index: u32) -> u32 {
    return draw(rng.key, index);
}
