//! Repeated independent runs as one parallel batch: the Mantere & Koljonen experiment (each
//! puzzle, each operator set, R runs with a generation cap) and the parameter studies.
//!
//! R runs are R islands of one engine with migration off. Islands never exchange anything then,
//! and a solved island stays frozen at the generation it solved in, so each island's
//! `generation` is exactly that run's generation count, whatever the step size or thread count.
//! Island `i` draws from the stream of island `i` of the seed, so island 0 is the single-island
//! run of the same seed.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::error::{Error, Result};
use crate::export::Table;
use crate::format::{self, ParseOptions, Puzzle};
use crate::ga::{CrossoverKind, Engine, GaConfig, Problem, Progress};
use crate::solve::Device;
use crate::stats::{self, Summary};

/// The paper's operator sets (docs/ALGORITHMS.md section 2, the results table's three columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum OperatorSet {
    /// Swap mutation only: no crossover, no local search.
    Mutation,
    /// Mutation and crossover, no local search.
    MutationCrossover,
    /// Mutation, crossover and local search (mut+cross+LS).
    Hybrid,
}

impl OperatorSet {
    pub const ALL: [OperatorSet; 3] = [
        OperatorSet::Hybrid,
        OperatorSet::MutationCrossover,
        OperatorSet::Mutation,
    ];

    /// The paper's name of the column.
    pub fn label(self) -> &'static str {
        match self {
            OperatorSet::Mutation => "swap mutation only",
            OperatorSet::MutationCrossover => "mut+cross",
            OperatorSet::Hybrid => "mut+cross+LS",
        }
    }

    /// The short name used on the command line and in exports.
    pub fn name(self) -> &'static str {
        match self {
            OperatorSet::Mutation => "mutation",
            OperatorSet::MutationCrossover => "mutation-crossover",
            OperatorSet::Hybrid => "hybrid",
        }
    }

    /// `base` with this set's operators: the preset's mutation always; its crossover (Sato &
    /// Inoue's if it has none) unless mutation only; its local search for the hybrid, or
    /// `local_search_children` variants per child when the preset has none.
    pub fn apply(self, base: &GaConfig, local_search_children: u32) -> GaConfig {
        let mut c = base.clone();
        let crossover = if base.crossover == CrossoverKind::None {
            CrossoverKind::Band
        } else {
            base.crossover
        };
        match self {
            OperatorSet::Mutation => {
                c.crossover = CrossoverKind::None;
                c.local_search_children = 0;
            }
            OperatorSet::MutationCrossover => {
                c.crossover = crossover;
                c.local_search_children = 0;
            }
            OperatorSet::Hybrid => {
                c.crossover = crossover;
                if c.local_search_children == 0 {
                    c.local_search_children = local_search_children;
                }
            }
        }
        c
    }
}

/// One published cell: runs solved out of 100, mean generations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PaperFigure {
    pub solved: u32,
    pub mean_generations: u32,
}

/// One row of the paper's table.
#[derive(Clone, Copy, Debug)]
pub struct PaperRow {
    pub puzzle: &'static str,
    /// The name of the puzzle in `puzzles/` (`None` when it was lost in transcription).
    pub file_name: Option<&'static str>,
    pub givens: u32,
    pub hybrid: PaperFigure,
    pub mutation_crossover: PaperFigure,
    pub mutation: PaperFigure,
}

impl PaperRow {
    pub fn figure(&self, set: OperatorSet) -> PaperFigure {
        match set {
            OperatorSet::Hybrid => self.hybrid,
            OperatorSet::MutationCrossover => self.mutation_crossover,
            OperatorSet::Mutation => self.mutation,
        }
    }
}

/// Runs per puzzle and generation cap of the paper.
pub const PAPER_RUNS: u32 = 100;
pub const PAPER_MAX_GENERATIONS: u32 = 100_000;

const fn fig(solved: u32, mean_generations: u32) -> PaperFigure {
    PaperFigure {
        solved,
        mean_generations,
    }
}

/// Mantere & Koljonen (IEEE CEC 2007), 100 runs each, cap 100,000 generations.
pub const PAPER_TABLE: [PaperRow; 6] = [
    PaperRow {
        puzzle: "Easy No. 1",
        file_name: None,
        givens: 38,
        hybrid: fig(100, 62),
        mutation_crossover: fig(100, 105),
        mutation: fig(100, 223),
    },
    PaperRow {
        puzzle: "Easy No. 11",
        file_name: None,
        givens: 34,
        hybrid: fig(100, 137),
        mutation_crossover: fig(100, 247),
        mutation: fig(96, 6627),
    },
    PaperRow {
        puzzle: "Medium No. 27",
        file_name: None,
        givens: 30,
        hybrid: fig(100, 910),
        mutation_crossover: fig(100, 2274),
        mutation: fig(86, 26961),
    },
    PaperRow {
        puzzle: "Medium No. 29",
        file_name: Some("mantere-no29"),
        givens: 29,
        hybrid: fig(100, 3193),
        mutation_crossover: fig(100, 6609),
        mutation: fig(66, 42141),
    },
    PaperRow {
        puzzle: "Difficult No. 77",
        file_name: Some("mantere-no77"),
        givens: 28,
        hybrid: fig(100, 9482),
        mutation_crossover: fig(100, 20658),
        mutation: fig(35, 77573),
    },
    PaperRow {
        puzzle: "Difficult No. 106",
        file_name: Some("mantere-no106"),
        givens: 24,
        hybrid: fig(96, 26825),
        mutation_crossover: fig(74, 56428),
        mutation: fig(9, 94314),
    },
];

/// The paper's row for a puzzle of `puzzles/`, by name.
pub fn paper_row(puzzle_name: &str) -> Option<&'static PaperRow> {
    PAPER_TABLE
        .iter()
        .find(|r| r.file_name == Some(puzzle_name))
}

/// The 9x9 seed puzzles of `puzzles/` (the paper's figure 1, table puzzles, AI Escargot, the
/// Kashan paper's figure 1), built in so `evoku paper` runs anywhere.
pub fn seed_puzzles() -> Result<Vec<Puzzle>> {
    let files = [
        include_str!("../puzzles/fig1-mantere.txt"),
        include_str!("../puzzles/fig1-kashan.txt"),
        include_str!("../puzzles/mantere-no29.txt"),
        include_str!("../puzzles/mantere-no77.txt"),
        include_str!("../puzzles/mantere-no106.txt"),
        include_str!("../puzzles/ai-escargot.txt"),
    ];
    let mut puzzles = Vec::new();
    for text in files {
        let (found, _) = format::parse_str(text, "<built-in>", &ParseOptions::default())?;
        puzzles.extend(found);
    }
    Ok(puzzles)
}

/// What happened to every run of a batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchOutcome {
    /// Per run (island): `Some(generations)` when it solved, `None` when it hit the cap.
    pub generations: Vec<Option<u32>>,
    /// Restarts per run.
    pub restarts: Vec<u32>,
    /// Generations the batch ran (the cap, or less when every run solved earlier).
    pub generations_run: u32,
    pub seconds: f64,
}

impl BatchOutcome {
    pub fn solved(&self) -> usize {
        self.generations.iter().filter(|g| g.is_some()).count()
    }
}

/// Where a batch stands, reported after every step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BatchProgress {
    pub generation: u32,
    pub runs: usize,
    pub solved: usize,
    /// Lowest penalty any unsolved run has seen (0 once every run solved).
    pub best_penalty: u32,
    /// Restarts of all runs together.
    pub restarts: u32,
    pub elapsed: Duration,
}

impl BatchProgress {
    /// As the run loop reports it, for the progress bar.
    pub fn progress(&self) -> Progress {
        Progress {
            generation: self.generation,
            best_penalty: self.best_penalty,
            restarts: self.restarts,
            elapsed: self.elapsed,
        }
    }
}

/// Advances `engine` until every island has solved, `max_generations` have run or a stop is
/// requested ([`crate::stop`]), `step` generations at a time (`None`: the engine's own step);
/// `progress` is called after each step.
pub fn run_batch(
    engine: &mut dyn Engine,
    max_generations: u32,
    step: Option<u32>,
    progress: &mut dyn FnMut(&BatchProgress),
) -> Result<BatchOutcome> {
    let start = Instant::now();
    let mut generation = 0u32;
    let mut islands = engine.islands()?;
    while generation < max_generations && islands.iter().any(|s| s.solved == 0) {
        if crate::stop::requested() {
            break;
        }
        let now = step
            .unwrap_or_else(|| engine.generations_per_step())
            .clamp(1, max_generations - generation);
        engine.step(now)?;
        generation += now;
        islands = engine.islands()?;
        let solved = islands.iter().filter(|s| s.solved != 0).count();
        let best = islands
            .iter()
            .filter(|s| s.solved == 0)
            .map(|s| s.overall_best_penalty)
            .min()
            .unwrap_or(0);
        progress(&BatchProgress {
            generation,
            runs: islands.len(),
            solved,
            best_penalty: best,
            restarts: islands.iter().map(|s| s.restarts).sum(),
            elapsed: start.elapsed(),
        });
    }
    Ok(BatchOutcome {
        generations: islands
            .iter()
            .map(|s| (s.solved != 0).then_some(s.generation))
            .collect(),
        restarts: islands.iter().map(|s| s.restarts).collect(),
        generations_run: generation,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// How a set of runs is made.
#[derive(Clone)]
pub struct BatchOptions {
    /// Independent runs (islands of one engine).
    pub runs: u32,
    pub max_generations: u32,
    pub device: Device,
    /// CPU threads; `None` = all cores.
    pub threads: Option<usize>,
    /// Generations per step; `None` = the engine's.
    pub step: Option<u32>,
}

/// `config` made into a batch: `runs` islands, no migration, the cap.
pub fn batch_config(config: &GaConfig, options: &BatchOptions) -> GaConfig {
    let mut c = config.clone();
    c.islands = options.runs;
    c.migration_interval = 0;
    c.max_generations = options.max_generations;
    c
}

/// Runs `options.runs` independent runs of `config` on `puzzle`.
pub fn run_runs(
    puzzle: &Puzzle,
    config: &GaConfig,
    options: &BatchOptions,
    progress: &mut dyn FnMut(&BatchProgress),
) -> Result<BatchOutcome> {
    let config = batch_config(config, options);
    config.validate()?;
    let problem = Problem::for_config(&puzzle.grid, &config)
        .map_err(|e| Error::Config(format!("{}: no solution: {}", puzzle.name, e.0)))?;
    let mut engine = options.device.engine(problem, &config, options.threads)?;
    run_batch(
        engine.as_mut(),
        options.max_generations,
        options.step,
        progress,
    )
}

/// The figures of one batch: counts, generation statistics, wall time.
#[derive(Clone, Debug, Serialize)]
pub struct RunStats {
    pub runs: u32,
    pub solved: u32,
    /// Mean generations over all runs, an unsolved run counted at the cap (the paper's mean).
    pub mean_capped: f64,
    /// Statistics of the solved runs' generation counts.
    pub solved_generations: Option<Summary>,
    pub max_generations: u32,
    pub wall_seconds: f64,
}

impl RunStats {
    pub fn of(outcome: &BatchOutcome, max_generations: u32) -> RunStats {
        let solved: Vec<f64> = outcome
            .generations
            .iter()
            .flatten()
            .map(|&g| g as f64)
            .collect();
        let capped: Vec<f64> = outcome
            .generations
            .iter()
            .map(|g| g.unwrap_or(max_generations) as f64)
            .collect();
        RunStats {
            runs: outcome.generations.len() as u32,
            solved: solved.len() as u32,
            mean_capped: stats::mean(&capped).unwrap_or(0.0),
            solved_generations: Summary::of(&solved),
            max_generations,
            wall_seconds: outcome.seconds,
        }
    }
}

/// One cell of the paper's table: a puzzle under one operator set.
#[derive(Clone, Debug, Serialize)]
pub struct PaperCell {
    pub puzzle: String,
    pub givens: usize,
    pub operators: OperatorSet,
    pub stats: RunStats,
    /// Generations of every run (`null`: not solved within the cap).
    pub generations: Vec<Option<u32>>,
    /// The paper's published figure for this cell, when the puzzle is in its table.
    pub paper: Option<PaperFigure>,
}

/// The experiment as run: settings and cells.
#[derive(Clone, Debug, Serialize)]
pub struct PaperReport {
    pub preset: String,
    pub config: GaConfig,
    pub runs: u32,
    pub max_generations: u32,
    /// Local search variants per child given to the hybrid when the preset has none.
    pub hybrid_children: u32,
    pub device: String,
    pub machine: String,
    pub cells: Vec<PaperCell>,
}

/// Runs the paper's experiment: every puzzle under every operator set, `options.runs` runs each;
/// a stop request ([`crate::stop`]) ends it with the cells finished so far.
/// `progress(puzzle, set, batch)` after every step.
pub fn paper_experiment(
    puzzles: &[Puzzle],
    sets: &[OperatorSet],
    base: &GaConfig,
    hybrid_children: u32,
    options: &BatchOptions,
    progress: &mut dyn FnMut(&Puzzle, OperatorSet, &BatchProgress),
) -> Result<Vec<PaperCell>> {
    let mut cells = Vec::new();
    for puzzle in puzzles {
        for &set in sets {
            let config = set.apply(base, hybrid_children);
            let outcome = run_runs(puzzle, &config, options, &mut |p| progress(puzzle, set, p))?;
            if crate::stop::requested() {
                // The batch was cut short: keep only the finished cells.
                return Ok(cells);
            }
            cells.push(PaperCell {
                puzzle: puzzle.name.clone(),
                givens: puzzle.grid.givens(),
                operators: set,
                stats: RunStats::of(&outcome, options.max_generations),
                generations: outcome.generations,
                paper: paper_row(&puzzle.name).map(|r| r.figure(set)),
            });
        }
    }
    Ok(cells)
}

impl PaperReport {
    /// One row per cell: measured beside published.
    pub fn table(&self) -> Table {
        let mut table = Table::new(
            "The Mantere & Koljonen experiment",
            &[
                "name",
                "givens",
                "operators",
                "runs",
                "solved",
                "mean_generations",
                "paper_solved",
                "paper_mean_generations",
                "solved_mean",
                "solved_median",
                "solved_std_dev",
                "solved_min",
                "solved_max",
                "wall_s",
            ],
        );
        table.meta("preset", &self.preset);
        table.meta(
            "runs",
            format!(
                "{} per cell, cap {} generations (the paper: {PAPER_RUNS}, {PAPER_MAX_GENERATIONS})",
                self.runs, self.max_generations
            ),
        );
        table.meta(
            "mean_generations",
            "over all runs, an unsolved run counted at the cap (how the paper's means read)",
        );
        table.meta(
            "settings",
            format!(
                "population {}, elites {}, tournament {}, crossover {:?} {}, mutation {:?} {} per {:?}, \
                 box assignments {}, hybrid local search {} variants, restart after {}, init {:?}, presolve {}, seed {}",
                self.config.population_size,
                self.config.elites,
                self.config.tournament_size,
                self.config.crossover,
                self.config.crossover_rate,
                self.config.mutation,
                self.config.mutation_rate,
                self.config.mutation_scope,
                self.config.assign_steps,
                if self.config.local_search_children > 0 {
                    self.config.local_search_children
                } else {
                    self.hybrid_children
                },
                self.config.restart_after,
                self.config.init,
                self.config.presolve,
                self.config.seed
            ),
        );
        table.meta("device", &self.device);
        table.meta("machine", &self.machine);
        for c in &self.cells {
            let s = &c.stats;
            let g = s.solved_generations.as_ref();
            table.push(vec![
                c.puzzle.as_str().into(),
                c.givens.into(),
                c.operators.label().into(),
                s.runs.into(),
                s.solved.into(),
                s.mean_capped.into(),
                c.paper.map(|p| p.solved).into(),
                c.paper.map(|p| p.mean_generations).into(),
                g.map(|g| g.mean).into(),
                g.map(|g| g.median).into(),
                g.map(|g| g.std_dev).into(),
                g.map(|g| g.min).into(),
                g.map(|g| g.max).into(),
                s.wall_seconds.into(),
            ]);
        }
        table
    }

    /// Figure 1 of the paper: givens against mean generations (log), a series per operator set.
    pub fn plot_means(&self, path: &std::path::Path) -> Result<()> {
        let series = self.series(|c| Some((c.givens as f64, c.stats.mean_capped.max(1.0))));
        crate::plot::line_chart(
            path,
            &format!(
                "Givens against mean generations ({} runs, cap {}, preset {})",
                self.runs, self.max_generations, self.preset
            ),
            "givens",
            "mean generations (unsolved runs at the cap; 0 drawn at 1)",
            &series,
            true,
            false,
        )
    }

    /// Figure 2 of the paper: fewest and most generations per puzzle, a range per operator set.
    pub fn plot_range(&self, path: &std::path::Path) -> Result<()> {
        let mut puzzles: Vec<(usize, String)> = Vec::new();
        for c in &self.cells {
            if !puzzles.iter().any(|(_, p)| *p == c.puzzle) {
                puzzles.push((c.givens, c.puzzle.clone()));
            }
        }
        puzzles.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut sets: Vec<OperatorSet> = Vec::new();
        for c in &self.cells {
            if !sets.contains(&c.operators) {
                sets.push(c.operators);
            }
        }
        let ranges: Vec<crate::plot::RangeSeries> = sets
            .iter()
            .map(|&set| crate::plot::RangeSeries {
                label: set.label().to_string(),
                ranges: puzzles
                    .iter()
                    .map(|(_, p)| {
                        self.cells
                            .iter()
                            .find(|c| c.puzzle == *p && c.operators == set)
                            .and_then(|c| c.stats.solved_generations)
                            .map(|g| (g.min.max(1.0), g.max.max(1.0)))
                    })
                    .collect(),
            })
            .collect();
        let categories: Vec<String> = puzzles.iter().map(|(g, p)| format!("{p} ({g})")).collect();
        crate::plot::range_chart(
            path,
            &format!(
                "Fewest and most generations of solved runs ({} runs, preset {})",
                self.runs, self.preset
            ),
            "puzzle (givens)",
            "generations",
            &categories,
            &ranges,
        )
    }

    fn series(&self, point: impl Fn(&PaperCell) -> Option<(f64, f64)>) -> Vec<crate::plot::Series> {
        let mut sets: Vec<OperatorSet> = Vec::new();
        for c in &self.cells {
            if !sets.contains(&c.operators) {
                sets.push(c.operators);
            }
        }
        sets.iter()
            .map(|&set| {
                let mut points: Vec<(f64, f64)> = self
                    .cells
                    .iter()
                    .filter(|c| c.operators == set)
                    .filter_map(&point)
                    .collect();
                points.sort_by(|a, b| a.0.total_cmp(&b.0));
                crate::plot::Series {
                    label: set.label().to_string(),
                    points,
                }
            })
            .collect()
    }
}

/// A GA setting a parameter study varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum StudyParam {
    Population,
    CrossoverRate,
    MutationRate,
}

impl StudyParam {
    pub const ALL: [StudyParam; 3] = [
        StudyParam::Population,
        StudyParam::CrossoverRate,
        StudyParam::MutationRate,
    ];

    pub fn name(self) -> &'static str {
        match self {
            StudyParam::Population => "population",
            StudyParam::CrossoverRate => "crossover-rate",
            StudyParam::MutationRate => "mutation-rate",
        }
    }

    /// The values tried when none are given.
    pub fn default_values(self) -> Vec<f64> {
        match self {
            StudyParam::Population => vec![25.0, 50.0, 100.0, 150.0, 300.0],
            StudyParam::CrossoverRate => vec![0.0, 0.1, 0.3, 0.5, 0.7, 0.9],
            StudyParam::MutationRate => vec![0.1, 0.3, 0.5, 0.7, 0.9],
        }
    }

    /// `base` with this parameter set to `value`.
    pub fn apply(self, base: &GaConfig, value: f64) -> Result<GaConfig> {
        let mut c = base.clone();
        match self {
            StudyParam::Population => {
                if value.fract() != 0.0 || value < 2.0 {
                    return Err(Error::Config(format!(
                        "population values must be whole numbers of at least 2, got {value}"
                    )));
                }
                c.population_size = value as u32;
            }
            StudyParam::CrossoverRate => c.crossover_rate = value,
            StudyParam::MutationRate => c.mutation_rate = value,
        }
        c.validate()?;
        Ok(c)
    }
}

/// One point of a study: a puzzle, a parameter value, R runs.
#[derive(Clone, Debug, Serialize)]
pub struct StudyPoint {
    pub puzzle: String,
    pub param: StudyParam,
    pub value: f64,
    pub stats: RunStats,
}

/// Runs every (puzzle, parameter, value) point of a study; a stop request ([`crate::stop`]) ends
/// it with the points finished so far.
pub fn parameter_study(
    puzzles: &[Puzzle],
    params: &[(StudyParam, Vec<f64>)],
    base: &GaConfig,
    options: &BatchOptions,
    progress: &mut dyn FnMut(&Puzzle, StudyParam, f64, &BatchProgress),
) -> Result<Vec<StudyPoint>> {
    let mut points = Vec::new();
    for (param, values) in params {
        for &value in values {
            let config = param.apply(base, value)?;
            for puzzle in puzzles {
                let outcome = run_runs(puzzle, &config, options, &mut |p| {
                    progress(puzzle, *param, value, p)
                })?;
                if crate::stop::requested() {
                    // The batch was cut short: keep only the finished points.
                    return Ok(points);
                }
                points.push(StudyPoint {
                    puzzle: puzzle.name.clone(),
                    param: *param,
                    value,
                    stats: RunStats::of(&outcome, options.max_generations),
                });
            }
        }
    }
    Ok(points)
}

/// The study as a table, one row per point.
pub fn study_table(points: &[StudyPoint], meta: &[(String, String)]) -> Table {
    let mut table = Table::new(
        "Parameter study: generations to solve and success",
        &[
            "param",
            "value",
            "name",
            "runs",
            "solved",
            "success_rate",
            "mean_generations",
            "solved_mean",
            "solved_median",
            "solved_std_dev",
            "solved_min",
            "solved_max",
            "wall_s",
        ],
    );
    table.meta.extend(meta.iter().cloned());
    for p in points {
        let s = &p.stats;
        let g = s.solved_generations.as_ref();
        table.push(vec![
            p.param.name().into(),
            p.value.into(),
            p.puzzle.as_str().into(),
            s.runs.into(),
            s.solved.into(),
            (s.solved as f64 / s.runs.max(1) as f64).into(),
            s.mean_capped.into(),
            g.map(|g| g.mean).into(),
            g.map(|g| g.median).into(),
            g.map(|g| g.std_dev).into(),
            g.map(|g| g.min).into(),
            g.map(|g| g.max).into(),
            s.wall_seconds.into(),
        ]);
    }
    table
}

/// The study plot: per parameter a panel of mean and median generations (log) and one of the
/// success rate, a series per puzzle.
pub fn plot_study(points: &[StudyPoint], path: &std::path::Path) -> Result<()> {
    let mut panels = Vec::new();
    let mut params: Vec<StudyParam> = Vec::new();
    for p in points {
        if !params.contains(&p.param) {
            params.push(p.param);
        }
    }
    let mut puzzles: Vec<&str> = Vec::new();
    for p in points {
        if !puzzles.contains(&p.puzzle.as_str()) {
            puzzles.push(&p.puzzle);
        }
    }
    for &param in &params {
        let of = |puzzle: &str, y: &dyn Fn(&RunStats) -> Option<f64>| -> Vec<(f64, f64)> {
            points
                .iter()
                .filter(|p| p.param == param && p.puzzle == puzzle)
                .filter_map(|p| y(&p.stats).map(|v| (p.value, v)))
                .collect()
        };
        let mut generations = Vec::new();
        let mut success = Vec::new();
        for &puzzle in &puzzles {
            let suffix = if puzzles.len() > 1 {
                format!(" {puzzle}")
            } else {
                String::new()
            };
            generations.push(crate::plot::Series {
                label: format!("mean (unsolved at cap){suffix}"),
                points: of(puzzle, &|s| Some(s.mean_capped.max(1.0))),
            });
            generations.push(crate::plot::Series {
                label: format!("median of solved{suffix}"),
                points: of(puzzle, &|s| s.solved_generations.map(|g| g.median.max(1.0))),
            });
            success.push(crate::plot::Series {
                label: format!("success %{suffix}"),
                points: of(puzzle, &|s| {
                    Some(100.0 * s.solved as f64 / s.runs.max(1) as f64)
                }),
            });
        }
        panels.push(crate::plot::Panel {
            title: format!("{}: generations", param.name()),
            x_label: param.name().to_string(),
            y_label: "generations (0 drawn at 1)".into(),
            series: generations,
            log_y: true,
            lines: true,
            y_range: None,
        });
        panels.push(crate::plot::Panel {
            title: format!("{}: success", param.name()),
            x_label: param.name().to_string(),
            y_label: "runs solved (%)".into(),
            series: success,
            log_y: false,
            lines: true,
            y_range: Some((-2.0, 102.0)),
        });
    }
    crate::plot::panels(path, &panels, 2)
}

/// The study's values parsed from `1,2,3`.
pub fn parse_values(text: &str) -> Result<Vec<f64>> {
    text.split(',')
        .map(|v| {
            v.trim()
                .parse::<f64>()
                .map_err(|_| Error::Config(format!("--values: '{v}' is not a number")))
        })
        .collect()
}
