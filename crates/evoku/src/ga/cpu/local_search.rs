//! Local search: try several mutated variants of a child and keep the best (mut+cross+LS).
//!
//! Twin of `local_search` in `crates/evoku/shaders/ga/local_search.wgsl`. Each variant is the child plus one swap, so a
//! variant is scored from the line counts of the (at most four) lines the swap touches.

use super::fitness::{for_side, line_penalty, LineCounts};
use super::row::{Counted, UnitCounts};
use crate::ga::{Encoding, MutationKind, Problem};
use crate::rng::Rng;

/// Penalty of the lines through genome indices `i` and `j` (each line counted once).
fn touched_penalty(problem: &Problem, genome: &[u8], i: usize, j: usize) -> u32 {
    let n = problem.side();
    let (ri, rj) = (
        problem.line_a_of()[i] as usize,
        problem.line_a_of()[j] as usize,
    );
    let (ci, cj) = (
        n + problem.line_b_of()[i] as usize,
        n + problem.line_b_of()[j] as usize,
    );
    let mut total = line_penalty(problem, genome, ri) + line_penalty(problem, genome, ci);
    if rj != ri {
        total += line_penalty(problem, genome, rj);
    }
    if cj != ci {
        total += line_penalty(problem, genome, cj);
    }
    total
}

/// Penalty of `genome` with cells `i` and `j` swapped, given its current `penalty`, by
/// recounting the touched lines (the reference `LineCounts::swap_delta` is tested against).
pub fn swapped_penalty(
    problem: &Problem,
    genome: &mut [u8],
    penalty: u32,
    i: usize,
    j: usize,
) -> u32 {
    let before = touched_penalty(problem, genome, i, j);
    genome.swap(i, j);
    let after = touched_penalty(problem, genome, i, j);
    genome.swap(i, j);
    penalty - before + after
}

/// Draws `children` variants of `genome` (one mutation each), keeps the lowest-penalty one
/// (ties: the first) in `genome`, and returns its penalty. As in the paper, the kept variant may
/// be worse than the child it came from; when every draw is abandoned the child stays.
pub fn local_search(
    problem: &Problem,
    kind: MutationKind,
    rng: &mut Rng,
    genome: &mut [u8],
    penalty: u32,
    children: u32,
) -> u32 {
    if problem.encoding() == Encoding::Row {
        let mut counts = UnitCounts::build(problem, genome);
        return local_search_counted(problem, kind, rng, genome, &mut counts, penalty, children);
    }
    for_side!(problem.side(), N => {
        let mut counts = LineCounts::<N>::new(genome);
        local_search_counted(problem, kind, rng, genome, &mut counts, penalty, children)
    })
}

/// `local_search` on a genome whose line counts are `counts` (kept up to date through the
/// kept swap).
#[inline(always)]
pub fn local_search_counted<C: Counted>(
    problem: &Problem,
    kind: MutationKind,
    rng: &mut Rng,
    genome: &mut [u8],
    counts: &mut C,
    penalty: u32,
    children: u32,
) -> u32 {
    let mut best: Option<(u32, usize, usize)> = None;
    for _ in 0..children {
        if let Some((i, j)) = counts.mutation(problem, kind, rng, genome) {
            let p = penalty.wrapping_add_signed(counts.swap_delta(problem, genome, i, j));
            if best.is_none_or(|(bp, _, _)| p < bp) {
                best = Some((p, i, j));
            }
        }
    }
    match best {
        Some((p, i, j)) => {
            counts.swap(problem, genome, i, j);
            p
        }
        None => penalty,
    }
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU `local_search`: the
/// child's line masks built (unless kept), per variant a mutation (its penalty read from the
/// masks, no loop), and the best variant's swap.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    use super::mutation::{lines_loop_bound, loop_bound as mutation, swap_loop_bound};
    let children = params.local_search as u64;
    let kept = if children > 0 {
        lines_loop_bound(params) + swap_loop_bound(params)
    } else {
        0
    };
    kept + run(children) + children * mutation(params)
}
