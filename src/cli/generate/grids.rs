//! `evoku generate --complete` and `--fill`: complete grids and Lloyd & Amos-style instance sets.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use evoku::board::Geometry;
use evoku::device::Device;
use evoku::export::count;
use evoku::ga::GaConfig;
use evoku::ga_grids::{ga_grids, GaGridOptions};
use evoku::generate::complete_grids;
use evoku::instances::{create_folder, stream_instances, write_instance, Instance, InstanceJobs};
use evoku::stop::Stop;

use super::{rate, stopped, write_line, GenerateArgs, GridMethod, Output, PuzzleBar};

pub(super) fn run_complete(
    args: &GenerateArgs,
    geometry: Geometry,
    stop: Stop,
) -> Result<ExitCode> {
    let start = Instant::now();
    let bar = PuzzleBar::new(args.count as u64, "grids", args.quiet);
    let grids = match args.method {
        GridMethod::Exact => complete_grids(geometry, args.seed, args.count, stop),
        GridMethod::Ga => {
            let mut config = GaConfig::preset(args.ga.preset);
            config.max_generations = args.ga.max_generations;
            if let Some(steps) = args.ga.assign_steps {
                config.assign_steps = steps;
            }
            config.assign_noise = args.ga.assign_noise;
            let options = GaGridOptions {
                geometry,
                config,
                device: Device::select(args.ga.backend, args.ga.adapter.as_deref())?,
                seed: args.seed,
                max_attempts: 10,
            };
            ga_grids(&options, args.count, &|_| {})?
                .into_iter()
                .map(|g| g.grid)
                .collect()
        }
    };
    bar.finish();
    let seconds = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    for (index, grid) in grids.iter().enumerate() {
        let line = match args.output {
            Output::Line => grid.to_string(),
            Output::Json => serde_json::json!({
                "size": args.size,
                "index": index,
                "grid": grid.to_string(),
                "seed": args.seed,
            })
            .to_string(),
        };
        if !write_line(&mut out, &line)? {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if let Some(code) = stopped(&stop, "", grids.len(), args.count, "grids") {
        return Ok(code);
    }
    if !args.quiet {
        eprintln!(
            "{} in {:.3} s ({}, seed {}, method {})",
            count(
                grids.len(),
                &format!("distinct complete {} grid", geometry.name())
            ),
            seconds,
            rate(grids.len(), seconds, "grid"),
            args.seed,
            match args.method {
                GridMethod::Exact => "exact",
                GridMethod::Ga => "ga",
            }
        );
    }
    if grids.len() < args.count {
        eprintln!(
            "evoku: only {} distinct {} grids found{}",
            grids.len(),
            geometry.name(),
            match args.method {
                GridMethod::Exact => "",
                GridMethod::Ga => " (some GA runs did not finish: raise --max-generations)",
            }
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn run_instances(
    args: &GenerateArgs,
    geometry: Geometry,
    stop: Stop,
) -> Result<ExitCode> {
    let start = Instant::now();
    let shard = args.shard.shard;
    let jobs = InstanceJobs {
        geometry,
        fills: &args.fill,
        count: args.count as u64,
        seed: args.seed,
        shard,
    };
    let asked = (0..args.count * args.fill.len())
        .filter(|&item| shard.takes(item))
        .count();
    if let Some(dir) = &args.out_dir {
        create_folder(dir).context("--out-dir")?;
    }
    // Each instance is written or printed as soon as its chunk is made: a stop keeps them.
    let mut made = 0usize;
    let mut out = std::io::stdout().lock();
    let mut stdout_error = None;
    let mut emit = |i: Instance| -> evoku::error::Result<bool> {
        made += 1;
        match &args.out_dir {
            Some(dir) => write_instance(dir, &i).map(|_| true),
            None => match write_line(&mut out, &instance_line(args, &i)) {
                Ok(open) => Ok(open),
                Err(e) => {
                    stdout_error = Some(e);
                    Ok(false)
                }
            },
        }
    };
    stream_instances(&jobs, stop, &|_| {}, &mut emit).with_context(|| match &args.out_dir {
        Some(dir) => format!("writing instances to {}", dir.display()),
        None => "making instances".to_string(),
    })?;
    if let Some(e) = stdout_error {
        return Err(e);
    }
    let seconds = start.elapsed().as_secs_f64();
    if let Some(code) = stopped(&stop, &shard.prefix(), made, asked, "instances") {
        return Ok(code);
    }
    if !args.quiet {
        let place = match &args.out_dir {
            Some(dir) => format!(" written to {}", dir.display()),
            None => String::new(),
        };
        eprintln!(
            "{}{made} {} instances{place} in {seconds:.3} s (seed {})",
            shard.prefix(),
            geometry.name(),
            args.seed
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// One printed instance: the puzzle line, or its JSON object.
fn instance_line(args: &GenerateArgs, i: &Instance) -> String {
    match args.output {
        Output::Line => i.puzzle.to_string(),
        Output::Json => serde_json::json!({
            "size": args.size,
            "fill": i.fill,
            "givens": i.puzzle.givens(),
            "index": i.index,
            "seed": args.seed,
            "name": i.file_name(),
            "puzzle": i.puzzle.to_string(),
            "solution": i.solution.to_string(),
        })
        .to_string(),
    }
}
