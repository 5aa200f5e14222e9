//! Parameter studies: one GA setting varied over a list of values, its table and plot.

use serde::Serialize;

use super::batch::{run_runs, BatchOptions, BatchProgress, RunStats, GENERATION_COLUMNS};
use evoku::choice::choice_enum;
use evoku::error::{Error, Result};
use evoku::export::Table;
use evoku::format::Puzzle;
use evoku::ga::GaConfig;

choice_enum! {
    /// A GA setting a parameter study varies.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum StudyParam ("study parameter") {
        /// Individuals per island (`--population`).
        Population => "population",
        /// The crossover rate (`--crossover-rate`).
        CrossoverRate => "crossover-rate",
        /// The mutation rate (`--mutation-rate`).
        MutationRate => "mutation-rate",
    }
}

impl StudyParam {
    pub const ALL: [StudyParam; 3] = [
        StudyParam::Population,
        StudyParam::CrossoverRate,
        StudyParam::MutationRate,
    ];

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
                    return Err(Error::invalid_option(
                        "--values",
                        value,
                        "whole numbers of at least 2 for --param population",
                    ));
                }
                c.population = value as u32;
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

/// Runs every (puzzle, parameter, value) point of a study; a stop request ([`evoku::stop`]) ends
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
                if evoku::stop::requested() {
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
            &[
                "param",
                "value",
                "name",
                "runs",
                "solved",
                "success_rate",
                "mean_generations",
            ][..],
            &GENERATION_COLUMNS,
        ]
        .concat(),
    );
    table.meta.extend(meta.iter().cloned());
    for p in points {
        let s = &p.stats;
        let mut row = vec![
            p.param.name().into(),
            p.value.into(),
            p.puzzle.as_str().into(),
            s.runs.into(),
            s.solved.into(),
            (s.solved as f64 / s.runs.max(1) as f64).into(),
            s.mean_capped.into(),
        ];
        row.extend(s.generation_columns());
        table.push(row);
    }
    table
}

/// The study plot: per parameter a panel of mean and median generations (log) and one of the
/// success rate, a series per puzzle.
pub fn plot_study(points: &[StudyPoint], path: &std::path::Path) -> Result<()> {
    plot_study_shard(points, path, evoku::shard::Shard::ALL)
}

/// [`plot_study`] of one shard's points (`--shard`): every panel's title says which shard.
pub fn plot_study_shard(
    points: &[StudyPoint],
    path: &std::path::Path,
    shard: evoku::shard::Shard,
) -> Result<()> {
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
        // The parameter's two panels: `what` against its values.
        let panel = |what: &str, y_label: &str, series, log_y, y_range| crate::plot::Panel {
            title: format!("{}: {what}{}", param.name(), shard.suffix()),
            x_label: param.name().to_string(),
            y_label: y_label.into(),
            series,
            log_y,
            lines: true,
            y_range,
        };
        panels.push(panel(
            "generations",
            "generations (0 drawn at 1)",
            generations,
            true,
            None,
        ));
        panels.push(panel(
            "success",
            "runs solved (%)",
            success,
            false,
            Some((-2.0, 102.0)),
        ));
    }
    crate::plot::panels(path, &panels, 2)
}

/// The study's values parsed from `1,2,3`.
pub fn parse_values(text: &str) -> Result<Vec<f64>> {
    text.split(',')
        .map(|v| {
            v.trim()
                .parse::<f64>()
                .map_err(|_| Error::invalid_option("--values", format!("'{v}'"), "numbers"))
        })
        .collect()
}
