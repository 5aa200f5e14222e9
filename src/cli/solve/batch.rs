//! `evoku solve`'s loop: the puzzles of every file as one batch ([`evoku::solve::batch`]),
//! solved concurrently on the CPU, or by the GA in shared launches on one GPU
//! ([`evoku::solve::gpu_batch`]), and printed in input order as each becomes due. A puzzle
//! whose solve fails gets its own error line and the batch goes on.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};

use evoku::defaults;
use evoku::format::{Puzzle, Symbols};
use evoku::solve::batch::{plan_for, run_ordered};
use evoku::solve::gpu_batch::{shared_gpu, solve_on_gpu};
use evoku::solve::{solve_puzzle, SolveOptions, SolveReport};

use super::output::{error_text, render, summary, tally as tally_line, Output};
use crate::progress::{CountBar, RunBar};

/// What every puzzle of the batch shares.
pub(super) struct Settings<'a> {
    /// `time_limit` and `threads` are set per puzzle.
    pub options: &'a SolveOptions,
    /// `Some(None)`: no limit; `None`: the default of the board's size.
    pub time_limit: Option<Option<Duration>>,
    /// The generation (iteration) cap, for a single puzzle's bar.
    pub cap: u32,
    pub symbols: Symbols,
    pub quiet: bool,
    pub plot: Option<&'a Path>,
    /// More than one puzzle in all (plot files are then named per puzzle).
    pub several: bool,
}

/// What a batch came to.
pub(super) struct Tally {
    pub solved: usize,
    pub total: usize,
    /// Puzzles whose solve failed (an option the board refuses, a device error).
    pub failed: usize,
    pub interrupted: bool,
}

/// One puzzle's end: the report (or why there is none) and the plot file written.
struct Done {
    report: Result<SolveReport>,
    plot: Result<Option<PathBuf>>,
}

/// Solves every job (a puzzle and its output), printing each result in order.
pub(super) fn solve_all(jobs: &[(&Puzzle, Output)], settings: &Settings) -> Result<Tally> {
    let plan = plan_for(jobs.iter().map(|(p, _)| &p.grid), settings.options);
    let threads = plan.threads_for(settings.options.threads);
    let single = jobs.len() == 1;
    let options_for = |puzzle: &Puzzle| -> SolveOptions {
        let mut options = settings.options.clone();
        options.threads = threads;
        let side = puzzle.grid.geometry().side();
        options.time_limit = settings
            .time_limit
            .unwrap_or_else(|| Some(defaults::default_time_limit(side)));
        options
    };
    // A puzzle's report, named in its error, and its plot.
    let finish = |index: usize, report: evoku::error::Result<SolveReport>| -> Done {
        let puzzle = jobs[index].0;
        let report = report
            .with_context(|| format!("solving {} ({}:{})", puzzle.name, puzzle.file, puzzle.line));
        let plot = match (&report, settings.plot) {
            (Ok(report), Some(path)) if !report.interrupted => {
                let options = options_for(puzzle);
                super::plot_fitness(path, puzzle, &options, report, settings.several)
            }
            _ => Ok(None),
        };
        Done { report, plot }
    };
    let work = |index: usize| -> Done {
        let puzzle = jobs[index].0;
        let options = options_for(puzzle);
        let report = if single {
            let mut bar = RunBar::new(&puzzle.name, settings.cap as u64, settings.quiet)
                .with_time_limit(options.time_limit);
            let report = solve_puzzle(puzzle, &options, &mut |p| bar.update(p));
            bar.finish();
            report
        } else {
            solve_puzzle(puzzle, &options, &mut |_| {})
        };
        finish(index, report)
    };
    let mut tally = Tally {
        solved: 0,
        total: 0,
        failed: 0,
        interrupted: false,
    };
    let mut bar = CountBar::new("puzzles", jobs.len() as u64, settings.quiet || single);
    let stdout = std::io::stdout();
    let start = std::time::Instant::now();
    let mut failure = None;
    let mut on_done = |index: usize, done: Done| {
        let (puzzle, output) = jobs[index];
        let printed = deliver(puzzle, output, done, settings, &mut tally, &bar);
        bar.inc();
        match printed {
            Ok(()) => ControlFlow::Continue(()),
            // Standard output failed: nothing more can be shown.
            Err(error) => {
                failure = Some(error);
                ControlFlow::Break(())
            }
        }
    };
    match shared_gpu(jobs.len(), settings.options) {
        // The GA on a GPU: many puzzles share each launch.
        Some(ctx) => {
            let puzzles: Vec<&Puzzle> = jobs.iter().map(|(p, _)| *p).collect();
            solve_on_gpu(
                ctx,
                &puzzles,
                &options_for,
                &evoku::stop::requested,
                &mut |index, report| on_done(index, finish(index, report)),
            );
        }
        None => run_ordered(
            jobs.len(),
            plan.width,
            &evoku::stop::requested,
            &work,
            &mut on_done,
        ),
    }
    bar.finish();
    if let Some(error) = failure {
        return Err(error);
    }
    let _ = stdout.lock().flush();
    if !settings.quiet && settings.several {
        eprintln!("{}", tally_line(tally.solved, tally.total, start.elapsed()));
    }
    Ok(tally)
}

/// Prints one puzzle's result (stdout) and summary (stderr) and counts it. Errs only when
/// standard output cannot be written.
fn deliver(
    puzzle: &Puzzle,
    output: Output,
    done: Done,
    settings: &Settings,
    tally: &mut Tally,
    bar: &CountBar,
) -> Result<()> {
    tally.total += 1;
    let text = match &done.report {
        Ok(report) => {
            tally.solved += usize::from(report.solved);
            tally.interrupted |= report.interrupted;
            render(report, &puzzle.grid, output, settings.symbols)?
        }
        Err(error) => {
            tally.failed += 1;
            // Errors show with -q too.
            bar.println(&format!("evoku: error: {error:#}"));
            error_text(puzzle, &format!("{error:#}"), output, settings.symbols)?
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(crate::cli::stdout::error)?;
    if let (Ok(report), false) = (&done.report, settings.quiet) {
        bar.println(&summary(report));
    }
    match done.plot {
        // Written whole (a temporary file renamed) when it was drawn; claimed before the batch.
        Ok(_) => {}
        Err(error) => {
            tally.failed += 1;
            bar.println(&format!("evoku: error: {error:#}"));
        }
    }
    Ok(())
}
