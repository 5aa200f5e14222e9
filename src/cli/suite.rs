//! `evoku suite`: solving power over instance sets (Lloyd & Amos's, or any puzzle collection):
//! success rate within a time limit and time to solve, per board size and fill.

use std::cell::RefCell;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::Args;
use evoku::export;
use evoku::solve::{Algorithm, Device, SolveOptions};
use evoku::suite::{self, Selection, SuiteOptions};

use super::aco_args::AcoArgs;
use super::device_args::DeviceArgs;
use super::ga_args::GaArgs;
use crate::progress::RunBar;

#[derive(Args, Debug)]
pub struct SuiteArgs {
    /// Folders (searched for `.txt` files) or puzzle files, e.g.
    /// ../shared/benchmarks/lloyd-amos/general.
    #[arg(required = true)]
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
    /// Seconds per solve (default: 5 for 9x9, 20 for 16x16, 120 for 25x25, 60 for 36x36, 120 for
    /// 49x49 and up).
    #[arg(long)]
    time_limit: Option<f64>,
    /// Solves per instance, with seeds seed, seed+1, ...
    #[arg(long, default_value_t = 1)]
    runs: u32,
    #[arg(long, value_enum, default_value = "ga")]
    algorithm: Algorithm,
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    ga: GaArgs,
    #[command(flatten)]
    aco: AcoArgs,
    /// Write the per-bucket table: FORMAT (json, csv, markdown) and FILE; may be repeated.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    export: Vec<String>,
    /// Write every run: FORMAT and FILE; may be repeated.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    export_runs: Vec<String>,
    /// No progress bar and no line per solve.
    #[arg(long, short)]
    quiet: bool,
}

fn parse_side(text: &str) -> std::result::Result<usize, String> {
    let side = text.split_once('x').map_or(text, |(a, _)| a);
    side.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a board side (9, 16, 25 or 25x25)"))
}

pub fn run(args: SuiteArgs) -> Result<ExitCode> {
    let exports = export::parse_exports(&args.export)?;
    let run_exports = export::parse_exports(&args.export_runs)?;
    let config = args.ga.config();
    config.validate()?;
    let aco = args.aco.config(config.seed);
    aco.validate()?;
    let time_limit = match args.time_limit {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => bail!("--time-limit must be a positive number of seconds, got {s}"),
        None => None,
    };
    let selection = Selection {
        sizes: args.size.clone(),
        fills: args.fill.clone(),
        per_bucket: args.per_bucket,
    };
    let quiet = args.quiet;
    let instances = suite::collect(&args.paths, &selection, &mut |w| {
        if !quiet {
            eprintln!("suite: {w}")
        }
    })?;
    if instances.is_empty() {
        bail!("no instance matches (check the paths, --size and --fill)");
    }
    let device = match args.algorithm {
        Algorithm::Ga | Algorithm::Aco => args.device.select()?,
        Algorithm::Exact => Device::Cpu,
    };
    let device_name = device.describe();
    let options = SuiteOptions {
        solve: SolveOptions {
            algorithm: args.algorithm,
            device,
            ga: config.clone(),
            aco: aco.clone(),
            threads: args.device.threads,
            time_limit: None,
            unsolvable_check_nodes: 200_000,
        },
        time_limit,
        runs: args.runs,
    };
    let total = instances.len();
    let cap = match args.algorithm {
        Algorithm::Aco => aco.max_iterations,
        _ => config.max_generations,
    };
    // Both callbacks touch the bar: the second closes it before the line about the solve.
    let bar: RefCell<Option<(usize, u32, RunBar)>> = RefCell::new(None);
    let runs = suite::run_suite(
        &instances,
        &options,
        &mut |number, run, progress| {
            let mut bar = bar.borrow_mut();
            if bar
                .as_ref()
                .is_none_or(|(n, r, _)| (*n, *r) != (number, run))
            {
                if let Some((_, _, old)) = bar.take() {
                    old.finish();
                }
                let label = format!(
                    "{} ({}/{total}, run {})",
                    instances[number].puzzle.name,
                    number + 1,
                    run + 1
                );
                *bar = Some((number, run, RunBar::new(&label, cap as u64, quiet)));
            }
            if let Some((_, _, b)) = bar.as_mut() {
                b.update(progress);
            }
        },
        &mut |number, result| {
            if let Some((_, _, old)) = bar.borrow_mut().take() {
                old.finish();
            }
            if !quiet {
                eprintln!(
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
                );
            }
        },
    )?;
    let summaries = suite::summarize(&runs);
    let meta = vec![
        (
            "algorithm".to_string(),
            format!("{:?}", args.algorithm).to_lowercase(),
        ),
        ("device".to_string(), device_name),
        ("machine".to_string(), export::machine(args.device.threads)),
        (
            "settings".to_string(),
            match args.algorithm {
                Algorithm::Ga => format!(
                    "preset {}: {}",
                    export::preset_name(&config),
                    export::settings(&config)
                ),
                Algorithm::Aco => format!("{aco:?}"),
                Algorithm::Exact => "exact solver".to_string(),
            },
        ),
        (
            "time limit".to_string(),
            match time_limit {
                Some(t) => format!("{} s", t.as_secs_f64()),
                None => suite::default_time_limits_text(),
            },
        ),
        (
            "command".to_string(),
            std::env::args().collect::<Vec<_>>().join(" "),
        ),
    ];
    let table = suite::bucket_table(&summaries, &meta);
    print!("{}", table.to_text());
    export::write_all(&table, &exports)?;
    if !run_exports.is_empty() {
        export::write_all(&suite::runs_table(&runs, &meta), &run_exports)?;
    }
    Ok(ExitCode::SUCCESS)
}
