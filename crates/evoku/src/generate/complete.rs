//! Many distinct complete grids at once (`evoku generate --complete`), in parallel.

use std::collections::HashSet;

use super::Generator;
use crate::board::{Geometry, Grid};
use crate::stop::Stop;

/// `count` distinct complete grids of `seed`'s sequence (duplicates, astronomically rare beyond
/// 4x4, are skipped), in parallel; the same seed gives the same grids.
/// Ends early, with the grids made so far, at `stop`.
pub fn complete_grids(geometry: Geometry, seed: u64, count: usize, stop: Stop) -> Vec<Grid> {
    use rayon::prelude::*;
    let mut grids = Vec::with_capacity(count);
    let mut seen = HashSet::new();
    let mut next = 0u64;
    // A board with fewer distinct grids than asked would never finish: 4x4 has 288.
    let mut misses = 0usize;
    while grids.len() < count && misses < 100 * count.max(1) && !stop.reached() {
        // Only what is missing (at least a grid per thread): large grids cost up to a second.
        let batch = (count - grids.len()).max(rayon::current_num_threads()) as u64;
        let fresh: Vec<Option<Grid>> = (next..next + batch)
            .into_par_iter()
            .map_init(
                || {
                    let mut g = Generator::new(geometry);
                    g.set_stop(stop);
                    g
                },
                |g, index| g.complete_grid(seed, index, 100_000),
            )
            .collect();
        next += batch;
        // Grids in index order up to the first one the stop cut: the same prefix as a full run.
        for grid in fresh.into_iter().map_while(|g| g) {
            if grids.len() == count {
                break;
            }
            if seen.insert(grid.cells().to_vec()) {
                grids.push(grid);
            } else {
                misses += 1;
            }
        }
    }
    grids
}
