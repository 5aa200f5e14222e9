//! The random part of the box assignment's costs, drawn once per child and generation.

use super::{ASSIGN_NOISE_DRAW, ASSIGN_NOISE_STRIDE};
use crate::ga::Problem;
use crate::rng::{index_mix, mul_hi, Rng};

const STRIDE: usize = ASSIGN_NOISE_STRIDE as usize;

/// `index_mix(ASSIGN_NOISE_DRAW + i)` at `i = ASSIGN_NOISE_STRIDE * cell + digit`: the noise
/// draws' key-independent half, mixed once at compile time instead of once per draw.
static NOISE_INDEX_MIX: [u32; STRIDE * STRIDE] = {
    let mut mixed = [0; STRIDE * STRIDE];
    let mut i = 0;
    while i < mixed.len() {
        mixed[i] = index_mix(ASSIGN_NOISE_DRAW + i as u32);
        i += 1;
    }
    mixed
};

/// The random part of every cost of a child's box assignments, `0..noise` for each (free cell,
/// digit) place of the k x k table, in rows of `W` entries. Its draw index is the place's
/// (`ASSIGN_NOISE_DRAW + ASSIGN_NOISE_STRIDE * cell + digit`) and its key the child's stream's,
/// which neither depends on the box nor moves with the counter: every assignment of the child
/// in this generation reads the same noise, so it is drawn once, for the largest box (entries
/// past it are 0, never read).
pub(super) struct NoiseTable<const W: usize> {
    pub(super) entries: [[i32; W]; W],
}

impl<const W: usize> NoiseTable<W> {
    #[inline(always)]
    pub(super) fn new(problem: &Problem, noise: u32, draws: &Rng) -> Self {
        let most_free = problem.most_free_in_a_unit();
        let mut entries = [[0i32; W]; W];
        for (cell, row) in entries.iter_mut().enumerate().take(most_free) {
            let mixed = &NOISE_INDEX_MIX[STRIDE * cell..][..most_free];
            for (entry, &mixed) in row[..most_free].iter_mut().zip(mixed) {
                *entry = mul_hi(draws.at_mixed(mixed), noise) as i32;
            }
        }
        NoiseTable { entries }
    }
}
