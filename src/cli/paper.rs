//! `evoku paper`: the Mantere & Koljonen experiment (each puzzle under each operator set, R runs
//! with a generation cap), measured beside the paper's published figures.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use super::choices::choice;
use crate::experiment::{self, OperatorSet, PaperReport};
use evoku::export;
use evoku::format::{self, ParseOptions};

use super::batch_args::BatchArgs;
use super::export_args::{command_line, finish_table};
use crate::progress::BatchBars;
use evoku::output_file::Claims;

#[derive(Args, Debug)]
pub struct PaperArgs {
    /// Puzzle files to run besides the built-in seed puzzles of `puzzles/`.
    files: Vec<String>,
    /// Run only the puzzles of FILES, not the seed puzzles.
    #[arg(long)]
    only_files: bool,
    /// Independent runs per puzzle and operator set (the paper: 100).
    #[arg(long, default_value_t = experiment::PAPER_RUNS)]
    runs: u32,
    /// Operator sets to run (default: all three of the paper).
    #[arg(long, value_parser = choice::<OperatorSet>(), value_delimiter = ',')]
    operators: Vec<OperatorSet>,
    /// Local search variants per child for the hybrid when the preset has no local search.
    #[arg(long, default_value_t = 4)]
    hybrid_children: u32,
    #[command(flatten)]
    batch: BatchArgs,
    /// The paper's first figure: givens against mean generations (SVG).
    #[arg(long, value_name = "FILE.svg")]
    plot_means: Option<PathBuf>,
    /// The paper's second figure: fewest and most generations per puzzle (SVG).
    #[arg(long, value_name = "FILE.svg")]
    plot_range: Option<PathBuf>,
    /// Print the table as JSON (the `--export json` document) instead of text.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: PaperArgs) -> Result<ExitCode> {
    let config = args.batch.config()?;
    let mut plots = Claims::default();
    let mut exports = args.batch.export.create(&mut plots)?;
    for (flag, path) in [
        ("--plot-means", &args.plot_means),
        ("--plot-range", &args.plot_range),
    ] {
        if let Some(path) = path {
            plots.claim(flag, path)?;
        }
    }
    let mut puzzles = if args.only_files {
        Vec::new()
    } else {
        experiment::seed_puzzles()?
    };
    for file in &args.files {
        let (found, _) = format::read_puzzles(file, &ParseOptions::default())?;
        puzzles.extend(found);
    }
    if puzzles.is_empty() {
        anyhow::bail!("no puzzles: give files or drop --only-files");
    }
    let sets = if args.operators.is_empty() {
        OperatorSet::ALL.to_vec()
    } else {
        args.operators.clone()
    };
    let (options, device_name) = args.batch.options(args.runs, &config, args.quiet)?;
    let quiet = args.quiet;
    let mut bars = BatchBars::new(options.max_generations as u64, quiet);
    // The cells (puzzle x operator set) in the experiment's order are the shard's items; each
    // cell runs alone, as in the whole experiment (its runs are islands of one engine).
    let shard = args.batch.shard.shard;
    let mut cells = Vec::new();
    let items = puzzles
        .iter()
        .flat_map(|p| sets.iter().map(move |&set| (p, set)));
    for (_, (puzzle, set)) in items.enumerate().filter(|&(i, _)| shard.takes(i)) {
        if evoku::stop::requested() {
            break;
        }
        cells.extend(experiment::paper_experiment(
            std::slice::from_ref(puzzle),
            &[set],
            &config,
            args.hybrid_children,
            &options,
            &mut |puzzle, set, batch| {
                let label = format!("{} {}", puzzle.name, set.name());
                bars.update(label, &batch.progress());
            },
        )?);
    }
    bars.finish();
    let report = PaperReport {
        preset: export::preset_name(&config),
        config: config.clone(),
        runs: args.runs,
        max_generations: config.max_generations,
        hybrid_children: args.hybrid_children,
        device: device_name,
        machine: export::machine(args.batch.device.threads),
        cells,
        shard,
    };
    let mut table = report.table();
    table.meta("command", command_line());
    let code = finish_table(
        &mut table,
        &args.batch.shard,
        "puzzle and operator cells",
        args.json,
        &mut exports,
    )?;
    if let Some(path) = &args.plot_means {
        report.plot_means(path)?;
    }
    if let Some(path) = &args.plot_range {
        report.plot_range(path)?;
    }
    Ok(code)
}
