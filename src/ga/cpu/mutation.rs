//! Swap mutation inside one box, guided by the help array (docs/ALGORITHMS.md section 2).
//!
//! Twin of `swap_mutation`, `directed_mutation` and `candidate_mutation` in
//! `shaders/mutation.wgsl`. The functions only choose the pair; the caller swaps.

use super::fitness::{for_side, LineCounts, Packing, Side};
use super::init::nth_set_bit;
use crate::ga::{MutationKind, Problem};
use crate::rng::Rng;

/// Two genome indices to swap, or `None` when the attempt is abandoned.
pub type SwapPair = Option<(usize, usize)>;

/// The paper's mutation: a random box and two random positions in it; abandoned when they are
/// equal or either is a given, so the effective rate is below the nominal one.
pub fn swap_mutation(problem: &Problem, rng: &mut Rng) -> SwapPair {
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
#[inline]
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
    let help = &problem.help()[bx * N..(bx + 1) * N];
    let cells = &genome[bx * N..(bx + 1) * N];
    let (mut free, mut duplicated) = (0u64, 0u64);
    // Branch-free: which cells are free or duplicated is data, not a pattern to predict.
    for pr in 0..b {
        for pc in 0..b {
            let p = pr * b + pc;
            let is_free = u64::from(help[p] == 0);
            let digit = cells[p];
            let twice =
                counts.in_row(row0 + pr, digit) >= 2 || counts.in_col(col0 + pc, digit) >= 2;
            free |= is_free << p;
            duplicated |= (is_free & u64::from(twice)) << p;
        }
    }
    (free, duplicated)
}

/// Directed mutation: in a random box, swap two free cells whose digits are duplicated in their
/// row or column; with one such cell, swap it with another free cell; with none, any two free
/// cells. Abandoned only when the box has fewer than two free cells.
pub fn directed_mutation_counted<const N: usize>(
    problem: &Problem,
    rng: &mut Rng,
    genome: &[u8],
    counts: &LineCounts<N>,
) -> SwapPair
where
    Side<N>: Packing,
{
    let bx = rng.below(N as u32) as usize;
    let (free, duplicated) = box_masks(problem, genome, counts, bx);
    let free_count = free.count_ones();
    if free_count < 2 {
        return None;
    }
    let duplicated_count = duplicated.count_ones();
    // Positions in increasing order, the k-th of a list being the k-th set bit of its mask.
    let (list, count, k) = if duplicated_count >= 2 {
        let k = rng.below(duplicated_count);
        (duplicated, duplicated_count, k)
    } else if duplicated_count == 1 {
        (free, free_count, (free & (duplicated - 1)).count_ones())
    } else {
        (free, free_count, rng.below(free_count))
    };
    let other = rng.below(count - 1);
    let other = if other >= k { other + 1 } else { other };
    let (i, j) = (nth_set_bit(list, k), nth_set_bit(list, other));
    Some((bx * N + i as usize, bx * N + j as usize))
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
pub fn candidate_mutation_counted<const N: usize>(
    problem: &Problem,
    rng: &mut Rng,
    genome: &[u8],
    counts: &LineCounts<N>,
) -> SwapPair
where
    Side<N>: Packing,
{
    let bx = rng.below(N as u32) as usize;
    let (free, duplicated) = box_masks(problem, genome, counts, bx);
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
#[inline]
pub fn mutation_counted<const N: usize>(
    problem: &Problem,
    kind: MutationKind,
    rng: &mut Rng,
    genome: &[u8],
    counts: &LineCounts<N>,
) -> SwapPair
where
    Side<N>: Packing,
{
    match kind {
        MutationKind::Swap => swap_mutation(problem, rng),
        MutationKind::Directed => directed_mutation_counted(problem, rng, genome, counts),
        MutationKind::Candidate => candidate_mutation_counted(problem, rng, genome, counts),
    }
}

/// `directed_mutation_counted` on a genome whose counts are built for this one call.
pub fn directed_mutation(problem: &Problem, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    for_side!(problem.side(), N => {
        directed_mutation_counted(problem, rng, genome, &LineCounts::<N>::new(genome))
    })
}

/// `candidate_mutation_counted` on a genome whose counts are built for this one call.
pub fn candidate_mutation(problem: &Problem, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    for_side!(problem.side(), N => {
        candidate_mutation_counted(problem, rng, genome, &LineCounts::<N>::new(genome))
    })
}

/// The mutation `kind` names (counts built for this one call).
pub fn mutation(problem: &Problem, kind: MutationKind, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    for_side!(problem.side(), N => {
        mutation_counted(problem, kind, rng, genome, &LineCounts::<N>::new(genome))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{parse_one, ParseOptions};
    use crate::ga::cpu::init::init_genome;
    use crate::ga::InitKind;

    /// The help-array scan as it was before the line counts (every call re-read the box's 2b
    /// lines): the reference the counted mutations must match draw for draw.
    mod reference {
        use super::super::{digit_bit, may_take, SwapPair};
        use crate::ga::cpu::init::nth_set_bit;
        use crate::ga::Problem;
        use crate::rng::Rng;

        /// `list[draw]`, where `draw` runs over every entry but `list[skip]`.
        fn pick_other(list: &[u8], skip: usize, rng: &mut Rng) -> u8 {
            let k = rng.below(list.len() as u32 - 1) as usize;
            list[if k >= skip { k + 1 } else { k }]
        }

        /// The free cells of box `bx` (positions inside the box, in order), which of them hold a digit
        /// duplicated in their row or column (bit `p` of `duplicated_mask` for position `p`), and the
        /// digits seen in each of the box's `b` rows and `b` columns across the whole board.
        struct BoxScan {
            free: [u8; 64],
            free_count: usize,
            duplicated: [u8; 64],
            duplicated_count: usize,
            duplicated_mask: u64,
            row_seen: [u64; 8],
            col_seen: [u64; 8],
        }

        fn scan_box(problem: &Problem, genome: &[u8], bx: usize) -> BoxScan {
            let n = problem.side();
            let b = problem.geometry().box_size();
            let help = problem.help();
            let mut scan = BoxScan {
                free: [0; 64],
                free_count: 0,
                duplicated: [0; 64],
                duplicated_count: 0,
                duplicated_mask: 0,
                row_seen: [0; 8],
                col_seen: [0; 8],
            };
            // Digits seen, and seen twice, in row `k` / column `k` of the box (board row band*b + k,
            // board column stack*b + k).
            let (mut row_dup, mut col_dup) = ([0u64; 8], [0u64; 8]);
            let (first_row, first_col) = (problem.row_of()[bx * n], problem.col_of()[bx * n]);
            for k in 0..b {
                for (line, seen, dup) in [
                    (
                        first_row as usize + k,
                        &mut scan.row_seen[k],
                        &mut row_dup[k],
                    ),
                    (
                        n + first_col as usize + k,
                        &mut scan.col_seen[k],
                        &mut col_dup[k],
                    ),
                ] {
                    for &g in &problem.line_cells()[line * n..(line + 1) * n] {
                        let bit = digit_bit(genome[g as usize]);
                        *dup |= *seen & bit;
                        *seen |= bit;
                    }
                }
            }
            for p in 0..n {
                let g = bx * n + p;
                if help[g] != 0 {
                    continue;
                }
                scan.free[scan.free_count] = p as u8;
                scan.free_count += 1;
                let bit = digit_bit(genome[g]);
                if row_dup[p / b] & bit != 0 || col_dup[p % b] & bit != 0 {
                    scan.duplicated[scan.duplicated_count] = p as u8;
                    scan.duplicated_count += 1;
                    scan.duplicated_mask |= 1 << p;
                }
            }
            scan
        }

        /// Directed mutation: in a random box, swap two free cells whose digits are duplicated in their
        /// row or column; with one such cell, swap it with another free cell; with none, any two free
        /// cells. Abandoned only when the box has fewer than two free cells.
        pub fn directed_mutation(problem: &Problem, rng: &mut Rng, genome: &[u8]) -> SwapPair {
            let n = problem.side();
            let bx = rng.below(n as u32) as usize;
            let scan = scan_box(problem, genome, bx);
            if scan.free_count < 2 {
                return None;
            }
            let free = &scan.free[..scan.free_count];
            let duplicated = &scan.duplicated[..scan.duplicated_count];
            let (i, j) = if duplicated.len() >= 2 {
                let k = rng.below(duplicated.len() as u32) as usize;
                (duplicated[k], pick_other(duplicated, k, rng))
            } else {
                let k = if duplicated.len() == 1 {
                    free.iter().position(|&p| p == duplicated[0]).unwrap_or(0)
                } else {
                    rng.below(free.len() as u32) as usize
                };
                (free[k], pick_other(free, k, rng))
            };
            Some((bx * n + i as usize, bx * n + j as usize))
        }

        /// Whether the cell at box position `to` would take `digit` from position `from` of the same box
        /// without meeting it again in its row or column (a line both cells share keeps the digit).
        fn fits(scan: &BoxScan, b: usize, to: usize, from: usize, digit: u8) -> bool {
            let bit = digit_bit(digit);
            (to / b == from / b || scan.row_seen[to / b] & bit == 0)
                && (to % b == from % b || scan.col_seen[to % b] & bit == 0)
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
        pub fn candidate_mutation(problem: &Problem, rng: &mut Rng, genome: &[u8]) -> SwapPair {
            let n = problem.side();
            let b = problem.geometry().box_size();
            let bx = rng.below(n as u32) as usize;
            let scan = scan_box(problem, genome, bx);
            if scan.free_count < 2 {
                return None;
            }
            let i = if scan.duplicated_count > 0 {
                scan.duplicated[rng.below(scan.duplicated_count as u32) as usize]
            } else {
                scan.free[rng.below(scan.free_count as u32) as usize]
            } as usize;
            let gi = bx * n + i;
            // The tiers as masks of box positions.
            let mut tiers = [0u64; 4];
            for &j in &scan.free[..scan.free_count] {
                let (j, gj) = (j as usize, bx * n + j as usize);
                if j == i || !may_take(problem, genome, gi, genome[gj]) {
                    continue;
                }
                let tier = if !may_take(problem, genome, gj, genome[gi]) {
                    3
                } else if fits(&scan, b, i, j, genome[gj]) && fits(&scan, b, j, i, genome[gi]) {
                    0
                } else if scan.duplicated_mask >> j & 1 != 0 {
                    1
                } else {
                    2
                };
                tiers[tier] |= 1 << j;
            }
            let tier = tiers.into_iter().find(|&t| t != 0)?;
            let j = nth_set_bit(tier, rng.below(tier.count_ones()));
            Some((gi, bx * n + j as usize))
        }
    }

    fn problems() -> Vec<Problem> {
        let nine =
            "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
        let sixteen: String = (0..256)
            .map(|c| {
                if c % 7 == 0 {
                    char::from(b'1' + (c / 16 + c % 16 * 4 + c / 64) as u8 % 9)
                } else {
                    '.'
                }
            })
            .collect();
        let mut out = Vec::new();
        for text in [
            nine.to_string(),
            ".".repeat(81),
            ".".repeat(256),
            sixteen,
            ".".repeat(625),
        ] {
            let Ok(puzzle) = parse_one(&text, &ParseOptions::default()) else {
                continue;
            };
            for init in [InitKind::Random, InitKind::Candidates] {
                if let Ok(problem) = Problem::new(&puzzle, init, false) {
                    out.push(problem);
                }
            }
        }
        out
    }

    #[test]
    fn counted_mutations_draw_and_choose_as_the_old_scan_did() {
        let problems = problems();
        assert!(problems.len() >= 4, "only {} boards", problems.len());
        for problem in &problems {
            let mut genome = vec![0u8; problem.genome_words() * 4];
            for seed in 0..60u32 {
                let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9) + 1);
                genome.fill(0);
                init_genome(problem, &mut rng, &mut genome);
                for step in 0..40 {
                    let (mut old, mut new) = (rng, rng);
                    let candidate = step % 2 == 1;
                    let (want, got) = if candidate {
                        (
                            reference::candidate_mutation(problem, &mut old, &genome),
                            candidate_mutation(problem, &mut new, &genome),
                        )
                    } else {
                        (
                            reference::directed_mutation(problem, &mut old, &genome),
                            directed_mutation(problem, &mut new, &genome),
                        )
                    };
                    assert_eq!(got, want, "side {} seed {seed} step {step}", problem.side());
                    assert_eq!(
                        new.below(1 << 30),
                        old.below(1 << 30),
                        "draws consumed differ"
                    );
                    if let Some((i, j)) = got {
                        genome.swap(i, j);
                    }
                    // Random swaps inside a box too, so boards drift from directed ones.
                    let n = problem.side() as u32;
                    let bx = rng.below(n);
                    let (i, j) = (
                        (bx * n + rng.below(n)) as usize,
                        (bx * n + rng.below(n)) as usize,
                    );
                    genome.swap(i, j);
                }
            }
        }
    }
}
