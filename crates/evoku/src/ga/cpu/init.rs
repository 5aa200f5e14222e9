//! The first population: every box a permutation of its missing digits, givens in place.
//!
//! Twin of `crates/evoku/shaders/ga/init.wgsl`.

use super::fitness::fitness;
use crate::ga::{Params, Problem};
use crate::rng::{stream_key, Rng, INIT_STREAM};

/// Index (0-based) of the `k`-th set bit of `mask`; `k` must be below `mask.count_ones()`.
#[inline(always)]
pub fn nth_set_bit(mut mask: u64, k: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if fast_deposit() {
        // SAFETY: the CPU has bmi1 and bmi2, checked by `fast_deposit`.
        return unsafe { nth_set_bit_deposit(mask, k) };
    }
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// Whether the CPU has a fast `pdep`: bmi1 and bmi2, and not an AMD or Hygon CPU before Zen 3
/// (family 0x19), which run it in microcode at tens to hundreds of cycles. The loop it replaces
/// costs a mispredicted exit on most calls (8 % of the paper preset's CPU time at 9x9 and 25x25
/// on an Intel Xeon). Detected once, then cached.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn fast_deposit() -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    // 0: not yet detected, 1: slow or absent, 2: fast.
    static FAST: AtomicU8 = AtomicU8::new(0);
    match FAST.load(Ordering::Relaxed) {
        0 => {
            let fast = detect_fast_deposit();
            FAST.store(if fast { 2 } else { 1 }, Ordering::Relaxed);
            fast
        }
        state => state == 2,
    }
}

#[cfg(target_arch = "x86_64")]
#[cold]
fn detect_fast_deposit() -> bool {
    use std::arch::x86_64::__cpuid;
    if !(std::arch::is_x86_feature_detected!("bmi1") && std::arch::is_x86_feature_detected!("bmi2"))
    {
        return false;
    }
    let vendor = __cpuid(0);
    let name: Vec<u8> = [vendor.ebx, vendor.edx, vendor.ecx]
        .iter()
        .flat_map(|word| word.to_le_bytes())
        .collect();
    let signature = __cpuid(1).eax;
    let base = (signature >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((signature >> 20) & 0xff)
    } else {
        base
    };
    let amd = name == b"AuthenticAMD" || name == b"HygonGenuine";
    !(amd && family < 0x19)
}

/// `nth_set_bit` by `pdep`: the bit `1 << k` deposited into the `k`-th set bit of `mask`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2")]
fn nth_set_bit_deposit(mask: u64, k: u32) -> u32 {
    std::arch::x86_64::_pdep_u64(1u64.checked_shl(k).unwrap_or(0), mask).trailing_zeros()
}

/// Fills `genome` box by box. Each free cell, in position order, takes a random digit among the
/// box's still-missing digits that are also its candidates, or among all still-missing digits
/// when none is; with all-digit candidates this is a uniform random permutation.
pub fn init_genome(problem: &Problem, rng: &mut Rng, genome: &mut [u8]) {
    let n = problem.side();
    let help = problem.help();
    let candidates = problem.candidates();
    for bx in 0..n {
        let cells = bx * n..(bx + 1) * n;
        let given: u64 = help[cells.clone()]
            .iter()
            .filter(|&&d| d != 0)
            .fold(0, |m, &d| m | 1u64 << (d - 1));
        let mut missing = problem.geometry().all_digits() & !given;
        for g in cells {
            if help[g] != 0 {
                genome[g] = help[g];
                continue;
            }
            let eligible = missing & candidates[g];
            let pool = if eligible != 0 { eligible } else { missing };
            let bit = nth_set_bit(pool, rng.below(pool.count_ones()));
            genome[g] = bit as u8 + 1;
            missing &= !(1u64 << bit);
        }
    }
}

/// A fresh individual for slot `slot` (generation 0, or a restart at `generation`).
pub fn init_slot(
    params: &Params,
    problem: &Problem,
    island: u32,
    generation: u32,
    slot: u32,
    child: &mut [u8],
) -> (u32, u32) {
    let mut rng = Rng::new(stream_key(
        params.seed(),
        island,
        generation,
        INIT_STREAM | slot,
    ));
    child.fill(0);
    init_genome(problem, &mut rng, child);
    (fitness(problem, child), 0)
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU `init_slot` (the
/// `init` stage, and a restart in `breed`): the child cleared, each box drawn (its missing
/// digits, then its cells), the fitness, the child stored.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    let (words, n) = (params.genome_words as u64, params.side as u64);
    2 * run(words) + run(n) + 2 * n * run(n) + super::fitness::loop_bound(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_set_bit_counts_from_the_bottom() {
        // Both ways of counting (`pdep` where the CPU has a fast one, the loop everywhere).
        let mut rng = Rng::new(5);
        for _ in 0..1000 {
            let mask = u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
            let mask = mask >> rng.below(64);
            for k in 0..mask.count_ones() {
                let mut looped = mask;
                for _ in 0..k {
                    looped &= looped - 1;
                }
                assert_eq!(
                    nth_set_bit(mask, k),
                    looped.trailing_zeros(),
                    "{mask:#x} {k}"
                );
            }
        }
        assert_eq!(nth_set_bit(0b1011_0100, 0), 2);
        assert_eq!(nth_set_bit(0b1011_0100, 1), 4);
        assert_eq!(nth_set_bit(0b1011_0100, 3), 7);
        assert_eq!(nth_set_bit(1 << 63, 0), 63);
    }
}
