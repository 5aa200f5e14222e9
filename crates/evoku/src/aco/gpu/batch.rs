//! Many puzzles in one GPU ACS: a batch of `P` puzzles of one board size and one configuration
//! shares every launch, each puzzle with its own `config.colonies` colonies, and each puzzle's
//! result is exactly the one it gets when solved alone with the same seed.
//!
//! Colony `c` belongs to puzzle `c / config.colonies` (`params.run_colonies` is one puzzle's
//! colonies, `params.colonies` the batch's): it starts its ants from that puzzle's propagated
//! givens (the puzzles' starts follow one another in the `tables` buffer; peers and units are the
//! size's), keys its random streams by its number within the puzzle (the streams of the
//! puzzle's solo run) and exchanges only within its puzzle's ring. The host loop is
//! `crate::batch_loop`'s: a puzzle one of whose colonies has solved, or that has reached the
//! iteration cap, has its result taken there and then, and its colonies are frozen
//! ([`COLONY_FROZEN`]): no stage touches them while the rest of the batch runs on. On a
//! software adapter the batch's iterations go in pieces as one puzzle's do.

use super::GpuAco;
use crate::aco::common::{AcoTables, Colony, COLONY_FROZEN};
use crate::aco::run::outcome_of;
use crate::aco::{AcoConfig, AcoEngine, AcoLimits, AcoOutcome};
use crate::batch_loop::{self, BatchEngine};
use crate::board::Grid;
use crate::error::{Error, Result};
use crate::gpu::GpuContext;
use crate::search::RunEnd;

impl GpuAco {
    /// One engine for the puzzles whose tables are `puzzles` (at least one, all of one board
    /// size), each with `config.colonies` colonies; see the module documentation.
    pub fn new_batch(ctx: &GpuContext, puzzles: &[AcoTables], config: &AcoConfig) -> Result<Self> {
        let count = u32::try_from(puzzles.len()).unwrap_or(u32::MAX);
        let all = config.colonies.saturating_mul(count);
        GpuAco::build(ctx, puzzles, config, 0..all)
    }

    /// Puzzles this engine holds (1 but for a batch).
    pub fn puzzles(&self) -> u32 {
        self.params.colonies.div_ceil(self.params.run_colonies)
    }

    /// Marks every colony of `puzzle` frozen (`states`: their states now, as read back), so
    /// that no stage touches them and they keep the state they have.
    fn freeze(&self, puzzle: u32, states: &[Colony]) -> Result<()> {
        let frozen: Vec<Colony> = states
            .iter()
            .map(|s| Colony {
                solved: COLONY_FROZEN,
                ..*s
            })
            .collect();
        let size = std::mem::size_of::<Colony>() as u64;
        let offset = (puzzle * self.params.run_colonies) as u64 * size;
        let queue = &self.ctx.queue;
        self.ctx.scoped("freezing a puzzle", || {
            queue.write_buffer(&self.colonies, offset, bytemuck::cast_slice(&frozen));
        })
    }
}

/// Solves every puzzle of `engine` (made by [`GpuAco::new_batch`] from the tables of `puzzles`,
/// in that order) until each is solved or reaches `limits`; the results in the same order, each
/// the one `aco::run` gives for that puzzle alone (the time limit and a stop request apply to
/// the batch as a whole).
pub fn run_batch(
    engine: &mut GpuAco,
    puzzles: &[(Grid, AcoTables)],
    limits: AcoLimits,
) -> Result<Vec<AcoOutcome>> {
    if puzzles.len() != engine.puzzles() as usize {
        return Err(Error::Internal(format!(
            "{} puzzles for an engine of {}",
            puzzles.len(),
            engine.puzzles()
        )));
    }
    let mut batch = AcoBatch { engine, puzzles };
    batch_loop::run_batch(&mut batch, limits.max_iterations, limits.time_limit)
}

/// An ACS engine holding a batch, and its puzzles, for the batch loop.
struct AcoBatch<'a> {
    engine: &'a mut GpuAco,
    puzzles: &'a [(Grid, AcoTables)],
}

impl BatchEngine for AcoBatch<'_> {
    type State = Colony;
    type Outcome = AcoOutcome;

    fn puzzles(&self) -> usize {
        self.puzzles.len()
    }

    fn units_per_puzzle(&self) -> usize {
        self.engine.params.run_colonies as usize
    }

    fn rounds_per_step(&self) -> u32 {
        self.engine.iterations_per_step()
    }

    fn step_or_cut(&mut self, rounds: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        self.engine.step_in_pieces(rounds, cut)
    }

    fn states(&mut self) -> Result<Vec<Colony>> {
        self.engine.colony_states()
    }

    fn is_done(state: &Colony) -> bool {
        state.solved != 0
    }

    fn outcome(&mut self, puzzle: usize, states: &[Colony], end: &RunEnd) -> Result<AcoOutcome> {
        let first = (puzzle * states.len()) as u32;
        let (grid, tables) = &self.puzzles[puzzle];
        let ants = self.engine.params.ants;
        let engine = &mut *self.engine;
        outcome_of(
            states,
            end,
            grid,
            tables.start_filled,
            ants,
            &mut |colony| engine.overall_best(first + colony),
        )
    }

    fn freeze(&mut self, puzzle: usize, states: &[Colony]) -> Result<()> {
        self.engine.freeze(puzzle as u32, states)
    }
}
