//! When an engine submits work and how it waits for results, the same for the GA's and the ACS's
//! engines: rounds (generations or iterations) per command buffer, submits per step, and
//! read-backs with a timeout.

use std::time::Duration;

use super::device::GpuContext;
use crate::error::Result;

/// Loop iterations one invocation may run on a software adapter. lavapipe (llvmpipe) silently
/// ends every loop of an invocation once 65,535 iterations have run in all, and the results
/// are then simply wrong; this leaves a margin under that.
pub const SOFTWARE_LOOP_BUDGET: u64 = 50_000;

/// Submits per step on hardware (one on a software adapter): the run loop reads the states once
/// per step, so a step of a few submits keeps the read-backs rare.
const HARDWARE_SUBMITS_PER_STEP: u32 = 4;

/// How long a read-back waits for the GPU before giving up with an error.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);

/// Seconds one piece of a long round should take on a software adapter: a stop request or the
/// time limit waits about this long ([`Pieces`]).
const PIECE_SECONDS: f64 = 0.1;

/// A round (an ACS iteration's tour dispatches, a GA generation's workgroups) run in pieces on a
/// software adapter, where one round may take seconds and a submit cannot be cut short: the
/// units of the round in progress already run, and the size of the next piece, learned from
/// the time the last one took or fixed (tests). Results never depend on the sizes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pieces {
    done: u32,
    learned: u32,
    fixed: Option<u32>,
}

impl Pieces {
    pub(crate) fn new() -> Pieces {
        Pieces {
            done: 0,
            learned: 1,
            fixed: None,
        }
    }

    /// `Some` fixes the units per piece (at least 1), `None` sizes pieces by time.
    pub(crate) fn fix(&mut self, units: Option<u32>) {
        self.fixed = units.map(|u| u.max(1));
    }

    /// Units of the round in progress already run.
    pub(crate) fn done(&self) -> u32 {
        self.done
    }

    /// The units of the next piece of a round of `total` (at most `most`), `None` once the
    /// round's units have all run.
    pub(crate) fn next(&self, total: u32, most: u32) -> Option<u32> {
        let left = total.checked_sub(self.done).filter(|&left| left > 0)?;
        Some(left.min(self.fixed.unwrap_or(self.learned)).min(most))
    }

    /// A piece of `units` of a round of `total` ran, in `took`.
    pub(crate) fn ran(&mut self, units: u32, took: Duration, total: u32) {
        self.done += units;
        let per_unit = took.as_secs_f64() / units as f64;
        self.learned = (PIECE_SECONDS / per_unit.max(1e-9)).clamp(1.0, total as f64) as u32;
    }

    /// The round is complete: the next piece starts a new one.
    pub(crate) fn finish(&mut self) {
        self.done = 0;
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Schedule {
    rounds_per_submit: u32,
    software: bool,
    timeout: Duration,
    /// What to lower when a read-back times out.
    advice: &'static str,
}

impl Schedule {
    pub(crate) fn new(rounds_per_submit: u32, ctx: &GpuContext, advice: &'static str) -> Schedule {
        Schedule {
            rounds_per_submit,
            software: ctx.is_software(),
            timeout: DEFAULT_TIMEOUT,
            advice,
        }
    }

    pub(crate) fn rounds_per_submit(&self) -> u32 {
        self.rounds_per_submit
    }

    /// Overrides the estimate (at least 1); results do not depend on it.
    pub(crate) fn set_rounds_per_submit(&mut self, rounds: u32) {
        self.rounds_per_submit = rounds.max(1);
    }

    pub(crate) fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Rounds the run loop should ask for between two reads of the states.
    pub(crate) fn rounds_per_step(&self) -> u32 {
        if self.software {
            self.rounds_per_submit
        } else {
            self.rounds_per_submit * HARDWARE_SUBMITS_PER_STEP
        }
    }

    /// Runs `rounds` rounds through `submit`, at most `rounds_per_submit` a call.
    pub(crate) fn run(&self, rounds: u32, mut submit: impl FnMut(u32) -> Result<()>) -> Result<()> {
        let mut left = rounds;
        while left > 0 {
            let now = left.min(self.rounds_per_submit);
            submit(now)?;
            left -= now;
        }
        Ok(())
    }

    /// Waits until the GPU has run `submission`, or until `cut()` says so: `Ok(false)` then
    /// (the work goes on).
    pub(crate) fn wait_or_cut(
        &self,
        ctx: &GpuContext,
        submission: wgpu::SubmissionIndex,
        cut: &dyn Fn() -> bool,
    ) -> Result<bool> {
        ctx.wait_or_cut(submission, self.timeout, self.advice, cut)
    }

    /// Copies `size` bytes at `offset` of `source` back to the host and waits for them.
    pub(crate) fn read(
        &self,
        ctx: &GpuContext,
        source: &wgpu::Buffer,
        offset: u64,
        size: u64,
        staging: Option<&wgpu::Buffer>,
    ) -> Result<Vec<u8>> {
        ctx.read_back(source, offset, size, staging, self.timeout, self.advice)
    }

    /// The first `size` bytes of `source` as `u32` words.
    pub(crate) fn read_words(
        &self,
        ctx: &GpuContext,
        source: &wgpu::Buffer,
        size: u64,
    ) -> Result<Vec<u32>> {
        Ok(bytemuck::pod_collect_to_vec(
            &self.read(ctx, source, 0, size, None)?,
        ))
    }
}
