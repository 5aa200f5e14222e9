//! The Ant Colony System on the CPU: colonies in parallel on a rayon pool, the stages of this
//! module in sequence within each.
//!
//! `crates/evoku/shaders/aco/<stage>.wgsl` is the twin of `crates/evoku/src/aco/cpu/<stage>.rs` (`tour`, `colony_update`,
//! `restart`, `exchange`, and the `propagate` they share); the parity tests in `tests/aco_gpu.rs` compare their
//! buffers bit for bit.

pub mod colony_update;
pub mod exchange;
pub mod propagate;
pub mod restart;
pub mod tour;

use std::sync::Arc;

use rayon::prelude::*;

use super::common::{AcoParams, AcoTables, Colony};
use super::{AcoConfig, AcoEngine};
use crate::error::{Error, Result};
use crate::step_loop::concat;
use colony_update::colony_update;
use exchange::exchange;
use propagate::Ant;
use restart::restart;
use tour::tour;

/// One colony's buffers.
#[derive(Clone, Debug)]
pub struct ColonyBuffers {
    pub state: Colony,
    pub ants: Vec<Ant>,
    pub pheromone: Vec<u32>,
    /// Best-so-far then overall best: `filled`, then one digit per cell, each.
    pub records: Vec<u32>,
}

impl ColonyBuffers {
    fn iterate(&mut self, p: &AcoParams, t: &AcoTables, index: u32) {
        tour(
            p,
            t,
            index,
            &mut self.state,
            &mut self.ants,
            &mut self.pheromone,
            p.tour_steps,
        );
        colony_update(
            p,
            &mut self.state,
            &self.ants,
            &mut self.pheromone,
            &mut self.records,
        );
        restart(p, &self.state, &mut self.pheromone);
    }

    /// The overall-best record (filled count, digits).
    pub fn overall_record(&self, p: &AcoParams) -> &[u32] {
        &self.records[1 + p.cells as usize..]
    }
}

/// The CPU engine.
pub struct CpuAco {
    params: AcoParams,
    tables: AcoTables,
    colonies: Vec<ColonyBuffers>,
    pool: Option<Arc<rayon::ThreadPool>>,
    /// Iterations run so far (the iteration of every unsolved colony).
    iteration: u32,
}

impl CpuAco {
    /// Fresh colonies: pheromone `tau0` everywhere, zeroed ants and records (the GPU's fresh
    /// buffers). `threads`: `None` uses rayon's global pool (all cores).
    pub fn new(tables: AcoTables, config: &AcoConfig, threads: Option<usize>) -> Result<CpuAco> {
        config.validate()?;
        let params = config.params(&tables);
        let pool = match threads {
            Some(t) => Some(Arc::new(crate::threads::pool(t)?)),
            None => None,
        };
        let side = tables.side;
        crate::state_size::check_memory(
            &[params.host_bytes()],
            crate::state_size::Available::here(),
            &format!("a {side}x{side} puzzle"),
        )?;
        use crate::state_size::try_filled as filled;
        let colony = ColonyBuffers {
            state: Colony::default(),
            ants: vec![Ant::new(tables.cells); params.ants as usize],
            pheromone: filled(params.tau0, params.pher_words(), "a pheromone table")?,
            records: vec![0; params.record_words as usize],
        };
        let mut colonies = Vec::new();
        colonies
            .try_reserve_exact(params.colonies as usize)
            .map_err(|_| Error::Config("cannot allocate the ACS's colonies".into()))?;
        for _ in 0..params.colonies {
            colonies.push(colony.clone());
        }
        Ok(CpuAco {
            colonies,
            params,
            tables,
            pool,
            iteration: 0,
        })
    }

    pub fn colony_buffers(&self) -> &[ColonyBuffers] {
        &self.colonies
    }

    fn install<R: Send>(&mut self, work: impl FnOnce(&mut Self) -> R + Send) -> R {
        match self.pool.clone() {
            Some(pool) => pool.install(|| work(self)),
            None => work(self),
        }
    }

    /// The `tour` stage alone: every step of the current iteration, every colony.
    pub fn run_tours(&mut self) {
        let (p, t) = (&self.params, &self.tables);
        self.colonies.iter_mut().enumerate().for_each(|(i, c)| {
            tour(
                p,
                t,
                i as u32,
                &mut c.state,
                &mut c.ants,
                &mut c.pheromone,
                p.tour_steps,
            )
        });
    }

    /// The `colony_update` stage alone, every colony.
    pub fn run_colony_update(&mut self) {
        let p = &self.params;
        for c in &mut self.colonies {
            colony_update(p, &mut c.state, &c.ants, &mut c.pheromone, &mut c.records);
        }
    }

    /// The `restart` stage alone, every colony.
    pub fn run_restart(&mut self) {
        let p = &self.params;
        for c in &mut self.colonies {
            restart(p, &c.state, &mut c.pheromone);
        }
    }

    /// The `exchange` stage alone, every colony (reads a snapshot of the overall bests, as the
    /// GPU's colonies read records no one writes in that stage).
    pub fn run_exchange(&mut self) {
        let p = &self.params;
        if p.exchange_interval == 0 {
            return;
        }
        let overall: Vec<Vec<u32>> = self
            .colonies
            .iter()
            .map(|c| c.overall_record(p).to_vec())
            .collect();
        let cells = p.cells as usize;
        for (i, c) in self.colonies.iter_mut().enumerate() {
            let neighbour = &overall[p.ring_neighbour(i as u32) as usize];
            exchange(p, &mut c.state, &mut c.records[..1 + cells], neighbour);
        }
    }

    /// Every ant of every colony in the GPU's `ants` layout (tests).
    pub fn ant_words(&self) -> Vec<u32> {
        self.colonies
            .iter()
            .flat_map(|c| c.ants.iter().flat_map(|a| a.words(self.params.cand_words)))
            .collect()
    }

    /// Every colony's pheromone, colony after colony (tests).
    pub fn pheromone(&self) -> Vec<u32> {
        concat(&self.colonies, |c| &c.pheromone)
    }

    /// Every colony's records, colony after colony (tests).
    pub fn records(&self) -> Vec<u32> {
        concat(&self.colonies, |c| &c.records)
    }

    pub fn colony_states(&self) -> Vec<Colony> {
        self.colonies.iter().map(|c| c.state).collect()
    }

    /// Runs `iterations` iterations of every unsolved colony, in parallel, with the exchanges
    /// that fall due in between.
    fn iterate(&mut self, iterations: u32) {
        let mut left = iterations;
        while left > 0 {
            let interval = self.params.exchange_interval;
            let chunk = if interval == 0 {
                left
            } else {
                left.min(interval - self.iteration % interval)
            };
            let (p, t) = (&self.params, &self.tables);
            self.colonies.par_iter_mut().enumerate().for_each(|(i, c)| {
                for _ in 0..chunk {
                    if c.state.solved != 0 {
                        break;
                    }
                    c.iterate(p, t, i as u32);
                }
            });
            self.iteration += chunk;
            left -= chunk;
            if interval != 0 && self.iteration.is_multiple_of(interval) {
                self.run_exchange();
            }
        }
    }
}

impl AcoEngine for CpuAco {
    fn step(&mut self, iterations: u32) -> Result<()> {
        self.install(|e| e.iterate(iterations));
        Ok(())
    }

    fn colonies(&mut self) -> Result<Vec<Colony>> {
        Ok(self.colony_states())
    }

    fn overall_best(&mut self, colony: u32) -> Result<Vec<u8>> {
        let p = &self.params;
        self.colonies
            .get(colony as usize)
            .map(|c| c.overall_record(p)[1..].iter().map(|&d| d as u8).collect())
            .ok_or_else(|| Error::Internal(format!("no colony {colony}")))
    }

    fn params(&self) -> &AcoParams {
        &self.params
    }

    fn tables(&self) -> &AcoTables {
        &self.tables
    }

    fn iterations_per_step(&self) -> u32 {
        // About 1e6 cell visits per step: some tens of milliseconds on one core.
        let work = self.params.colonies as u64 * self.params.ants as u64 * self.params.cells as u64;
        (1_000_000 / work.max(1)).clamp(1, 1000) as u32
    }
}
