//! `solve --plot`: the GA's fitness per generation (`--algorithm ga`, the run replayed) or the
//! portfolio members' best penalty per round (the default solver), one file per puzzle
//! (`FILE-<puzzle>.svg` when there are several). When a puzzle has nothing to draw, no file is
//! written, an old file at that path is left as it was (a run never deletes what was there), and
//! stderr says so naming the file.

use std::path::Path;

use anyhow::{Context, Result};

use evoku::export::count;
use evoku::format::Puzzle;
use evoku::solve::{Algorithm, SolveOptions, SolveReport};

/// What `--plot` came to for one puzzle.
pub(super) enum Plotted {
    /// The file was written.
    Written,
    /// Nothing drawn: the line stderr shows.
    Nothing(String),
}

/// Draws `report`'s run to `path` (or its per-puzzle name), or says why there is nothing to draw.
pub(super) fn plot(
    path: &Path,
    puzzle: &Puzzle,
    options: &SolveOptions,
    report: &SolveReport,
    several: bool,
    replay_stop: evoku::stop::Stop,
) -> Result<Plotted> {
    let file = crate::plot::path_for(path, &puzzle.name, several);
    if report.interrupted {
        return Ok(Plotted::Nothing(format!(
            "evoku: --plot: {} not written: the run was interrupted (an old file there is kept)",
            file.display()
        )));
    }
    let why_not = match options.algorithm {
        Algorithm::Auto => auto_reason(report),
        _ => ga_reason(report),
    };
    if let Some(why) = why_not {
        return Ok(Plotted::Nothing(format!(
            "evoku: --plot: nothing to draw for {}: {why}; {} not written{}",
            puzzle.name,
            file.display(),
            if std::fs::symlink_metadata(&file).is_ok() {
                " (an old file there is left as it was)"
            } else {
                ""
            }
        )));
    }
    let outcome = if report.solved {
        "solved"
    } else {
        "not solved"
    };
    match options.algorithm {
        Algorithm::Auto => {
            let by = report
                .solved_by
                .as_deref()
                .map_or(String::new(), |by| format!(" by {by}"));
            let title = format!(
                "{}: {outcome}{by} after {} (seed {})",
                puzzle.name,
                count(report.generations, "round"),
                report.seed
            );
            crate::plot::rounds_chart(&file, &title, &report.history)?;
        }
        _ => {
            let trace = crate::plot::trace_run_within(
                puzzle,
                options,
                report.generations,
                2000,
                replay_stop,
            )
            .with_context(|| format!("recording the fitness of {}", puzzle.name))?;
            let title = format!(
                "{}: {outcome} after {}, {} (seed {})",
                puzzle.name,
                count(report.generations, "generation"),
                count(report.restarts, "restart"),
                report.seed
            );
            // The error names the file.
            crate::plot::fitness_chart(&file, &title, &trace)?;
        }
    }
    Ok(Plotted::Written)
}

/// Why a GA run has nothing to draw: the pre-check decided the puzzle before the GA ran.
fn ga_reason(report: &SolveReport) -> Option<String> {
    if report.unsolvable.is_some() {
        Some("it was proven to have no solution before the GA ran".into())
    } else if report.solved_by.as_deref() == Some("exact") {
        Some("the exact pre-check solved it before the GA ran".into())
    } else {
        None
    }
}

/// Why a portfolio run has nothing to draw: no round ran, or no member measured a penalty above
/// 0 (a member solved it at once).
fn auto_reason(report: &SolveReport) -> Option<String> {
    if crate::plot::drawable(&report.history) {
        return None;
    }
    Some(match (&report.solved_by, &report.unsolvable) {
        (Some(by), _) if by == "presolve" => "propagation solved it before the first round".into(),
        (Some(by), _) => format!(
            "{by} solved it in {} before any member measured a penalty above 0",
            count(report.generations, "round")
        ),
        (None, Some(_)) if report.history.rounds.is_empty() => {
            "it was proven to have no solution before the first round".into()
        }
        (None, Some(_)) => {
            "it was proven to have no solution before any member measured a penalty".into()
        }
        (None, None) => "the run ended before any member measured a penalty".into(),
    })
}
