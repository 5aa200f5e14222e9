//! The Ant Colony System of Lloyd & Amos (docs/ALGORITHMS.md section 8) on the CPU and the GPU: the
//! published metaheuristic the GA is measured against, and a solver of its own.
//!
//! # The algorithm
//!
//! The givens are propagated (a fixed value leaves its peers, a cell with one candidate is fixed, a
//! value with one place in a row, column or box is fixed). Each iteration every ant copies that
//! board, starts at a random cell and visits every cell once in order; at an open cell it takes the
//! candidate with the most pheromone with probability `q0` (greedy) and otherwise draws one with
//! probability proportional to its pheromone (roulette), then propagates and applies the local
//! update `tau = (1 - phi) tau + phi tau0` to its choice. A cell left without candidates stays
//! empty. The ant that filled the most cells (`f`, ties to the lower ant) becomes the best so far
//! when its deposit `c / (c - f)` exceeds the current best value; every iteration the best-so-far
//! solution gets `tau = (1 - rho) tau + rho best_value`, and the best value evaporates,
//! `best_value *= 1 - evaporation`, so that a colony keeps moving.
//!
//! Where evoku departs from the authors' C++ (all measured in `docs/results/aco.md#ant-colony-system-against-the-ga`):
//! - `q0` is the probability of the *greedy* choice, as the paper says. The authors' code takes
//!   the greedy branch when a uniform draw exceeds `q0`, so their default 0.9 is greedy one time in
//!   ten; `--q0 0.1` reproduces their code.
//! - The ants of a colony step in lockstep and see the local updates of earlier steps only (the
//!   authors' ants, stepped one after the other, also see those of lower-numbered ants in the same
//!   step): this is what lets them run in parallel on the GPU with a deterministic result.
//! - Pheromone is fixed point (see [`common`]) so that the CPU and the GPU agree bit for bit.
//! - Propagation is a stack of fixed cells plus a scan of changed units for hidden singles, with a
//!   budget per ant step ([`AcoParams::step_budget`]) that bounds the loops of a GPU dispatch;
//!   work beyond it waits for the ant's next step, which only resumes it (the ant does not choose
//!   or move on meanwhile). A tour has a few slack steps beyond one per cell
//!   ([`AcoParams::tour_steps`]) so that a delayed ant still visits every cell. The default budget
//!   (four boards' worth of work at 9x9, about one at 16x16 and 25x25, less beyond) cuts one ant
//!   step short per 60 tours at 25x25 45 %, none at 9x9 and 16x16, about 1.3 steps per tour at
//!   36x36 and 12 at 64x64 (`docs/results/large-boards.md#large-boards`, "Large boards"), never so many that a tour
//!   misses a cell there.
//! - Several independent colonies run side by side; a colony whose fullest ant has not improved
//!   for `restart_after` iterations starts again from fresh pheromone, and colonies can adopt their
//!   ring neighbour's best every `exchange_interval` iterations. The result is that of the colony
//!   that solved first (lowest iteration, then lowest index), so it depends neither on the thread
//!   count nor on how many iterations run between checks. On several GPUs (`--adapters`) the
//!   colonies split over the devices ([`gpu::MultiGpuAco`]), with the same result. The engine of
//!   a device is built in [`crate::plan::engines`].
//!
//! Randomness comes from [`crate::rng`], keyed by (seed, colony, iteration, ant): draw 0 picks the
//! start cell, draws `1 + 2 s` and `2 + 2 s` decide step `s` (greedy or not, then the roulette).

pub mod common;
pub mod cpu;
pub mod gpu;
pub mod prelude;
pub mod run;
mod tables;

pub use common::{AcoParams, AcoTables, Colony};
pub use run::{run, AcoEngine, AcoLimits, AcoOutcome};

use crate::board::Geometry;
use crate::error::{Error, Result};
use crate::rng::rate_q16;

/// Every knob of the Ant Colony System. A run is a pure function of (puzzle, config).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AcoConfig {
    /// Ants per colony (the authors': 10).
    pub ants: u32,
    /// Probability of the greedy choice (the paper's meaning; the authors' code behaves as
    /// `1 - q0`, so their default 0.9 corresponds to 0.1 here).
    pub q0: f64,
    /// Global pheromone update rate.
    pub rho: f64,
    /// Best-value evaporation per iteration.
    pub evaporation: f64,
    /// Local pheromone update rate (`phi`).
    pub local_update: f64,
    /// Independent colonies.
    pub colonies: u32,
    /// Restart a colony after this many iterations without a fuller ant; 0 = never.
    pub restart_after: u32,
    /// Every this many iterations each colony adopts its ring neighbour's best when that is
    /// fuller than its own best-so-far; 0 = never.
    pub exchange_interval: u32,
    pub max_iterations: u32,
    /// Propagation budget per ant step; 0 = automatic (tests set small ones).
    pub step_budget: u32,
    pub seed: u64,
}

impl Default for AcoConfig {
    /// The authors' settings (10 ants, q0 0.9, rho 0.9, evaporation 0.005, local update 0.1),
    /// with evoku's colonies and restarts (see `docs/results/aco.md#ant-colony-system-against-the-ga`).
    fn default() -> AcoConfig {
        AcoConfig {
            ants: 10,
            q0: 0.9,
            rho: 0.9,
            evaporation: 0.005,
            local_update: 0.1,
            colonies: DEFAULT_COLONIES,
            restart_after: DEFAULT_RESTART_AFTER,
            exchange_interval: 0,
            max_iterations: 10_000_000,
            step_budget: 0,
            seed: 0,
        }
    }
}

/// Colonies by default: enough to keep a few cores busy; the result does not depend on the
/// thread count.
pub const DEFAULT_COLONIES: u32 = 4;
/// Iterations without a fuller ant before a colony restarts, by default (measured in
/// `docs/results/aco.md#ant-colony-system-against-the-ga`).
pub const DEFAULT_RESTART_AFTER: u32 = 150;
/// Most colonies of a run.
pub const MAX_COLONIES: u32 = 1 << 16;
/// Most ants per colony (the GPU runs one colony's ants in one workgroup).
pub const MAX_ANTS: u32 = common::TOUR_WORKGROUP;

impl AcoConfig {
    /// Checks every field; the error names the option to change and the values it accepts.
    pub fn validate(&self) -> Result<()> {
        if self.ants == 0 || self.ants > MAX_ANTS {
            return Err(Error::invalid_option(
                "--ants",
                self.ants,
                format!("1..={MAX_ANTS}"),
            ));
        }
        for (name, rate) in [
            ("--q0", self.q0),
            ("--rho", self.rho),
            ("--evaporation", self.evaporation),
            ("--local-update", self.local_update),
        ] {
            if !(0.0..=1.0).contains(&rate) {
                return Err(Error::invalid_option(name, rate, "within 0..=1"));
            }
        }
        if self.colonies == 0 || self.colonies > MAX_COLONIES {
            return Err(Error::invalid_option(
                "--colonies",
                self.colonies,
                format!("1..={MAX_COLONIES}"),
            ));
        }
        if self.max_iterations == 0 || self.max_iterations >= u32::MAX / 2 {
            return Err(Error::invalid_option(
                "--max-iterations",
                self.max_iterations,
                "1..2^31",
            ));
        }
        Ok(())
    }

    /// The stage parameters for `tables`' board (`steps_per_dispatch` and `colonies_per_group`
    /// are the GPU engine's to set).
    pub fn params(&self, tables: &AcoTables) -> AcoParams {
        let params = self.params_for(tables.geometry, tables.start_filled);
        debug_assert_eq!(params.npeers as usize, tables.npeers);
        params
    }

    /// [`params`](Self::params) from the board's shape and the cells its propagation fixed
    /// alone, without building the tables (O(cells^2)): what the memory estimate reads.
    pub fn params_for(&self, geometry: Geometry, start_filled: u32) -> AcoParams {
        let cells = geometry.cells() as u32;
        let n = geometry.side() as u32;
        let b = geometry.box_size() as u32;
        let npeers = common::peer_count(geometry);
        let k = common::pheromone_shift(cells);
        let tau0 = 1u32 << k;
        let local_q16 = rate_q16(self.local_update);
        let cand_words = common::cand_words(n);
        let mut params = AcoParams {
            box_size: b,
            side: n,
            cells,
            npeers,
            ants: self.ants,
            colonies: self.colonies,
            colonies_per_group: (common::TOUR_WORKGROUP / self.ants).max(1),
            steps_per_dispatch: 1,
            q0_q16: rate_q16(self.q0),
            rho_q16: rate_q16(self.rho),
            evaporation_q16: rate_q16(self.evaporation),
            local_q16,
            tau0,
            local_add: common::mul_q16(tau0, local_q16),
            dtau_numerator: ((cells as u64 * cells as u64) << k) as u32,
            restart_after: self.restart_after,
            exchange_interval: self.exchange_interval,
            step_budget: 0,
            work_cost: common::work_cost(geometry),
            seed_lo: self.seed as u32,
            seed_hi: (self.seed >> 32) as u32,
            ant_words: common::ANT_HEADER_WORDS + (cand_words + 1) * cells,
            record_words: 2 * (1 + cells),
            start_filled,
            tour_steps: cells + common::tour_slack(cells),
            cand_words,
            first_colony: 0,
            run_colonies: self.colonies,
        };
        // What a one-step lavapipe dispatch of the most ants spends beside the propagation.
        let rest = cpu::tour::loop_bound(
            &AcoParams {
                ants: MAX_ANTS,
                ..params
            },
            1,
        );
        let room = crate::gpu::SOFTWARE_LOOP_BUDGET.saturating_sub(rest);
        params.step_budget = common::step_budget(geometry, self.step_budget, room);
        params
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;

    #[test]
    fn peers_are_the_other_cells_of_a_cells_units_in_increasing_order() {
        for box_size in 2..=5 {
            let g = Geometry::new(box_size).unwrap();
            let tables = AcoTables::new(&Grid::empty(g));
            for c in 0..g.cells() {
                let expected: Vec<u32> = (0..g.cells())
                    .filter(|&p| {
                        p != c
                            && (g.row_of(p) == g.row_of(c)
                                || g.col_of(p) == g.col_of(c)
                                || g.box_of(p) == g.box_of(c))
                    })
                    .map(|p| p as u32)
                    .collect();
                assert_eq!(
                    tables.peers_of(c),
                    &expected[..],
                    "box {box_size}, cell {c}"
                );
            }
        }
    }

    #[test]
    fn params_from_the_shape_equal_params_from_the_tables() {
        for box_size in 2..=8 {
            let geometry = Geometry::new(box_size).unwrap();
            let mut grid = Grid::empty(geometry);
            grid.set(0, 1);
            let tables = AcoTables::new(&grid);
            let config = AcoConfig::default();
            assert_eq!(
                config.params_for(geometry, tables.start_filled),
                config.params(&tables),
                "box size {box_size}"
            );
        }
    }
}
