//! One island's buffers and one generation of it on the CPU: breeding every slot into the next
//! buffers, then swapping them in and keeping the island's records (the CPU engine's stages).

use rayon::prelude::*;

use super::breed::{BredSlots, BreedBuild, IslandView};
use super::island_best::island_best;
use crate::ga::{Island, Params, Problem};

/// One island's buffers: current and next population (ping-pong), penalties, ages, records.
#[derive(Clone, Debug)]
pub(super) struct IslandBuffers {
    pub(super) state: Island,
    pub(super) genomes: Vec<u8>,
    pub(super) penalty: Vec<u32>,
    pub(super) age: Vec<u32>,
    pub(super) next_genomes: Vec<u8>,
    pub(super) next_penalty: Vec<u32>,
    pub(super) next_age: Vec<u32>,
    /// Each genome's line counts (`LineCounts::store`), `counts_words` a slot: a child that
    /// copies a parent copies them instead of counting its lines again. CPU only: the GPU
    /// counts per child. One unused word a slot in the row encoding, which stores none, so
    /// the slots still zip.
    pub(super) counts: Vec<u64>,
    pub(super) next_counts: Vec<u64>,
    /// What each child's breeding did (`ga::common::outcome` bits), for `island_best`.
    pub(super) outcome: Vec<u32>,
    pub(super) epoch_best: Vec<u8>,
    pub(super) overall_best: Vec<u8>,
}

/// Breeds every slot of island `index` (whose slots store `counts_words` words of line
/// counts) into its `next_*` buffers.
pub(super) fn breed_island(
    params: &Params,
    problem: &Problem,
    (index, counts_words): (u32, usize),
    island: &mut IslandBuffers,
    migrant: &Option<(Vec<u8>, u32)>,
    parallel: bool,
) {
    let bytes = params.genome_bytes();
    let view = IslandView {
        index,
        state: &island.state,
        genomes: &island.genomes,
        penalty: &island.penalty,
        age: &island.age,
        epoch_best: &island.epoch_best,
        migrant: migrant.as_ref().map(|(g, p)| (g.as_slice(), *p)),
        stream_prefix: IslandView::stream_prefix(params, index, &island.state),
        operators: IslandView::operators(params),
        counts: &island.counts,
        counts_words,
    };
    let slot_words = counts_words.max(1);
    let build = BreedBuild::detect();
    // Slots in runs of `SLOTS_PER_CALL`, each run one call into the build: the per-call
    // set-up of `breed`'s large frame is paid once per run, not per slot.
    const SLOTS_PER_CALL: usize = 16;
    type Run<'a> = (
        usize,
        (
            (
                ((&'a mut [u8], &'a mut [u64]), &'a mut [u32]),
                &'a mut [u32],
            ),
            &'a mut [u32],
        ),
    );
    let run = |(k, ((((genomes, counts), penalty), age), outcome)): Run| {
        let first = (k * SLOTS_PER_CALL) as u32;
        let slots = BredSlots {
            genomes,
            counts,
            penalty,
            age,
            outcome,
        };
        build.breed_slots(params, problem, &view, first, slots);
    };
    if parallel {
        island
            .next_genomes
            .par_chunks_mut(bytes * SLOTS_PER_CALL)
            .zip(
                island
                    .next_counts
                    .par_chunks_mut(slot_words * SLOTS_PER_CALL),
            )
            .zip(island.next_penalty.par_chunks_mut(SLOTS_PER_CALL))
            .zip(island.next_age.par_chunks_mut(SLOTS_PER_CALL))
            .zip(island.outcome.par_chunks_mut(SLOTS_PER_CALL))
            .enumerate()
            .for_each(run);
    } else {
        let slots = BredSlots {
            genomes: &mut island.next_genomes,
            counts: &mut island.next_counts,
            penalty: &mut island.next_penalty,
            age: &mut island.next_age,
            outcome: &mut island.outcome,
        };
        build.breed_slots(params, problem, &view, 0, slots);
    }
}

/// Swaps the bred generation in (when `bred`) and runs `island_best`.
pub(super) fn finish_generation(params: &Params, island: &mut IslandBuffers, bred: bool) {
    if bred {
        std::mem::swap(&mut island.genomes, &mut island.next_genomes);
        std::mem::swap(&mut island.counts, &mut island.next_counts);
        std::mem::swap(&mut island.penalty, &mut island.next_penalty);
        std::mem::swap(&mut island.age, &mut island.next_age);
    }
    island_best(
        params,
        &mut island.state,
        &island.genomes,
        &island.penalty,
        &island.age,
        &island.outcome,
        &mut island.epoch_best,
        &mut island.overall_best,
    );
}
