//! Tests: the Ant Colony System — fixed-point arithmetic, propagation against the exact solver,
//! pheromone updates, determinism, solving, and (on any adapter, lavapipe in CI) the GPU stages
//! against their CPU twins bit for bit.

use evoku::aco::common::{self, blend, mul_q16, pheromone_shift, NO_CHOICE};
use evoku::aco::cpu::colony_update::{colony_update, global_update};
use evoku::aco::cpu::propagate::{propagate, Ant};
use evoku::aco::cpu::restart::restart;
use evoku::aco::cpu::tour::{greedy_choice, local_update, roulette_choice, tour};
use evoku::aco::cpu::CpuAco;
use evoku::aco::gpu::AcoStage;
use evoku::aco::{
    self, run, AcoConfig, AcoEngine, AcoLimits, AcoOutcome, AcoParams, AcoTables, Colony,
};
use evoku::board::Grid;
use evoku::device::Device;
use evoku::exact::{self, Solver};
use evoku::format::{self, ParseOptions};
use evoku::rng::Rng;

use crate::util;

fn puzzle(path: &std::path::Path) -> Grid {
    let (puzzles, _) =
        format::read_puzzles(path.to_str().expect("utf-8 path"), &ParseOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    puzzles[0].grid.clone()
}

pub(crate) fn repo_puzzle(name: &str) -> Grid {
    puzzle(&util::repo(&format!("puzzles/{name}.txt")))
}

/// A Lloyd & Amos instance carried in `tests/data`, e.g. `inst16x16_45_0`.
pub(crate) fn lloyd_amos(name: &str) -> Grid {
    puzzle(&util::lloyd_amos(&format!("{name}.txt")))
}

/// A Lloyd & Amos instance of the full set under `benchmarks` (`EVOKU_BENCHMARKS`).
pub(crate) fn full_set(benchmarks: &std::path::Path, name: &str) -> Grid {
    puzzle(&benchmarks.join(format!("lloyd-amos/general/{name}.txt")))
}

pub(crate) fn config(edit: impl FnOnce(&mut AcoConfig)) -> AcoConfig {
    let mut c = AcoConfig::default();
    edit(&mut c);
    c
}

/// The exact solver with the ACS's rules only (singles and hidden singles).
fn singles_solver(grid: &Grid) -> Solver {
    let mut s = Solver::new(grid.geometry());
    s.set_locked_candidates(false);
    s.set_alldiff(false);
    s
}

mod choices_and_pheromone;
mod fixed_point;
mod gpu;
mod gpu_batch;
mod propagation;
mod whole_runs;
pub(crate) use whole_runs::{run_engine, same_outcome, Stepped};
