//! How a run's islands (GA) or colonies (ACS) split over several devices (`--adapters`): into
//! contiguous parts, in order, as evenly as they go, one engine per part ([`Parts`]). The GA's
//! and the ACS's multi-device engines (`ga/gpu/multi.rs`, `aco/gpu/multi.rs`) hold their parts
//! here and add only what they pass between them (migrants, exchange records).

use std::ops::Range;

use super::GpuContext;
use crate::error::{Error, Result};

/// `count` items split over at most `parts` parts as evenly as they go, the first parts taking
/// one more; never an empty part, so fewer parts than asked when `count < parts`.
pub fn split_evenly(count: u32, parts: usize) -> Vec<Range<u32>> {
    let parts = (parts.max(1) as u32).min(count.max(1));
    let (each, extra) = (count / parts, count % parts);
    let mut start = 0;
    (0..parts)
        .map(|p| {
            let len = each + u32::from(p < extra);
            let range = start..start + len;
            start += len;
            range
        })
        .collect()
}

/// One engine per device, each holding a contiguous part of the run's islands or colonies.
pub struct Parts<E> {
    pub engines: Vec<E>,
    /// The run's number of each part's first island or colony.
    starts: Vec<u32>,
}

impl<E> Parts<E> {
    /// `count` islands or colonies split over the devices of `contexts` ([`split_evenly`]; a
    /// device may appear more than once: tests open one adapter as two), `build` making each
    /// part's engine for its range.
    pub fn new(
        contexts: &[GpuContext],
        count: u32,
        mut build: impl FnMut(&GpuContext, Range<u32>) -> Result<E>,
    ) -> Result<Parts<E>> {
        if contexts.is_empty() {
            return Err(Error::gpu(
                None,
                "open the adapters",
                "no adapter to run on",
            ));
        }
        let ranges = split_evenly(count, contexts.len());
        let mut engines = Vec::with_capacity(ranges.len());
        for (ctx, range) in contexts.iter().zip(&ranges) {
            engines.push(build(ctx, range.clone())?);
        }
        Ok(Parts {
            engines,
            starts: ranges.iter().map(|r| r.start).collect(),
        })
    }

    /// The part holding the run's island or colony `index`, and its number there; `None` below
    /// the first part (the caller checks the upper bound).
    pub fn locate(&self, index: u32) -> Option<(usize, u32)> {
        let p = self.starts.partition_point(|&start| start <= index);
        p.checked_sub(1).map(|p| (p, index - self.starts[p]))
    }

    /// Passes each part's `take` to the next part round the ring (the last part's to the
    /// first), through `give`: how migrants and exchange records cross devices.
    pub fn pass_round<T>(
        &mut self,
        take: impl Fn(&E) -> Result<T>,
        mut give: impl FnMut(&mut E, &T) -> Result<()>,
    ) -> Result<()> {
        let taken = self.engines.iter().map(take).collect::<Result<Vec<_>>>()?;
        let count = self.engines.len();
        for (p, item) in taken.iter().enumerate() {
            give(&mut self.engines[(p + 1) % count], item)?;
        }
        Ok(())
    }

    /// The least of `per_step` over the parts: a step every part can take in one short call.
    pub fn per_step(&self, per_step: impl Fn(&E) -> u32) -> u32 {
        self.engines.iter().map(per_step).min().unwrap_or(1)
    }

    /// The states of every part, in the run's order.
    pub fn states<S>(&mut self, mut read: impl FnMut(&mut E) -> Result<Vec<S>>) -> Result<Vec<S>> {
        let mut all = Vec::new();
        for part in &mut self.engines {
            all.extend(read(part)?);
        }
        Ok(all)
    }
}
