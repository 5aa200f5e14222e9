//! One ACS run across several devices (`--adapters`): the colonies are split into contiguous
//! parts, one [`GpuAco`] per device, each with its own queue, and the run is bit for bit the run
//! of one engine holding every colony.
//!
//! Colonies are independent but for the exchange: at the end of iteration `i` with
//! `i % exchange_interval == 0` each colony may adopt the overall best of its ring neighbour,
//! colony `c - 1` (mod the colonies). Inside a part that neighbour is local; a part's first colony
//! takes it from the previous part's last colony, whose overall best the host copies into the
//! part's ghost record before the exchange stage runs. Between exchanges the parts run on their
//! own devices at once: the host steps them to each exchange iteration (tours, colony updates and
//! restarts), passes the records round the ring, runs the exchange stage on every part and goes
//! on. A restart is a colony's own affair (its stagnation, its pheromone) and runs inside the
//! parts; the stop decision is the run loop's, over every part's colony states in colony order
//! ([`crate::aco::run()`]), as for one engine.

use super::{AcoStage, GpuAco};
use crate::aco::common::{AcoParams, AcoTables, Colony};
use crate::aco::{AcoConfig, AcoEngine};
use crate::error::{Error, Result};
use crate::gpu::split::Parts;
use crate::gpu::GpuContext;

/// The ACS on several devices; see the module documentation.
pub struct MultiGpuAco {
    parts: Parts<GpuAco>,
    /// The whole run's parameters (every colony).
    params: AcoParams,
    /// Iterations stepped so far: the iteration of every unsolved colony.
    iteration: u32,
}

impl MultiGpuAco {
    /// Splits `config.colonies` over the devices of `contexts` (a device may appear more than
    /// once: tests open one adapter as two). With more devices than colonies, the last devices
    /// get none (one colony per part); with one part it is a plain [`GpuAco`].
    pub fn new(contexts: &[GpuContext], tables: AcoTables, config: &AcoConfig) -> Result<Self> {
        let parts = Parts::new(contexts, config.colonies, |ctx, range| {
            GpuAco::new_part(ctx, tables.clone(), config, range)
        })?;
        let params = AcoParams {
            colonies: config.colonies,
            first_colony: 0,
            ..*parts.engines[0].params()
        };
        Ok(MultiGpuAco {
            parts,
            params,
            iteration: 0,
        })
    }

    /// Each part's adapter and colony count, in colony order.
    pub fn colonies_per_adapter(&self) -> Vec<(String, u32)> {
        self.parts
            .engines
            .iter()
            .map(|p| (p.context().describe(), p.params().colonies))
            .collect()
    }

    pub fn parts(&self) -> &[GpuAco] {
        &self.parts.engines
    }

    /// Every part's last colony's overall best goes to the next part's ghost record.
    fn pass_ghosts(&mut self) -> Result<()> {
        self.parts
            .pass_round(GpuAco::last_overall_record, |part, record| {
                part.set_ghost(record)
            })
    }
}

impl AcoEngine for MultiGpuAco {
    fn step_or_cut(&mut self, iterations: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        match self.parts.engines.as_mut_slice() {
            [one] => one.step_or_cut(iterations, cut),
            _ => self.step(iterations).map(|()| iterations),
        }
    }

    fn step(&mut self, iterations: u32) -> Result<()> {
        if let [one] = self.parts.engines.as_mut_slice() {
            return one.step(iterations);
        }
        let interval = self.params.exchange_interval;
        let mut left = iterations;
        while left > 0 {
            // Up to the next exchange: the parts need nothing from each other until then, and
            // run at once (a submit does not wait for the device).
            let run = match interval {
                0 => left,
                interval => left.min(interval - self.iteration % interval),
            };
            for part in &self.parts.engines {
                part.step_without_exchange(run)?;
            }
            self.iteration += run;
            left -= run;
            // `exchange` does nothing between multiples of the interval: it runs only here.
            if interval != 0 && self.iteration.is_multiple_of(interval) {
                self.pass_ghosts()?;
                for part in &mut self.parts.engines {
                    part.run_exchange()?;
                }
            }
        }
        Ok(())
    }

    fn colonies(&mut self) -> Result<Vec<Colony>> {
        self.parts.states(|part| part.colony_states())
    }

    fn overall_best(&mut self, colony: u32) -> Result<Vec<u8>> {
        match self.parts.locate(colony) {
            Some((p, local)) if colony < self.params.colonies => {
                self.parts.engines[p].overall_best(local)
            }
            _ => Err(Error::Internal(format!("no colony {colony}"))),
        }
    }

    fn params(&self) -> &AcoParams {
        &self.params
    }

    fn tables(&self) -> &AcoTables {
        self.parts.engines[0].tables()
    }

    fn iterations_per_step(&self) -> u32 {
        self.parts.per_step(GpuAco::iterations_per_step)
    }
}

// The steps of an exchange across parts, on the part engines (this module is a child of the
// engine's, so it reads the engine's buffers directly).

impl GpuAco {
    /// `iterations` iterations of tours, colony updates and restarts: the exchange, which does
    /// nothing between multiples of the interval, is left to the caller.
    fn step_without_exchange(&self, iterations: u32) -> Result<()> {
        let stages = [AcoStage::Tour, AcoStage::ColonyUpdate, AcoStage::Restart];
        self.schedule
            .run(iterations, |now| self.submit(now, &stages).map(drop))
    }

    /// The overall-best record (`filled`, then a digit per cell) of this engine's last colony:
    /// what the next part's first colony may adopt at an exchange.
    fn last_overall_record(&self) -> Result<Vec<u8>> {
        let words = self.params.record_words as u64;
        let half = 1 + self.params.cells as u64;
        let last = self.params.colonies as u64 - 1;
        self.schedule.read(
            &self.ctx,
            &self.records,
            (last * words + half) * 4,
            half * 4,
            None,
        )
    }

    /// Puts the previous part's last overall best into the overall half of the ghost record
    /// (the record after this engine's own), where `exchange` looks for colony 0's
    /// neighbour; only engines holding part of the run's colonies have one.
    fn set_ghost(&self, record: &[u8]) -> Result<()> {
        if self.params.colonies >= self.params.run_colonies {
            return Err(Error::Internal(
                "an engine with every colony has no ghost record".into(),
            ));
        }
        let words = self.params.record_words as u64;
        let half = 1 + self.params.cells as u64;
        let ghost = self.params.colonies as u64 * words + half;
        let queue = &self.ctx.queue;
        self.ctx.scoped("writing the ghost record", || {
            queue.write_buffer(&self.records, ghost * 4, record);
        })
    }
}
