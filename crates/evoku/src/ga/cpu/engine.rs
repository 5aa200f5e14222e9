//! The CPU engine: islands in parallel on a rayon pool, the stages of this module in sequence.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use super::breed::{migrates, migrates_ever};
use super::init::init_slot;
use super::island_step::{breed_island, finish_generation, IslandBuffers};
use super::line_counts::{store_built, stored_words, stored_words_for};
use crate::error::{Error, Result};
use crate::ga::{Engine, GaConfig, Island, Params, Problem};
use crate::step_loop::concat;
use crate::stop::Stop;

pub struct CpuEngine {
    params: Params,
    /// `line_counts::stored_words` of the problem (0: none stored).
    counts_words: usize,
    problem: Problem,
    islands: Vec<IslandBuffers>,
    pool: Option<Arc<rayon::ThreadPool>>,
}

impl CpuEngine {
    /// Builds the islands and runs `init` and the first `island_best` (generation 0).
    /// `threads`: `None` uses rayon's global pool (all cores).
    pub fn new(problem: Problem, config: &GaConfig, threads: Option<usize>) -> Result<CpuEngine> {
        let engine = CpuEngine::build(problem, config, threads, None)?;
        engine.ok_or_else(|| Error::Internal("an engine without a stop was cut short".into()))
    }

    /// [`CpuEngine::new`], cut short when `stop` is reached (a signal, or the run's deadline)
    /// while the islands are built: `Ok(None)` then, so that a run whose setup alone outlasts
    /// its time limit ends with the limit (issue 37: 65,536 islands at 36x36 took 17 s to build
    /// under `--time-limit 2`).
    pub fn new_within(
        problem: Problem,
        config: &GaConfig,
        threads: Option<usize>,
        stop: Stop,
    ) -> Result<Option<CpuEngine>> {
        CpuEngine::build(problem, config, threads, Some(stop))
    }

    fn build(
        problem: Problem,
        config: &GaConfig,
        threads: Option<usize>,
        stop: Option<Stop>,
    ) -> Result<Option<CpuEngine>> {
        let reached = || stop.is_some_and(|s| s.reached());
        config.validate()?;
        crate::ga::problem::check_encoding(&problem, config)?;
        let side = problem.side();
        crate::state_size::check_memory(
            &[host_bytes(config, side)],
            crate::state_size::Available::here(),
            &format!("a {side}x{side} puzzle"),
        )?;
        let params = Params::new(&problem, config);
        let pool = match threads {
            Some(t) => Some(Arc::new(crate::threads::pool(t)?)),
            None => None,
        };
        let bytes = params.genome_bytes();
        let population = params.population as usize;
        let counts_words = stored_words(&problem);
        let slot_words = counts_words.max(1);
        use crate::state_size::try_filled as filled;
        let mut islands = Vec::new();
        islands
            .try_reserve_exact(params.islands as usize)
            .map_err(|_| Error::Config("cannot allocate the GA's islands".into()))?;
        for _ in 0..params.islands {
            if islands.len() % 256 == 0 && reached() {
                return Ok(None);
            }
            islands.push(IslandBuffers {
                state: Island::fresh(),
                genomes: filled(0, population * bytes, "a GA population")?,
                penalty: vec![0; population],
                age: vec![0; population],
                next_genomes: filled(0, population * bytes, "a GA population")?,
                next_penalty: vec![0; population],
                next_age: vec![0; population],
                counts: filled(0, population * slot_words, "a GA population's line counts")?,
                next_counts: filled(0, population * slot_words, "a GA population's line counts")?,
                outcome: vec![0; population],
                epoch_best: vec![0; bytes],
                overall_best: vec![0; bytes],
            });
        }
        let mut engine = CpuEngine {
            params,
            counts_words,
            problem,
            islands,
            pool,
        };
        let complete = engine.install(|e| e.init_all(&reached));
        Ok(complete.then_some(engine))
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    fn install<R: Send>(&mut self, work: impl FnOnce(&mut Self) -> R + Send) -> R {
        match self.pool.clone() {
            Some(pool) => pool.install(|| work(self)),
            None => work(self),
        }
    }

    /// Initialises every island (generation 0); false when `reached()` cut it short (the
    /// islands left are not initialised then, and the engine must not run).
    fn init_all(&mut self, reached: &(dyn Fn() -> bool + Sync)) -> bool {
        let (params, problem) = (&self.params, &self.problem);
        let bytes = params.genome_bytes();
        let slot_words = self.counts_words.max(1);
        let cut = AtomicBool::new(false);
        self.islands
            .par_iter_mut()
            .enumerate()
            .for_each(|(index, island)| {
                if cut.load(Ordering::Relaxed) || (index % 64 == 0 && reached()) {
                    cut.store(true, Ordering::Relaxed);
                    return;
                }
                let slots = island
                    .genomes
                    .chunks_mut(bytes)
                    .zip(island.counts.chunks_mut(slot_words));
                for (slot, (genome, counts)) in slots.enumerate() {
                    let (p, a) = init_slot(params, problem, index as u32, 0, slot as u32, genome);
                    island.penalty[slot] = p;
                    island.age[slot] = a;
                    store_built(problem, genome, counts);
                }
                finish_generation(params, island, false);
            });
        !cut.into_inner()
    }

    /// Advances every island one generation.
    fn generation(&mut self) {
        let (params, problem) = (&self.params, &self.problem);
        let counts_words = self.counts_words;
        // Unsolved islands advance in lockstep; solved ones keep the generation they solved in.
        let next = self
            .islands
            .iter()
            .find(|i| i.state.solved == 0)
            .map_or(0, |i| i.state.generation.wrapping_add(1));
        let migrants: Vec<Option<(Vec<u8>, u32)>> = if migrates(params, next) {
            let count = self.islands.len();
            (0..count)
                .map(|i| {
                    let from = &self.islands[(i + count - 1) % count];
                    let slot = from.state.best_slot as usize;
                    let bytes = params.genome_bytes();
                    Some((
                        from.genomes[slot * bytes..(slot + 1) * bytes].to_vec(),
                        from.penalty[slot],
                    ))
                })
                .collect()
        } else {
            vec![None; self.islands.len()]
        };
        // Slots of one island in parallel only when unsolved islands alone cannot fill the cores
        // (a rating's last unsolved runs, or a single-island run).
        let unsolved = self.islands.iter().filter(|i| i.state.solved == 0).count();
        let parallel_slots = unsolved < rayon::current_num_threads();
        self.islands
            .par_iter_mut()
            .zip(migrants.par_iter())
            .enumerate()
            .for_each(|(index, (island, migrant))| {
                breed_island(
                    params,
                    problem,
                    (index as u32, counts_words),
                    island,
                    migrant,
                    parallel_slots,
                );
                finish_generation(params, island, true);
            });
    }

    /// How many of the next `left` generations (at least one) `generations_apart` may run: those
    /// before the next migration, none when the next generation migrates.
    fn generations_before_migration(&self, left: u32) -> u32 {
        let params = &self.params;
        if !migrates_ever(params) {
            return left;
        }
        // As in `generation`: unsolved islands share their generation.
        let next = self
            .islands
            .iter()
            .find(|i| i.state.solved == 0)
            .map_or(0, |i| i.state.generation.wrapping_add(1));
        (0..left)
            .find(|&g| migrates(params, next.wrapping_add(g)))
            .unwrap_or(left)
    }

    /// Advances every island `generations` generations in which none migrates, each island on
    /// its own: one parallel pass over the islands for all of them instead of one per
    /// generation. Each island breeds exactly as in `generation` (it reads no other island when
    /// no migrant comes), so the run is the same.
    fn generations_apart(&mut self, generations: u32) {
        let (params, problem) = (&self.params, &self.problem);
        let counts_words = self.counts_words;
        let unsolved = self.islands.iter().filter(|i| i.state.solved == 0).count();
        let parallel_slots = unsolved < rayon::current_num_threads();
        self.islands
            .par_iter_mut()
            .enumerate()
            .for_each(|(index, island)| {
                for _ in 0..generations {
                    breed_island(
                        params,
                        problem,
                        (index as u32, counts_words),
                        island,
                        &None,
                        parallel_slots,
                    );
                    finish_generation(params, island, true);
                }
            });
    }

    /// Genomes of every island, slot by slot, as the GPU's `u32` words (for parity tests).
    pub fn population_words(&self) -> Vec<u32> {
        self.islands
            .iter()
            .flat_map(|i| i.genomes.chunks_exact(4))
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .collect()
    }

    /// Penalties of every island, slot by slot.
    pub fn penalties(&self) -> Vec<u32> {
        concat(&self.islands, |i| &i.penalty)
    }

    /// Ages of every island, slot by slot.
    pub fn ages(&self) -> Vec<u32> {
        concat(&self.islands, |i| &i.age)
    }

    pub fn island_states(&self) -> Vec<Island> {
        self.islands.iter().map(|i| i.state).collect()
    }
}

impl Engine for CpuEngine {
    fn step(&mut self, generations: u32) -> Result<()> {
        self.install(|e| {
            let mut left = generations;
            while left > 0 {
                match e.generations_before_migration(left) {
                    0 | 1 => {
                        e.generation();
                        left -= 1;
                    }
                    apart => {
                        e.generations_apart(apart);
                        left -= apart;
                    }
                }
            }
        });
        Ok(())
    }

    fn islands(&mut self) -> Result<Vec<Island>> {
        Ok(self.island_states())
    }

    fn overall_best(&mut self, island: u32) -> Result<Vec<u8>> {
        self.islands
            .get(island as usize)
            .map(|i| i.overall_best.clone())
            .ok_or_else(|| Error::Internal(format!("no island {island}")))
    }

    fn population(&self) -> u32 {
        self.params.population
    }

    fn generations_per_step(&self) -> u32 {
        // About 2e5 individual-generations per step: a few milliseconds at 9x9.
        // A box assignment step costs about two individual-generations.
        let work = self.params.population as u64
            * self.params.islands as u64
            * (1 + 2 * self.params.assign_steps as u64);
        (200_000 / work.max(1)).clamp(1, 1000) as u32
    }
}

/// The host memory of the CPU engine's islands for `config` on a board of side `side` (the GPU
/// engine's buffers hold the same tables): per individual its genome, penalty, age and line
/// counts, each twice (this generation's and the children), and its breeding outcome.
pub fn host_bytes(config: &GaConfig, side: usize) -> crate::state_size::MemoryPart {
    let genome = crate::ga::problem::genome_words(side * side) as u64 * 4;
    let counts = stored_words_for(side, config.encoding).max(1) as u64 * 8;
    let individual = 2 * (genome + 4 + 4 + counts) + 4;
    let island = (config.population as u64)
        .saturating_mul(individual)
        .saturating_add(2 * genome + std::mem::size_of::<IslandBuffers>() as u64);
    crate::state_size::MemoryPart {
        what: "GA populations".into(),
        options: "--population x --islands",
        bytes: island.saturating_mul(config.islands as u64),
    }
}
