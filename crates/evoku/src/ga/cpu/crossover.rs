//! Two-parent crossovers that move whole boxes, so every child keeps the box invariant.
//!
//! Twins of `band_crossover` and `uniform_crossover` in `crates/evoku/shaders/ga/crossover.wgsl`. A pair of slots
//! shares one pair stream: side 0 makes the first child, side 1 the second.

use super::fitness::unit_penalties;
use crate::ga::Problem;
use crate::rng::Rng;

fn copy_box(problem: &Problem, from: &[u8], to: &mut [u8], bx: usize) {
    let n = problem.side();
    to[bx * n..(bx + 1) * n].copy_from_slice(&from[bx * n..(bx + 1) * n]);
}

/// Sato & Inoue's building-block crossover. Side 0: for each band of `b` boxes sharing rows, the
/// child takes the band from the parent with fewer missing digits in those rows. Side 1: the
/// same per stack of boxes, scored on columns. Ties are broken by draw `tie_base + band` (side 0)
/// or `tie_base + b + stack` (side 1) of the pair stream.
pub fn band_crossover(
    problem: &Problem,
    pair: &Rng,
    tie_base: u32,
    side: u32,
    a: &[u8],
    b: &[u8],
    child: &mut [u8],
) {
    let scores = [
        unit_penalties(problem, a, side),
        unit_penalties(problem, b, side),
    ];
    band_crossover_scored(problem, pair, tie_base, side, [a, b], scores, child);
}

/// `band_crossover` given both parents' band (side 0) or stack (side 1) penalties, as
/// `unit_penalties` computes them (the CPU engine reads them from stored line counts); returns
/// the bands (stacks) taken from `b`, bit `u` for band `u`.
#[inline(always)]
pub fn band_crossover_scored(
    problem: &Problem,
    pair: &Rng,
    tie_base: u32,
    side: u32,
    [a, b]: [&[u8]; 2],
    [scores_a, scores_b]: [[u32; 8]; 2],
    child: &mut [u8],
) -> u32 {
    let mut taken_from_b = 0;
    let bs = problem.geometry().box_size();
    child.copy_from_slice(a);
    for unit in 0..bs {
        let (pa, pb) = (scores_a[unit], scores_b[unit]);
        let take_b = if pa == pb {
            let index = tie_base + side * bs as u32 + unit as u32;
            pair.at(index) & 1 == 1
        } else {
            pb < pa
        };
        if take_b {
            taken_from_b |= 1 << unit;
            for k in 0..bs {
                let bx = if side == 0 {
                    unit * bs + k
                } else {
                    k * bs + unit
                };
                copy_box(problem, b, child, bx);
            }
        }
    }
    taken_from_b
}

/// Each box from parent `a` or `b` by draw `tie_base + box` of the pair stream; side 1 takes the
/// complement, so the two children of a pair share every box between them.
pub fn uniform_crossover(
    problem: &Problem,
    pair: &Rng,
    tie_base: u32,
    side: u32,
    a: &[u8],
    b: &[u8],
    child: &mut [u8],
) {
    child.copy_from_slice(a);
    for bx in 0..problem.side() {
        if (pair.at(tie_base + bx as u32) & 1) ^ side == 1 {
            copy_box(problem, b, child, bx);
        }
    }
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU `band_crossover`:
/// the child cleared, then per band the rows' (or stack the columns') line scores of both
/// parents and the copy of the chosen boxes.
pub fn band_loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    let (words, n, b) = (
        params.genome_words as u64,
        params.side as u64,
        params.box_size as u64,
    );
    run(words) + run(b) + b * (run(b) + 2 * b * run(n)) + b * (run(b) + b * run(n))
}

/// The same for `uniform_crossover`: the child cleared, each box copied from one parent.
pub fn uniform_loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    let (words, n) = (params.genome_words as u64, params.side as u64);
    run(words) + run(n) + n * run(n)
}
