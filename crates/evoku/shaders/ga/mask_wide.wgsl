// Digit masks on boards from 36x36 to 64x64: 64 bits as a vec2<u32> (WGSL has no u64), x holding
// bits 0..32 and y bits 32..64, bit d-1 for digit d: the CPU's u64 masks (crates/evoku/src/ga/cpu/mutation.rs
// `digit_bit`). Smaller boards use crates/evoku/shaders/ga/mask_narrow.wgsl; `Stage::source` picks the file.

alias Mask = vec2<u32>;

fn mask_bit(bit: u32) -> Mask {
    if bit < 32u {
        return Mask(1u << bit, 0u);
    }
    return Mask(0u, 1u << (bit - 32u));
}

// Bit of digit `d`, wrapping like the CPU's `(d - 1) & 63` (an empty cell maps to bit 63).
fn digit_bit(d: u32) -> Mask {
    return mask_bit((d - 1u) & 63u);
}

fn mask_has(mask: Mask, bit: Mask) -> bool {
    return any((mask & bit) != Mask());
}

fn mask_is_empty(mask: Mask) -> bool {
    return all(mask == Mask());
}

fn mask_count(mask: Mask) -> u32 {
    return countOneBits(mask.x) + countOneBits(mask.y);
}

// Every digit 1..=n (`Geometry::all_digits`, written into the prelude).
fn all_digits() -> Mask {
    return Mask(ALL_DIGITS_LO, ALL_DIGITS_HI);
}

// The mask stored as two words (low, high) in the problem tables.
fn mask_of_words(lo: u32, hi: u32) -> Mask {
    return Mask(lo, hi);
}

// The mask as (low word, high word).
fn mask_words(mask: Mask) -> vec2<u32> {
    return mask;
}

// Bits `0..q` (q < 64).
fn mask_below(q: u32) -> Mask {
    if q < 32u {
        return Mask((1u << q) - 1u, 0u);
    }
    return Mask(U32_MAX, (1u << (q - 32u)) - 1u);
}

// The lowest set bit's position (the mask is not empty).
fn mask_lowest(mask: Mask) -> u32 {
    if mask.x != 0u {
        return countTrailingZeros(mask.x);
    }
    return 32u + countTrailingZeros(mask.y);
}

// The mask without its lowest set bit.
fn mask_drop_lowest(mask: Mask) -> Mask {
    if mask.x != 0u {
        return Mask(mask.x & (mask.x - 1u), mask.y);
    }
    return Mask(0u, mask.y & (mask.y - 1u));
}
