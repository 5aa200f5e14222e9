//! When a long loop must end: the process-wide stop request (set once by SIGINT or SIGTERM, the
//! binary installs the handler, or by `q` in `play`) OR a deadline passed. Every long loop
//! (the GA and ACS run loops, the exact and CDCL searches, generation, rating, the batch
//! commands) reads one [`Stop`] and then ends as at a time limit, keeping what it has.
//!
//! A flag rather than a channel because the readers are deep inner loops: one relaxed atomic load
//! (and, with a deadline, a clock read) per step or per few thousand search nodes costs nothing
//! measurable.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

static STOP: AtomicBool = AtomicBool::new(false);

/// The exit code of a command ended by a signal (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Asks every loop to stop (called from the signal handler; safe from any thread).
pub fn request() {
    STOP.store(true, Ordering::Relaxed);
}

/// Whether a stop was asked for.
pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Withdraws a stop request, so that later runs go on: for a host that stays alive after an
/// interrupt (the Python module, whose caller gets `KeyboardInterrupt` and may solve again).
/// The binary never calls it: its process ends after a signal.
pub fn clear() {
    STOP.store(false, Ordering::Relaxed);
}

/// The one stop condition of a run: the process-wide request, or its deadline passed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stop {
    deadline: Option<Instant>,
}

impl Stop {
    /// Only the process-wide request stops it.
    pub const fn on_request() -> Stop {
        Stop { deadline: None }
    }

    /// The request, or `limit` from now (none: no deadline).
    pub fn after(limit: Option<Duration>) -> Stop {
        Stop {
            deadline: limit.and_then(|limit| Instant::now().checked_add(limit)),
        }
    }

    /// The request, or `deadline` (none: no deadline).
    pub const fn at(deadline: Option<Instant>) -> Stop {
        Stop { deadline }
    }

    /// The earlier of this stop's deadline and `limit` from now.
    pub fn within(self, limit: Option<Duration>) -> Stop {
        let other = Stop::after(limit).deadline;
        Stop {
            deadline: match (self.deadline, other) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
        }
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the loop must end now: a stop was asked for, or the deadline passed.
    pub fn reached(&self) -> bool {
        requested() || self.timed_out()
    }

    /// Whether the deadline (not a request) has passed.
    pub fn timed_out(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Time left before the deadline (none: no deadline).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_stops_and_none_waits_for_the_request() {
        assert!(!Stop::on_request().timed_out());
        assert_eq!(Stop::on_request().remaining(), None);
        let past = Stop::at(Some(Instant::now()));
        assert!(past.timed_out() && past.reached());
        let far = Stop::after(Some(Duration::from_secs(3600)));
        assert!(!far.timed_out());
        assert!(far.remaining().unwrap() > Duration::from_secs(3500));
        let soon = far.within(Some(Duration::ZERO));
        assert!(soon.timed_out());
        assert_eq!(far.within(None), far);
    }
}
