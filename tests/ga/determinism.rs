//! Same seed, same run: threads, step sizes, generation by generation; restarts.

use super::*;

#[test]
fn same_seed_same_run_whatever_the_threads_and_step() {
    let grid = puzzle("puzzles/fig1-kashan.txt");
    for crossover in [
        CrossoverKind::Band,
        CrossoverKind::Uniform,
        CrossoverKind::MultiParent,
    ] {
        let mut config = GaConfig::preset(Preset::Default);
        config.crossover = crossover;
        config.seed = 42;
        config.islands = 5;
        config.migration = 7;
        config.aging = true;
        config.restart_after = 40;
        config.restart_keep = 3;
        config.population = 40;
        config.max_generations = 300;
        let one = solve_cpu(&grid, &config, Some(1), Some(1));
        let many = solve_cpu(&grid, &config, Some(4), Some(13));
        let default = solve_cpu(&grid, &config, None, None);
        for other in [&many, &default] {
            assert_eq!(one.solved, other.solved);
            assert_eq!(one.best_penalty, other.best_penalty);
            assert_eq!(one.generations, other.generations, "{crossover:?}");
            assert_eq!(one.island, other.island);
            assert_eq!(one.best, other.best);
        }
        config.seed = 43;
        let different = solve_cpu(&grid, &config, Some(2), None);
        assert_ne!(different.best, one.best, "another seed gave the same run");
    }
}

#[test]
fn populations_match_generation_by_generation_across_thread_counts() {
    let grid = puzzle("puzzles/lloyd-amos-16x16-45.txt");
    let mut config = GaConfig::preset(Preset::Default);
    config.islands = 3;
    config.population = 30;
    config.presolve = false;
    let problem = Problem::for_config(&grid, &config).unwrap();
    let mut a = CpuEngine::new(problem.clone(), &config, Some(1)).unwrap();
    let mut b = CpuEngine::new(problem, &config, Some(3)).unwrap();
    use ga::Engine;
    for _ in 0..15 {
        a.step(1).unwrap();
        b.step(1).unwrap();
        assert_eq!(a.population_words(), b.population_words());
        assert_eq!(a.penalties(), b.penalties());
        assert_eq!(a.island_states(), b.island_states());
    }
}

#[test]
fn restarts_happen_and_keep_the_record() {
    let grid = puzzle("puzzles/ai-escargot.txt");
    let mut config = GaConfig::preset(Preset::Paper);
    config.restart_after = 5;
    config.max_generations = 200;
    config.population = 20;
    let problem = Problem::for_config(&grid, &config).unwrap();
    let mut engine = CpuEngine::new(problem, &config, Some(1)).unwrap();
    use ga::Engine;
    let mut best_ever = u32::MAX;
    for _ in 0..200 {
        engine.step(1).unwrap();
        let s = engine.island_states()[0];
        assert!(s.overall_best_penalty <= best_ever, "record got worse");
        best_ever = s.overall_best_penalty;
        if s.solved != 0 {
            break;
        }
    }
    assert!(
        engine.island_states()[0].restarts > 0,
        "no restart in 200 generations"
    );
}
