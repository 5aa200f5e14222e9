//! Rating: the agreement figures with Sudoku Explainer of docs/results/rating.md#rating-against-sudoku-explainer (ignored: a
//! measurement, run by hand).

use super::*;

/// The agreement figures of docs/results/rating.md#rating-against-sudoku-explainer: `cargo test --release --test tests
/// measure_agreement_with_sudoku_explainer -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_agreement_with_sudoku_explainer() {
    // Other monotone f tried: five levels with bounds 0.5, 2.5, 5, 10 and 1, 2, 3, 5.
    let five = |d: f64, bounds: [f64; 4]| 1.0 + bounds.iter().filter(|&&b| d >= b).count() as f64;
    let sets = [
        ("qqwing-100", rated("qqwing-100-se-rated.csv")),
        ("se-rated-hard", rated("se-rated-hard.csv")),
        ("both", both_sets()),
    ];
    let mut rater = Rater::new(Geometry::new(3).unwrap());
    println!("| rating | qqwing-100 | se-rated-hard | both |");
    type Measure<'a> = (&'a str, &'a dyn Fn(&mut Rater, &Grid) -> f64);
    let measures: [Measure; 10] = [
        ("entropy d (path, the default)", &|r, g| {
            r.rate(g, &exact::Limits::solutions(2)).unwrap().entropy
        }),
        ("entropy level f(d)", &|r, g| {
            f64::from(
                r.rate(g, &exact::Limits::solutions(2))
                    .unwrap()
                    .entropy_level,
            )
        }),
        ("five-level f, bounds 0.5, 2.5, 5, 10", &|r, g| {
            let d = r.rate(g, &exact::Limits::solutions(2)).unwrap().entropy;
            five(d, [0.5, 2.5, 5.0, 10.0])
        }),
        ("five-level f, bounds 1, 2, 3, 5", &|r, g| {
            let d = r.rate(g, &exact::Limits::solutions(2)).unwrap().entropy;
            five(d, [1.0, 2.0, 3.0, 5.0])
        }),
        ("entropy over the tree up to the first solution", &|_, g| {
            exact::solve(g, &exact::Limits::solutions(1)).entropy
        }),
        ("entropy over the whole tree (uniqueness proof)", &|_, g| {
            exact::count_solutions(g, 2).entropy
        }),
        ("exact solver nodes (uniqueness proof)", &|_, g| {
            exact::count_solutions(g, 2).nodes as f64
        }),
        ("ladder score", &|r, g| {
            r.rate(g, &exact::Limits::solutions(2)).unwrap().score()
        }),
        ("default level", &|r, g| {
            f64::from(
                r.rate(g, &exact::Limits::solutions(2))
                    .unwrap()
                    .level
                    .number(),
            )
        }),
        ("givens (fewer = harder)", &|_, g| -(g.givens() as f64)),
    ];
    for (name, measure) in measures {
        let row: Vec<String> = sets
            .iter()
            .map(|(_, set)| {
                let x: Vec<f64> = set.iter().map(|r| measure(&mut rater, &r.grid)).collect();
                let se: Vec<f64> = set.iter().map(|r| r.se).collect();
                format!("{:.3}", spearman(&x, &se))
            })
            .collect();
        println!("| {name} | {} |", row.join(" | "));
    }
    let start = std::time::Instant::now();
    let all = both_sets();
    for r in &all {
        rater.rate(&r.grid, &exact::Limits::solutions(2)).unwrap();
    }
    println!(
        "rated {} puzzles (uniqueness, entropy, ladder) in {:.3} s",
        all.len(),
        start.elapsed().as_secs_f64()
    );
}
