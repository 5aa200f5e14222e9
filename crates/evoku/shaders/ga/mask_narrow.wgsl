// Digit masks on boards up to 25x25 (sides up to 32): one u32, bit d-1 for digit d. The CPU's
// masks are u64 (crates/evoku/src/ga/cpu/mutation.rs `digit_bit`); on these boards their high word is always
// empty, so one word holds the same bits at half the registers and arithmetic of the 64-bit
// form (crates/evoku/shaders/ga/mask_wide.wgsl, used from 36x36 on). `Stage::source` picks the file.

alias Mask = u32;

fn mask_bit(bit: u32) -> Mask {
    return 1u << bit;
}

// Bit of digit `d`. An empty cell (d = 0) maps to bit 31, a bit no digit uses, as the CPU's
// `(d - 1) & 63` maps it to bit 63: counted and tested the same way.
fn digit_bit(d: u32) -> Mask {
    return mask_bit((d - 1u) & 31u);
}

fn mask_has(mask: Mask, bit: Mask) -> bool {
    return (mask & bit) != 0u;
}

fn mask_is_empty(mask: Mask) -> bool {
    return mask == 0u;
}

fn mask_count(mask: Mask) -> u32 {
    return countOneBits(mask);
}

// Every digit 1..=n (`Geometry::all_digits`, written into the prelude).
fn all_digits() -> Mask {
    return ALL_DIGITS_LO;
}

// The mask stored as two words (low, high) in the problem tables.
fn mask_of_words(lo: u32, hi: u32) -> Mask {
    return lo;
}

// The mask as (low word, high word).
fn mask_words(mask: Mask) -> vec2<u32> {
    return vec2<u32>(mask, 0u);
}

// Bits `0..q` (q < 32 here: q is a position in a unit of at most 25 cells).
fn mask_below(q: u32) -> Mask {
    return (1u << q) - 1u;
}

// The lowest set bit's position (the mask is not empty).
fn mask_lowest(mask: Mask) -> u32 {
    return countTrailingZeros(mask);
}

// The mask without its lowest set bit.
fn mask_drop_lowest(mask: Mask) -> Mask {
    return mask & (mask - 1u);
}
