//! One search interface (step, status, best) for the engines that advance in rounds: the GA
//! engine ([`crate::ga::run::GaSearch`], rounds are generations) and the Ant Colony System
//! ([`crate::aco::run::AcoSearch`], rounds are iterations). The run loop of `--algorithm ga` and
//! `aco` ([`run`]) and the portfolio's ACS and walk members
//! ([`crate::portfolio::search_members::SearchMember`]) drive either through it alone.

use std::time::{Duration, Instant};

use crate::board::Grid;
use crate::error::{Error, Result};
use crate::ga::Progress;
use crate::step_loop::step_until;

/// Where a search stands after its last step: its deciding island or colony (the one that
/// solved first, else the one with the least penalty) and that unit's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// The deciding island or colony.
    pub unit: usize,
    pub solved: bool,
    /// Its best penalty so far (GA: digits missing from rows and columns; ACS: cells its best
    /// ant left empty).
    pub penalty: u32,
    pub restarts: u32,
    /// The round (generation, iteration) in which it solved; meaningful only when solved.
    pub solved_at: u32,
}

/// A search that advances in rounds.
pub trait Search: Send {
    /// Runs `rounds` more rounds and reads back where the search stands (a small read-back on
    /// a GPU).
    fn step(&mut self, rounds: u32) -> Result<()>;
    /// [`Search::step`], but a search whose rounds are long (the ACS on a software GPU) may
    /// return early, between two of its submits, once `cut()` says so. Returns the whole rounds
    /// run; one cut short is finished by the next step, so where a run is cut changes nothing
    /// else.
    fn step_or_cut(&mut self, rounds: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        let _ = cut;
        self.step(rounds).map(|()| rounds)
    }
    /// Where it stood after the last step (or at its start).
    fn status(&self) -> Status;
    /// The deciding unit's best grid so far (read back).
    fn best(&mut self) -> Result<Grid>;
    /// The puzzle searched.
    fn puzzle(&self) -> &Grid;
    /// Rounds per [`Search::step`] call that keep one call short (tens of milliseconds).
    fn rounds_per_step(&self) -> u32;
    /// Islands or colonies.
    fn units(&self) -> u32;
    /// Evaluations one round costs (individuals or ant tours, over every unit).
    fn evaluations_per_round(&self) -> u64;
}

/// The rounds a search ran as the run units count them: up to the solution when the deciding
/// unit solved, else every round run.
pub fn rounds_run(status: &Status, rounds: u64) -> u64 {
    if status.solved {
        status.solved_at as u64
    } else {
        rounds
    }
}

/// How a run (or a batch's puzzle) ended, for the engines' results.
pub(crate) struct RunEnd {
    /// Rounds (generations, iterations) run.
    pub rounds: u32,
    pub start: Instant,
    pub stopped_by_time: bool,
    pub interrupted: bool,
}

/// Where [`run`] stopped.
pub struct End {
    pub status: Status,
    /// Rounds run in all.
    pub rounds: u32,
    pub stopped_by_time: bool,
    pub interrupted: bool,
}

/// Steps `search` until it solves, `max_rounds` rounds, `time_limit` after `start` or a stop
/// request (`step_until`), in steps of [`Search::rounds_per_step`]; `progress` sees every
/// step (`generation` = rounds).
pub fn run(
    search: &mut dyn Search,
    max_rounds: u32,
    time_limit: Option<Duration>,
    start: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> Result<End> {
    let first = search.status();
    let stopped = step_until(
        start,
        max_rounds,
        time_limit,
        first,
        |status| status.solved,
        |left| {
            let steps = search.rounds_per_step().clamp(1, left);
            let cut =
                || crate::stop::requested() || time_limit.is_some_and(|t| start.elapsed() >= t);
            let ran = search.step_or_cut(steps, &cut)?;
            Ok((ran, search.status()))
        },
        |rounds, status| {
            progress(&Progress {
                generation: rounds,
                best_penalty: status.penalty,
                restarts: status.restarts,
                elapsed: start.elapsed(),
            })
        },
    )?;
    Ok(End {
        status: stopped.state,
        rounds: stopped.rounds,
        stopped_by_time: stopped.stopped_by_time,
        interrupted: stopped.interrupted,
    })
}

/// [`run`], then the deciding unit's best grid, checked against the puzzle's rules and givens
/// when the search says it solved (`unit`, `island` or `colony`, names it in the error).
pub fn run_to_best(
    search: &mut dyn Search,
    max_rounds: u32,
    time_limit: Option<Duration>,
    start: Instant,
    progress: &mut dyn FnMut(&Progress),
    unit: &str,
) -> Result<(End, Grid)> {
    let end = run(search, max_rounds, time_limit, start, progress)?;
    let best = search.best()?;
    if end.status.solved && !best.solves(search.puzzle()) {
        return Err(Error::Internal(format!(
            "{unit} {} reported a solution that fails the host check: {best}",
            end.status.unit
        )));
    }
    Ok((end, best))
}
