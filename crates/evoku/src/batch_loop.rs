//! The host loop of a GPU batch, the GA's ([`crate::ga::gpu::run_batch`]) and the ACS's
//! ([`crate::aco::gpu::run_batch`]): one engine holds the runs of several puzzles, each with
//! its own group of units (islands, colonies) one after another, and every step advances them
//! all. After each step the host reads the unit states, as for one puzzle; a puzzle one of whose
//! units has solved, or that has reached the round cap, has its result taken there and then, as
//! its solo run takes it, and its units are frozen: they do no more work while the rest of the
//! batch runs on. A result does not depend on how the rounds are cut into steps, so each
//! puzzle's is the one it gets alone (the time limit and a stop request apply to the batch as a
//! whole).

use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::search::RunEnd;
use crate::step_loop::step_until;

/// What the batch loop needs from an engine holding several puzzles' runs.
pub(crate) trait BatchEngine {
    /// A unit's state, as read back after a step.
    type State: Copy;
    /// A puzzle's result.
    type Outcome;
    /// Puzzles the engine holds.
    fn puzzles(&self) -> usize;
    /// Units (islands, colonies) of one puzzle: puzzle `p` has units `p * per ..`.
    fn units_per_puzzle(&self) -> usize;
    /// Rounds per step that keep one step short.
    fn rounds_per_step(&self) -> u32;
    /// Runs up to `rounds` rounds of every unit not done, returning early where the engine can
    /// once `cut()` says so; the rounds run.
    fn step_or_cut(&mut self, rounds: u32, cut: &dyn Fn() -> bool) -> Result<u32>;
    /// Every unit's state.
    fn states(&mut self) -> Result<Vec<Self::State>>;
    /// Whether a unit has solved its puzzle or is frozen.
    fn is_done(state: &Self::State) -> bool;
    /// Puzzle `puzzle`'s result, its units ending in `states`.
    fn outcome(
        &mut self,
        puzzle: usize,
        states: &[Self::State],
        end: &RunEnd,
    ) -> Result<Self::Outcome>;
    /// Freezes the units of `puzzle` (their states now: `states`).
    fn freeze(&mut self, puzzle: usize, states: &[Self::State]) -> Result<()>;
}

/// Runs every puzzle of `engine` until each is solved, reaches `max_rounds` or the batch
/// reaches `time_limit` (or a stop request); the results in puzzle order.
pub(crate) fn run_batch<B: BatchEngine>(
    engine: &mut B,
    max_rounds: u32,
    time_limit: Option<Duration>,
) -> Result<Vec<B::Outcome>> {
    let start = Instant::now();
    let per = engine.units_per_puzzle();
    let mut outcomes: Vec<Option<B::Outcome>> = (0..engine.puzzles()).map(|_| None).collect();
    // Takes the result of every puzzle not yet done that `done` says is, then freezes it.
    let settle = |engine: &mut B,
                  outcomes: &mut Vec<Option<B::Outcome>>,
                  states: &[B::State],
                  end: &RunEnd,
                  all: bool|
     -> Result<()> {
        for (p, outcome) in outcomes.iter_mut().enumerate() {
            let units = &states[p * per..(p + 1) * per];
            if outcome.is_some() || !(all || units.iter().any(B::is_done)) {
                continue;
            }
            *outcome = Some(engine.outcome(p, units, end)?);
            engine.freeze(p, units)?;
        }
        Ok(())
    };
    let end_at = |rounds: u32| RunEnd {
        rounds,
        start,
        stopped_by_time: false,
        interrupted: false,
    };
    let first = engine.states()?;
    settle(engine, &mut outcomes, &first, &end_at(0), false)?;
    let stopped = {
        let outcomes = &mut outcomes;
        let engine = &mut *engine;
        let mut rounds = 0u32;
        step_until(
            start,
            max_rounds,
            time_limit,
            first,
            // A frozen unit counts as done: its puzzle is.
            |states| states.iter().all(B::is_done),
            |left| {
                let steps = engine.rounds_per_step().clamp(1, left);
                let cut =
                    || crate::stop::requested() || time_limit.is_some_and(|t| start.elapsed() >= t);
                let ran = engine.step_or_cut(steps, &cut)?;
                let states = engine.states()?;
                rounds += ran;
                settle(engine, outcomes, &states, &end_at(rounds), false)?;
                Ok((ran, states))
            },
            |_, _| {},
        )?
    };
    let end = RunEnd {
        rounds: stopped.rounds,
        start,
        stopped_by_time: stopped.stopped_by_time,
        interrupted: stopped.interrupted,
    };
    settle(engine, &mut outcomes, &stopped.state, &end, true)?;
    outcomes
        .into_iter()
        .map(|o| o.ok_or_else(|| Error::Internal("a batch's puzzle has no result".into())))
        .collect()
}
