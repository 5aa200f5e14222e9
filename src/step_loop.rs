//! The host loop every run shares (the GA's, the ACS's, the GA rating's): step the engine, read
//! its states back, report, and stop when the states say so, at the round cap or at the time
//! limit.

use std::time::{Duration, Instant};

/// Where a loop stopped.
pub(crate) struct Stopped<S> {
    /// The states read after the last step (the first ones when no step ran).
    pub states: Vec<S>,
    /// Rounds (generations, iterations) run.
    pub rounds: u32,
    /// Whether the time limit ended the loop.
    pub stopped_by_time: bool,
}

/// Starting from `states`, runs `step(rounds left)` (which runs at least one round and returns
/// the rounds it ran and the states after them) until `done(states)`, `max_rounds` rounds, or
/// `time_limit` after `start`, checked in that order before every step; `progress(rounds,
/// states)` sees every step's states.
pub(crate) fn step_until<S, E>(
    start: Instant,
    max_rounds: u32,
    time_limit: Option<Duration>,
    mut states: Vec<S>,
    done: impl Fn(&[S]) -> bool,
    mut step: impl FnMut(u32) -> Result<(u32, Vec<S>), E>,
    mut progress: impl FnMut(u32, &[S]),
) -> Result<Stopped<S>, E> {
    let mut rounds = 0u32;
    let mut stopped_by_time = false;
    loop {
        if done(&states) || rounds >= max_rounds {
            break;
        }
        if time_limit.is_some_and(|t| start.elapsed() >= t) {
            stopped_by_time = true;
            break;
        }
        let (ran, next) = step(max_rounds - rounds)?;
        rounds += ran;
        states = next;
        progress(rounds, &states);
    }
    Ok(Stopped {
        states,
        rounds,
        stopped_by_time,
    })
}

/// The index of the state with the least `key`, the lowest index among equals (0 when there are
/// none): how a run picks the island or colony that decides its result.
pub(crate) fn least<S, K: Ord>(states: &[S], key: impl Fn(&S) -> K) -> usize {
    states
        .iter()
        .enumerate()
        .min_by_key(|&(i, s)| (key(s), i))
        .map(|(i, _)| i)
        .unwrap_or(0)
}
