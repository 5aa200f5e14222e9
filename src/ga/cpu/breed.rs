//! One generation for one slot: elitism, restart, migration, or tournament, crossover,
//! mutation and local search. Reads the current population, writes one child.
//!
//! Twin of `shaders/ga/breed.wgsl`. Every slot depends only on the current population and its own
//! draws, so slots can be computed in any order, on any number of threads, or on a GPU.

use super::assign::box_assignment;
use super::crossover::{band_crossover, uniform_crossover};
use super::fitness::{fitness, for_side, LineCounts, Packing, Side};
use super::init::init_slot;
use super::local_search::local_search_counted;
use super::multi_parent::multi_parent;
use super::mutation::mutation_counted;
use super::tournament::tournament;
use crate::ga::{CrossoverKind, Island, MutationKind, MutationScope, Params, Problem};
use crate::rng::{stream_key, Rng, PAIR_STREAM};

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
        && generation.is_multiple_of(params.migration_interval)
        && params.population > params.elites
}

/// The variant of `K` whose code (`variant as u32`, what `Params` stores) is `code`, or
/// `fallback`. Every variant is looked up, so a new one needs no change here.
fn kind_of<K: clap::ValueEnum + Copy>(code: u32, as_code: fn(K) -> u32, fallback: K) -> K {
    K::value_variants()
        .iter()
        .copied()
        .find(|&k| as_code(k) == code)
        .unwrap_or(fallback)
}

/// How many times a child draws whether to mutate: once, or once per box (`MutationScope`).
fn mutation_chances(params: &Params) -> u32 {
    if params.mutation_scope == MutationScope::Box as u32 {
        params.side
    } else {
        1
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
    let crossover = kind_of(params.crossover_kind, |k| k as u32, CrossoverKind::None);
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

    let penalty = for_side!(problem.side(), N => {
        vary::<N>(params, problem, &mut rng, child, inherited)
    });
    (penalty, 0)
}

/// Mutation, box assignment and local search of a child (`inherited`: its penalty when it is
/// an unchanged copy of its parent); returns its penalty. The line counts are built at the
/// first mutation chance that fires and carried through the child's swaps.
fn vary<const N: usize>(
    params: &Params,
    problem: &Problem,
    rng: &mut Rng,
    child: &mut [u8],
    mut inherited: Option<u32>,
) -> u32
where
    Side<N>: Packing,
{
    let kind = kind_of(params.mutation_kind, |k| k as u32, MutationKind::Swap);
    let mut counts: Option<LineCounts<N>> = None;
    for _ in 0..mutation_chances(params) {
        if rng.chance(params.mutation_rate_q16) {
            let counts = counts.get_or_insert_with(|| LineCounts::new(child));
            if let Some((i, j)) = mutation_counted(problem, kind, rng, child, counts) {
                counts.swap(child, i, j);
                inherited = None;
            }
        }
    }
    if params.assign_steps > 0 {
        for _ in 0..params.assign_steps {
            box_assignment(problem, params.assign_noise, rng, child);
        }
        inherited = None;
        counts = None;
    }
    let mut penalty = match (inherited, &counts) {
        (Some(penalty), _) => penalty,
        (None, Some(counts)) => counts.penalty(),
        (None, None) => fitness(problem, child),
    };
    if params.local_search_children > 0 {
        let counts = counts.get_or_insert_with(|| LineCounts::new(child));
        penalty = local_search_counted(
            problem,
            kind,
            rng,
            child,
            counts,
            penalty,
            params.local_search_children,
        );
    }
    penalty
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{parse_one, ParseOptions};
    use crate::ga::{GaConfig, InitKind, Preset};

    /// Cells changed in each child bred from a population of identical genomes, without
    /// crossover and with mutation rate 1.
    fn changed_cells(scope: MutationScope) -> Vec<usize> {
        let puzzle = parse_one(
            "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
            &ParseOptions::default(),
        )
        .unwrap();
        let problem = Problem::new(&puzzle, InitKind::Random, false).unwrap();
        let mut config = GaConfig::preset(Preset::Paper);
        config.population_size = 40;
        config.crossover = CrossoverKind::None;
        config.mutation = MutationKind::Swap;
        config.mutation_rate = 1.0;
        config.mutation_scope = scope;
        let params = Params::new(&problem, &config);
        let bytes = params.genome_bytes();
        let mut genome = vec![0u8; bytes];
        init_slot(&params, &problem, 0, 0, 0, &mut genome);
        let genomes = genome.repeat(40);
        let (penalty, age) = (vec![fitness(&problem, &genome); 40], vec![0; 40]);
        let mut state = Island::fresh();
        state.generation = 0;
        let island = IslandView {
            index: 0,
            state: &state,
            genomes: &genomes,
            penalty: &penalty,
            age: &age,
            epoch_best: &genome,
            migrant: None,
        };
        let mut child = vec![0u8; bytes];
        (1..40)
            .map(|slot| {
                let (p, _) = breed(&params, &problem, &island, slot, &mut child);
                assert_eq!(p, fitness(&problem, &child), "slot {slot}: stale penalty");
                child.iter().zip(&genome).filter(|(a, b)| a != b).count()
            })
            .collect()
    }

    #[test]
    fn a_child_mutates_once_per_child_or_once_per_box() {
        let once = changed_cells(MutationScope::Child);
        assert!(once.iter().all(|&c| c <= 2), "per child: {once:?}");
        let per_box = changed_cells(MutationScope::Box);
        let mean = per_box.iter().sum::<usize>() as f64 / per_box.len() as f64;
        // Nine chances, each a swap kept with probability about (free cells / 9)^2.
        assert!(
            mean > 5.0,
            "per box: mean {mean} cells changed, {per_box:?}"
        );
    }
}
