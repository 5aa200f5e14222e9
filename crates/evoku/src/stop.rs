//! The process-wide stop request: set once by SIGINT or SIGTERM (the binary installs the
//! handler), read by every long loop (the GA and ACS run loops, the exact search, the batch
//! commands), which then end as at a time limit and keep what they have.
//!
//! A flag rather than a channel because the readers are deep inner loops: one relaxed atomic load
//! per step or per few thousand search nodes costs nothing measurable.

use std::sync::atomic::{AtomicBool, Ordering};

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
