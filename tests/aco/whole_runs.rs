//! Whole runs.

use super::*;

pub(crate) fn run_engine(
    engine: &mut dyn AcoEngine,
    grid: &Grid,
    max_iterations: u32,
) -> AcoOutcome {
    let limits = AcoLimits {
        max_iterations,
        time_limit: None,
    };
    run(engine, grid, limits, &mut |_| {}).unwrap()
}

pub(crate) fn same_outcome(label: &str, a: &AcoOutcome, b: &AcoOutcome) {
    let key = |o: &AcoOutcome| (o.solved, o.iterations, o.colony, o.best_penalty, o.restarts);
    assert_eq!(
        key(a),
        key(b),
        "{label}: (solved, iterations, colony, penalty, restarts)"
    );
    assert_eq!(a.best, b.best, "{label}: best grid");
}

/// An engine whose step size is fixed, to show results do not depend on it.
pub(crate) struct Stepped<E>(pub E, pub u32);

impl<E: AcoEngine> AcoEngine for Stepped<E> {
    fn step(&mut self, iterations: u32) -> evoku::error::Result<()> {
        self.0.step(iterations)
    }
    fn colonies(&mut self) -> evoku::error::Result<Vec<Colony>> {
        self.0.colonies()
    }
    fn overall_best(&mut self, colony: u32) -> evoku::error::Result<Vec<u8>> {
        self.0.overall_best(colony)
    }
    fn params(&self) -> &AcoParams {
        self.0.params()
    }
    fn tables(&self) -> &AcoTables {
        self.0.tables()
    }
    fn iterations_per_step(&self) -> u32 {
        self.1
    }
}

#[test]
fn runs_are_deterministic_and_independent_of_threads_and_step_size() {
    let cases = [
        ("ai-escargot", repo_puzzle("ai-escargot"), 1u64, 0, 40),
        (
            "inst16x16_45_0, exchange",
            lloyd_amos("inst16x16_45_0"),
            2,
            3,
            60,
        ),
        (
            "mantere-no106, restarts",
            repo_puzzle("mantere-no106"),
            3,
            0,
            5,
        ),
    ];
    for (label, grid, seed, exchange, restart) in cases {
        let c = config(|c| {
            c.colonies = 5;
            c.seed = seed;
            c.exchange_interval = exchange;
            c.restart_after = restart;
        });
        let tables = AcoTables::new(&grid);
        let mut one = Stepped(CpuAco::new(tables.clone(), &c, Some(1)).unwrap(), 1);
        let by_one = run_engine(&mut one, &grid, 3000);
        let mut two = Stepped(CpuAco::new(tables.clone(), &c, Some(2)).unwrap(), 7);
        let by_seven = run_engine(&mut two, &grid, 3000);
        same_outcome(
            &format!("{label}: 1 thread by 1, 2 threads by 7"),
            &by_one,
            &by_seven,
        );
        let mut again = CpuAco::new(tables, &c, None).unwrap();
        let default_steps = run_engine(&mut again, &grid, 3000);
        same_outcome(&format!("{label}: again"), &by_one, &default_steps);
        assert!(by_one.solved, "{label}: not solved in 3000 iterations");
        assert!(by_one.best.solves(&grid));
        // Another seed, other tours.
        let mut reseeded = c.clone();
        reseeded.seed += 100;
        let mut a = CpuAco::new(AcoTables::new(&grid), &c, Some(1)).unwrap();
        let mut b = CpuAco::new(AcoTables::new(&grid), &reseeded, Some(1)).unwrap();
        a.run_tours();
        b.run_tours();
        assert_ne!(a.ant_words(), b.ant_words(), "{label}: another seed");
    }
}

#[test]
fn the_acs_solves_the_seed_puzzles_and_lloyd_amos_16x16() {
    let mut grids: Vec<(String, Grid)> = std::fs::read_dir(util::repo("puzzles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .filter(|p| !p.to_string_lossy().contains("25x25"))
        .map(|p| (p.display().to_string(), puzzle(&p)))
        .collect();
    for name in [
        "inst16x16_40_7",
        "inst16x16_45_1",
        "inst16x16_45_2",
        "inst16x16_50_9",
    ] {
        grids.push((name.to_string(), lloyd_amos(name)));
    }
    assert!(grids.len() >= 12);
    for (name, grid) in &grids {
        let outcome = evoku::plan::engines::aco_solve(
            grid,
            &config(|c| c.seed = 1),
            &Device::Cpu,
            None,
            Some(std::time::Duration::from_secs(20)),
            &mut |_| {},
        )
        .unwrap();
        assert!(outcome.solved, "{name}: {outcome:?}");
        assert!(outcome.best.solves(grid), "{name}");
        assert_eq!(outcome.best_penalty, 0);
        assert_eq!(
            outcome.ant_tours,
            4 * 10 * outcome.iterations as u64,
            "{name}"
        );
    }
}

#[test]
fn contradictory_givens_are_reported_not_run() {
    let mut grid = repo_puzzle("ai-escargot");
    // Cell 0 holds 1; a second 1 in row 1 contradicts it.
    assert_eq!((grid.get(0), grid.get(1)), (1, 0));
    grid.set(1, 1);
    let outcome = evoku::plan::engines::aco_solve(
        &grid,
        &AcoConfig::default(),
        &Device::Cpu,
        Some(1),
        None,
        &mut |_| {},
    )
    .unwrap();
    assert!(!outcome.solved);
    assert!(outcome.unsolvable.is_some(), "{outcome:?}");
    assert_eq!(outcome.iterations, 0);
}
