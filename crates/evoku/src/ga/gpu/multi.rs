//! One GA run across several devices (`--adapters`): the islands are split into contiguous
//! parts, one [`GpuEngine`] per device, each with its own queue, and the run is bit for bit the
//! run of one engine holding every island.
//!
//! Islands only meet at migrations: at generation `g` with `g % migration_interval == 0`, the
//! last slot of island `i` takes the best individual of island `i - 1` (mod the islands) of
//! generation `g - 1`, as the CPU engine's `breed` defines. Inside a part that island is local;
//! the first island of a part takes it from the previous part's last island, which the host
//! copies into the part's ghost island before that generation. Between migrations the parts run
//! on their own devices at once; the host steps them to the generation before each migration,
//! passes the migrants round the ring, and goes on.

use super::buffers::ISLAND_BYTES;
use super::GpuEngine;
use crate::error::{Error, Result};
use crate::ga::{Engine, GaConfig, Island, Problem};
use crate::gpu::split::{split_evenly, Parts};
use crate::gpu::GpuContext;

/// Islands `islands` split over `parts` as evenly as they go, the first parts taking one more
/// ([`split_evenly`]).
pub fn split_islands(islands: u32, parts: usize) -> Vec<std::ops::Range<u32>> {
    split_evenly(islands, parts)
}

/// The GA on several devices; see the module documentation.
pub struct MultiGpuEngine {
    parts: Parts<GpuEngine>,
    migration_interval: u32,
    /// Generations stepped since `init` (generation 0): the generation every unsolved island holds.
    generation: u32,
}

impl MultiGpuEngine {
    /// Splits `config.islands` over the devices of `contexts` (a device may appear more than
    /// once: tests open one adapter as two); with one context it is a plain [`GpuEngine`].
    pub fn new(contexts: &[GpuContext], problem: Problem, config: &GaConfig) -> Result<Self> {
        let parts = Parts::new(contexts, config.islands, |ctx, range| {
            GpuEngine::new_part(ctx, problem.clone(), config, range)
        })?;
        Ok(MultiGpuEngine {
            parts,
            migration_interval: config.migration,
            generation: 0,
        })
    }

    /// Each part's adapter and island count, in island order.
    pub fn islands_per_adapter(&self) -> Vec<(String, u32)> {
        self.parts
            .engines
            .iter()
            .map(|p| (p.context().describe(), p.params().islands))
            .collect()
    }

    /// [`GpuEngine::invocations_per_stage`] summed over the parts.
    pub fn invocations_per_stage(&self) -> Vec<(&'static str, u64)> {
        let mut total = self.parts.engines[0].invocations_per_stage();
        for part in &self.parts.engines[1..] {
            for (sum, (_, count)) in total.iter_mut().zip(part.invocations_per_stage()) {
                sum.1 += count;
            }
        }
        total
    }

    pub fn parts(&self) -> &[GpuEngine] {
        &self.parts.engines
    }

    /// Whether generation `generation` brings migrants across parts (the condition of `migrates`
    /// in `breed`, islands counted over the whole ring).
    fn migrates(&self, generation: u32) -> bool {
        let p = self.parts.engines[0].params();
        self.parts.engines.len() > 1
            && self.migration_interval != 0
            && generation.is_multiple_of(self.migration_interval)
            && p.population > p.elites
    }

    /// Every part's last island's best goes to the next part's ghost island.
    fn pass_migrants(&mut self) -> Result<()> {
        self.parts
            .pass_round(GpuEngine::last_island_best, GpuEngine::set_ghost)
    }
}

impl Engine for MultiGpuEngine {
    fn step(&mut self, generations: u32) -> Result<()> {
        let mut left = generations;
        while left > 0 {
            let next = self.generation + 1;
            if self.migrates(next) {
                self.pass_migrants()?;
            }
            // Up to the generation before the next migration: the parts need nothing from each
            // other until then, and run at once.
            let run = match self.migration_interval {
                0 => left,
                interval => left.min(interval - next % interval),
            };
            for part in &mut self.parts.engines {
                part.step(run)?;
            }
            self.generation += run;
            left -= run;
        }
        Ok(())
    }

    fn islands(&mut self) -> Result<Vec<Island>> {
        self.parts.states(GpuEngine::islands)
    }

    fn overall_best(&mut self, island: u32) -> Result<Vec<u8>> {
        match self.parts.locate(island) {
            Some((p, local)) => self.parts.engines[p].overall_best(local),
            None => Err(Error::Config(format!("no island {island}"))),
        }
    }

    fn population(&self) -> u32 {
        self.parts.engines[0].population()
    }

    fn generations_per_step(&self) -> u32 {
        self.parts.per_step(GpuEngine::generations_per_step)
    }
}

// The two steps of a migration across parts, on the part engines (this module is a child of the
// engine's, so it reads the engine's buffers directly).

/// The migrant a part passes on: the best genome (words) and score of its last island.
struct Migrant {
    genome: Vec<u32>,
    score: [u32; 2],
}

impl GpuEngine {
    /// The best individual of the current generation of this engine's last island: what the
    /// next part's first island takes in at a migration.
    fn last_island_best(&self) -> Result<Migrant> {
        let last = self.params.islands as u64 - 1;
        let state: Island = bytemuck::pod_read_unaligned(&self.schedule.read(
            &self.ctx,
            &self.buffers.islands,
            last * ISLAND_BYTES,
            ISLAND_BYTES,
            None,
        )?);
        let slot = last * self.params.population as u64 + state.best_slot as u64;
        let words = self.params.genome_words as u64;
        let genome = self.schedule.read(
            &self.ctx,
            &self.buffers.genomes[self.current],
            slot * words * 4,
            words * 4,
            None,
        )?;
        let score = self.schedule.read(
            &self.ctx,
            &self.buffers.scores[self.current],
            slot * 8,
            8,
            None,
        )?;
        Ok(Migrant {
            genome: bytemuck::pod_collect_to_vec(&genome),
            score: bytemuck::pod_read_unaligned(&score),
        })
    }

    /// Puts the previous part's migrant into the ghost island (slot 0 of the island after this
    /// engine's own, its best slot), where `breed` looks for it; only engines holding part of
    /// the run's islands have one.
    fn set_ghost(&mut self, migrant: &Migrant) -> Result<()> {
        if !self.params.is_part() {
            return Err(Error::Config(
                "an engine with every island has no ghost".into(),
            ));
        }
        let ghost = self.params.islands as u64;
        let first = ghost * self.params.population as u64;
        let words = self.params.genome_words as u64;
        let state = Island {
            best_slot: 0,
            ..Island::fresh()
        };
        let queue = &self.ctx.queue;
        self.ctx.scoped("writing the migrant", || {
            queue.write_buffer(
                &self.buffers.genomes[self.current],
                first * words * 4,
                bytemuck::cast_slice(&migrant.genome),
            );
            queue.write_buffer(
                &self.buffers.scores[self.current],
                first * 8,
                bytemuck::cast_slice(&migrant.score),
            );
            queue.write_buffer(
                &self.buffers.islands,
                ghost * ISLAND_BYTES,
                bytemuck::bytes_of(&state),
            );
        })
    }
}
