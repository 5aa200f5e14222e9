//! The counted mutations against the help-array scan they replaced, draw for draw.
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
        let (first_row, first_col) = (problem.line_a_of()[bx * n], problem.line_b_of()[bx * n]);
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
    let nine = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
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
