//! The Mantere & Koljonen experiment: every puzzle under every operator set, its table and plots.

use serde::Serialize;

use super::batch::{run_runs, BatchOptions, BatchProgress, RunStats, GENERATION_COLUMNS};
use super::paper_table::{paper_row, OperatorSet, PaperFigure, PAPER_MAX_GENERATIONS, PAPER_RUNS};
use evoku::error::Result;
use evoku::export::Table;
use evoku::format::Puzzle;
use evoku::ga::GaConfig;

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
    /// The shard of the experiment's cells this report holds (`--shard`; plots say so).
    pub shard: evoku::shard::Shard,
}

/// Runs the paper's experiment: every puzzle under every operator set, `options.runs` runs each;
/// a stop request ([`evoku::stop`]) ends it with the cells finished so far.
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
            if evoku::stop::requested() {
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
                &[
                    "name",
                    "givens",
                    "operators",
                    "runs",
                    "solved",
                    "mean_generations",
                    "paper_solved",
                    "paper_mean_generations",
                ][..],
                &GENERATION_COLUMNS,
            ]
            .concat(),
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
                 box assignments {}, hybrid local search {} variants, restart after {}, init {:?}, presolve {}, seed {}, \
                 encoding {:?}, selection rate {}, adaptive rates {}",
                self.config.population,
                self.config.elites,
                self.config.tournament,
                self.config.crossover,
                self.config.crossover_rate,
                self.config.mutation,
                self.config.mutation_rate,
                self.config.mutation_scope,
                self.config.assign_steps,
                if self.config.local_search > 0 {
                    self.config.local_search
                } else {
                    self.hybrid_children
                },
                self.config.restart_after,
                self.config.init,
                self.config.presolve,
                self.config.seed,
                self.config.encoding,
                self.config.selection_rate,
                self.config.adaptive,
            ),
        );
        table.meta("device", &self.device);
        table.meta("machine", &self.machine);
        for c in &self.cells {
            let s = &c.stats;
            let mut row = vec![
                c.puzzle.as_str().into(),
                c.givens.into(),
                c.operators.label().into(),
                s.runs.into(),
                s.solved.into(),
                s.mean_capped.into(),
                c.paper.map(|p| p.solved).into(),
                c.paper.map(|p| p.mean_generations).into(),
            ];
            row.extend(s.generation_columns());
            table.push(row);
        }
        table
    }

    /// Figure 1 of the paper: givens against mean generations (log), a series per operator set.
    pub fn plot_means(&self, path: &std::path::Path) -> Result<()> {
        let series = self.series(|c| Some((c.givens as f64, c.stats.mean_capped.max(1.0))));
        crate::plot::line_chart(
            path,
            &format!(
                "Givens against mean generations ({} runs, cap {}, preset {}){}",
                self.runs,
                self.max_generations,
                self.preset,
                self.shard.suffix()
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
                "Fewest and most generations of solved runs ({} runs, preset {}){}",
                self.runs,
                self.preset,
                self.shard.suffix()
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
