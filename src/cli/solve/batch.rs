//! `evoku solve`'s loop: the puzzles of every file as one batch ([`evoku::solve::batch`]),
//! solved concurrently on the CPU, or by the GA or the ACS in shared launches on one GPU
//! ([`evoku::solve::gpu_batch`]), and printed in input order as each becomes due. A puzzle
//! whose solve fails gets its own error line and the batch goes on.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use evoku::defaults;
use evoku::format::{Puzzle, Symbols};
use evoku::solve::batch::{plan_for, run_ordered};
use evoku::solve::gpu_batch::{shared_gpu, solve_on_gpu};
use evoku::solve::{solve_puzzle, SolveOptions, SolveReport};

use super::output::{error_text, render, summary, tally as tally_line, Output};
use super::plot::Plotted;
use crate::progress::{CountBar, RunBar};

/// The share of the time limit a run drawn with `--plot` gets; its replay for the chart ends by
/// [`PLOT_END_SHARE`] of it, and the drawing takes the rest.
const PLOT_RUN_SHARE: f64 = 0.45;
const PLOT_END_SHARE: f64 = 0.92;

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

/// One puzzle's end, made ready for printing by the thread that solved it: the printing thread
/// only counts it and writes its text, in input order.
struct Done {
    /// Standard output's text, or why it could not be made.
    text: Result<String>,
    /// Standard error's lines before the text (the solve's error) and after it (the summary,
    /// what `--plot` came to).
    before: Option<String>,
    after: Vec<String>,
    solved: bool,
    interrupted: bool,
    /// The solve's and the plot's failures (0 to 2).
    failed: usize,
}

impl Done {
    /// What `puzzle`'s `report` and `plot` print.
    fn of(
        puzzle: &Puzzle,
        output: Output,
        report: Result<SolveReport>,
        plot: Result<Option<Plotted>>,
        settings: &Settings,
    ) -> Done {
        let mut done = Done {
            text: Ok(String::new()),
            before: None,
            after: Vec::new(),
            solved: false,
            interrupted: false,
            failed: 0,
        };
        match &report {
            Ok(report) => {
                done.solved = report.solved;
                done.interrupted = report.interrupted;
                done.text = render(report, &puzzle.grid, output, settings.symbols);
                if !settings.quiet {
                    done.after.push(summary(report));
                }
            }
            Err(error) => {
                done.failed += 1;
                // Errors show with -q too.
                done.before = Some(format!("evoku: error: {error:#}"));
                done.text = error_text(puzzle, &format!("{error:#}"), output, settings.symbols);
            }
        }
        match plot {
            // Written whole (a temporary file renamed) when it was drawn; claimed before the batch.
            Ok(None | Some(Plotted::Written)) => {}
            // Shown with -q too: the user asked for that file.
            Ok(Some(Plotted::Nothing(line))) => done.after.push(line),
            Err(error) => {
                done.failed += 1;
                done.after.push(format!("evoku: error: {error:#}"));
            }
        }
        done
    }
}

/// Solves every job (a puzzle and its output), printing each result in order.
pub(super) fn solve_all(jobs: &[(&Puzzle, Output)], settings: &Settings) -> Result<Tally> {
    let plan = plan_for(jobs.iter().map(|(p, _)| &p.grid), settings.options);
    let threads = plan.threads_for(settings.options.threads);
    // Every option a board size can refuse (the memory of a GA population or ACS tables too
    // large for it) is checked before the first puzzle, on the emptiest puzzle of each size:
    // nothing is solved when one is refused (issue 37). A single puzzle's own plan makes the same
    // check first thing, inside its time limit (the estimate of a 64x64 takes a few tenths).
    let mut checked = settings.options.clone();
    checked.threads = threads;
    let sizes = match jobs.len() {
        1 => Ok(()),
        _ => evoku::plan::check_sizes(jobs.iter().map(|(p, _)| &p.grid), &checked),
    };
    if let Err((index, error)) = sizes {
        let puzzle = jobs[index].0;
        return Err(anyhow::Error::from(error).context(format!(
            "checking {} ({}:{}) before any solving",
            puzzle.name, puzzle.file, puzzle.line
        )));
    }
    let single = jobs.len() == 1;
    let limit_for = |puzzle: &Puzzle| -> Option<Duration> {
        let side = puzzle.grid.geometry().side();
        settings
            .time_limit
            .unwrap_or_else(|| Some(defaults::default_time_limit(side)))
    };
    // With --plot, the chart replays the run (a run is a pure function of its seed): the run
    // gets PLOT_RUN_SHARE of the limit, the replay ends by PLOT_END_SHARE of it, and the
    // drawing has the rest, so the whole solve holds the limit (issue 37).
    let options_for = |puzzle: &Puzzle| -> SolveOptions {
        let mut options = settings.options.clone();
        options.threads = threads;
        let limit = limit_for(puzzle);
        options.time_limit = match settings.plot {
            Some(_) => limit.map(|t| t.mul_f64(PLOT_RUN_SHARE)),
            None => limit,
        };
        options
    };
    // A puzzle's report, named in its error, and its plot; the puzzle's run began at `began`.
    let finish = |index: usize, report: evoku::error::Result<SolveReport>, began: Instant| {
        let (puzzle, output) = jobs[index];
        let report = report
            .with_context(|| format!("solving {} ({}:{})", puzzle.name, puzzle.file, puzzle.line))
            .map(|mut report| {
                // The limit the user gave, not the run's share of it under --plot.
                report.time_limit = limit_for(puzzle).map(|t| t.as_secs_f64());
                report
            });
        let plot = match (&report, settings.plot) {
            (Ok(report), Some(path)) => {
                let replay_stop = evoku::stop::Stop::at(
                    limit_for(puzzle).map(|t| began + t.mul_f64(PLOT_END_SHARE)),
                );
                let options = options_for(puzzle);
                super::plot::plot(
                    path,
                    puzzle,
                    &options,
                    report,
                    settings.several,
                    replay_stop,
                )
                .map(Some)
            }
            _ => Ok(None),
        };
        Done::of(puzzle, output, report, plot, settings)
    };
    let work = |index: usize| -> Done {
        let puzzle = jobs[index].0;
        let began = Instant::now();
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
        finish(index, report, began)
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
    let mut on_done = |_: usize, done: Done| {
        let printed = deliver(done, &mut tally, &bar);
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
        // The GA or the ACS on a GPU: many puzzles share each launch.
        Some(ctx) => {
            let puzzles: Vec<&Puzzle> = jobs.iter().map(|(p, _)| *p).collect();
            solve_on_gpu(
                ctx,
                &puzzles,
                &options_for,
                &evoku::stop::requested,
                // The puzzles of a shared launch all begin with the batch.
                &mut |index, report| on_done(index, finish(index, report, start)),
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
/// its text could not be made or standard output cannot be written.
fn deliver(done: Done, tally: &mut Tally, bar: &CountBar) -> Result<()> {
    tally.total += 1;
    tally.solved += usize::from(done.solved);
    tally.interrupted |= done.interrupted;
    tally.failed += done.failed;
    if let Some(line) = &done.before {
        bar.println(line);
    }
    let text = done.text?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(crate::cli::stdout::error)?;
    for line in &done.after {
        bar.println(line);
    }
    Ok(())
}
