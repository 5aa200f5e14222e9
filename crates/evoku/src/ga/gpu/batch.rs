//! Many puzzles in one GPU engine: a batch of `P` puzzles of one board size and one
//! configuration shares every launch, each puzzle with its own `config.islands` islands, and each
//! puzzle's result is exactly the one it gets when solved alone with the same seed.
//!
//! Island `i` belongs to puzzle `i / config.islands` (`Params::puzzle_islands`): it reads that
//! puzzle's problem tables (they follow one another in the `tables` buffer), keys its random
//! streams by its number within the puzzle (the streams of the puzzle's solo run) and meets only
//! its puzzle's islands at migrations. The host reads the island states after every step, as
//! for one puzzle; a puzzle whose islands report a solution, or that reaches the generation cap,
//! has its result taken there and then, and its islands are frozen ([`ISLAND_FROZEN`]): they do
//! no more work while the rest of the batch runs on.

use std::time::Instant;

use super::buffers::ISLAND_BYTES;
use super::GpuEngine;
use crate::error::{Error, Result};
use crate::ga::common::ISLAND_FROZEN;
use crate::ga::run::{outcome_of, RunEnd};
use crate::ga::{Engine, GaConfig, GaOutcome, Island, Params, Problem, RunLimits};
use crate::gpu::GpuContext;
use crate::step_loop::step_until;

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
    let start = Instant::now();
    let per = engine.params().puzzle_islands as usize;
    let population = engine.population();
    if problems.len() != engine.puzzles() as usize {
        return Err(Error::Internal(format!(
            "{} problems for an engine of {} puzzles",
            problems.len(),
            engine.puzzles()
        )));
    }
    let mut outcomes: Vec<Option<GaOutcome>> = vec![None; problems.len()];
    // Takes the result of every puzzle not yet done that `done` says is, then freezes it.
    let settle = |engine: &mut GpuEngine,
                  outcomes: &mut Vec<Option<GaOutcome>>,
                  states: &[Island],
                  end: &RunEnd,
                  done: &dyn Fn(&[Island]) -> bool|
     -> Result<()> {
        for (p, outcome) in outcomes.iter_mut().enumerate() {
            let islands = &states[p * per..(p + 1) * per];
            if outcome.is_some() || !done(islands) {
                continue;
            }
            let first = (p * per) as u32;
            let taken = outcome_of(islands, end, &problems[p], population, &mut |island| {
                engine.overall_best(first + island)
            })?;
            *outcome = Some(taken);
            engine.freeze(p as u32, islands)?;
        }
        Ok(())
    };
    let any_solved = |islands: &[Island]| islands.iter().any(|s| s.solved != 0);
    let end_at = |generation: u32| RunEnd {
        generation,
        start,
        stopped_by_time: false,
        interrupted: false,
    };
    let first = engine.islands()?;
    settle(engine, &mut outcomes, &first, &end_at(0), &any_solved)?;
    let stopped = {
        let outcomes = &mut outcomes;
        let engine = &mut *engine;
        let mut generation = 0u32;
        step_until(
            start,
            limits.max_generations,
            limits.time_limit,
            first,
            // A frozen island counts as solved: its puzzle is done.
            |states| states.iter().all(|s| s.solved != 0),
            |left| {
                let steps = engine.generations_per_step().clamp(1, left);
                engine.step(steps)?;
                let states = engine.islands()?;
                generation += steps;
                settle(engine, outcomes, &states, &end_at(generation), &any_solved)?;
                Ok((steps, states))
            },
            |_, _| {},
        )?
    };
    let end = RunEnd {
        generation: stopped.rounds,
        start,
        stopped_by_time: stopped.stopped_by_time,
        interrupted: stopped.interrupted,
    };
    settle(engine, &mut outcomes, &stopped.state, &end, &|_| true)?;
    outcomes
        .into_iter()
        .map(|o| o.ok_or_else(|| Error::Internal("a batch's puzzle has no result".into())))
        .collect()
}
