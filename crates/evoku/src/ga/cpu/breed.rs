//! One generation for one slot: elitism, restart, migration, or tournament, crossover,
//! mutation and local search. Reads the current population, writes one child.
//!
//! Twin of `crates/evoku/shaders/ga/breed.wgsl`. Every slot depends only on the current population and its own
//! draws, so slots can be computed in any order, on any number of threads, or on a GPU.

pub use super::breed_build::{BredSlots, BreedBuild};
use super::crossover::{band_crossover, band_crossover_scored, uniform_crossover};
use super::fitness::{fitness, for_side, LineCounts};
use super::init::init_slot;
use super::line_counts::store_built;
use super::multi_parent::multi_parent;
use super::row::UnitCounts;
use super::tournament::tournament;
use super::vary::vary;
use crate::ga::common::outcome;
use crate::ga::{CrossoverKind, Encoding, Island, MutationKind, MutationScope, Params, Problem};
use crate::rng::{individual_key, stream_prefix, Rng, PAIR_STREAM};

/// What `breed` reads of one island.
#[derive(Clone, Copy)]
pub struct IslandView<'a> {
    pub index: u32,
    pub state: &'a Island,
    /// The island's genomes, `params.genome_bytes()` each.
    pub genomes: &'a [u8],
    pub penalty: &'a [u32],
    pub age: &'a [u32],
    /// Best genome since the island's last restart.
    pub epoch_best: &'a [u8],
    /// The previous island's best genome and penalty, when this generation migrates.
    pub migrant: Option<(&'a [u8], u32)>,
    /// `rng::stream_prefix` of the generation being bred (`IslandView::stream_prefix`).
    pub stream_prefix: u32,
    /// The run's crossover and mutation (`IslandView::operators`).
    pub operators: (CrossoverKind, MutationKind),
    /// Each genome's line counts as `LineCounts::store` wrote them, `counts_words` a slot
    /// (`line_counts::stored_words`); with 0 (the row encoding) nothing is stored or read.
    pub counts: &'a [u64],
    pub counts_words: usize,
}

impl IslandView<'_> {
    /// The key prefix of the draws of every child of the generation after `state`'s.
    pub fn stream_prefix(params: &Params, index: u32, state: &Island) -> u32 {
        stream_prefix(params.seed(), index, state.generation.wrapping_add(1))
    }

    fn genome(&self, params: &Params, slot: u32) -> &[u8] {
        let bytes = params.genome_bytes();
        &self.genomes[slot as usize * bytes..(slot as usize + 1) * bytes]
    }

    /// The crossover and mutation `params` name, decoded once per generation. An unknown code
    /// crosses nothing and mutates by a plain swap, as `crates/evoku/shaders/ga/breed.wgsl` does.
    pub fn operators(params: &Params) -> (CrossoverKind, MutationKind) {
        (
            CrossoverKind::try_from(params.crossover_kind).unwrap_or(CrossoverKind::None),
            MutationKind::try_from(params.mutation_kind).unwrap_or(MutationKind::Swap),
        )
    }

    /// The stored line counts of slot `slot`.
    fn counts_of(&self, slot: u32) -> &[u64] {
        let w = self.counts_words;
        &self.counts[slot as usize * w..(slot as usize + 1) * w]
    }

    fn effective(&self, params: &Params, slot: u32) -> u32 {
        let s = slot as usize;
        self.penalty[s].saturating_add(if params.aging != 0 { self.age[s] } else { 0 })
    }
}

/// Whether generation `generation` brings a migrant into the last slot.
pub fn migrates(params: &Params, generation: u32) -> bool {
    migrates_ever(params) && generation.is_multiple_of(params.migration)
}

/// Whether any generation of the run migrates (`migrates`).
pub fn migrates_ever(params: &Params) -> bool {
    params.migration != 0 && params.islands > 1 && params.population > params.elites
}

/// Writes slot `slot` of the next generation into `child`, and its line counts into
/// `child_counts` (`island.counts_words` words, unused when that is 0); returns its (penalty,
/// age, outcome): `outcome` is what its breeding did, as `ga::common::outcome` bits (0 unless
/// adaptive). This is the plain build, one slot at a time; the engine breeds through
/// `BreedBuild::breed_slots`, which runs the same code in the build the CPU allows (the tests
/// compare the two). Always inlined, so each build compiles it with its own instructions.
#[inline(always)]
pub fn breed(
    params: &Params,
    problem: &Problem,
    island: &IslandView,
    slot: u32,
    child: &mut [u8],
    child_counts: &mut [u64],
) -> (u32, u32, u32) {
    let s = slot as usize;
    let state = island.state;
    let child_counts = &mut child_counts[..island.counts_words];
    // The child is an unchanged copy of slot `from`.
    let mut copy = |from: u32| {
        child.copy_from_slice(island.genome(params, from));
        child_counts.copy_from_slice(island.counts_of(from));
    };
    if state.solved != 0 {
        copy(slot);
        return (island.penalty[s], island.age[s], 0);
    }
    let generation = state.generation.wrapping_add(1);
    if state.restart_pending != 0 {
        if slot < params.restart_keep {
            copy(slot);
            return (island.penalty[s], 0, 0);
        }
        let (penalty, age) = init_slot(params, problem, island.index, generation, slot, child);
        store_built(problem, child, child_counts);
        return (penalty, age, 0);
    }
    if slot < params.elites {
        let elite = state.elite_slots[s];
        copy(elite);
        return (
            island.penalty[elite as usize],
            island.age[elite as usize].saturating_add(1),
            0,
        );
    }
    if slot == params.population - 1 && migrates(params, generation) {
        if let Some((genome, penalty)) = island.migrant {
            child.copy_from_slice(genome);
            store_built(problem, child, child_counts);
            return (penalty, 0, 0);
        }
    }
    let adaptive = params.adaptive != 0;
    let (crossover_rate, mutation_rate) = if adaptive {
        (state.crossover_rate_q16, state.mutation_rate_q16)
    } else {
        (params.crossover_rate_q16, params.mutation_rate_q16)
    };

    let offset = slot - params.elites;
    let side = offset % 2;
    let pair = Rng::new(individual_key(
        island.stream_prefix,
        PAIR_STREAM | (offset / 2),
    ));
    let mut pair_draws = pair;
    let effective = |s: u32| island.effective(params, s);
    let a = tournament(
        &mut pair_draws,
        params.population,
        params.tournament,
        params.selection_rate_q16,
        effective,
    );
    let b = tournament(
        &mut pair_draws,
        params.population,
        params.tournament,
        params.selection_rate_q16,
        effective,
    );
    let (crossover, mutation) = island.operators;
    let crosses = pair_draws.chance(crossover_rate) && crossover != CrossoverKind::None;
    let tie_base = 2 * params.tournament + 1;
    let (ga, gb) = (island.genome(params, a), island.genome(params, b));
    let own_slot = if side == 0 { a } else { b };
    let own_parent = island.genome(params, own_slot);
    let stored = island.counts_words != 0;

    let mut rng = Rng::new(individual_key(island.stream_prefix, slot));
    // A child that is an unchanged copy of its parent keeps the parent's penalty, and its
    // line counts (`source`: the slot it is a copy of).
    let mut inherited = None;
    let mut source = None;
    // A band crossover's child: the bands it took from `b` (its counts are then its parents'
    // along the bands, `LineCounts::crossed`).
    let mut band_from_b = None;
    match crossover {
        _ if !crosses => {
            child.copy_from_slice(own_parent);
            inherited = Some(island.penalty[own_slot as usize]);
            source = Some(own_slot);
        }
        // `crosses` is false for `None`; spelled out so the match needs no panic.
        CrossoverKind::None => child.copy_from_slice(own_parent),
        CrossoverKind::Band if stored => {
            let scores = for_side!(problem.side(), N => [
                LineCounts::<N>::stored_unit_penalties(island.counts_of(a), side),
                LineCounts::<N>::stored_unit_penalties(island.counts_of(b), side),
            ]);
            let from_b =
                band_crossover_scored(problem, &pair, tie_base, side, [ga, gb], scores, child);
            band_from_b = Some(from_b);
        }
        CrossoverKind::Band => {
            band_crossover(problem, &pair, tie_base, side, ga, gb, child);
        }
        CrossoverKind::Uniform => uniform_crossover(problem, &pair, tie_base, side, ga, gb, child),
        CrossoverKind::MultiParent => {
            let generation_best = island.genome(params, state.best_slot);
            multi_parent(
                problem,
                &mut rng,
                [island.epoch_best, generation_best, own_parent],
                child,
            )
        }
    }

    let mut bits = 0;
    if adaptive && crosses {
        // The report's bookkeeping: a crossover succeeds when the child is fitter than its
        // parents' mean; when two elites' crossover fails, a random individual (most likely a
        // weaker one) takes the child's place.
        bits |= outcome::CROSSED;
        let mut penalty = fitness(problem, child);
        let (pa, pb) = (island.penalty[a as usize], island.penalty[b as usize]);
        if 2 * u64::from(penalty) < u64::from(pa) + u64::from(pb) {
            bits |= outcome::CROSS_SUCCESS;
        } else if is_elite(params, state, a) && is_elite(params, state, b) {
            let other = rng.below(params.population);
            child.copy_from_slice(island.genome(params, other));
            penalty = island.penalty[other as usize];
            source = Some(other);
        }
        inherited = Some(penalty);
    }
    let before = if adaptive { inherited } else { None };
    let rates = (mutation, mutation_rate);
    let (penalty, mutated) = if problem.encoding() == Encoding::Row {
        let mut counts = None;
        vary::<UnitCounts>(
            params,
            problem,
            rates,
            &mut rng,
            child,
            inherited,
            &mut counts,
        )
    } else {
        for_side!(problem.side(), N => {
            // With stored counts the child's are loaded (a copy) or built (crossed) up front,
            // and stored when it is done.
            // (No closures here: they would not inline into the bit-instruction build.)
            let mut counts = match (stored, source) {
                (false, _) => None,
                (true, Some(from)) => Some(LineCounts::<N>::load(island.counts_of(from))),
                (true, None) => Some(match band_from_b {
                    Some(from_b) => {
                        let parents = [island.counts_of(a), island.counts_of(b)];
                        LineCounts::<N>::crossed(child, side, parents, from_b)
                    }
                    None => LineCounts::<N>::new(child),
                }),
            };
            let (penalty, mutated) = vary::<LineCounts<N>>(
                params, problem, rates, &mut rng, child, inherited, &mut counts,
            );
            match counts {
                Some(counts) => counts.store(child_counts),
                None if stored => LineCounts::<N>::new(child).store(child_counts),
                None => {}
            }
            (penalty, mutated)
        })
    };
    if let (Some(before), Some(after)) = (before, mutated) {
        bits |= outcome::MUTATED;
        if after < before {
            bits |= outcome::MUTATION_IMPROVED;
        }
    }
    (penalty, 0, bits)
}

/// Whether `slot` is one of the island's elites of the current generation.
fn is_elite(params: &Params, state: &Island, slot: u32) -> bool {
    state.elite_slots[..params.elites as usize].contains(&slot)
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU `breed` invocation:
/// the sum of its operators' bounds, the worst crossover and the restart path included (the
/// lanes of a SIMD group may take every branch).
pub fn loop_bound(params: &Params) -> u64 {
    use super::loop_run as run;
    let crossover = super::crossover::band_loop_bound(params)
        .max(super::crossover::uniform_loop_bound(params))
        .max(super::multi_parent::loop_bound(params));
    let chances = if params.mutation_scope == MutationScope::Box as u32 {
        params.side as u64
    } else {
        1
    };
    // The GPU's compacted loop: at most `chances + 1` passes, each entering the skip loop once
    // (`chances` skips in all); each mutation's swap keeps the line masks, built once.
    let mutations = run(chances + 1)
        + chances
        + 2 * (chances + 1)
        + chances
            * (super::mutation::loop_bound(params) + super::mutation::swap_loop_bound(params))
        + super::mutation::lines_loop_bound(params);
    // The adaptive rates' bookkeeping: fitness after crossover and after the mutations, the
    // elite test, the copy of a random individual.
    let adaptive = if params.adaptive != 0 {
        2 * super::fitness::loop_bound(params)
            + 2 * run(params.elites as u64)
            + run(params.genome_words as u64)
    } else {
        0
    };
    // The child is built in private memory and stored once at the end.
    let store = run(params.genome_words as u64);
    2 * super::tournament::loop_bound(params)
        + store
        + crossover
        + mutations
        + adaptive
        + super::assign::loop_bound(params)
        + super::fitness::loop_bound(params)
        + super::local_search::loop_bound(params)
        + super::init::loop_bound(params)
}

#[cfg(test)]
#[path = "breed_tests.rs"]
mod tests;
