//! Generating puzzles (docs/ALGORITHMS.md sections 4 and 6): random complete grids, then digits
//! removed while the solution stays provably unique, rated as we go, until the asked level is
//! reached; and a store of generated puzzles by level, so that a later request is served at once.
//!
//! * A complete grid is a randomised exact-solver fill of the empty board
//!   ([`Solver::solve_shuffled`]): each branching cell tries its digits in an order drawn from the
//!   counter-based hash, keyed by (seed, puzzle index, attempt). No global RNG: the same seed gives
//!   the same grids and puzzles, whatever the thread count.
//! * Digging: cells (or, with `symmetric`, pairs of cells mapped onto each other by the 180-degree
//!   rotation) are visited in a random order; each is emptied if the exact solver then PROVES the
//!   solution unique within [`GenerateOptions::proof_nodes`] nodes, and if the default level
//!   ([`Level`], from the technique ladder) stays at or below the target. Otherwise the digits go
//!   back. A puzzle is emitted only if every removal was proven and the level reached is the
//!   target; else the next attempt starts from a fresh grid. Every attempt that ends at another
//!   level is a valid puzzle of that level too: it is kept as a by-product for the store.

use crate::board::{Geometry, Grid};
use crate::exact::{Limits, Solver};
use crate::rate::{Level, Rater, Rating};
use crate::rng::{stream_key, Rng};
use crate::stop::Stop;

mod complete;
mod store;

pub use complete::complete_grids;
pub use store::{recheck, PuzzleRecord, Store};

/// Key of the draws of generation (the `island` slot of [`stream_key`]), apart from the GA's.
const GENERATE_STREAM: u32 = 0x2000_0000;
/// Draw streams: the fill of a puzzle's grid, its digging order, `--complete` grids, and the
/// grid and removal order of a `--fill` instance (crates/evoku/src/instances.rs).
const FILL: u32 = 0;
const DIG: u32 = 1;
const COMPLETE: u32 = 2;
const INSTANCE: u32 = 3;
const INSTANCE_DIG: u32 = 4;
/// The GA's seeds for `--complete --method ga` grids (crates/evoku/src/ga_grids.rs).
const GA_GRID: u32 = 5;

/// How puzzles are generated.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    pub geometry: Geometry,
    pub level: Level,
    /// Remove cells in pairs symmetric under the 180-degree rotation.
    pub symmetric: bool,
    pub seed: u64,
    /// Most nodes one uniqueness proof may take; a removal not proven within it is undone.
    pub proof_nodes: u64,
    /// Most nodes one complete-grid fill may take before it starts again with new draws.
    pub fill_nodes: u64,
    /// Grids tried for one puzzle before giving up.
    pub max_attempts: u32,
    /// When to give up (a signal or the time limit): the puzzle being made is dropped and its
    /// [`Outcome::stopped`] set.
    pub stop: Stop,
}

impl GenerateOptions {
    /// Defaults for `geometry`: proofs capped where the exact solver stays fast (see
    /// docs/results/generation.md#generation, "Generation").
    pub fn new(geometry: Geometry, level: Level, seed: u64) -> GenerateOptions {
        let proof_nodes = match geometry.side() {
            0..=9 => 1_000_000,
            10..=16 => 1_000,
            _ => 50,
        };
        GenerateOptions {
            geometry,
            level,
            symmetric: false,
            seed,
            proof_nodes,
            fill_nodes: 100_000,
            max_attempts: 10_000,
            stop: Stop::on_request(),
        }
    }
}

/// One generated puzzle with its (unique, proven) solution and rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    pub rating: Rating,
    pub symmetric: bool,
    /// Position in the seed's sequence of puzzles.
    pub index: u64,
    /// The attempt (fresh grid) that produced it, from 0.
    pub attempt: u32,
}

/// What the attempts for one puzzle produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The puzzle at the asked level; `None` when `max_attempts` grids did not reach it.
    pub puzzle: Option<Generated>,
    /// Finished attempts that ended at another level: unique puzzles of their own level.
    pub byproducts: Vec<Generated>,
    pub attempts: u32,
    /// The stop ([`GenerateOptions::stop`]) cut this puzzle short: `puzzle` is `None` for that
    /// reason, not because the attempts ran out.
    pub stopped: bool,
}

/// Per-thread generator: the exact solver and the rater for one geometry.
pub struct Generator {
    solver: Solver,
    rater: Rater,
    geometry: Geometry,
    stop: Stop,
}

impl Generator {
    pub fn new(geometry: Geometry) -> Generator {
        Generator {
            solver: Solver::new(geometry),
            rater: Rater::new(geometry),
            geometry,
            stop: Stop::on_request(),
        }
    }

    /// When the grids and puzzles made later give up (`None` from the grid makers).
    pub fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
        self.solver.set_stop(stop);
    }

    /// Complete grid number `index` of `seed`'s sequence (before any de-duplication); `None`
    /// when the stop came first.
    pub fn complete_grid(&mut self, seed: u64, index: u64, fill_nodes: u64) -> Option<Grid> {
        self.fill(seed, index, 0, COMPLETE, fill_nodes)
    }

    /// Instance `index` at `fill` % of `seed`'s instance sets, Lloyd & Amos's way: a random
    /// complete grid, then cells emptied in a random order until exactly `givens` remain (no
    /// uniqueness asked). Returns (puzzle, grid), or `None` when the stop came first. Keyed by
    /// (seed, index, fill), so one fill's instances do not depend on which other fills or how
    /// many instances are asked.
    pub fn instance(
        &mut self,
        seed: u64,
        index: u64,
        fill: u32,
        givens: usize,
    ) -> Option<(Grid, Grid)> {
        let solution = self.fill(seed, index, fill, INSTANCE, 100_000)?;
        let order = self.groups(false, attempt_key(seed, index, fill, INSTANCE_DIG));
        let mut puzzle = solution.clone();
        let remove = self.geometry.cells().saturating_sub(givens);
        for &(cell, _) in &order[..remove] {
            puzzle.set(cell, 0);
        }
        Some((puzzle, solution))
    }

    /// A random complete grid for (seed, index, attempt): a shuffled exact fill of the empty
    /// board, started again with new draws if it exceeds `fill_nodes` (heavy-tailed searches);
    /// `None` when the stop comes first (the search is cut within its clock interval).
    fn fill(
        &mut self,
        seed: u64,
        index: u64,
        attempt: u32,
        stream: u32,
        fill_nodes: u64,
    ) -> Option<Grid> {
        let empty = Grid::empty(self.geometry);
        let limits = Limits {
            max_solutions: 1,
            max_nodes: fill_nodes.max(1),
            time_limit: None,
        };
        for retry in 0u32.. {
            if self.stop.reached() {
                return None;
            }
            // Retries of attempt `a` use keys `a * 256 + retry`, apart from other attempts'.
            let key = attempt_key(
                seed,
                index,
                attempt.wrapping_mul(256).wrapping_add(retry),
                stream,
            );
            if let Some(grid) = self.solver.solve_shuffled(&empty, &limits, key).first() {
                return Some(grid.clone());
            }
        }
        unreachable!("the empty board always has a solution")
    }

    /// Generates puzzle `index` of the sequence `options` describes.
    pub fn puzzle(&mut self, options: &GenerateOptions, index: u64) -> Outcome {
        assert_eq!(options.geometry, self.geometry, "generator of another size");
        self.set_stop(options.stop);
        let mut byproducts = Vec::new();
        let stopped = |byproducts, attempts| Outcome {
            puzzle: None,
            byproducts,
            attempts,
            stopped: true,
        };
        for attempt in 0..options.max_attempts {
            let Some(solution) = self.fill(options.seed, index, attempt, FILL, options.fill_nodes)
            else {
                return stopped(byproducts, attempt);
            };
            let order_key = attempt_key(options.seed, index, attempt, DIG);
            let (puzzle, level) = self.dig(&solution, options, order_key);
            if self.stop.reached() {
                // A dig cut short is not the puzzle the same seed makes: dropped.
                return stopped(byproducts, attempt);
            }
            let Ok(rating) = self.rater.rate_with_solution(&puzzle, &solution) else {
                continue;
            };
            debug_assert_eq!(rating.level, level);
            let generated = Generated {
                puzzle,
                solution,
                rating,
                symmetric: options.symmetric,
                index,
                attempt,
            };
            if level == options.level {
                return Outcome {
                    puzzle: Some(generated),
                    byproducts,
                    attempts: attempt + 1,
                    stopped: false,
                };
            }
            byproducts.push(generated);
        }
        Outcome {
            puzzle: None,
            byproducts,
            attempts: options.max_attempts,
            stopped: false,
        }
    }

    /// Empties cells of `solution` in a random order while uniqueness is proven and the level
    /// stays at or below the target. Returns the puzzle and its level: the final state, or, if
    /// that ended below the target, the last state that was at it.
    fn dig(&mut self, solution: &Grid, options: &GenerateOptions, key: u32) -> (Grid, Level) {
        let groups = self.groups(options.symmetric, key);
        let limits = Limits {
            max_solutions: 2,
            max_nodes: options.proof_nodes,
            time_limit: None,
        };
        let mut puzzle = solution.clone();
        let target = options.level;
        // Below 16x16 the exact solver propagates singles only, so a proof without branching
        // means singles solve the puzzle: Medium at most, and the ladder need not run.
        let singles_are_enough = self.geometry.side() < 16 && target >= Level::MEDIUM;
        // The most dug state rated at the target so far.
        let mut at_target = puzzle.clone();
        let mut reached = false;
        for (a, b) in groups {
            if self.stop.reached() {
                // Dropped by the caller; the level is not worth rating.
                return (puzzle, target);
            }
            puzzle.set(a, 0);
            if let Some(b) = b {
                puzzle.set(b, 0);
            }
            let proof = self.solver.solve(&puzzle, &limits);
            let accepted = proof.is_unique() == Some(true)
                && (target == Level::EXTREME
                    || (singles_are_enough && proof.nodes == 1)
                    || match self.rater.level(&puzzle) {
                        level if level == target => {
                            at_target.clone_from(&puzzle);
                            reached = true;
                            true
                        }
                        level => level < target,
                    });
            if !accepted {
                puzzle.set(a, solution.get(a));
                if let Some(b) = b {
                    puzzle.set(b, solution.get(b));
                }
            }
        }
        let level = self.rater.level(&puzzle);
        if level != target && reached {
            // The level is not monotone in the digging: fall back on the last state at target.
            return (at_target, target);
        }
        (puzzle, level)
    }

    /// Every cell, or with `symmetric` every pair of cells the 180-degree rotation swaps (and
    /// the centre alone), in a random order drawn from `key`.
    fn groups(&self, symmetric: bool, key: u32) -> Vec<(usize, Option<usize>)> {
        let cells = self.geometry.cells();
        let mut groups: Vec<(usize, Option<usize>)> = if symmetric {
            (0..cells.div_ceil(2))
                .map(|c| {
                    let mirror = cells - 1 - c;
                    (c, (mirror != c).then_some(mirror))
                })
                .collect()
        } else {
            (0..cells).map(|c| (c, None)).collect()
        };
        let mut rng = Rng::new(key);
        for i in (1..groups.len()).rev() {
            // By remainder, not `Rng::below` (multiply-shift since issue 14): the generated sets
            // (puzzles/large/, scripts/make-large-sets.sh, the results measured on them) stay
            // what the same command made before. Not a hot path.
            let j = (rng.next_u32() % (i as u32 + 1)) as usize;
            groups.swap(i, j);
        }
        groups
    }
}

/// The hash key of one stream of draws of generation.
fn attempt_key(seed: u64, index: u64, attempt: u32, stream: u32) -> u32 {
    stream_key(
        seed ^ index.rotate_left(32),
        GENERATE_STREAM | stream,
        attempt,
        index as u32,
    )
}

/// The GA seed of attempt `attempt` at grid `index` of `seed`'s `--method ga` grids.
pub fn ga_grid_seed(seed: u64, index: u64, attempt: u32) -> u64 {
    u64::from(attempt_key(seed, index, attempt, GA_GRID))
}

/// Generates puzzles `indices` of the sequence `options` describes, in parallel on the current
/// rayon pool; results in index order, identical whatever the thread count. `done` is called
/// after each puzzle (from any thread).
pub fn generate(
    options: &GenerateOptions,
    indices: std::ops::Range<u64>,
    done: &(dyn Fn(&Outcome) + Sync),
) -> Vec<Outcome> {
    generate_at(options, &indices.collect::<Vec<_>>(), done)
}

/// The outcomes of the given indices, in their order, as [`generate`] makes them: a puzzle's
/// seed comes from its index alone, so a shard (`--shard`) makes the whole batch's puzzles.
pub fn generate_at(
    options: &GenerateOptions,
    indices: &[u64],
    done: &(dyn Fn(&Outcome) + Sync),
) -> Vec<Outcome> {
    use rayon::prelude::*;
    indices
        .par_iter()
        .copied()
        .map_init(
            || Generator::new(options.geometry),
            |g, index| {
                let outcome = g.puzzle(options, index);
                done(&outcome);
                outcome
            },
        )
        .collect()
}
