//! `evoku suite`: solving power over instance sets (Lloyd & Amos's, or any puzzle collection):
//! success rate within a time limit and time to solve, per board size and fill.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::Args;

use super::choices::choice;
use crate::suite::{self, Selection, SuiteOptions};
use evoku::export;
use evoku::solve::Algorithm;

use super::engine_args::EngineArgs;
use super::exact_args::ExactArgs;
use super::export_args::{command_line, finish_table, ExportArgs};
use super::shard_args::ShardArgs;
use crate::progress::CountBar;

#[derive(Args, Debug)]
pub struct SuiteArgs {
    /// Folders (searched for `.txt` files) or puzzle files [default: the lloyd-amos/general
    /// folder of $EVOKU_BENCHMARKS].
    paths: Vec<PathBuf>,
    /// Board sides to keep (9, 16, 25; `25x25` also reads), comma separated or repeated.
    #[arg(long, value_delimiter = ',', value_parser = parse_side)]
    size: Vec<usize>,
    /// Fills (percent of cells given) to keep, comma separated or repeated.
    #[arg(long, value_delimiter = ',')]
    fill: Vec<u32>,
    /// At most this many instances per size and fill (the lowest-numbered first).
    #[arg(long)]
    per_bucket: Option<usize>,
    /// Seconds per solve.
    #[arg(long, help = time_limit_help(), value_parser = super::values::seconds, allow_hyphen_values = true)]
    time_limit: Option<Duration>,
    /// Solves per instance, with seeds seed, seed+1, ...
    #[arg(long, default_value_t = 1)]
    runs: u32,
    /// As `evoku solve --algorithm`: `auto` without `--preset`, else `ga`.
    #[arg(long, value_parser = choice::<Algorithm>())]
    algorithm: Option<Algorithm>,
    /// As `evoku solve --no-exact-shortcut`: the GA runs even when the exact check solves.
    #[arg(long)]
    no_exact_shortcut: bool,
    #[command(flatten)]
    exact: ExactArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    export: ExportArgs,
    #[command(flatten)]
    shard: ShardArgs,
    /// Write every run: FORMAT (json, jsonl, csv, markdown) and FILE; may be repeated. Created
    /// before the runs start.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    export_runs: Vec<String>,
    /// Draw the hardness curve to FILE (SVG): per board size, the success rate and the median
    /// time of the solved runs against the fill. Checked before the runs start; a stopped run
    /// draws the part done.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Print the table as JSON (the `--export json` document) instead of text.
    #[arg(long)]
    json: bool,
    /// No progress bar and no line per solve.
    #[arg(long, short)]
    quiet: bool,
}

/// The Lloyd & Amos instances of the benchmark folder `EVOKU_BENCHMARKS` names, for a suite
/// given no path.
fn default_instances() -> Result<PathBuf> {
    match std::env::var_os(suite::BENCHMARKS_VAR) {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir).join(suite::LLOYD_AMOS_GENERAL)),
        _ => bail!(
            "no instances: name folders or puzzle files (e.g. `evoku suite puzzles/`), or set {} \
             to a benchmark folder that holds {}",
            suite::BENCHMARKS_VAR,
            suite::LLOYD_AMOS_GENERAL
        ),
    }
}

/// `--time-limit`'s help, with the defaults per size from `evoku::defaults`.
fn time_limit_help() -> String {
    format!(
        "Seconds per solve (default: {})",
        evoku::defaults::default_time_limit_text()
    )
}

fn parse_side(text: &str) -> std::result::Result<usize, String> {
    let side = text.split_once('x').map_or(text, |(a, _)| a);
    side.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a board side (9, 16, 25 or 25x25)"))
}

pub fn run(args: SuiteArgs) -> Result<ExitCode> {
    let (algorithm, solve) =
        args.engine
            .solve_options(args.algorithm, &args.exact, args.no_exact_shortcut)?;
    let mut claims = evoku::output_file::Claims::default();
    let mut exports = args.export.create(&mut claims)?;
    let mut run_exports = export::Exports::create("--export-runs", &args.export_runs, &mut claims)?;
    if let Some(path) = &args.plot {
        claims.claim("--plot", path)?;
    }
    let time_limit = args.time_limit;
    let selection = Selection {
        sizes: args.size.clone(),
        fills: args.fill.clone(),
        per_bucket: args.per_bucket,
    };
    let quiet = args.quiet;
    let paths = if args.paths.is_empty() {
        vec![default_instances()?]
    } else {
        args.paths.clone()
    };
    // A skipped file is reported with -q too, and counted at the end.
    let mut skipped = 0usize;
    let instances = suite::collect(&paths, &selection, &mut |w| {
        skipped += 1;
        eprintln!("suite: {w}")
    })?;
    if skipped > 0 {
        eprintln!(
            "suite: skipped {} (see above)",
            export::count(skipped, "file")
        );
    }
    if instances.is_empty() {
        bail!("no instance matches (check the paths, --size and --fill)");
    }
    let device = args.engine.device.select_for(algorithm, args.quiet)?;
    let device_name = device.describe();
    let options = SuiteOptions {
        solve: solve.on(device),
        time_limit,
        runs: args.runs,
        shard: args.shard.shard,
    };
    let plan = suite::batch_plan(&instances, &options);
    suite::check_options(&instances, &options, &plan)?;
    let total = instances.len();
    let started = std::time::Instant::now();
    // The bar counts runs; the line about each run is printed above it, in suite order.
    let mut bar = CountBar::new("runs", suite::run_count(&instances, &options) as u64, quiet);
    let mut failed = 0usize;
    let runs = suite::run_suite(&instances, &options, &plan, &mut |number, result| {
        bar.inc();
        if let Some(error) = &result.error {
            failed += 1;
            // Errors show with -q too.
            bar.println(&format!(
                "evoku: error: suite {}/{total}: {} (run {}): {error}",
                number + 1,
                result.name,
                result.run + 1
            ));
        } else if !quiet {
            bar.println(&format!(
                "suite {}/{total}: {} [{}] {} in {:.3} s",
                number + 1,
                result.name,
                result.bucket,
                match (result.solved, result.best_penalty) {
                    (true, _) => "solved".to_string(),
                    (false, Some(p)) => format!("not solved (best penalty {p})"),
                    (false, None) => "not solved".to_string(),
                },
                result.seconds
            ));
        }
    });
    bar.finish();
    let runs = runs?;
    if !quiet {
        let solved = runs.iter().filter(|r| r.solved).count();
        eprintln!(
            "{}solved {solved} of {} in {:.1} s",
            args.shard.shard.prefix(),
            export::count(runs.len(), "run"),
            started.elapsed().as_secs_f64()
        );
    }
    let summaries = suite::summarize(&runs);
    let meta = vec![
        (
            "algorithm".to_string(),
            format!("{algorithm:?}").to_lowercase(),
        ),
        ("device".to_string(), device_name),
        ("machine".to_string(), export::machine(args.engine.device.threads)),
        (
            "runs at once".to_string(),
            format!("{} ({} threads each)", plan.width, plan.threads_each),
        ),
        (
            "settings".to_string(),
            match algorithm {
                Algorithm::Auto => format!(
                    "portfolio of the exact solver ({} streams from 36x36), the ACS ({}) and the walk ({})",
                    args.exact.exact_streams,
                    export::aco_settings(&options.solve.aco),
                    export::settings(&options.solve.ga)
                ),
                Algorithm::Ga => format!(
                    "preset {}: {}",
                    export::preset_name(&options.solve.ga),
                    export::settings(&options.solve.ga)
                ),
                Algorithm::Aco => export::aco_settings(&options.solve.aco),
                Algorithm::Exact => "exact solver".to_string(),
            },
        ),
        (
            "time limit".to_string(),
            match time_limit {
                Some(t) => format!("{} s", t.as_secs_f64()),
                None => evoku::defaults::default_time_limit_text(),
            },
        ),
        (
            "command".to_string(),
            command_line(),
        ),
    ];
    let mut table = suite::bucket_table(&summaries, &meta);
    let code = finish_table(&mut table, &args.shard, "runs", args.json, &mut exports)?;
    if !run_exports.is_empty() {
        let mut runs_table = suite::runs_table(&runs, &meta);
        args.shard.note(&mut runs_table);
        if let Some((key, note)) = table.meta.iter().find(|(key, _)| key == "partial") {
            runs_table.meta(key, note.clone());
        }
        run_exports.write(&runs_table)?;
    }
    if let Some(path) = &args.plot {
        let title = match code {
            ExitCode::SUCCESS => "suite".to_string(),
            _ => "suite (stopped: the part done)".to_string(),
        };
        suite::draw_curve(path, &summaries, &title)?;
    }
    if failed > 0 && code == ExitCode::SUCCESS {
        eprintln!(
            "evoku: error: {} failed (see the errors above; their runs count as not solved)",
            export::count(failed, "run")
        );
        return Ok(ExitCode::from(2));
    }
    if code == ExitCode::SUCCESS && !runs.iter().any(|r| r.solved) {
        eprintln!("suite: no run solved its puzzle (exit code 1)");
        return Ok(ExitCode::from(1));
    }
    Ok(code)
}
