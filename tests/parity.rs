//! Tests: parity. One operator at a time on the GPU against its CPU twin, over seeded generated
//! inputs (puzzles from a random valid grid with random blanks, genomes from random draws, random
//! scores, island states and ants) at every board size from 9x9 to 64x64: 256 cases per operator
//! and size (from 36x36 on, a software adapter checks the box assignment only on the puzzles
//! whose fullest box it can match within its loop limit). The operators' WGSL runs as it is,
//! called from the small entry points of `tests/parity/ga.wgsl` and `tests/parity/aco.wgsl`,
//! each assembled after its engine's stage files over the engine's own bindings; `island_best`
//! runs its own entry point. A difference names the operator, the case and the word.

mod aco;
mod ga;
mod harness;
mod inputs;

use evoku::ga::cpu::{
    assign, crossover, fitness, init, island_best, local_search, multi_parent, mutation, tournament,
};
use evoku::ga::{CrossoverKind, Island, MutationKind, Params};
use evoku::rng::{stream_key, Rng};

use ga::{cases, ga_harness, random_island, run, same, same_children, setups, Buffers};
use inputs::{words, BOX_SIZES, CASES};

fn gpu() -> Option<crate::gpu::GpuLease> {
    crate::gpu::gpu()
}

// ---- the GA: one operator each (the ACS's are in parity/aco.rs) ---------------------------

#[test]
fn mutation_matches_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let harness = ga_harness(&ctx);
    for kind in [
        MutationKind::Swap,
        MutationKind::Directed,
        MutationKind::Candidate,
    ] {
        for mut setup in setups(&format!("mutation {kind:?}")) {
            setup.params.mutation_kind = kind as u32;
            let genomes = setup.genomes(CASES);
            let mut inputs = Buffers::new(&setup, CASES);
            inputs.params = setup.params;
            inputs.population = words(&genomes);
            let gpu = cases(&harness, "parity_mutation", &inputs);
            let bytes = setup.params.genome_bytes();
            let (mut children, mut answers) = (genomes.clone(), Vec::new());
            for (k, child) in children.chunks_exact_mut(bytes).enumerate() {
                let mut rng = Rng::new(stream_key(setup.params.seed(), 0, 0, k as u32));
                let answer = match mutation::mutation(&setup.problem, kind, &mut rng, child) {
                    Some((i, j)) => {
                        child.swap(i, j);
                        i as u32 | (j as u32) << 16
                    }
                    None => u32::MAX,
                };
                answers.extend([answer, rng.next_u32()]);
            }
            let found = answers
                .iter()
                .step_by(2)
                .filter(|&&a| a != u32::MAX)
                .count();
            assert!(found > 0, "{}: no case found a pair to swap", setup.label);
            same(&setup, "(pair, next draw)", 2, &answers, &gpu.next_scores);
            same_children(&setup, &children, &gpu);
        }
    }
}

#[test]
fn crossover_matches_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let harness = ga_harness(&ctx);
    for kind in [
        CrossoverKind::Band,
        CrossoverKind::Uniform,
        CrossoverKind::MultiParent,
    ] {
        for mut setup in setups(&format!("crossover {kind:?}")) {
            setup.params.crossover_kind = kind as u32;
            let parents = setup.genomes(2 * CASES);
            let epoch_best = setup.genomes(CASES);
            let mut inputs = Buffers::new(&setup, CASES);
            inputs.params = setup.params;
            inputs.population = words(&parents);
            inputs.records = words(&epoch_best);
            let gpu = cases(&harness, "parity_crossover", &inputs);
            let p = &setup.params;
            let bytes = p.genome_bytes();
            let tie_base = 2 * p.tournament + 1;
            let (mut children, mut answers) = (vec![0u8; CASES * bytes], Vec::new());
            for (k, child) in children.chunks_exact_mut(bytes).enumerate() {
                let pair = Rng::new(stream_key(p.seed(), 0, 0, k as u32));
                let mut rng = Rng::new(stream_key(p.seed(), 1, 0, k as u32));
                let (a, b) = (
                    &parents[2 * k * bytes..(2 * k + 1) * bytes],
                    &parents[(2 * k + 1) * bytes..(2 * k + 2) * bytes],
                );
                let side = k as u32 % 2;
                let own = if side == 0 { a } else { b };
                let problem = &setup.problem;
                match kind {
                    CrossoverKind::Band => {
                        crossover::band_crossover(problem, &pair, tie_base, side, a, b, child)
                    }
                    CrossoverKind::Uniform => {
                        crossover::uniform_crossover(problem, &pair, tie_base, side, a, b, child)
                    }
                    _ => multi_parent::multi_parent(
                        problem,
                        &mut rng,
                        [&epoch_best[k * bytes..(k + 1) * bytes], b, own],
                        child,
                    ),
                }
                answers.extend([0, rng.next_u32()]);
            }
            same(&setup, "(0, next draw)", 2, &answers, &gpu.next_scores);
            same_children(&setup, &children, &gpu);
        }
    }
}

#[test]
fn box_assignment_matches_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let harness = ga_harness(&ctx);
    let mut sizes_run = std::collections::BTreeSet::new();
    for mut setup in setups("box assignment") {
        // One assignment of the fullest box, between the genome's copy in and out: a software
        // adapter cuts loops short past its budget, so from 36x36 on it checks only the puzzles
        // whose boxes keep few enough free cells (the engines refuse the rest there too).
        let p = setup.params;
        let one = assign::loop_bound(&Params {
            assign_steps: 1,
            ..p
        }) + 2 * evoku::gpu::loop_run(u64::from(p.genome_words));
        if ctx.is_software() && one > evoku::gpu::SOFTWARE_LOOP_BUDGET {
            assert!(p.box_size >= 6, "{}: {one} iterations", setup.label);
            continue;
        }
        sizes_run.insert(p.box_size);
        let genomes = setup.genomes(CASES);
        let mut inputs = Buffers::new(&setup, CASES);
        inputs.population = words(&genomes);
        let gpu = cases(&harness, "parity_assign", &inputs);
        let p = setup.params;
        let (mut children, mut answers) = (genomes.clone(), Vec::new());
        for (k, child) in children.chunks_exact_mut(p.genome_bytes()).enumerate() {
            let mut rng = Rng::new(stream_key(p.seed(), 0, 0, k as u32));
            assign::box_assignment(&setup.problem, p.assign_noise, &mut rng, child);
            answers.extend([0, rng.next_u32()]);
        }
        same(&setup, "(0, next draw)", 2, &answers, &gpu.next_scores);
        same_children(&setup, &children, &gpu);
    }
    let all: std::collections::BTreeSet<u32> = BOX_SIZES.iter().map(|&b| b as u32).collect();
    assert_eq!(
        sizes_run, all,
        "a board size with no box assignment checked"
    );
}

#[test]
fn tournament_matches_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let harness = ga_harness(&ctx);
    for mut setup in setups("tournament") {
        let p = setup.params;
        let population = p.population as usize;
        let scores = setup.scores(CASES * population);
        let mut inputs = Buffers::new(&setup, CASES);
        inputs.scores = scores.clone();
        let gpu = cases(&harness, "parity_tournament", &inputs);
        let mut answers = Vec::new();
        for k in 0..CASES {
            let mut rng = Rng::new(stream_key(p.seed(), 0, 0, k as u32));
            let first = k * population;
            let effective = |s: u32| {
                let (penalty, age) = (
                    scores[2 * (first + s as usize)],
                    scores[2 * (first + s as usize) + 1],
                );
                penalty.saturating_add(if p.aging != 0 { age } else { 0 })
            };
            let winner = tournament::tournament(
                &mut rng,
                p.population,
                p.tournament,
                p.selection_rate_q16,
                effective,
            );
            answers.extend([winner, rng.next_u32()]);
        }
        same(&setup, "(winner, next draw)", 2, &answers, &gpu.next_scores);
    }
}

#[test]
fn fitness_matches_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let harness = ga_harness(&ctx);
    for mut setup in setups("fitness") {
        let mut genomes = setup.genomes(CASES);
        // Every other genome with random digits in random cells: not box permutations.
        let (bytes, cells, n) = (
            setup.params.genome_bytes(),
            setup.problem.cells(),
            setup.params.side,
        );
        for genome in genomes.chunks_exact_mut(bytes).step_by(2) {
            for _ in 0..setup.rng.below(cells as u32) {
                let g = setup.rng.below(cells as u32) as usize;
                genome[g] = 1 + setup.rng.below(n) as u8;
            }
        }
        let mut inputs = Buffers::new(&setup, CASES);
        inputs.population = words(&genomes);
        let gpu = cases(&harness, "parity_fitness", &inputs);
        let cpu: Vec<u32> = genomes
            .chunks_exact(bytes)
            .flat_map(|genome| [fitness::fitness(&setup.problem, genome), 0])
            .collect();
        same(&setup, "(penalty, 0)", 2, &cpu, &gpu.next_scores);
    }
}

#[test]
fn local_search_matches_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let harness = ga_harness(&ctx);
    for kind in [
        MutationKind::Swap,
        MutationKind::Directed,
        MutationKind::Candidate,
    ] {
        for mut setup in setups(&format!("local search {kind:?}")) {
            setup.params.mutation_kind = kind as u32;
            let genomes = setup.genomes(CASES);
            let mut inputs = Buffers::new(&setup, CASES);
            inputs.params = setup.params;
            inputs.population = words(&genomes);
            let gpu = cases(&harness, "parity_local_search", &inputs);
            let p = setup.params;
            let (mut children, mut answers) = (genomes.clone(), Vec::new());
            for (k, child) in children.chunks_exact_mut(p.genome_bytes()).enumerate() {
                let mut rng = Rng::new(stream_key(p.seed(), 0, 0, k as u32));
                let penalty = fitness::fitness(&setup.problem, child);
                let kept = local_search::local_search(
                    &setup.problem,
                    kind,
                    &mut rng,
                    child,
                    penalty,
                    p.local_search,
                );
                answers.extend([kept, rng.next_u32()]);
            }
            same(
                &setup,
                "(penalty, next draw)",
                2,
                &answers,
                &gpu.next_scores,
            );
            same_children(&setup, &children, &gpu);
        }
    }
}

#[test]
fn init_matches_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let harness = ga_harness(&ctx);
    for setup in setups("init") {
        let inputs = Buffers::new(&setup, CASES);
        let gpu = cases(&harness, "parity_init", &inputs);
        let p = setup.params;
        let bytes = p.genome_bytes();
        let (mut children, mut answers) = (vec![0u8; CASES * bytes], Vec::new());
        for (k, child) in children.chunks_exact_mut(bytes).enumerate() {
            let k = k as u32;
            let (penalty, age) = init::init_slot(&p, &setup.problem, k % 3, k / 3, k, child);
            answers.extend([penalty, age]);
        }
        same(&setup, "(penalty, age)", 2, &answers, &gpu.next_scores);
        same_children(&setup, &children, &gpu);
    }
}

#[test]
fn island_best_matches_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let harness = ga_harness(&ctx);
    // Islands per puzzle: 64 islands of `population` slots (2 to 150).
    let islands = CASES;
    for mut setup in setups("island best") {
        let p = Params {
            islands: islands as u32,
            ..setup.params
        };
        setup.params = p;
        let population = p.population as usize;
        let genomes = setup.genomes(islands * population);
        let scores = setup.scores(islands * population);
        let records = setup.genomes(2 * islands);
        let states: Vec<Island> = (0..islands).map(|_| random_island(&mut setup)).collect();
        let mut inputs = Buffers::new(&setup, islands * population);
        inputs.params = p;
        inputs.next_population = words(&genomes);
        inputs.next_scores = scores.clone();
        inputs.islands = states.clone();
        inputs.records = words(&records);
        // Every combination of the outcome bits, so the adaptive counts are compared too.
        let outcomes: Vec<u32> = (0..islands * population)
            .map(|_| setup.rng.below(16))
            .collect();
        inputs.outcomes = outcomes.clone();
        let gpu = run(&harness, "island_best", islands as u32, &inputs);

        let bytes = p.genome_bytes();
        let (mut cpu_states, mut cpu_records) = (states, records);
        let penalty: Vec<u32> = scores.iter().step_by(2).copied().collect();
        let age: Vec<u32> = scores.iter().skip(1).step_by(2).copied().collect();
        for (i, state) in cpu_states.iter_mut().enumerate() {
            let slots = i * population..(i + 1) * population;
            let (epoch_best, overall_best) =
                cpu_records[2 * i * bytes..(2 * i + 2) * bytes].split_at_mut(bytes);
            island_best::island_best(
                &p,
                state,
                &genomes[slots.start * bytes..slots.end * bytes],
                &penalty[slots.clone()],
                &age[slots.clone()],
                &outcomes[slots],
                epoch_best,
                overall_best,
            );
        }
        let island_words = std::mem::size_of::<Island>() / 4;
        let cpu_islands: Vec<u32> = bytemuck::cast_slice(&cpu_states).to_vec();
        same(
            &setup,
            "island states",
            island_words,
            &cpu_islands,
            &gpu.islands,
        );
        same(
            &setup,
            "records",
            2 * p.genome_words as usize,
            &words(&cpu_records),
            &gpu.records,
        );
    }
}
