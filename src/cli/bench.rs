//! `evoku bench`: the same GA work on the CPU engine and the GPU engine, in
//! individual-generations per second, per board size.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Result};
use clap::Args;

use super::choices::choice;
use crate::bench::{self, BenchOptions, GpuChoice};
use evoku::device::Backend;
use evoku::export;
use evoku::format::{self, ParseOptions};
use evoku::gpu::{open_adapters, AdapterList, GpuContext, GpuOptions};

use super::export_args::{command_line, mark_partial, ExportArgs};
use super::ga_args::GaArgs;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Board sides to measure (9, 16, 25, ...), each on a built-in hard puzzle.
    #[arg(long, value_delimiter = ',', default_value = "9,16,25")]
    sizes: Vec<usize>,
    /// Measure on the first puzzle of each of these files instead of the built-in ones (as
    /// given: an island that solves it stops breeding and is counted out).
    #[arg(long = "puzzle", value_name = "FILE")]
    puzzles: Vec<String>,
    /// Timed repetitions per engine and size (median, min and max are reported).
    #[arg(long, default_value_t = 5)]
    repetitions: u32,
    /// Generations per repetition (default: about 2e7 cell-individual-generations).
    #[arg(long)]
    generations: Option<u32>,
    /// `cpu`: the CPU column only; `gpu`: fail without a GPU; `auto`: the GPU column when any
    /// adapter exists (a software one is measured and flagged).
    #[arg(long, value_parser = choice::<Backend>(), default_value = "auto")]
    backend: Backend,
    /// Pick a GPU adapter whose name contains this text.
    #[arg(long, conflicts_with = "adapters")]
    adapter: Option<String>,
    /// The GPU column splits the islands over these adapters, as `evoku solve --adapters`:
    /// `all`, or names and indices of `evoku devices` (an adapter listed twice is opened twice);
    /// the `gpu` note says which adapter ran how many islands.
    #[arg(long, value_name = "all|LIST", value_parser = AdapterList::parse)]
    adapters: Option<AdapterList>,
    /// CPU threads (default: all cores).
    #[arg(long, value_parser = super::values::threads)]
    threads: Option<usize>,
    #[command(flatten)]
    ga: GaArgs,
    #[command(flatten)]
    export: ExportArgs,
    /// Print the table as JSON (the `--export json` document) instead of text.
    #[arg(long)]
    json: bool,
    /// No progress lines on stderr.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: BenchArgs) -> Result<ExitCode> {
    let config = args.ga.config();
    config.validate()?;
    let mut exports = args.export.create(&mut Default::default())?;
    let puzzles = if args.puzzles.is_empty() {
        args.sizes
            .iter()
            .map(|&side| {
                let b = (side as f64).sqrt().round() as usize;
                if b * b != side || b < 2 {
                    bail!("--sizes: {side} is not a square board side (9, 16, 25, ...)");
                }
                Ok(bench::default_puzzle(b)?)
            })
            .collect::<Result<Vec<_>>>()?
    } else {
        args.puzzles
            .iter()
            .map(|file| {
                let (mut found, _) = format::read_puzzles(file, &ParseOptions::default())?;
                Ok(found.remove(0))
            })
            .collect::<Result<Vec<_>>>()?
    };
    let options = GpuOptions {
        adapter_name: args.adapter.clone(),
        backends: None,
    };
    let gpu = match (args.backend, &args.adapters) {
        (Backend::Cpu, Some(_)) => bail!("--adapters runs on GPU adapters: drop --backend cpu"),
        (_, Some(list)) => {
            let mut contexts = open_adapters(list)?;
            match contexts.len() {
                1 => GpuChoice::Use(Arc::new(contexts.remove(0))),
                _ => GpuChoice::Several(contexts.into()),
            }
        }
        (backend, None) => match backend {
            Backend::Cpu => GpuChoice::Skip("--backend cpu".into()),
            Backend::Gpu => GpuChoice::Use(Arc::new(GpuContext::new(&options)?)),
            Backend::Auto => match GpuContext::new(&options) {
                Ok(ctx) => GpuChoice::Use(Arc::new(ctx)),
                Err(e) => GpuChoice::Skip(format!("no GPU: {e}")),
            },
        },
    };
    let preset = export::preset_name(&config);
    let options = BenchOptions {
        config,
        preset,
        puzzles,
        generations: args.generations,
        repetitions: args.repetitions,
        threads: args.threads,
        gpu,
        islands_auto: args.ga.islands_auto(),
    };
    let quiet = args.quiet;
    let report = bench::run(&options, &mut |line| {
        if !quiet {
            eprintln!("bench: {line}");
        }
    })?;
    let mut table = report.table();
    table.meta("command", command_line());
    let code = mark_partial(&mut table, "sizes");
    super::print_table(&table, args.json)?;
    let note = if report.adapter.is_none() {
        Some(format!(
            "(CPU column only: {})",
            report.gpu_note.as_deref().unwrap_or("no GPU")
        ))
    } else if report.adapter.as_ref().is_some_and(|a| a.software) {
        Some("(the GPU is a software adapter: its figures say nothing about GPU speed)".into())
    } else {
        None
    };
    // Under the table in text; on stderr with --json, which keeps stdout one JSON document.
    match note {
        Some(note) if args.json => eprintln!("{note}"),
        Some(note) => super::stdout::line(&note)?,
        None => {}
    }
    exports.write(&table)?;
    Ok(code)
}
