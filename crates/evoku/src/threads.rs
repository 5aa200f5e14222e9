//! The CPU threads evoku starts: each with the stack a main thread has on Linux.

use crate::error::{Error, Result};

/// Stack of every thread evoku starts (batch workers, the engines' rayon pools): 8 MiB, what the
/// main thread has on Linux. A spawned thread's default, 2 MiB, is too little for an
/// unoptimised (debug) build's GA breeding at 36x36 and up, whose frames are several times an
/// optimised build's.
pub const STACK: usize = 8 << 20;

/// A rayon pool of `threads` threads (at least one) with [`STACK`] each.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .stack_size(STACK)
        .build()
        .map_err(|e| Error::Config(format!("cannot start {threads} threads: {e}")))
}
