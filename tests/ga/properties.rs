//! Properties over random genomes: the operators keep boxes and givens.

use super::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn operators_keep_boxes_and_givens(seed in any::<u32>(), board in 0usize..4, presolve in any::<bool>()) {
        let grid = &boards()[board];
        let init = if seed % 2 == 0 { InitKind::Random } else { InitKind::Candidates };
        let problem = Problem::new(grid, init, presolve).expect("solvable");
        let params = Params::new(&problem, &config(init, presolve));
        let a = random_genome(&problem, &params, seed);
        let b = random_genome(&problem, &params, seed.wrapping_add(1));
        let c = random_genome(&problem, &params, seed.wrapping_add(2));
        assert_invariants(&problem, &a, "init");
        let pair = Rng::new(seed);
        let mut child = vec![0u8; params.genome_bytes()];
        for side in 0..2 {
            band_crossover(&problem, &pair, 7, side, &a, &b, &mut child);
            assert_invariants(&problem, &child, "band crossover");
            uniform_crossover(&problem, &pair, 7, side, &a, &b, &mut child);
            assert_invariants(&problem, &child, "uniform crossover");
        }
        let mut rng = Rng::new(seed ^ 0x55);
        multi_parent(&problem, &mut rng, [&a, &b, &c], &mut child);
        assert_invariants(&problem, &child, "multi-parent crossover");
        for _ in 0..20 {
            if let Some((i, j)) = swap_mutation(&problem, &mut rng) {
                child.swap(i, j);
            }
            assert_invariants(&problem, &child, "swap mutation");
            if let Some((i, j)) = directed_mutation(&problem, &mut rng, &child) {
                prop_assert_eq!(i / problem.side(), j / problem.side(), "swap across boxes");
                child.swap(i, j);
            }
            assert_invariants(&problem, &child, "directed mutation");
            if let Some((i, j)) = candidate_mutation(&problem, &mut rng, &child) {
                prop_assert_eq!(i / problem.side(), j / problem.side(), "swap across boxes");
                prop_assert!(i != j, "a cell swapped with itself");
                child.swap(i, j);
            }
            assert_invariants(&problem, &child, "candidate mutation");
            box_assignment(&problem, seed % 2000, &mut rng, &mut child);
            assert_invariants(&problem, &child, "box assignment");
        }
        for kind in [MutationKind::Directed, MutationKind::Candidate] {
            let penalty = fitness(&problem, &child);
            let kept = local_search(&problem, kind, &mut rng, &mut child, penalty, 6);
            assert_invariants(&problem, &child, "local search");
            prop_assert_eq!(kept, fitness(&problem, &child), "local search penalty");
        }
    }

    #[test]
    fn swap_delta_matches_full_fitness(seed in any::<u32>(), board in 0usize..4) {
        let problem = Problem::new(&boards()[board], InitKind::Random, false).expect("solvable");
        let params = Params::new(&problem, &config(InitKind::Random, false));
        let mut genome = random_genome(&problem, &params, seed);
        let penalty = fitness(&problem, &genome);
        let mut rng = Rng::new(seed);
        for _ in 0..10 {
            if let Some((i, j)) = swap_mutation(&problem, &mut rng) {
                let predicted = swapped_penalty(&problem, &mut genome, penalty, i, j);
                let before = genome.clone();
                genome.swap(i, j);
                prop_assert_eq!(predicted, fitness(&problem, &genome));
                genome = before;
            }
        }
    }
}
