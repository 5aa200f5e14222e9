//! A run resolved once: [`SolveOptions`] (what was asked, one constructor for the command line
//! and [`crate::api::Solver`]) and, per puzzle, the [`RunPlan`] made from them before any engine
//! is built: the device, the GA islands and ACS colonies filled from the adapter, the seed every
//! engine takes, the time budget and whether the exact pre-check runs. The engines
//! ([`engines`]), the portfolio and the report all read the plan; none sizes anything again.
//!
//! The layers: [`crate::device`] and [`crate::defaults`] are leaves; this module builds on them
//! and on the engines (`ga`, `aco`, `gpu`, `exact`); the portfolio and `solve` build on it.

pub mod engines;
pub mod memory;
mod options;
pub mod placement;
pub mod sizing;

use std::time::{Duration, Instant};

pub use options::{
    Algorithm, FillDevice, SolveOptions, EXACT_STREAMS, MAX_EXACT_STREAMS, RESTARTS_FROM_BOX,
    UNSOLVABLE_CHECK_NODES,
};

use crate::aco::AcoConfig;
use crate::board::Grid;
use crate::defaults::Fill;
use crate::device::{AdapterShare, Device};
use crate::error::Result;
use crate::state_size::Available;
use placement::EngineKind;

/// The exact solver's no-solution check before a heuristic run (the GA's or the ACS's alone;
/// the portfolio runs the exact solver as a member instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Precheck {
    /// Search nodes it may spend.
    pub nodes: u64,
    /// Whether a solution it finds on the way is the answer (`--no-exact-shortcut` clears it).
    pub shortcut: bool,
}

/// How one puzzle is run, decided before any engine is built.
#[derive(Clone)]
pub struct RunPlan {
    /// The options as this puzzle runs them: the GA's islands and the ACS's colonies filled
    /// from the adapter when asked, the ACS seeded with the run's seed (`ga.seed`), and the CPU
    /// as the device of the exact solver, whatever was asked. What they say of the pre-check
    /// (`unsolvable_check_nodes`, `exact_shortcut`) is read from [`RunPlan::precheck`].
    pub options: SolveOptions,
    /// The exact pre-check, for a GA or ACS run alone; `None` otherwise.
    pub precheck: Option<Precheck>,
}

impl RunPlan {
    /// The plan for `grid` under `options`: the settings checked, the groups sized from the
    /// device (only those the algorithm runs), and the memory its tables need checked against
    /// what this machine allows ([`memory::check`]) before anything is allocated.
    pub fn new(grid: &Grid, options: &SolveOptions) -> Result<RunPlan> {
        let plan = RunPlan::resolve(grid, options)?;
        memory::check(grid, &plan, Available::here())?;
        Ok(plan)
    }

    /// [`RunPlan::new`] without the memory check.
    fn resolve(grid: &Grid, options: &SolveOptions) -> Result<RunPlan> {
        let algorithm = options.algorithm;
        let (runs_ga, runs_aco) = match algorithm {
            Algorithm::Ga => (true, false),
            Algorithm::Aco => (false, true),
            Algorithm::Auto => (true, true),
            Algorithm::Exact => (false, false),
        };
        let mut ga = options.ga.clone();
        let mut aco = AcoConfig {
            seed: options.ga.seed,
            ..options.aco.clone()
        };
        if runs_ga {
            ga.validate()?;
        }
        if runs_aco {
            aco.validate()?;
        }
        let device = match algorithm {
            Algorithm::Exact => Device::Cpu,
            _ => options.device.clone(),
        };
        if runs_ga && options.fill_device.islands {
            if let Some(islands) = sizing::fill_islands(&device, grid, &ga, Fill::Solve) {
                ga.islands = islands;
            }
        }
        if runs_aco && options.fill_device.colonies {
            if let Some(colonies) = sizing::fill_colonies(&device, grid, &aco) {
                aco.colonies = colonies;
            }
        }
        let precheck = matches!(algorithm, Algorithm::Ga | Algorithm::Aco).then_some(Precheck {
            nodes: options.unsolvable_check_nodes,
            shortcut: options.exact_shortcut,
        });
        Ok(RunPlan {
            options: SolveOptions {
                device,
                ga,
                aco,
                ..options.clone()
            },
            precheck,
        })
    }

    /// The time left of the limit for a run that began at `start`.
    pub fn time_left(&self, start: Instant) -> Option<Duration> {
        self.options
            .time_limit
            .map(|limit| limit.saturating_sub(start.elapsed()))
    }

    /// Which adapter runs how many of `islands` and `colonies` ([`Device::adapter_shares`]).
    pub fn adapter_shares(&self, islands: Option<u32>, colonies: Option<u32>) -> Vec<AdapterShare> {
        self.options.device.adapter_shares(islands, colonies)
    }
}

/// The CDCL streams the default solver's exact member runs on `grid` under `options`
/// (`--exact-streams`, from [`RESTARTS_FROM_BOX`]), each a search on a thread of its own when the
/// puzzle has the threads; `None`: no such member (a smaller board, another algorithm).
pub fn exact_streams(grid: &Grid, options: &SolveOptions) -> Option<u32> {
    (options.algorithm == Algorithm::Auto && grid.geometry().box_size() >= RESTARTS_FROM_BOX)
        .then_some(options.exact_streams)
}

/// The CPU threads one puzzle of `grids` keeps busy at once under `options`, the most over the
/// puzzles: the exact member's streams where it runs several ([`exact_streams`]), else one (the
/// engines' pools take any share, and a thread per puzzle is as fast for them). A batch that
/// runs no more puzzles at once than the threads over this ([`crate::solve::batch::plan_for`])
/// gives up no throughput, and no puzzle gets less than it uses: under a time limit, a puzzle
/// with fewer threads than its streams gets through fewer rounds than alone.
pub fn busy_threads<'a>(grids: impl Iterator<Item = &'a Grid>, options: &SolveOptions) -> usize {
    grids
        .filter_map(|grid| exact_streams(grid, options))
        .max()
        .map_or(1, |streams| streams.max(1) as usize)
}

/// The most bytes one puzzle of `grids` needs under `options` (the plan of the puzzle with the
/// fewest givens of each board size: the tables grow with the size and the open cells); a
/// batch runs no more puzzles at once than memory holds ([`memory::batch_width`]). Puzzles
/// whose plan fails count nothing here: their own plan refuses them.
pub fn batch_bytes<'a>(grids: impl Iterator<Item = &'a Grid>, options: &SolveOptions) -> u64 {
    most_per_puzzle(grids, options, &|grid, plan| {
        memory::estimate(grid, plan)
            .iter()
            .fold(0u64, |sum, p| sum.saturating_add(p.bytes))
    })
}

/// [`batch_bytes`] for the memory of the GPU `ctx`: the most its engines' buffers take for one
/// puzzle of `grids` ([`placement::device_bytes`]).
pub fn batch_device_bytes<'a>(
    grids: impl Iterator<Item = &'a Grid>,
    options: &SolveOptions,
    ctx: &crate::gpu::GpuContext,
) -> u64 {
    most_per_puzzle(grids, options, &|grid, plan| {
        placement::device_bytes(grid, plan, ctx)
    })
}

/// The most `bytes` gives for the plan of the emptiest puzzle of each size of `grids`.
fn most_per_puzzle<'a>(
    grids: impl Iterator<Item = &'a Grid>,
    options: &SolveOptions,
    bytes: &dyn Fn(&Grid, &RunPlan) -> u64,
) -> u64 {
    emptiest_per_size(grids.enumerate())
        .into_iter()
        .filter_map(|(_, grid)| Some(bytes(grid, &RunPlan::resolve(grid, options).ok()?)))
        .max()
        .unwrap_or(0)
}

/// The index and grid of the puzzle with the fewest givens of each board size among `grids`
/// (the first of equals), smallest size first: the one whose plan needs the most memory.
pub fn emptiest_per_size<'a>(
    grids: impl Iterator<Item = (usize, &'a Grid)>,
) -> Vec<(usize, &'a Grid)> {
    // Each entry keeps its givens: a batch of 50,000 puzzles counts each grid's once.
    let mut emptiest: std::collections::BTreeMap<usize, (usize, &Grid, usize)> = Default::default();
    for (index, grid) in grids {
        let side = grid.geometry().side();
        let givens = grid.givens();
        let entry = emptiest.entry(side).or_insert((index, grid, givens));
        if givens < entry.2 {
            *entry = (index, grid, givens);
        }
    }
    emptiest
        .into_values()
        .map(|(index, grid, _)| (index, grid))
        .collect()
}

/// Checks, before any puzzle of a batch is solved, every option a board size can refuse (the
/// memory its tables need, [`RunPlan::new`]; the GA's and the ACS's buffers and loop budgets on
/// one GPU) on the emptiest puzzle of each size: `Err((index, error))` names the first puzzle
/// refused, by its index in `grids`. An ACS batch sharing one GPU engine holds no more puzzles
/// than its buffers allow ([`sizing::gpu_aco_batch_puzzles`]), and its loop budgets are an
/// invocation's, so the check of one puzzle covers it.
pub fn check_sizes<'a>(
    grids: impl Iterator<Item = &'a Grid>,
    options: &SolveOptions,
) -> std::result::Result<(), (usize, crate::error::Error)> {
    for (index, grid) in emptiest_per_size(grids.enumerate()) {
        let plan = RunPlan::new(grid, options).map_err(|error| (index, error))?;
        // The engines on one GPU (the GA, the ACS, or the portfolio's walk and ACS members):
        // their buffers against the adapter's limits and, on lavapipe, their loop budgets.
        let Device::Gpu(ctx) = &plan.options.device else {
            continue;
        };
        let checked = match plan.options.algorithm {
            Algorithm::Ga => placement::check(grid, EngineKind::Ga, &plan, ctx),
            Algorithm::Aco => placement::check(grid, EngineKind::Aco, &plan, ctx),
            // The default solver's members go to the CPU where a software adapter cannot
            // run them ([`placement::place`]).
            Algorithm::Auto => [EngineKind::Ga, EngineKind::Aco]
                .into_iter()
                .try_for_each(|kind| placement::place(grid, kind, &plan).map(drop)),
            Algorithm::Exact => Ok(()),
        };
        checked.map_err(|error| (index, error))?;
    }
    Ok(())
}
