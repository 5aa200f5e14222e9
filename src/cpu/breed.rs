//! One generation for one slot: elitism, restart, migration, or tournament, crossover,
//! mutation and local search. Reads the current population, writes one child.
//!
//! Twin of `shaders/breed.wgsl`. Every slot depends only on the current population and its own
//! draws, so slots can be computed in any order, on any number of threads, or on a GPU.

use super::crossover::{band_crossover, uniform_crossover};
use super::fitness::fitness;
use super::init::init_genome;
use super::local_search::local_search;
use super::multi_parent::multi_parent;
use super::mutation::mutation;
use super::tournament::tournament;
use crate::ga::{CrossoverKind, Island, MutationKind, Params, Problem};
use crate::rng::{stream_key, Rng, INIT_STREAM, PAIR_STREAM};

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
}

impl IslandView<'_> {
    fn genome(&self, params: &Params, slot: u32) -> &[u8] {
        let bytes = params.genome_bytes();
        &self.genomes[slot as usize * bytes..(slot as usize + 1) * bytes]
    }

    fn effective(&self, params: &Params, slot: u32) -> u32 {
        let s = slot as usize;
        self.penalty[s].saturating_add(if params.aging != 0 { self.age[s] } else { 0 })
    }
}

/// Whether generation `generation` brings a migrant into the last slot.
pub fn migrates(params: &Params, generation: u32) -> bool {
    params.migration_interval != 0
        && params.islands > 1
        && generation % params.migration_interval == 0
        && params.population - 1 >= params.elites
}

/// Kinds from their `u32` codes in `Params`.
fn crossover_kind(code: u32) -> CrossoverKind {
    match code {
        1 => CrossoverKind::Band,
        2 => CrossoverKind::Uniform,
        3 => CrossoverKind::MultiParent,
        _ => CrossoverKind::None,
    }
}

fn mutation_kind(code: u32) -> MutationKind {
    match code {
        1 => MutationKind::Directed,
        2 => MutationKind::Candidate,
        _ => MutationKind::Swap,
    }
}

/// Writes slot `slot` of the next generation into `child`; returns its (penalty, age).
pub fn breed(
    params: &Params,
    problem: &Problem,
    island: &IslandView,
    slot: u32,
    child: &mut [u8],
) -> (u32, u32) {
    let s = slot as usize;
    let state = island.state;
    if state.solved != 0 {
        child.copy_from_slice(island.genome(params, slot));
        return (island.penalty[s], island.age[s]);
    }
    let generation = state.generation.wrapping_add(1);
    if state.restart_pending != 0 {
        if slot < params.restart_keep {
            child.copy_from_slice(island.genome(params, slot));
            return (island.penalty[s], 0);
        }
        return init_slot(params, problem, island.index, generation, slot, child);
    }
    if slot < params.elites {
        let elite = state.elite_slots[s];
        child.copy_from_slice(island.genome(params, elite));
        return (
            island.penalty[elite as usize],
            island.age[elite as usize].saturating_add(1),
        );
    }
    if slot == params.population - 1 && migrates(params, generation) {
        if let Some((genome, penalty)) = island.migrant {
            child.copy_from_slice(genome);
            return (penalty, 0);
        }
    }

    let seed = params.seed();
    let offset = slot - params.elites;
    let side = offset % 2;
    let pair = Rng::new(stream_key(
        seed,
        island.index,
        generation,
        PAIR_STREAM | (offset / 2),
    ));
    let mut pair_draws = pair;
    let effective = |s: u32| island.effective(params, s);
    let a = tournament(
        &mut pair_draws,
        params.population,
        params.tournament_size,
        effective,
    );
    let b = tournament(
        &mut pair_draws,
        params.population,
        params.tournament_size,
        effective,
    );
    let crossover = crossover_kind(params.crossover_kind);
    let crosses = pair_draws.chance(params.crossover_rate_q16) && crossover != CrossoverKind::None;
    let tie_base = 2 * params.tournament_size + 1;
    let (ga, gb) = (island.genome(params, a), island.genome(params, b));
    let own_parent = if side == 0 { ga } else { gb };

    let mut rng = Rng::new(stream_key(seed, island.index, generation, slot));
    // A child that is an unchanged copy of its parent keeps the parent's penalty.
    let mut inherited = None;
    match crossover {
        _ if !crosses => {
            child.copy_from_slice(own_parent);
            inherited = Some(island.penalty[if side == 0 { a } else { b } as usize]);
        }
        // `crosses` is false for `None`; spelled out so the match needs no panic.
        CrossoverKind::None => child.copy_from_slice(own_parent),
        CrossoverKind::Band => band_crossover(problem, &pair, tie_base, side, ga, gb, child),
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

    let kind = mutation_kind(params.mutation_kind);
    if rng.chance(params.mutation_rate_q16) {
        if let Some((i, j)) = mutation(problem, kind, &mut rng, child) {
            child.swap(i, j);
            inherited = None;
        }
    }
    let mut penalty = inherited.unwrap_or_else(|| fitness(problem, child));
    if params.local_search_children > 0 {
        penalty = local_search(
            problem,
            kind,
            &mut rng,
            child,
            penalty,
            params.local_search_children,
        );
    }
    (penalty, 0)
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
