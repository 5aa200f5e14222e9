//! `evoku study`: the effect of population size, crossover rate and mutation rate on generations
//! to solve and success, over repeated runs (mean, median, standard deviation), as CSV and SVG.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;

use super::choices::choice;
use crate::experiment::{self, StudyParam};
use evoku::export;
use evoku::format::{self, ParseOptions};

use super::batch_args::BatchArgs;
use super::export_args::{command_line, finish_table};
use crate::progress::BatchBars;
use evoku::output_file::Claims;

#[derive(Args, Debug)]
pub struct StudyArgs {
    /// Puzzle files (default: Difficult No. 77 of Mantere & Koljonen, built in).
    files: Vec<String>,
    /// Parameters to vary, one at a time from the preset (default: all three).
    #[arg(long, value_parser = choice::<StudyParam>(), value_delimiter = ',')]
    param: Vec<StudyParam>,
    /// Values to try, comma separated (with exactly one --param; default: a spread per
    /// parameter).
    #[arg(long)]
    values: Option<String>,
    /// Independent runs per value (the sources ask for a dozen or more).
    #[arg(long, default_value_t = 20)]
    runs: u32,
    #[command(flatten)]
    batch: BatchArgs,
    /// Generations and success against each parameter (SVG).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Print the table as JSON (the `--export json` document) instead of text.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: StudyArgs) -> Result<ExitCode> {
    let config = args.batch.config()?;
    let mut plots = Claims::default();
    let mut exports = args.batch.export.create(&mut plots)?;
    if let Some(path) = &args.plot {
        plots.claim("--plot", path)?;
    }
    let puzzles = if args.files.is_empty() {
        experiment::seed_puzzles()?
            .into_iter()
            .filter(|p| p.name == "mantere-no77")
            .collect()
    } else {
        let mut all = Vec::new();
        for file in &args.files {
            let (found, _) = format::read_puzzles(file, &ParseOptions::default())?;
            all.extend(found);
        }
        all
    };
    let params: Vec<StudyParam> = if args.param.is_empty() {
        StudyParam::ALL.to_vec()
    } else {
        args.param.clone()
    };
    let plan: Vec<(StudyParam, Vec<f64>)> = match &args.values {
        Some(_) if params.len() != 1 => bail!("--values needs exactly one --param"),
        Some(text) => vec![(params[0], experiment::parse_values(text)?)],
        None => params.iter().map(|&p| (p, p.default_values())).collect(),
    };
    let (options, device_name) = args.batch.options(args.runs, &config, args.quiet)?;
    let quiet = args.quiet;
    let mut bars = BatchBars::new(options.max_generations as u64, quiet);
    // The points (parameter value x puzzle) in the study's order are the shard's items; each
    // point runs alone, as in the whole study.
    let shard = args.batch.shard.shard;
    let mut points = Vec::new();
    let puzzles = &puzzles;
    let items = plan.iter().flat_map(|(param, values)| {
        values
            .iter()
            .flat_map(move |&value| puzzles.iter().map(move |p| (*param, value, p)))
    });
    for (_, (param, value, puzzle)) in items.enumerate().filter(|&(i, _)| shard.takes(i)) {
        if evoku::stop::requested() {
            break;
        }
        points.extend(experiment::parameter_study(
            std::slice::from_ref(puzzle),
            &[(param, vec![value])],
            &config,
            &options,
            &mut |puzzle, param, value, batch| {
                let label = format!("{} {}={value}", puzzle.name, param.name());
                bars.update(label, &batch.progress());
            },
        )?);
    }
    bars.finish();
    let meta = vec![
        (
            "settings".to_string(),
            format!(
                "preset {}: {} (each parameter varied alone)",
                export::preset_name(&config),
                export::settings(&config)
            ),
        ),
        (
            "runs".to_string(),
            format!(
                "{} per value, cap {} generations; mean_generations counts an unsolved run at the cap",
                args.runs, config.max_generations
            ),
        ),
        ("device".to_string(), device_name),
        ("machine".to_string(), export::machine(args.batch.device.threads)),
        (
            "command".to_string(),
            command_line(),
        ),
    ];
    let mut table = experiment::study_table(&points, &meta);
    let code = finish_table(
        &mut table,
        &args.batch.shard,
        "points",
        args.json,
        &mut exports,
    )?;
    if let Some(path) = &args.plot {
        experiment::plot_study_shard(&points, path, args.batch.shard.shard)?;
    }
    Ok(code)
}
