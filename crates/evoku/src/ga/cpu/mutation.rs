//! Swap mutation inside one box, guided by the help array (docs/ALGORITHMS.md section 2).
//!
//! Twin of `swap_mutation`, `box_mutation` (the directed and the candidate mutation's arm of
//! [`mutation_counted`] here) and `candidate_in_box` in `crates/evoku/shaders/ga/mutation.wgsl`.
//! The functions only choose the pair; the caller swaps.

use super::fitness::{for_side, LineCounts, LineWord, Packing, Side};
use super::init::nth_set_bit;
use super::row::{Counted, UnitCounts};
use crate::ga::{Encoding, MutationKind, Problem};
use crate::rng::{mul_hi, Draws, Rng};

/// Two genome indices to swap, or `None` when the attempt is abandoned.
pub type SwapPair = Option<(usize, usize)>;

/// The paper's mutation: a random box and two random positions in it; abandoned when they are
/// equal or either is a given, so the effective rate is below the nominal one.
#[inline(always)]
pub fn swap_mutation(problem: &Problem, rng: &mut impl Draws) -> SwapPair {
    let n = problem.side() as u32;
    let bx = rng.below(n);
    let i = (bx * n + rng.below(n)) as usize;
    let j = (bx * n + rng.below(n)) as usize;
    let help = problem.help();
    (i != j && help[i] == 0 && help[j] == 0).then_some((i, j))
}

/// Bit of digit `d` (1-based) in a candidate-style mask, wrapping like the GPU's `digit_bit`.
pub(crate) fn digit_bit(digit: u8) -> u64 {
    1u64 << (digit.wrapping_sub(1) & 63)
}

/// Whether cell `g` may take `digit`: it is one of the cell's candidates, or the digit the cell
/// holds now is not one either (so a swap never takes a candidate digit away from a cell).
pub fn may_take(problem: &Problem, genome: &[u8], g: usize, digit: u8) -> bool {
    let candidates = problem.candidates()[g];
    candidates & digit_bit(digit) != 0 || candidates & digit_bit(genome[g]) == 0
}

/// The free cells of box `bx` and those of them whose digit occurs again in its row or column,
/// as masks of box positions (bit `p` for position `p`), read from the line counts.
#[inline(always)]
fn box_masks<const N: usize>(
    problem: &Problem,
    genome: &[u8],
    counts: &LineCounts<N>,
    bx: usize,
) -> (u64, u64)
where
    Side<N>: Packing,
{
    let b = LineCounts::<N>::B;
    let (row0, col0) = (bx / b * b, bx % b * b);
    let cells = &genome[bx * N..(bx + 1) * N];
    let mut duplicated = 0u64;
    // The digits repeated in each of the box's columns, read once for its b rows.
    let mut cols = [counts.repeated_in_col(col0); 8];
    for (pc, col) in cols[..b].iter_mut().enumerate().skip(1) {
        *col = counts.repeated_in_col(col0 + pc);
    }
    // Branch-free: which cells are duplicated is data, not a pattern to predict.
    for (pr, cells) in cells.chunks_exact(b).enumerate() {
        let row = counts.repeated_in_row(row0 + pr);
        for (pc, &digit) in cells.iter().enumerate() {
            let d = usize::from(digit.wrapping_sub(1));
            let twice = row.marks(d) | cols[pc].marks(d);
            duplicated |= u64::from(twice) << (pr * b + pc);
        }
    }
    let free = problem.free_mask(bx);
    (free, duplicated & free)
}

/// The two unit positions the directed mutation swaps, given the unit's free positions and
/// those whose digit is duplicated in a scored line (bit masks): two duplicated ones; with one
/// such, it and another free one; with none, any two free ones. `None` with fewer than two free.
/// Shared by both encodings, so they draw and choose the same way.
#[inline(always)]
pub fn directed_pair(rng: &mut impl Draws, free: u64, duplicated: u64) -> Option<(u32, u32)> {
    let free_count = free.count_ones();
    if free_count < 2 {
        return None;
    }
    let duplicated_count = duplicated.count_ones();
    // Positions in increasing order, the k-th of a list being the k-th set bit of its mask: two
    // or more duplicated, a draw among them; one, that one among the free; none, a draw among
    // the free. Branch-free (how many are duplicated is data): the draw is computed in every
    // case and spent only when used.
    let (list, count) = if duplicated_count >= 2 {
        (duplicated, duplicated_count)
    } else {
        (free, free_count)
    };
    let single = duplicated_count == 1;
    let draw = mul_hi(rng.next_u32_if(!single), count);
    let k = if single {
        (free & duplicated.wrapping_sub(1)).count_ones()
    } else {
        draw
    };
    let other = rng.below(count - 1);
    let other = if other >= k { other + 1 } else { other };
    Some((nth_set_bit(list, k), nth_set_bit(list, other)))
}

/// Whether the cell at box position `to` would take `digit` from position `from` of the same box
/// without meeting it again in its row or column (a line both cells share keeps the digit).
#[inline(always)]
fn fits<const N: usize>(
    counts: &LineCounts<N>,
    bx: usize,
    to: usize,
    from: usize,
    digit: u8,
) -> bool
where
    Side<N>: Packing,
{
    let b = LineCounts::<N>::B;
    let gt = bx * N + to;
    (to / b == from / b || counts.in_row(LineCounts::<N>::row(gt), digit) == 0)
        && (to % b == from % b || counts.in_col(LineCounts::<N>::col(gt), digit) == 0)
}
/// Candidate-restricted mutation. In a random box, pick a free cell `i` (one whose digit is
/// duplicated in its row or column when there is one, as `directed_mutation` does), then a
/// partner `j` among the box's other free cells, from the first of these tiers that is not
/// empty (uniformly within it):
///
/// 0. legal pairs (each cell takes one of its candidates, `Problem::candidates`: the givens'
///    peers removed, with presolve what propagation left; `may_take` lets a cell that already
///    holds a non-candidate take anything) where neither digit meets itself again in its new
///    row or column: the swap can only lower the penalty;
/// 1. legal pairs whose partner's digit is duplicated too;
/// 2. any legal pair;
/// 3. "half-legal" pairs: `i` takes one of its candidates, `j` gets a non-candidate. Pair swaps
///    alone cannot turn a cycle of three cells whose candidates chain into each other (a: {a, b},
///    b: {b, c}, c: {c, a}), so without these a box would keep its first arrangement; the
///    next mutation of the box moves the stray digit on (through `may_take`).
///
/// Abandoned (`None`) only when the box has fewer than two free cells or `i` cannot take any
/// other free cell's digit. With `--init random` every digit is a candidate: no tier 3.
///
/// `bx` is the box drawn, `free` and `duplicated` its masks ([`box_masks`]).
#[inline(always)]
fn candidate_in_box<const N: usize>(
    problem: &Problem,
    rng: &mut impl Draws,
    genome: &[u8],
    counts: &LineCounts<N>,
    (bx, free, duplicated): (usize, u64, u64),
) -> SwapPair
where
    Side<N>: Packing,
{
    if free.count_ones() < 2 {
        return None;
    }
    let i = if duplicated != 0 {
        nth_set_bit(duplicated, rng.below(duplicated.count_ones()))
    } else {
        nth_set_bit(free, rng.below(free.count_ones()))
    } as usize;
    let gi = bx * N + i;
    // The tiers as masks of box positions.
    let mut tiers = [0u64; 4];
    let mut rest = free & !(1 << i);
    while rest != 0 {
        let j = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let gj = bx * N + j;
        if !may_take(problem, genome, gi, genome[gj]) {
            continue;
        }
        let tier = if !may_take(problem, genome, gj, genome[gi]) {
            3
        } else if fits(counts, bx, i, j, genome[gj]) && fits(counts, bx, j, i, genome[gi]) {
            0
        } else if duplicated >> j & 1 != 0 {
            1
        } else {
            2
        };
        tiers[tier] |= 1 << j;
    }
    let tier = tiers.into_iter().find(|&t| t != 0)?;
    let j = nth_set_bit(tier, rng.below(tier.count_ones()));
    Some((gi, bx * N + j as usize))
}

/// The mutation `kind` names, on a genome whose line counts are `counts`.
///
/// Directed mutation: in a random box, swap two free cells whose digits are duplicated in their
/// row or column; with one such cell, swap it with another free cell; with none, any two free
/// cells ([`directed_pair`]). Abandoned only when the box has fewer than two free cells. The
/// candidate mutation (`candidate_in_box`) draws its box the same way, first.
#[inline(always)]
pub fn mutation_counted<const N: usize>(
    problem: &Problem,
    kind: MutationKind,
    rng: &mut impl Draws,
    genome: &[u8],
    counts: &LineCounts<N>,
) -> SwapPair
where
    Side<N>: Packing,
{
    match kind {
        MutationKind::Swap => swap_mutation(problem, rng),
        MutationKind::FirstFit => super::row::first_fit_mutation(problem, rng, genome, counts),
        MutationKind::Directed | MutationKind::Candidate => {
            let bx = rng.below(N as u32) as usize;
            let (free, duplicated) = box_masks(problem, genome, counts, bx);
            if kind == MutationKind::Candidate {
                return candidate_in_box(problem, rng, genome, counts, (bx, free, duplicated));
            }
            let (i, j) = directed_pair(rng, free, duplicated)?;
            Some((bx * N + i as usize, bx * N + j as usize))
        }
    }
}

/// The directed mutation ([`mutation_counted`]) on a genome whose counts are built for this one
/// call.
pub fn directed_mutation(problem: &Problem, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    box_mutation(problem, MutationKind::Directed, rng, genome)
}

/// The candidate mutation (`candidate_in_box`) on a genome whose counts are built for this
/// one call.
pub fn candidate_mutation(problem: &Problem, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    box_mutation(problem, MutationKind::Candidate, rng, genome)
}

/// The box-encoded mutation `kind` names, counts built for this one call.
fn box_mutation(problem: &Problem, kind: MutationKind, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    for_side!(problem.side(), N => {
        mutation_counted(problem, kind, rng, genome, &LineCounts::<N>::new(genome))
    })
}

/// The mutation `kind` names (counts built for this one call), in either encoding.
pub fn mutation(problem: &Problem, kind: MutationKind, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    if problem.encoding() == Encoding::Row {
        let counts = UnitCounts::build(problem, genome);
        return counts.mutation(problem, kind, rng, genome);
    }
    box_mutation(problem, kind, rng, genome)
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU mutation of the
/// run's kind, its line masks already kept (see [`lines_loop_bound`]): in a box, the candidate
/// mutation's pass over the box's free cells after the box scan bounds them all; the first-fit
/// swap scans up to every pair of a unit; the row encoding's directed mutation scans the unit.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    let n = params.side as u64;
    if params.mutation_kind == MutationKind::FirstFit as u32 {
        run(n) + n * run(n)
    } else if params.encoding == Encoding::Row as u32 {
        run(n)
    } else {
        run(n) + run(n)
    }
}

/// Loop iterations of building the GPU child's kept line masks (`build_lines` in
/// `crates/evoku/shaders/ga/line_masks.wgsl`): clearing the 2n lines, then a pass over the
/// genome's words. Once per child, at its first mutation (again after a box assignment).
pub fn lines_loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    run(2 * params.side as u64) + run(params.genome_words as u64)
}

/// Loop iterations of one GPU swap that keeps the line masks (`swap_child_and_lines`): at most
/// the four lines through the two cells recounted.
pub fn swap_loop_bound(params: &crate::ga::Params) -> u64 {
    4 * super::loop_run(params.side as u64)
}

#[cfg(test)]
#[path = "mutation_tests.rs"]
mod tests;
