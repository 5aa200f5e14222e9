//! Complete grids by the GA (ALGORITHMS.md section 4, the magazine article): the GA engine run on
//! the empty board, every cell free, until an island reaches penalty 0; that grid is a complete
//! valid grid. The work behind `evoku generate --complete --method ga`.
//!
//! Grid `k` of a seed is the first solved run among attempts `0, 1, ...`, each a GA run whose seed
//! is drawn from (seed, k, attempt) ([`ga_grid_seed`]): a pure function of (size, config, seed, k)
//! on either backend, since the engines agree bit for bit. Every grid is re-checked on the host.

use std::collections::HashSet;

use crate::board::{Geometry, Grid};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::ga::{self, GaConfig, Problem, RunLimits};
use crate::generate::ga_grid_seed;

/// How GA grids are made.
#[derive(Clone)]
pub struct GaGridOptions {
    pub geometry: Geometry,
    /// The GA settings; `seed` is replaced per run, `max_generations` caps each attempt.
    pub config: GaConfig,
    pub device: Device,
    pub seed: u64,
    /// GA runs tried for one grid before giving up.
    pub max_attempts: u32,
}

/// One grid and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct GaGrid {
    pub grid: Grid,
    /// Runs it took (1 when the first run solved).
    pub attempts: u32,
    /// Generations of the run that solved.
    pub generations: u32,
}

/// Grid `index` of the sequence `options` describes: GA runs on the empty board until one solves;
/// `None` when `max_attempts` runs of `max_generations` did not.
pub fn ga_grid(options: &GaGridOptions, index: u64) -> Result<Option<GaGrid>> {
    let empty = Grid::empty(options.geometry);
    let problem = Problem::for_config(&empty, &options.config)
        .map_err(|e| Error::Internal(format!("the empty board: {}", e.0)))?;
    let limits = RunLimits {
        max_generations: options.config.max_generations,
        time_limit: None,
    };
    for attempt in 0..options.max_attempts.max(1) {
        let config = GaConfig {
            seed: ga_grid_seed(options.seed, index, attempt),
            ..options.config.clone()
        };
        let mut engine =
            crate::plan::engines::ga_engine(&options.device, problem.clone(), &config, None)?;
        let outcome = ga::run(engine.as_mut(), &problem, limits, &mut |_| {})?;
        // The host check: every row, column and box a permutation.
        if outcome.solved && outcome.best.is_complete() && outcome.best.first_clash().is_none() {
            return Ok(Some(GaGrid {
                grid: outcome.best,
                attempts: attempt + 1,
                generations: outcome.generations,
            }));
        }
    }
    Ok(None)
}

/// Up to `count` distinct GA grids of the sequence, in index order: duplicates (possible only on
/// tiny boards) and grids the GA did not find are skipped, up to `100 * count` of them. On the CPU the grids are made in parallel on the current rayon pool
/// (the result does not depend on it); on the GPU one after another. `done` is called after each.
pub fn ga_grids(
    options: &GaGridOptions,
    count: usize,
    done: &(dyn Fn(&GaGrid) + Sync),
) -> Result<Vec<GaGrid>> {
    use rayon::prelude::*;
    options.config.validate()?;
    let mut grids: Vec<GaGrid> = Vec::with_capacity(count);
    let mut seen = HashSet::new();
    let mut next = 0u64;
    let mut misses = 0usize;
    while grids.len() < count && misses < 100 * count.max(1) {
        let missing = count - grids.len();
        let batch = match options.device {
            Device::Cpu => missing.max(rayon::current_num_threads()),
            Device::Gpu(_) | Device::Gpus(_) => missing,
        } as u64;
        let make = |index| {
            let grid = ga_grid(options, index)?;
            if let Some(grid) = &grid {
                done(grid);
            }
            Ok(grid)
        };
        let fresh: Vec<Option<GaGrid>> = match options.device {
            Device::Cpu => (next..next + batch)
                .into_par_iter()
                .map(make)
                .collect::<Result<_>>()?,
            Device::Gpu(_) | Device::Gpus(_) => {
                (next..next + batch).map(make).collect::<Result<_>>()?
            }
        };
        next += batch;
        for g in fresh {
            if grids.len() == count {
                break;
            }
            match g {
                Some(g) if seen.insert(g.grid.cells().to_vec()) => grids.push(g),
                _ => misses += 1,
            }
        }
    }
    Ok(grids)
}
