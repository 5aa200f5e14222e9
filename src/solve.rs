//! Solving one puzzle with a chosen algorithm and backend: the work behind `evoku solve`.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::board::Grid;
use crate::cpu::CpuEngine;
use crate::error::Result;
use crate::exact;
use crate::format::Puzzle;
use crate::ga::{self, GaConfig, Problem, Progress, RunLimits};

/// Which solver runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// The genetic algorithm (Mantere & Koljonen with Sato & Inoue's crossover).
    Ga,
    /// The exact solver (propagation and backtracking).
    Exact,
}

/// Where the GA runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Backend {
    Cpu,
    Gpu,
    /// A hardware GPU if there is one, else the CPU.
    Auto,
}

/// Everything `solve_puzzle` needs besides the puzzle.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    pub algorithm: Algorithm,
    pub backend: Backend,
    pub adapter: Option<String>,
    pub ga: GaConfig,
    /// CPU threads; `None` = all cores.
    pub threads: Option<usize>,
    pub time_limit: Option<Duration>,
    /// Nodes the exact solver may spend proving a puzzle has no solution before a GA run.
    pub unsolvable_check_nodes: u64,
}

/// One line of `evoku solve --json`.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    pub name: String,
    pub file: String,
    /// Side `n` of the board.
    pub size: usize,
    pub givens: usize,
    pub solved: bool,
    /// The solution in line format, re-checked against the rules and givens; `null` if unsolved.
    pub solution: Option<String>,
    /// Digits missing from rows and columns of the best grid found (0 when solved).
    pub fitness: u32,
    pub generations: u64,
    pub restarts: u32,
    /// Individual-generations spent (islands x population x generations); search nodes for the
    /// exact solver.
    pub evaluations: u64,
    pub seconds: f64,
    pub backend: String,
    pub algorithm: Algorithm,
    pub seed: u64,
    /// Cells presolve fixed beyond the givens.
    pub presolved_cells: usize,
    /// Why the puzzle cannot be solved, when that was proven (no GA run is made then).
    pub unsolvable: Option<String>,
    pub stopped_by_time: bool,
    #[serde(skip)]
    pub best: Option<Grid>,
}

impl SolveReport {
    fn new(puzzle: &Puzzle, options: &SolveOptions, backend: &str) -> SolveReport {
        SolveReport {
            name: puzzle.name.clone(),
            file: puzzle.file.clone(),
            size: puzzle.grid.geometry().side(),
            givens: puzzle.grid.givens(),
            solved: false,
            solution: None,
            fitness: u32::MAX,
            generations: 0,
            restarts: 0,
            evaluations: 0,
            seconds: 0.0,
            backend: backend.to_string(),
            algorithm: options.algorithm,
            seed: options.ga.seed,
            presolved_cells: 0,
            unsolvable: None,
            stopped_by_time: false,
            best: None,
        }
    }

    /// Records `grid` as the solution only if it passes the host check.
    fn set_solution(&mut self, puzzle: &Grid, grid: &Grid) {
        self.solved = grid.solves(puzzle);
        if self.solved {
            self.solution = Some(grid.to_string());
            self.fitness = 0;
        }
        self.best = Some(grid.clone());
    }
}

/// Solves one puzzle. `progress` is called after every GA step.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SolveReport> {
    let start = Instant::now();
    let grid = &puzzle.grid;
    match options.algorithm {
        Algorithm::Exact => {
            let mut report = SolveReport::new(puzzle, options, "cpu");
            let limits = exact::Limits {
                max_solutions: 1,
                max_nodes: u64::MAX,
                time_limit: options.time_limit,
            };
            let result = exact::solve(grid, &limits);
            report.evaluations = result.nodes;
            report.stopped_by_time = result.status == exact::Status::TimeLimit;
            if result.has_no_solution() {
                report.unsolvable = Some("the exact solver proved there is no solution".into());
            }
            if let Some(solution) = result.first() {
                report.set_solution(grid, solution);
            }
            report.seconds = start.elapsed().as_secs_f64();
            Ok(report)
        }
        Algorithm::Ga => solve_ga(puzzle, options, progress, start),
    }
}

fn solve_ga(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
    start: Instant,
) -> Result<SolveReport> {
    let grid = &puzzle.grid;
    let config = &options.ga;
    config.validate()?;
    let mut report = SolveReport::new(puzzle, options, "cpu");
    let problem = match Problem::new(grid, config.init, config.presolve) {
        Ok(problem) => problem,
        Err(ga::Unsolvable(why)) => {
            report.unsolvable = Some(why);
            report.seconds = start.elapsed().as_secs_f64();
            return Ok(report);
        }
    };
    report.presolved_cells = problem.presolved_cells();
    let check = exact::solve(
        grid,
        &exact::Limits {
            max_solutions: 1,
            max_nodes: options.unsolvable_check_nodes,
            time_limit: None,
        },
    );
    if check.has_no_solution() {
        report.unsolvable = Some("the exact solver proved there is no solution".into());
        report.seconds = start.elapsed().as_secs_f64();
        return Ok(report);
    }
    let limits = RunLimits {
        max_generations: config.max_generations,
        time_limit: options.time_limit,
    };
    let mut engine = CpuEngine::new(problem.clone(), config, options.threads)?;
    let outcome = ga::run(&mut engine, &problem, limits, progress)?;
    report.fitness = outcome.best_penalty;
    report.generations = outcome.generations as u64;
    report.restarts = outcome.restarts;
    report.evaluations = outcome.evaluations;
    report.stopped_by_time = outcome.stopped_by_time;
    if outcome.solved {
        report.set_solution(grid, &outcome.best);
    } else {
        report.best = Some(outcome.best);
    }
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}
