//! The host loop every run shares (the GA's, the ACS's, the GA rating's): step the engine, read
//! its states back, report, and stop when the states say so, at the round cap, at the time
//! limit or when the process is asked to stop (SIGINT, SIGTERM: [`crate::stop`]).
//!
//! Steps are sized by time as well as by the engine: once a step has shown how long a round
//! takes, no step asks for more rounds than fit in half the time left, so a run ends within
//! about one round of its limit however slow a round is. A run's result does not depend on how its rounds
//! are cut into steps, so this changes nothing for runs that the limit does not cut.

use std::time::{Duration, Instant};

/// The most seconds one step is offered (by the slowest round seen), so that a stop request,
/// read between steps, ends a run within a second even where one step cannot be cut short (a
/// submitted GPU step: on lavapipe a run stopped 28 s after the signal, issue 37).
const STEP_SECONDS: f64 = 0.5;

/// Where a loop stopped.
pub(crate) struct Stopped<S> {
    /// The state read after the last step (the first one when no step ran).
    pub state: S,
    /// Rounds (generations, iterations) run.
    pub rounds: u32,
    /// Whether the time limit ended the loop.
    pub stopped_by_time: bool,
    /// Whether a stop request (SIGINT, SIGTERM) ended the loop.
    pub interrupted: bool,
}

/// Starting from `state`, runs `step(rounds left)` (which runs at least one round and returns
/// the rounds it ran and the state after them) until `done(state)`, `max_rounds` rounds, or
/// `time_limit` after `start`, or a stop request, checked in that order before every step;
/// `progress(rounds, state)` sees every step's state. The first step is offered one round and
/// every later one no more rounds than the slowest round seen so far says fit in half a second
/// ([`STEP_SECONDS`]) and, under a time limit, in half the time left (at least one).
pub(crate) fn step_until<S, E>(
    start: Instant,
    max_rounds: u32,
    time_limit: Option<Duration>,
    mut state: S,
    done: impl Fn(&S) -> bool,
    mut step: impl FnMut(u32) -> Result<(u32, S), E>,
    mut progress: impl FnMut(u32, &S),
) -> Result<Stopped<S>, E> {
    let mut rounds = 0u32;
    let mut stopped_by_time = false;
    let mut interrupted = false;
    // The slowest round seen, in seconds: what sizes the next step under a time limit.
    let mut round_seconds = 0.0f64;
    loop {
        if done(&state) || rounds >= max_rounds {
            break;
        }
        let elapsed = start.elapsed();
        if time_limit.is_some_and(|t| elapsed >= t) {
            stopped_by_time = true;
            break;
        }
        if crate::stop::requested() {
            interrupted = true;
            break;
        }
        // The first step runs one round, to learn what a round costs; later ones take at most
        // half a second, and half the time left, at the slowest rate seen, so rounds that grow
        // dearer as the run goes on cannot carry a step far past the limit or a stop request.
        let seconds = match time_limit {
            Some(limit) => ((limit - elapsed).as_secs_f64() / 2.0).min(STEP_SECONDS),
            None => STEP_SECONDS,
        };
        let fit = seconds / round_seconds;
        let offer = (max_rounds - rounds).min(if rounds == 0 { 1 } else { (fit as u32).max(1) });
        let before = Instant::now();
        let (ran, next) = step(offer)?;
        if ran > 0 {
            round_seconds = round_seconds.max(before.elapsed().as_secs_f64() / ran as f64);
        }
        rounds += ran;
        state = next;
        progress(rounds, &state);
    }
    Ok(Stopped {
        state,
        rounds,
        stopped_by_time,
        interrupted,
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

/// Every unit's `part` (an island's penalties, a colony's pheromone), unit after unit: the
/// CPU engines' whole buffers in the GPU's layout, for the parity tests.
pub(crate) fn concat<U, T: Copy>(units: &[U], part: impl Fn(&U) -> &[T]) -> Vec<T> {
    units.iter().flat_map(|u| part(u).iter().copied()).collect()
}
