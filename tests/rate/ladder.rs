//! Rating: entropy and the technique ladder against Sudoku Explainer's ratings, no wrong digit
//! placed, puzzles without a unique solution reported.

use super::*;

#[test]
fn entropy_is_zero_when_singles_solve_the_puzzle() {
    // The first easy50 puzzle falls to singles: no branching, so no uncertainty.
    let text = std::fs::read_to_string(util::data("nine/easy50.txt")).unwrap();
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && l.trim().len() >= 81)
        .unwrap();
    let puzzle = grid81(&line.trim()[..81]);
    assert!(exact::propagate(&puzzle).unwrap().is_solved());
    let rating = rate::rate(&puzzle).unwrap();
    assert_eq!(rating.entropy, 0.0);
    assert_eq!(rating.entropy_level, 1);
    assert_eq!(rating.solutions, 1);
    assert!(rating.logic_solved);
    assert!(rating.level <= Level::MEDIUM, "{:?}", rating.level);
    // A puzzle that needs guessing has positive entropy.
    let hard =
        grid81("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    assert!(rate::entropy(&hard).unwrap() > 5.0);
}

#[test]
fn entropy_grows_with_difficulty_on_the_rating_sets() {
    let qq = rated("qqwing-100-se-rated.csv");
    let hard = rated("se-rated-hard.csv");
    let d = |r: &Rated| rate::entropy(&r.grid).unwrap();
    let by_label = |label: &str| mean(qq.iter().filter(|r| r.label == label).map(d));
    let (easy, intermediate, expert) = (
        by_label("Easy"),
        by_label("Intermediate"),
        by_label("Expert"),
    );
    assert!(
        easy < intermediate && intermediate < expert,
        "mean entropy Easy {easy:.2}, Intermediate {intermediate:.2}, Expert {expert:.2}"
    );
    assert!(mean(hard.iter().map(d)) > expert + 2.0);
    // f is monotone.
    let mut last = 0;
    for k in 0..200 {
        let level = entropy_level(k as f64 / 10.0);
        assert!(level >= last);
        last = level;
    }
}

#[test]
fn the_default_level_agrees_with_sudoku_explainer() {
    // The figures of docs/results/rating.md#rating-against-sudoku-explainer ("Rating against Sudoku Explainer"), with some margin.
    let g = Geometry::new(3).unwrap();
    let mut rater = Rater::new(g);
    let check = |set: &[Rated], rater: &mut Rater, at_least: f64, what: &str| {
        let ratings: Vec<_> = set
            .iter()
            .map(|r| rater.rate(&r.grid, &exact::Limits::solutions(2)).unwrap())
            .collect();
        let se: Vec<f64> = set.iter().map(|r| r.se).collect();
        let level: Vec<f64> = ratings
            .iter()
            .map(|r| f64::from(r.level.number()))
            .collect();
        let score: Vec<f64> = ratings.iter().map(|r| r.score()).collect();
        let (rho_level, rho_score) = (spearman(&level, &se), spearman(&score, &se));
        assert!(rho_level >= at_least, "{what}: level rho {rho_level:.3}");
        assert!(rho_score >= at_least, "{what}: score rho {rho_score:.3}");
    };
    check(&rated("qqwing-100-se-rated.csv"), &mut rater, 0.9, "qqwing");
    check(&rated("se-rated-hard.csv"), &mut rater, 0.8, "hard");
    check(&both_sets(), &mut rater, 0.9, "both");
}

#[test]
fn the_ladder_finishes_exactly_the_puzzles_se_rates_below_chains() {
    // SE needs only the ladder's techniques below 4.5 (unique rectangles, BUG and chains come
    // after); every such puzzle is finished and rated within 0.7 of SE, no other is finished.
    let mut rater = Rater::new(Geometry::new(3).unwrap());
    for (k, r) in both_sets().iter().enumerate() {
        let logic = rater.logic(&r.grid);
        assert_eq!(logic.solved, r.se < 4.5, "puzzle {k} (SE {})", r.se);
        if logic.solved {
            let ours = logic.hardest.map_or(1.0, Technique::difficulty);
            assert!(
                (ours - r.se).abs() < 0.75,
                "puzzle {k}: SE {} ladder {ours}",
                r.se
            );
        }
    }
}

#[test]
fn the_ladder_never_places_a_wrong_digit() {
    let mut puzzles: Vec<Grid> = both_sets().into_iter().map(|r| r.grid).collect();
    let text = std::fs::read_to_string(util::data("nine/top95.txt")).unwrap();
    puzzles.extend(
        text.lines()
            .filter(|l| l.trim().len() >= 81 && !l.starts_with('#'))
            .map(|l| grid81(&l.trim()[..81])),
    );
    let mut rater = Rater::new(Geometry::new(3).unwrap());
    let mut placed_beyond_givens = 0;
    for p in &puzzles {
        let solution = exact::count_solutions(p, 2);
        assert_eq!(solution.is_unique(), Some(true));
        let solution = solution.first().unwrap();
        let (logic, grid) = rater.logic_grid(p);
        for c in 0..81 {
            if grid.get(c) != 0 {
                assert_eq!(grid.get(c), solution.get(c), "cell {c} of {p}");
            }
        }
        assert_eq!(logic.solved, grid.is_complete());
        placed_beyond_givens += grid.givens() - p.givens();
    }
    assert!(
        placed_beyond_givens > 5000,
        "the ladder placed almost nothing"
    );
}

#[test]
fn puzzles_without_a_unique_solution_are_reported() {
    let mut clash = grid81(&".".repeat(81));
    clash.set(0, 5);
    clash.set(1, 5);
    assert!(matches!(rate::rate(&clash), Err(RateError::NoSolution(_))));
    let open = grid81(&format!("123456789{}", ".".repeat(72)));
    let rating = rate::rate(&open).unwrap();
    assert_eq!(rating.solutions, 2);
    assert!(!rating.logic_solved);
}
