//! Many puzzles in one GPU engine: a batch of `P` puzzles of one board size and one
//! configuration shares every launch, each puzzle with its own `config.islands` islands, and each
//! puzzle's result is exactly the one it gets when solved alone with the same seed.
//!
//! Island `i` belongs to puzzle `i / config.islands` (`Params::puzzle_islands`): it reads that
//! puzzle's problem tables (they follow one another in the `tables` buffer), keys its random
//! streams by its number within the puzzle (the streams of the puzzle's solo run) and meets only
//! its puzzle's islands at migrations. The host loop is `crate::batch_loop`'s: a puzzle whose
//! islands report a solution, or that reaches the generation cap, has its result taken there
//! and then, and its islands are frozen ([`ISLAND_FROZEN`]): they do no more work while the
//! rest of the batch runs on.

use super::buffers::ISLAND_BYTES;
use super::GpuEngine;
use crate::batch_loop::{self, BatchEngine};
use crate::error::{Error, Result};
use crate::ga::common::ISLAND_FROZEN;
use crate::ga::run::outcome_of;
use crate::ga::{Engine, GaConfig, GaOutcome, Island, Params, Problem, RunLimits};
use crate::gpu::GpuContext;
use crate::search::RunEnd;

impl GpuEngine {
    /// One engine for `problems` (at least one, all of one board size), each with
    /// `config.islands` islands; see the module documentation.
    pub fn new_batch(
        ctx: &GpuContext,
        problems: &[Problem],
        config: &GaConfig,
    ) -> Result<GpuEngine> {
        config.validate()?;
        let Some(first) = problems.first() else {
            return Err(Error::Config("a batch needs at least one puzzle".into()));
        };
        if problems.iter().any(|p| p.side() != first.side()) {
            return Err(Error::Config(
                "the puzzles of a GPU batch must share one board size".into(),
            ));
        }
        let puzzles = problems.len() as u32;
        let islands = config.islands.checked_mul(puzzles).ok_or_else(|| {
            Error::Config(format!(
                "{puzzles} puzzles of {} islands are too many",
                config.islands
            ))
        })?;
        let mut params = Params::new(first, config);
        params.islands = islands;
        params.puzzle_islands = config.islands;
        // The loop budget must allow the puzzle with the most free cells in a unit.
        params.assign_free = problems
            .iter()
            .map(|p| p.most_free_in_a_unit() as u32)
            .max()
            .unwrap_or(params.assign_free);
        let mut engine = GpuEngine::build(ctx, params, problems, config)?;
        engine.init_in_pieces(&|| false)?;
        Ok(engine)
    }

    /// Puzzles this engine holds.
    pub fn puzzles(&self) -> u32 {
        self.params.puzzles()
    }

    /// Marks every island of `puzzle` frozen (`states`: their states now, as read back), so
    /// that they do no more work and keep the state they have.
    fn freeze(&mut self, puzzle: u32, states: &[Island]) -> Result<()> {
        let frozen: Vec<Island> = states
            .iter()
            .map(|s| Island {
                solved: ISLAND_FROZEN,
                ..*s
            })
            .collect();
        let offset = (puzzle * self.params.puzzle_islands) as u64 * ISLAND_BYTES;
        let (queue, buffer) = (&self.ctx.queue, &self.buffers.islands);
        self.ctx.scoped("freezing a puzzle", || {
            queue.write_buffer(buffer, offset, bytemuck::cast_slice(&frozen));
        })
    }
}

/// Solves every puzzle of `engine` (made by [`GpuEngine::new_batch`] from `problems`, in that
/// order) until each is solved or reaches `limits`; the results in the same order, each the one
/// `ga::run` gives for that puzzle alone (the time limit and a stop request apply to
/// the batch as a whole).
pub fn run_batch(
    engine: &mut GpuEngine,
    problems: &[Problem],
    limits: RunLimits,
) -> Result<Vec<GaOutcome>> {
    if problems.len() != engine.puzzles() as usize {
        return Err(Error::Internal(format!(
            "{} problems for an engine of {} puzzles",
            problems.len(),
            engine.puzzles()
        )));
    }
    let mut batch = GaBatch { engine, problems };
    batch_loop::run_batch(&mut batch, limits.max_generations, limits.time_limit)
}

/// A GA engine holding a batch, and its puzzles' problems, for the batch loop.
struct GaBatch<'a> {
    engine: &'a mut GpuEngine,
    problems: &'a [Problem],
}

impl BatchEngine for GaBatch<'_> {
    type State = Island;
    type Outcome = GaOutcome;

    fn puzzles(&self) -> usize {
        self.problems.len()
    }

    fn units_per_puzzle(&self) -> usize {
        self.engine.params().puzzle_islands as usize
    }

    fn rounds_per_step(&self) -> u32 {
        self.engine.generations_per_step()
    }

    fn step_or_cut(&mut self, rounds: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        self.engine.step_or_cut(rounds, cut)
    }

    fn states(&mut self) -> Result<Vec<Island>> {
        self.engine.islands()
    }

    fn is_done(state: &Island) -> bool {
        state.solved != 0
    }

    fn outcome(&mut self, puzzle: usize, states: &[Island], end: &RunEnd) -> Result<GaOutcome> {
        let first = (puzzle * states.len()) as u32;
        let population = self.engine.population();
        let engine = &mut *self.engine;
        outcome_of(
            states,
            end,
            &self.problems[puzzle],
            population,
            &mut |island| engine.overall_best(first + island),
        )
    }

    fn freeze(&mut self, puzzle: usize, states: &[Island]) -> Result<()> {
        self.engine.freeze(puzzle as u32, states)
    }
}
