//! Which build of `breed` runs (`BreedBuild`: the bit- and vector-instruction one where the
//! CPU has them), and breeding runs of consecutive slots in one call into it (`BredSlots`).

use super::breed::{breed, IslandView};
use crate::ga::{Params, Problem};

/// Which build of `breed` this CPU runs: the one with the bit and vector instructions
/// (popcnt, bmi1, bmi2, avx2) where it has them, else the plain one. Detected once per
/// island and generation by the engine, not per child.
#[derive(Clone, Copy, Debug)]
pub struct BreedBuild {
    #[cfg(target_arch = "x86_64")]
    bits: bool,
}

impl BreedBuild {
    /// The build for this CPU (cached by the standard library after the first call).
    #[inline]
    pub fn detect() -> BreedBuild {
        BreedBuild {
            #[cfg(target_arch = "x86_64")]
            bits: std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("avx2"),
        }
    }
}

/// Consecutive slots of the next generation, written by `BreedBuild::breed_slots`: the
/// genomes (`params.genome_bytes()` each), their stored line counts (`counts_words` a slot, at
/// least one) and each slot's penalty, age and outcome.
pub struct BredSlots<'a> {
    pub genomes: &'a mut [u8],
    pub counts: &'a mut [u64],
    pub penalty: &'a mut [u32],
    pub age: &'a mut [u32],
    pub outcome: &'a mut [u32],
}

impl BreedBuild {
    /// `breed` of slots `first..first + slots.penalty.len()`, in one call into this build.
    pub fn breed_slots(
        self,
        params: &Params,
        problem: &Problem,
        island: &IslandView,
        first: u32,
        slots: BredSlots,
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.bits {
            // SAFETY: the CPU has popcnt, bmi1, bmi2 and avx2 (`detect`).
            return unsafe { breed_slots_bits(params, problem, island, first, slots) };
        }
        breed_slots_inline(params, problem, island, first, slots)
    }
}

/// `breed_slots_inline` in the bit-instruction build.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
unsafe fn breed_slots_bits(
    params: &Params,
    problem: &Problem,
    island: &IslandView,
    first: u32,
    slots: BredSlots,
) {
    breed_slots_inline(params, problem, island, first, slots)
}

#[inline(always)]
fn breed_slots_inline(
    params: &Params,
    problem: &Problem,
    island: &IslandView,
    first: u32,
    slots: BredSlots,
) {
    let bytes = params.genome_bytes();
    let words = island.counts_words.max(1);
    // Plain indexed loop (no iterator adapters): it inlines into the bit-instruction build.
    for k in 0..slots.penalty.len() {
        let child = &mut slots.genomes[k * bytes..(k + 1) * bytes];
        let counts = &mut slots.counts[k * words..(k + 1) * words];
        let slot = first + k as u32;
        (slots.penalty[k], slots.age[k], slots.outcome[k]) =
            breed(params, problem, island, slot, child, counts);
    }
}
