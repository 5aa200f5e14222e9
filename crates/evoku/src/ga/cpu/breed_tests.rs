//! Tests of `breed`: what one child's breeding changes and that its penalty and line counts
//! are the child's.

use super::*;
use crate::format::{parse_one, ParseOptions};
use crate::ga::{GaConfig, InitKind, Preset};

/// The 9x9 puzzle both tests breed on, with random initial genomes.
fn test_problem() -> Problem {
    let puzzle = parse_one(
        "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
        &ParseOptions::default(),
    )
    .unwrap();
    Problem::new(&puzzle, InitKind::Random, false).unwrap()
}

/// An island's genomes, line counts (`counts_words` a slot), penalties and ages.
struct Population {
    genomes: Vec<u8>,
    counts: Vec<u64>,
    penalty: Vec<u32>,
    age: Vec<u32>,
    counts_words: usize,
}

impl Population {
    /// The view `breed` takes of it as island 0 in `state`, with no migrant.
    fn island_zero<'a>(
        &'a self,
        params: &Params,
        state: &'a Island,
        epoch_best: &'a [u8],
    ) -> IslandView<'a> {
        IslandView {
            index: 0,
            state,
            genomes: &self.genomes,
            penalty: &self.penalty,
            age: &self.age,
            epoch_best,
            migrant: None,
            stream_prefix: IslandView::stream_prefix(params, 0, state),
            operators: IslandView::operators(params),
            counts: &self.counts,
            counts_words: self.counts_words,
        }
    }
}

/// Cells changed in each child bred from a population of identical genomes, without
/// crossover and with mutation rate 1.
fn changed_cells(scope: MutationScope) -> Vec<usize> {
    let problem = test_problem();
    let mut config = GaConfig::preset(Preset::Paper);
    config.population = 40;
    config.crossover = CrossoverKind::None;
    config.mutation = MutationKind::Swap;
    config.mutation_rate = 1.0;
    config.mutation_scope = scope;
    let params = Params::new(&problem, &config);
    let bytes = params.genome_bytes();
    let mut genome = vec![0u8; bytes];
    init_slot(&params, &problem, 0, 0, 0, &mut genome);
    let counts_words = crate::ga::cpu::line_counts::stored_words(&problem);
    let mut stored = vec![0u64; counts_words];
    store_built(&problem, &genome, &mut stored);
    let population = Population {
        genomes: genome.repeat(40),
        counts: stored.repeat(40),
        penalty: vec![fitness(&problem, &genome); 40],
        age: vec![0; 40],
        counts_words,
    };
    let mut state = Island::fresh();
    state.generation = 0;
    let island = population.island_zero(&params, &state, &genome);
    let mut child = vec![0u8; bytes];
    let mut child_counts = vec![0u64; counts_words];
    (1..40)
        .map(|slot| {
            let (p, _, _) = breed(
                &params,
                &problem,
                &island,
                slot,
                &mut child,
                &mut child_counts,
            );
            assert_eq!(p, fitness(&problem, &child), "slot {slot}: stale penalty");
            let mut built = vec![0u64; counts_words];
            store_built(&problem, &child, &mut built);
            assert_eq!(child_counts, built, "slot {slot}: stale line counts");
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

/// Slots bred in runs (`BreedBuild::breed_slots`, as the engine calls it) are the children
/// `breed` makes one slot at a time in the plain build: genomes, line counts, penalties, ages
/// and outcomes (so the bit-instruction build, where the CPU has it, is checked against it).
#[test]
fn runs_of_slots_breed_what_single_slots_breed() {
    let problem = test_problem();
    let mut config = GaConfig::preset(Preset::Paper);
    config.population = 40;
    config.adaptive = true;
    let params = Params::new(&problem, &config);
    let (bytes, population) = (params.genome_bytes(), 40usize);
    let counts_words = crate::ga::cpu::line_counts::stored_words(&problem);
    let mut genomes = vec![0u8; bytes * population];
    let mut counts = vec![0u64; counts_words * population];
    let mut penalty = vec![0u32; population];
    for slot in 0..population {
        let genome = &mut genomes[slot * bytes..(slot + 1) * bytes];
        (penalty[slot], _) = init_slot(&params, &problem, 0, 0, slot as u32, genome);
        store_built(&problem, genome, &mut counts[slot * counts_words..]);
    }
    let parents = Population {
        genomes,
        counts,
        penalty,
        age: (0..population as u32).collect(),
        counts_words,
    };
    let mut state = Island::fresh();
    state.generation = 3;
    state.elite_slots = [5, 0, 0, 0];
    let island = parents.island_zero(&params, &state, &parents.genomes[..bytes]);
    let mut single = (
        vec![0u8; bytes * population],
        vec![0u64; counts_words * population],
    );
    let single_out: Vec<_> = (0..population)
        .map(|slot| {
            let child = &mut single.0[slot * bytes..(slot + 1) * bytes];
            let child_counts = &mut single.1[slot * counts_words..(slot + 1) * counts_words];
            breed(&params, &problem, &island, slot as u32, child, child_counts)
        })
        .collect();
    let mut runs = (
        vec![0u8; bytes * population],
        vec![0u64; counts_words * population],
    );
    let (mut p, mut a, mut o) = (
        vec![0; population],
        vec![0; population],
        vec![0; population],
    );
    let build = BreedBuild::detect();
    for (first, end) in [(0, 16), (16, 32), (32, 40)] {
        let slots = BredSlots {
            genomes: &mut runs.0[first * bytes..end * bytes],
            counts: &mut runs.1[first * counts_words..end * counts_words],
            penalty: &mut p[first..end],
            age: &mut a[first..end],
            outcome: &mut o[first..end],
        };
        build.breed_slots(&params, &problem, &island, first as u32, slots);
    }
    assert_eq!(runs.0, single.0, "genomes");
    assert_eq!(runs.1, single.1, "line counts");
    let outs: Vec<_> = (0..population).map(|s| (p[s], a[s], o[s])).collect();
    assert_eq!(outs, single_out, "penalty, age, outcome");
    // The children differ from their parents: the test breeds, not copies.
    assert_ne!(single.0, parents.genomes);
}
