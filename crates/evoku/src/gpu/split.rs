//! How a run's islands (GA) or colonies (ACS) split over several devices (`--adapters`): into
//! contiguous parts, in order, as evenly as they go.

use std::ops::Range;

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
