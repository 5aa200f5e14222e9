//! Batches: many puzzles (a file's, a suite's instances) solved concurrently on the CPU, each
//! exactly as it is solved alone, their results handed back in input order as soon as every
//! earlier one is done.
//!
//! A batch of `n` puzzles on `T` CPU threads runs `min(n, T / B)` puzzles at once (the batch's
//! width), each on `T / width` threads of its own ([`BatchPlan`]), where `B` is the threads one
//! puzzle keeps busy ([`crate::plan::busy_threads`]: the default solver's two exact streams from
//! 36x36, else one): one puzzle gets every thread, a file of thousands of 9x9s gets one thread
//! per puzzle, a suite of 36x36s on two cores one puzzle at a time with both, and no more than
//! `T` threads work at any time (the engines' rayon pools and the exact member's streams are
//! sized from the puzzle's share, and the GA's islands or the ACS's colonies take turns with the
//! exact solver, never at once). Since a run is a pure function of (puzzle, config, seed)
//! whatever its thread count, a puzzle's result does not depend on the width or on which worker
//! took it, except where a time limit cuts it short: there a puzzle with fewer threads than its
//! streams gets through fewer rounds than alone (at 36x36 50 % on two cores, 38 of 50 runs over
//! seeds 1-5 solved in 60 s one at a time, 35 two at once; docs/results/hardness.md). Hence
//! `B`. On one GPU the same plan holds: the puzzles at once share the device (their launches
//! interleave, and while one puzzle's exact member works on the CPU another's walk or ACS works
//! on the GPU), bounded by the device's memory as well ([`plan_for`]); the GA and the ACS alone
//! on one GPU share launches instead ([`super::gpu_batch`]). Several adapters (`--adapters`)
//! take one puzzle at a time.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::device::Device;

/// How a batch shares the CPU threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchPlan {
    /// Puzzles solved at once (at least 1).
    pub width: usize,
    /// CPU threads each puzzle's engines get (at least 1).
    pub threads_each: usize,
}

impl BatchPlan {
    /// `width` puzzles at once sharing `threads` CPU threads (`None`: every core) equally.
    pub fn sharing(width: usize, threads: Option<usize>) -> BatchPlan {
        let width = width.max(1);
        BatchPlan {
            width,
            threads_each: (thread_count(threads) / width).max(1),
        }
    }

    /// The threads each puzzle's options get when the batch was asked for `given`: one puzzle at
    /// a time keeps `given` as it is (`None`: every core); several at once share them.
    pub fn threads_for(&self, given: Option<usize>) -> Option<usize> {
        match self.width {
            1 => given,
            _ => Some(self.threads_each),
        }
    }
}

/// The CPU threads `threads` names (`None`: every core).
pub fn thread_count(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// The plan for `puzzles` puzzles on `threads` CPU threads (`None`: every core) and `device`:
/// `min(puzzles, threads)` at once on the CPU or one GPU, each on an equal share of the threads
/// (the GA and the ACS on one GPU share launches instead: [`super::gpu_batch`]); one at a time,
/// on every thread, over several adapters.
pub fn plan(puzzles: usize, threads: Option<usize>, device: &Device) -> BatchPlan {
    let width = match device {
        Device::Cpu | Device::Gpu(_) => puzzles.clamp(1, thread_count(threads)),
        Device::Gpus(_) => 1,
    };
    BatchPlan::sharing(width, threads)
}

/// [`plan`] for a batch of `grids` solved with `options`, running no more puzzles at once than
/// `options.jobs` (`--jobs`; by default the threads over the threads a puzzle keeps busy,
/// [`crate::plan::busy_threads`]), than this machine's memory holds ([`crate::plan::batch_bytes`], [`crate::plan::memory::batch_width`])
/// and, on a hardware GPU, than its memory holds: wgpu reports no device memory, so the
/// puzzles' buffers together ([`crate::plan::batch_device_bytes`]) stay within the largest
/// single buffer the adapter allows, a size every device has. (A software adapter's buffers are
/// host memory, counted in the first bound.)
pub fn plan_for<'a>(
    grids: impl Iterator<Item = &'a crate::board::Grid> + Clone,
    options: &crate::plan::SolveOptions,
) -> BatchPlan {
    let puzzles = grids.clone().count();
    let at_once = options.jobs.unwrap_or_else(|| {
        (thread_count(options.threads) / crate::plan::busy_threads(grids.clone(), options)).max(1)
    });
    let base = plan(puzzles.min(at_once), options.threads, &options.device);
    if base.width <= 1 {
        return base;
    }
    let per_puzzle = crate::plan::batch_bytes(grids.clone(), options);
    let available = crate::state_size::Available::here();
    let mut width = crate::plan::memory::batch_width(base.width, per_puzzle, available);
    if let Device::Gpu(ctx) = &options.device {
        if !ctx.is_software() && width > 1 {
            let device = crate::state_size::Available {
                bytes: ctx.limits.max_buffer_size,
                physical: None,
            };
            let per_puzzle = crate::plan::batch_device_bytes(grids, options, ctx);
            width = crate::plan::memory::batch_width(width, per_puzzle, device);
        }
    }
    BatchPlan::sharing(width, options.threads)
}

/// Runs `work(i)` for every `i` in `0..items` on `width` threads, items claimed in order, and
/// hands each result to `deliver(i, result)` on the calling thread in index order, as soon as
/// item `i` and every one before it are done (a reorder buffer). No item is claimed once `stop()` is true or `deliver` returned `Break`; every claimed
/// item is still delivered, in order, unless `deliver` broke off. With `width` 1 everything
/// runs on the calling thread.
pub fn run_ordered<T: Send>(
    items: usize,
    width: usize,
    stop: &(dyn Fn() -> bool + Sync),
    work: &(dyn Fn(usize) -> T + Sync),
    deliver: &mut dyn FnMut(usize, T) -> ControlFlow<()>,
) {
    if width <= 1 || items <= 1 {
        for index in 0..items {
            if stop() {
                return;
            }
            if deliver(index, work(index)).is_break() {
                return;
            }
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<Vec<(usize, T)>>();
    std::thread::scope(|scope| {
        for _ in 0..width.min(items) {
            let send = send.clone();
            let (next, halt) = (&next, &halt);
            // The main thread's stack size, not a spawned thread's default 2 MiB: a solve's
            // searches recurse as deep as they do when a puzzle is solved alone.
            let worker = std::thread::Builder::new().stack_size(crate::threads::STACK);
            let spawned = worker.spawn_scoped(scope, move || {
                let mut done = Parcel::default();
                loop {
                    if halt.load(Ordering::Relaxed) || stop() {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= items {
                        break;
                    }
                    done.items.push((index, work(index)));
                    // The receiver is gone only once the caller broke off: nothing more to do.
                    if done.due() && send.send(done.take()).is_err() {
                        return;
                    }
                }
                // Everything claimed is delivered.
                let _ = send.send(done.take());
            });
            spawned.expect("a batch worker thread");
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let mut due = 0usize;
        // Ends when every worker has ended (every sender dropped).
        for parcel in receive.iter() {
            waiting.extend(parcel);
            while let Some(result) = waiting.remove(&due) {
                if deliver(due, result).is_break() {
                    halt.store(true, Ordering::Relaxed);
                    // Workers finish the item they hold; their results are dropped.
                    return;
                }
                due += 1;
            }
        }
    });
}

/// A worker's finished items not yet handed to the caller. They go together, so that a batch of
/// thousands of tiny puzzles does not wake the calling thread once per puzzle (a seventh of a
/// 9x9 batch's time went to those wake-ups); an item held longer than [`Parcel::HOLD`] goes at
/// once, so a batch of slow puzzles is delivered puzzle by puzzle.
struct Parcel<T> {
    items: Vec<(usize, T)>,
    since: std::time::Instant,
}

impl<T> Default for Parcel<T> {
    fn default() -> Self {
        Parcel {
            items: Vec::new(),
            since: std::time::Instant::now(),
        }
    }
}

impl<T> Parcel<T> {
    /// Most items held at once.
    const MOST: usize = 64;
    /// Longest an item is held.
    const HOLD: std::time::Duration = std::time::Duration::from_millis(2);

    /// Whether the held items should go now.
    fn due(&self) -> bool {
        self.items.len() >= Self::MOST || self.since.elapsed() >= Self::HOLD
    }

    /// The held items, the parcel starting again empty.
    fn take(&mut self) -> Vec<(usize, T)> {
        self.since = std::time::Instant::now();
        std::mem::take(&mut self.items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(items: usize, width: usize) -> Vec<(usize, usize)> {
        let mut seen = Vec::new();
        run_ordered(
            items,
            width,
            &|| false,
            &|i| {
                // Later items finish first, so the buffer must reorder them.
                std::thread::sleep(std::time::Duration::from_micros(((items - i) * 50) as u64));
                i * i
            },
            &mut |i, r| {
                seen.push((i, r));
                ControlFlow::Continue(())
            },
        );
        seen
    }

    #[test]
    fn results_come_in_input_order_whatever_the_width() {
        let expected: Vec<(usize, usize)> = (0..40).map(|i| (i, i * i)).collect();
        for width in [1, 2, 3, 8] {
            assert_eq!(collect(40, width), expected, "width {width}");
        }
        assert!(collect(0, 4).is_empty());
    }

    #[test]
    fn a_break_ends_the_batch_after_the_items_before_it() {
        let mut delivered = Vec::new();
        run_ordered(1000, 2, &|| false, &|i| i, &mut |i, _| {
            delivered.push(i);
            if i == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(delivered, (0..=5).collect::<Vec<_>>());
    }

    #[test]
    fn a_stop_delivers_every_claimed_item_in_order() {
        let stopped = AtomicBool::new(false);
        let mut delivered = Vec::new();
        run_ordered(
            1000,
            3,
            &|| stopped.load(Ordering::Relaxed),
            &|i| {
                if i == 10 {
                    stopped.store(true, Ordering::Relaxed);
                }
                i
            },
            &mut |i, _| {
                delivered.push(i);
                ControlFlow::Continue(())
            },
        );
        // Item 10 was claimed, so it and every item before it come back, in order.
        assert!(delivered.len() > 10);
        assert_eq!(delivered, (0..delivered.len()).collect::<Vec<_>>());
    }

    #[test]
    fn plans_share_the_threads() {
        let cpu = Device::Cpu;
        // (puzzles, threads) -> (width, threads_each)
        for (puzzles, threads, width, threads_each) in
            [(1, 4, 1, 4), (2, 4, 2, 2), (1000, 2, 2, 1), (3, 4, 3, 1)]
        {
            assert_eq!(
                plan(puzzles, Some(threads), &cpu),
                BatchPlan {
                    width,
                    threads_each
                },
                "{puzzles} puzzles on {threads} threads"
            );
        }
        assert_eq!(plan(0, Some(4), &cpu).width, 1);
    }
}
