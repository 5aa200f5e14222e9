//! What `evoku solve` prints: each puzzle's solution in the chosen output, its summary line on
//! stderr, and the tally after several puzzles.

use std::time::Duration;

use anyhow::Result;
use clap::ValueEnum;

use evoku::format::{self, Format, Symbols};
use evoku::solve::{Algorithm, SolveReport};

/// How solutions are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Output {
    Line,
    Grid,
    LloydAmos,
    Json,
}

/// The last line of a run over several puzzles: `solved 9 of 10 puzzles in 12.3 s`.
pub(super) fn tally(solved: usize, total: usize, elapsed: Duration) -> String {
    format!(
        "solved {solved} of {} in {:.1} s",
        evoku::export::count(total, "puzzle"),
        elapsed.as_secs_f64()
    )
}

/// The text printed on stdout for one puzzle.
pub(super) fn render(
    report: &SolveReport,
    puzzle: &evoku::board::Grid,
    output: Output,
    symbols: Symbols,
) -> Result<String> {
    // A stopped run shows its best grid so far; an unsolved one that ran out its limits shows
    // the puzzle.
    let grid = match &report.best {
        Some(best) if report.solved || report.interrupted => best,
        _ => puzzle,
    };
    let unsolved = if report.interrupted {
        "interrupted"
    } else {
        "unsolved"
    };
    Ok(match output {
        Output::Json => serde_json::to_string(report)? + "\n",
        Output::Line => {
            let line = format::write_grid(grid, Format::Line, symbols);
            let status = if report.solved {
                String::new()
            } else {
                format!(" {unsolved}")
            };
            format!("{}  {}{}\n", line.trim_end(), report.name, status)
        }
        Output::Grid => {
            let mut text = format!(
                "# {}{}\n",
                report.name,
                if report.solved {
                    String::new()
                } else {
                    format!(" ({unsolved})")
                }
            );
            text.push_str(&format::write_grid(grid, Format::Grid, symbols));
            text
        }
        Output::LloydAmos => format::write_grid(grid, Format::LloydAmos, symbols),
    })
}

/// `evoku solve --json`'s line for a puzzle whose solve failed.
#[derive(serde::Serialize)]
struct FailedLine<'a> {
    name: &'a str,
    file: &'a str,
    /// 1-based line where the puzzle starts.
    line: usize,
    size: usize,
    givens: usize,
    solved: bool,
    /// What failed, as the error on stderr says it.
    error: &'a str,
}

/// The text printed on stdout for a puzzle whose solve failed with `error`, in place of its
/// result, so that every puzzle keeps its place in the output: a JSON object with `error`, or
/// the puzzle itself marked `error`.
pub(super) fn error_text(
    puzzle: &format::Puzzle,
    error: &str,
    output: Output,
    symbols: Symbols,
) -> Result<String> {
    Ok(match output {
        Output::Json => {
            let line = FailedLine {
                name: &puzzle.name,
                file: &puzzle.file,
                line: puzzle.line,
                size: puzzle.grid.geometry().side(),
                givens: puzzle.grid.givens(),
                solved: false,
                error,
            };
            serde_json::to_string(&line)? + "\n"
        }
        Output::Line => {
            let line = format::write_grid(&puzzle.grid, Format::Line, symbols);
            format!("{}  {} error\n", line.trim_end(), puzzle.name)
        }
        Output::Grid => format!(
            "# {} (error)\n{}",
            puzzle.name,
            format::write_grid(&puzzle.grid, Format::Grid, symbols)
        ),
        Output::LloydAmos => format::write_grid(&puzzle.grid, Format::LloydAmos, symbols),
    })
}

/// One line on stderr per puzzle.
pub(super) fn summary(r: &SolveReport) -> String {
    let what = if r.solved {
        "solved".to_string()
    } else if let Some(why) = &r.unsolvable {
        format!("no solution: {why}")
    } else if r.interrupted {
        match r.fitness {
            Some(fitness) => format!("interrupted (best fitness so far {fitness})"),
            None => "interrupted".to_string(),
        }
    } else {
        let why = match (r.stopped_by_time, r.algorithm) {
            (true, _) => "time limit",
            (false, Algorithm::Aco) => "iteration cap",
            (false, _) => "generation cap",
        };
        match r.fitness {
            Some(fitness) => format!("not solved ({why}; best fitness {fitness})"),
            None => format!("not solved ({why})"),
        }
    };
    use evoku::export::count;
    let algorithm = match r.algorithm {
        Algorithm::Auto => {
            let members: Vec<String> = r
                .members
                .iter()
                .map(|m| {
                    let work = match m.name.as_str() {
                        "exact" => format!("exact {}", count(m.work, "node")),
                        "aco" => format!(
                            "aco {} x {}",
                            count(m.work, "iteration"),
                            count(m.islands, "colony")
                        ),
                        name => format!(
                            "{name} {} x {}",
                            count(m.work, "generation"),
                            count(m.islands, "island")
                        ),
                    };
                    // A member the adapter cannot run ran on the CPU (the JSON says why).
                    match m.on_cpu {
                        Some(_) => format!("{work} on the CPU"),
                        None => work,
                    }
                })
                .collect();
            let members = if members.is_empty() {
                String::new()
            } else {
                format!("; {}", members.join(", "))
            };
            format!(
                "{}, {}, solved by {}{members}",
                r.configuration,
                count(r.generations, "round"),
                r.solved_by.as_deref().unwrap_or("none"),
            )
        }
        Algorithm::Ga if r.solved_by.as_deref() == Some("exact") => format!(
            "preset {}: the exact check solved it in {} nodes",
            r.configuration, r.evaluations
        ),
        Algorithm::Ga => format!(
            "preset {}, {}, {}, {}, {}",
            r.configuration,
            count(r.islands.unwrap_or(0), "island"),
            count(r.generations, "generation"),
            count(r.restarts, "restart"),
            count(r.presolved_cells, "presolved cell")
        ),
        Algorithm::Exact => count(r.evaluations, "node"),
        Algorithm::Aco => format!(
            "{}, {}, {}, {}",
            count(r.generations, "iteration"),
            count(r.evaluations, "ant tour"),
            count(r.restarts, "restart"),
            count(r.presolved_cells, "presolved cell")
        ),
    };
    let limit = r
        .time_limit
        .map_or("no limit".to_string(), |t| format!("limit {t} s"));
    let device = match &r.adapter {
        Some(adapter) => format!("{} ({})", r.backend, adapter.name),
        None => r.backend.clone(),
    };
    format!(
        "{}: {what} in {:.3} s on {device}, {} ({algorithm}, seed {}, {limit})",
        r.name,
        r.seconds,
        count(r.threads, "thread"),
        r.seed
    )
}
