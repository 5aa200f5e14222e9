//! Tests: the row-encoded GA with adaptive rates (docs/ALGORITHMS.md section 3) on the CPU.

use evoku::board::Grid;
use evoku::format::{self, ParseOptions};
use evoku::ga::cpu::crossover::uniform_crossover;
use evoku::ga::cpu::fitness::fitness;
use evoku::ga::cpu::init::init_slot;
use evoku::ga::cpu::CpuEngine;
use evoku::ga::{
    self, CrossoverKind, Encoding, Engine, GaConfig, MutationKind, Params, Preset, Problem,
    RunLimits,
};
use evoku::rng::Rng;

use crate::util;

fn puzzle(path: &str) -> Grid {
    let (puzzles, _) = format::read_puzzles(
        util::repo(path).to_str().expect("utf-8 path"),
        &ParseOptions::default(),
    )
    .expect("puzzle file");
    puzzles[0].grid.clone()
}

fn easy_puzzle(k: usize) -> Grid {
    let text = std::fs::read_to_string(util::data("nine/easy50.txt")).unwrap();
    let line = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .nth(k)
        .unwrap();
    format::parse_one(&line[..81], &ParseOptions::default()).unwrap()
}

fn row_config(edit: impl FnOnce(&mut GaConfig)) -> GaConfig {
    let mut c = GaConfig::preset(Preset::Row);
    edit(&mut c);
    c
}

/// Every row of the genome a permutation of 1..=n agreeing with the givens.
fn assert_rows(problem: &Problem, genome: &[u8], what: &str) {
    let n = problem.side();
    let grid = problem.to_grid(genome);
    for r in 0..n {
        let mut seen = 0u64;
        for c in 0..n {
            let d = grid.get(r * n + c);
            assert!(d >= 1 && d as usize <= n, "{what}: digit {d}");
            seen |= 1 << (d - 1);
            let given = problem.puzzle().get(r * n + c);
            assert!(
                given == 0 || given == d,
                "{what}: given at row {r} column {c} moved"
            );
        }
        assert_eq!(seen, problem.geometry().all_digits(), "{what}: row {r}");
    }
}

#[test]
fn the_row_problem_scores_columns_and_boxes() {
    let grid = puzzle("puzzles/mantere-no29.txt");
    let config = row_config(|_| {});
    let problem = Problem::for_config(&grid, &config).unwrap();
    assert_eq!(problem.encoding(), Encoding::Row);
    let params = Params::new(&problem, &config);
    // A solved grid scores 0; a swap inside a row costs its two columns one digit each, and its
    // two boxes when they differ, never a row.
    let solution = evoku::exact::count_solutions(&grid, 1).solutions.remove(0);
    let mut genome = problem.to_genome(&solution);
    assert_eq!(fitness(&problem, &genome), 0);
    let free: Vec<usize> = (0..9).filter(|&g| problem.help()[g] == 0).collect();
    genome.swap(free[0], free[1]);
    let same_box = free[0] / 3 == free[1] / 3;
    assert_eq!(fitness(&problem, &genome), if same_box { 2 } else { 4 });
    // The first population: rows are permutations that keep the givens.
    for seed in 0..20 {
        let mut genome = vec![0u8; params.genome_bytes()];
        init_slot(&params, &problem, seed, 0, seed, &mut genome);
        assert_rows(&problem, &genome, "init");
    }
}

#[test]
fn uniform_crossover_exchanges_whole_rows() {
    let grid = puzzle("puzzles/ai-escargot.txt");
    let config = row_config(|_| {});
    let problem = Problem::for_config(&grid, &config).unwrap();
    let params = Params::new(&problem, &config);
    let n = problem.side();
    let (mut a, mut b) = (
        vec![0u8; params.genome_bytes()],
        vec![0u8; params.genome_bytes()],
    );
    init_slot(&params, &problem, 0, 0, 1, &mut a);
    init_slot(&params, &problem, 0, 0, 2, &mut b);
    let pair = Rng::new(5);
    let mut children = [a.clone(), a.clone()];
    for (side, child) in children.iter_mut().enumerate() {
        uniform_crossover(&problem, &pair, 7, side as u32, &a, &b, child);
        assert_rows(&problem, child, "crossover child");
    }
    for row in 0..n {
        let span = row * n..(row + 1) * n;
        let from_a = children[0][span.clone()] == a[span.clone()];
        assert!(from_a || children[0][span.clone()] == b[span.clone()]);
        // The second child takes the other parent's row.
        let other = if from_a { &b } else { &a };
        assert_eq!(children[1][span.clone()], other[span], "row {row}");
    }
}

#[test]
fn the_row_encoding_refuses_block_only_operators() {
    for (edit, flag) in [
        (
            Box::new(|c: &mut GaConfig| c.crossover = CrossoverKind::Band)
                as Box<dyn Fn(&mut GaConfig)>,
            "--crossover must be uniform",
        ),
        (
            Box::new(|c: &mut GaConfig| c.assign_steps = 5),
            "--assign-steps must be 0",
        ),
        (
            Box::new(|c: &mut GaConfig| c.mutation = MutationKind::Candidate),
            "--mutation must be first-fit",
        ),
    ] {
        let mut config = GaConfig::preset(Preset::Row);
        edit(&mut config);
        let message = config.validate().unwrap_err().to_string();
        assert!(message.contains(flag), "{message}");
        assert!(message.contains("--encoding row"), "{message}");
    }
    // An engine refuses a problem prepared in the other encoding.
    let grid = puzzle("puzzles/ai-escargot.txt");
    let block = Problem::for_config(&grid, &GaConfig::preset(Preset::Paper)).unwrap();
    let error = CpuEngine::new(block, &GaConfig::preset(Preset::Row), Some(1))
        .err()
        .expect("refused");
    assert!(error.to_string().contains("encoding"), "{error}");
}

#[test]
fn the_row_ga_solves_easy_puzzles_with_valid_grids() {
    for k in 0..2 {
        let grid = easy_puzzle(k);
        let config = row_config(|c| {
            c.seed = k as u64;
            c.max_generations = 20_000;
        });
        let problem = Problem::for_config(&grid, &config).unwrap();
        let mut engine = CpuEngine::new(problem.clone(), &config, Some(1)).unwrap();
        let limits = RunLimits {
            max_generations: config.max_generations,
            time_limit: None,
        };
        let outcome = ga::run(&mut engine, &problem, limits, &mut |_| {}).unwrap();
        assert!(outcome.solved, "easy puzzle {k} unsolved");
        assert!(outcome.best.is_complete() && outcome.best.first_clash().is_none());
        for cell in 0..81 {
            let given = grid.get(cell);
            assert!(given == 0 || given == outcome.best.get(cell));
        }
    }
}

/// The adaptive rates: the crossover rate only rises, up to its maximum; the mutation rate only
/// falls, down to its minimum; each moves by one step a generation at most, as the counts say;
/// a restart puts both back at the starting rates.
#[test]
fn adaptive_rates_follow_the_counts_and_restart_with_the_island() {
    let grid = puzzle("puzzles/ai-escargot.txt");
    let config = row_config(|c| {
        c.population = 40;
        c.islands = 2;
        c.restart_after = 15;
        c.rate_step = 0.02;
        c.seed = 3;
    });
    let problem = Problem::for_config(&grid, &config).unwrap();
    let params = Params::new(&problem, &config);
    let mut engine = CpuEngine::new(problem, &config, Some(1)).unwrap();
    let mut previous = engine.island_states();
    for s in &previous {
        assert_eq!(s.crossover_rate_q16, params.crossover_rate_q16);
        assert_eq!(s.mutation_rate_q16, params.mutation_rate_q16);
    }
    let (mut rose, mut fell, mut restarts) = (0, 0, 0);
    for _ in 0..80 {
        engine.step(1).unwrap();
        let states = engine.island_states();
        for (before, now) in previous.iter().zip(&states) {
            if now.restart_pending != 0 {
                restarts += 1;
                assert_eq!(now.crossover_rate_q16, params.crossover_rate_q16);
                assert_eq!(now.mutation_rate_q16, params.mutation_rate_q16);
                continue;
            }
            assert!(now.crossovers <= config.population);
            assert!(now.crossover_successes <= now.crossovers);
            assert!(now.mutation_improvements <= now.mutations);
            let pc_low = now.crossovers > 0
                && now.crossover_successes * 1000 < params.crossover_target_pm * now.crossovers;
            let want_pc = if pc_low {
                (before.crossover_rate_q16 + params.rate_step_q16).min(params.crossover_max_q16)
            } else {
                before.crossover_rate_q16
            };
            assert_eq!(now.crossover_rate_q16, want_pc);
            let pm_low =
                now.mutations > 0 && now.mutation_improvements * 1000 < 300 * now.mutations;
            let want_pm = if pm_low {
                before
                    .mutation_rate_q16
                    .saturating_sub(params.rate_step_q16)
                    .max(params.mutation_min_q16)
            } else {
                before.mutation_rate_q16
            };
            assert_eq!(now.mutation_rate_q16, want_pm);
            rose += u32::from(want_pc > before.crossover_rate_q16);
            fell += u32::from(want_pm < before.mutation_rate_q16);
        }
        previous = states;
    }
    assert!(
        rose > 0 && fell > 0 && restarts > 0,
        "rose {rose}, fell {fell}, restarts {restarts}"
    );
}

/// Same seed, same run: the row encoding's result (here with its directed mutation and local
/// search) does not depend on threads or step size; every row stays a permutation.
#[test]
fn row_runs_do_not_depend_on_threads_or_step_size() {
    let grid = puzzle("puzzles/mantere-no29.txt");
    let config = row_config(|c| {
        c.population = 30;
        c.islands = 3;
        c.max_generations = 300;
        c.mutation = MutationKind::Directed;
        c.local_search = 2;
        c.seed = 9;
    });
    let run = |threads: usize, step: u32| {
        let problem = Problem::for_config(&grid, &config).unwrap();
        let mut engine = CpuEngine::new(problem, &config, Some(threads)).unwrap();
        let mut done = 0;
        while done < config.max_generations {
            engine.step(step).unwrap();
            done += step;
        }
        (
            engine.population_words(),
            engine.penalties(),
            engine.island_states(),
        )
    };
    assert_eq!(run(1, 1), run(2, 50));
}
