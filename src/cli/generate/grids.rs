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
use evoku::instances::{make_instances, write_instances};

use super::{rate, write_line, GenerateArgs, GridMethod, Output, PuzzleBar};

pub(super) fn run_complete(args: &GenerateArgs, geometry: Geometry) -> Result<ExitCode> {
    let start = Instant::now();
    let bar = PuzzleBar::new(args.count as u64, "grids", args.quiet);
    let grids = match args.method {
        GridMethod::Exact => complete_grids(geometry, args.seed, args.count),
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
    if evoku::stop::requested() {
        return Ok(ExitCode::from(evoku::stop::EXIT_INTERRUPTED));
    }
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

pub(super) fn run_instances(args: &GenerateArgs, geometry: Geometry) -> Result<ExitCode> {
    let start = Instant::now();
    let instances = make_instances(geometry, &args.fill, args.count as u64, args.seed, &|_| {})?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(dir) = &args.out_dir {
        let paths = write_instances(dir, &instances)
            .with_context(|| format!("writing instances to {}", dir.display()))?;
        if !args.quiet {
            eprintln!(
                "{} {} instances written to {} in {seconds:.3} s (seed {})",
                paths.len(),
                geometry.name(),
                dir.display(),
                args.seed
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = std::io::stdout().lock();
    for i in &instances {
        let line = match args.output {
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
        };
        if !write_line(&mut out, &line)? {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if !args.quiet {
        eprintln!(
            "{} {} instances in {seconds:.3} s (seed {})",
            instances.len(),
            geometry.name(),
            args.seed
        );
    }
    Ok(ExitCode::SUCCESS)
}
