//! The presets solve: the seed puzzles, 16x16 and 25x25 boards, the box assignment's repair.

use super::*;

pub(super) fn solve_cpu(
    grid: &Grid,
    config: &GaConfig,
    threads: Option<usize>,
    step: Option<u32>,
) -> ga::GaOutcome {
    let problem = Problem::for_config(grid, config).expect("solvable");
    let mut engine = CpuEngine::new(problem.clone(), config, threads).expect("engine");
    let limits = RunLimits {
        max_generations: config.max_generations,
        time_limit: None,
    };
    match step {
        None => ga::run(&mut engine, &problem, limits, &mut |_| {}).expect("run"),
        Some(k) => {
            struct Fixed<'a>(&'a mut CpuEngine, u32);
            impl ga::Engine for Fixed<'_> {
                fn step(&mut self, g: u32) -> evoku::error::Result<()> {
                    self.0.step(g)
                }
                fn islands(&mut self) -> evoku::error::Result<Vec<ga::Island>> {
                    self.0.islands()
                }
                fn overall_best(&mut self, i: u32) -> evoku::error::Result<Vec<u8>> {
                    self.0.overall_best(i)
                }
                fn population(&self) -> u32 {
                    self.0.population()
                }
                fn generations_per_step(&self) -> u32 {
                    self.1
                }
            }
            ga::run(&mut Fixed(&mut engine, k), &problem, limits, &mut |_| {}).expect("run")
        }
    }
}

#[test]
fn default_preset_solves_the_seed_puzzles() {
    for name in [
        "ai-escargot",
        "fig1-mantere",
        "fig1-kashan",
        "mantere-no29",
        "mantere-no77",
        "mantere-no106",
    ] {
        let grid = puzzle(&format!("puzzles/{name}.txt"));
        let mut config = GaConfig::preset(Preset::Default);
        config.seed = 11;
        config.max_generations = 50_000;
        let outcome = solve_cpu(&grid, &config, None, None);
        assert!(
            outcome.solved,
            "{name} not solved: best penalty {}",
            outcome.best_penalty
        );
        assert!(
            outcome.best.solves(&grid),
            "{name}: solution fails the check"
        );
    }
}

/// The box-assignment walk on the boards where the GA presets are weakest: the 25x25 sample
/// at 45 % fill (no GA preset solves it in 120 s) and a 16x16 one.
#[test]
fn walk_preset_solves_16x16_and_25x25_boards() {
    for (path, generations) in [
        ("puzzles/lloyd-amos-16x16-45.txt", 20_000),
        ("puzzles/lloyd-amos-25x25-45.txt", 100_000),
    ] {
        let grid = puzzle(path);
        let mut config = GaConfig::preset(Preset::Walk);
        config.seed = 3;
        config.max_generations = generations;
        let outcome = solve_cpu(&grid, &config, None, None);
        assert!(
            outcome.solved,
            "{path} not solved: best penalty {}",
            outcome.best_penalty
        );
        assert!(
            outcome.best.solves(&grid),
            "{path}: solution fails the check"
        );
    }
}

/// Without the noise a box assignment is the best arrangement of its box. With two free cells
/// swapped in a solved board, the wrong arrangement costs two conflicts (2,000) and the right one
/// only noise (below 2,000 with a bound of at most 1,000 per cell), so once the free box is
/// drawn the solution is back, and stays.
#[test]
fn box_assignment_repairs_a_swapped_pair() {
    let grid = puzzle("puzzles/ai-escargot.txt");
    let solution = evoku::exact::solve(&grid, &Default::default())
        .first()
        .cloned()
        .expect("solution");
    let full = Problem::new(&solution, InitKind::Random, false).expect("solvable");
    // Free the cells at genome indices 0 and 4 (box 0), keep every other cell given.
    let mut puzzle = solution.clone();
    for (cell, &g) in full.genome_of_cell().iter().enumerate() {
        if g == 0 || g == 4 {
            puzzle.set(cell, 0);
        }
    }
    let problem = Problem::new(&puzzle, InitKind::Random, false).expect("solvable");
    let mut genome = problem.to_genome(&solution);
    genome.swap(0, 4);
    assert!(fitness(&problem, &genome) > 0);
    for seed in 0..20 {
        let mut g = genome.clone();
        let mut rng = Rng::new(seed);
        // Any noise below one conflict per cell, none included.
        let noise = [0, 1, 500, 1000][seed as usize % 4];
        for _ in 0..200 {
            box_assignment(&problem, noise, &mut rng, &mut g);
        }
        assert_eq!(fitness(&problem, &g), 0, "seed {seed}");
        assert_eq!(problem.to_grid(&g), solution, "seed {seed}");
    }
}

#[test]
fn paper_preset_solves_a_puzzle_with_many_givens() {
    // The solution of an easy50 puzzle with every fourth cell blanked (61 givens).
    let (puzzles, _) = format::read_puzzles(
        util::data("nine/easy50.txt").to_str().unwrap(),
        &ParseOptions::default(),
    )
    .unwrap();
    let solution = evoku::exact::solve(&puzzles[0].grid, &Default::default())
        .first()
        .cloned()
        .unwrap();
    let mut grid = solution.clone();
    for cell in (0..81).step_by(4) {
        grid.set(cell, 0);
    }
    let mut config = GaConfig::preset(Preset::Paper);
    config.seed = 5;
    config.max_generations = 20_000;
    let outcome = solve_cpu(&grid, &config, None, None);
    assert!(
        outcome.solved,
        "not solved: best penalty {}",
        outcome.best_penalty
    );
    assert!(outcome.best.solves(&grid));
}
