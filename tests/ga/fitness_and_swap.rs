//! Fitness of solutions and the paper's swap mutation.

use super::*;

#[test]
fn fitness_is_zero_exactly_for_a_solution() {
    let grid = puzzle("puzzles/ai-escargot.txt");
    let solution = evoku::exact::solve(&grid, &Default::default())
        .first()
        .cloned()
        .expect("solution");
    let problem = Problem::new(&grid, InitKind::Random, false).expect("solvable");
    let genome = problem.to_genome(&solution);
    assert_eq!(fitness(&problem, &genome), 0);
    assert_eq!(paper_score(&problem, 0), 162);
    assert_eq!(problem.to_grid(&genome), solution);
    // One swap inside a box breaks two rows or two columns or both.
    let mut broken = genome.clone();
    broken.swap(0, 4);
    let penalty = fitness(&problem, &broken);
    assert!((2..=4).contains(&penalty), "penalty {penalty}");
    assert_eq!(line_penalty(&problem, &broken, 0), 1, "row 0 lost a digit");
}

#[test]
fn paper_swap_mutation_never_touches_givens_and_is_sometimes_abandoned() {
    let problem =
        Problem::new(&puzzle("puzzles/ai-escargot.txt"), InitKind::Random, false).unwrap();
    let mut rng = Rng::new(3);
    let attempts = 10_000;
    let done = (0..attempts)
        .filter_map(|_| swap_mutation(&problem, &mut rng))
        .count();
    // 23 givens of 81 cells, plus i == j: well under all and well over none succeed.
    assert!(
        done > attempts / 3 && done < attempts * 9 / 10,
        "{done} of {attempts} swaps"
    );
}
