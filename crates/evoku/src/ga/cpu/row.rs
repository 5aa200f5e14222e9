//! What the row encoding needs beyond the stages both encodings share (docs/ALGORITHMS.md
//! section 3): fitness and line counts read from the problem's tables (a unit is a row, the
//! scored lines are columns and boxes), the report's first-fit mutation, and `Counted`, the
//! interface `breed` and local search use for either encoding's counts.
//!
//! Twins: `fitness` and `first_fit_mutation` in `crates/evoku/shaders/ga/fitness.wgsl` and
//! `crates/evoku/shaders/ga/mutation.wgsl` (the GPU's fitness and local search read the same tables for both
//! encodings).

use super::fitness::{LineCounts, Packing, Side};
use super::mutation::{directed_pair, mutation_counted, swap_mutation, SwapPair};
use crate::ga::{MutationKind, Problem};
use crate::rng::Draws;

/// Bit of digit `d` (1-based), wrapping like the GPU's `digit_bit`.
#[inline(always)]
fn bit(digit: u8) -> u64 {
    1u64 << (digit.wrapping_sub(1) & 63)
}

/// Index of digit `digit` in a line's counts (digits are 1-based; 0 wraps to 63).
#[inline(always)]
fn index(digit: u8) -> usize {
    usize::from(digit.wrapping_sub(1) & 63)
}

/// Digits missing from scored line `line` (A `0..n`, then B `n..2n`), through the tables.
pub fn line_penalty(problem: &Problem, genome: &[u8], line: usize) -> u32 {
    let n = problem.side();
    let seen = problem.line_cells()[line * n..(line + 1) * n]
        .iter()
        .fold(0u64, |seen, &g| seen | bit(genome[g as usize]));
    n as u32 - seen.count_ones()
}

/// Digits missing from every scored line, through the tables (any encoding; the block
/// encoding's `fitness` computes the same from the box-major layout).
pub fn fitness(problem: &Problem, genome: &[u8]) -> u32 {
    (0..2 * problem.side())
        .map(|line| line_penalty(problem, genome, line))
        .sum()
}

/// One genome's digit counts, kept up to date swap by swap, with what the operators ask of them.
/// `LineCounts<N>` (the block encoding's packed counts) and `UnitCounts` (any encoding, through
/// the tables) both serve.
pub trait Counted: Sized {
    fn build(problem: &Problem, genome: &[u8]) -> Self;
    /// Digits missing from every scored line.
    fn penalty(&self) -> u32;
    /// Occurrences of `digit` in scored line A `line`.
    fn in_a(&self, problem: &Problem, line: usize, digit: u8) -> u32;
    /// Occurrences of `digit` in scored line B `line`.
    fn in_b(&self, problem: &Problem, line: usize, digit: u8) -> u32;
    /// Change of penalty if genome indices `i` and `j` (same unit) swapped their digits.
    fn swap_delta(&self, problem: &Problem, genome: &[u8], i: usize, j: usize) -> i32;
    /// Swaps genome indices `i` and `j` and updates the counts.
    fn swap(&mut self, problem: &Problem, genome: &mut [u8], i: usize, j: usize);
    /// The mutation `kind` names: the pair to swap, or `None` when abandoned.
    fn mutation(
        &self,
        problem: &Problem,
        kind: MutationKind,
        rng: &mut impl Draws,
        genome: &[u8],
    ) -> SwapPair;
}

impl<const N: usize> Counted for LineCounts<N>
where
    Side<N>: Packing,
{
    #[inline(always)]
    fn build(_: &Problem, genome: &[u8]) -> Self {
        LineCounts::new(genome)
    }
    #[inline(always)]
    fn penalty(&self) -> u32 {
        LineCounts::penalty(self)
    }
    #[inline(always)]
    fn in_a(&self, _: &Problem, line: usize, digit: u8) -> u32 {
        self.in_row(line, digit)
    }
    #[inline(always)]
    fn in_b(&self, _: &Problem, line: usize, digit: u8) -> u32 {
        self.in_col(line, digit)
    }
    #[inline(always)]
    fn swap_delta(&self, _: &Problem, genome: &[u8], i: usize, j: usize) -> i32 {
        LineCounts::swap_delta(self, genome, i, j)
    }
    #[inline(always)]
    fn swap(&mut self, _: &Problem, genome: &mut [u8], i: usize, j: usize) {
        LineCounts::swap(self, genome, i, j)
    }
    #[inline(always)]
    fn mutation(
        &self,
        problem: &Problem,
        kind: MutationKind,
        rng: &mut impl Draws,
        genome: &[u8],
    ) -> SwapPair {
        mutation_counted(problem, kind, rng, genome, self)
    }
}

/// Digit counts of every scored line of a genome in any encoding, a byte a digit (8 KiB).
pub struct UnitCounts {
    /// `lines[line][digit index]`, lines A `0..n` then B `n..2n` (`64..` when n is 64).
    lines: Box<[[u8; 64]; 128]>,
    penalty: u32,
}

impl UnitCounts {
    /// Change of penalty in a line holding `line` counts when it loses `out` and gains `into`.
    #[inline(always)]
    fn line_delta(line: &[u8; 64], out: u8, into: u8) -> i32 {
        i32::from(line[index(out)] == 1) - i32::from(line[index(into)] == 0)
    }

    /// Line numbers (A, then `n + B`) of genome index `g`.
    #[inline(always)]
    fn lines_of(problem: &Problem, g: usize) -> (usize, usize) {
        (
            problem.line_a_of()[g] as usize,
            problem.side() + problem.line_b_of()[g] as usize,
        )
    }
}

impl Counted for UnitCounts {
    fn build(problem: &Problem, genome: &[u8]) -> Self {
        let n = problem.side();
        let mut lines = Box::new([[0u8; 64]; 128]);
        let mut distinct = 0;
        for (line, counts) in lines.iter_mut().enumerate().take(2 * n) {
            for &g in &problem.line_cells()[line * n..(line + 1) * n] {
                let d = index(genome[g as usize]);
                distinct += u32::from(counts[d] == 0);
                counts[d] += 1;
            }
        }
        UnitCounts {
            lines,
            penalty: 2 * problem.cells() as u32 - distinct,
        }
    }
    fn penalty(&self) -> u32 {
        self.penalty
    }
    fn in_a(&self, _: &Problem, line: usize, digit: u8) -> u32 {
        u32::from(self.lines[line][index(digit)])
    }
    fn in_b(&self, problem: &Problem, line: usize, digit: u8) -> u32 {
        u32::from(self.lines[problem.side() + line][index(digit)])
    }
    fn swap_delta(&self, problem: &Problem, genome: &[u8], i: usize, j: usize) -> i32 {
        let (x, y) = (genome[i], genome[j]);
        if x == y {
            return 0;
        }
        let ((ai, bi), (aj, bj)) = (Self::lines_of(problem, i), Self::lines_of(problem, j));
        let mut delta = 0;
        for (li, lj) in [(ai, aj), (bi, bj)] {
            if li != lj {
                delta += Self::line_delta(&self.lines[li], x, y)
                    + Self::line_delta(&self.lines[lj], y, x);
            }
        }
        delta
    }
    fn swap(&mut self, problem: &Problem, genome: &mut [u8], i: usize, j: usize) {
        let delta = self.swap_delta(problem, genome, i, j);
        self.penalty = self.penalty.wrapping_add_signed(delta);
        let (x, y) = (index(genome[i]), index(genome[j]));
        let ((ai, bi), (aj, bj)) = (Self::lines_of(problem, i), Self::lines_of(problem, j));
        for (li, lj) in [(ai, aj), (bi, bj)] {
            self.lines[li][x] -= 1;
            self.lines[li][y] += 1;
            self.lines[lj][y] -= 1;
            self.lines[lj][x] += 1;
        }
        genome.swap(i, j);
    }
    fn mutation(
        &self,
        problem: &Problem,
        kind: MutationKind,
        rng: &mut impl Draws,
        genome: &[u8],
    ) -> SwapPair {
        // `GaConfig::validate` keeps the candidate mutation away from the row encoding.
        match kind {
            MutationKind::FirstFit => first_fit_mutation(problem, rng, genome, self),
            MutationKind::Directed => unit_directed_mutation(problem, rng, genome, self),
            _ => swap_mutation(problem, rng),
        }
    }
}

/// Whether genome index `to` would take `digit` from index `from` (same unit) without meeting it
/// again in its scored lines (a line both cells share keeps the digit).
#[inline]
fn fits<C: Counted>(problem: &Problem, counts: &C, to: usize, from: usize, digit: u8) -> bool {
    let (a, b) = (problem.line_a_of(), problem.line_b_of());
    (a[to] == a[from] || counts.in_a(problem, a[to] as usize, digit) == 0)
        && (b[to] == b[from] || counts.in_b(problem, b[to] as usize, digit) == 0)
}

/// The report's mutation: in a random unit (a row in the row encoding), the first pair of free
/// cells whose swap brings neither digit into a scored line that already holds it. Pairs are
/// scanned from a random position `s` of the unit: `(s, s+1), (s, s+2), ..., (s+1, s+2), ...`,
/// positions taken modulo n, so repeated calls on one unit do not always meet the same pair.
/// Abandoned (`None`) when no pair qualifies.
pub fn first_fit_mutation<C: Counted>(
    problem: &Problem,
    rng: &mut impl Draws,
    genome: &[u8],
    counts: &C,
) -> SwapPair {
    let n = problem.side();
    let unit = rng.below(n as u32) as usize;
    let start = rng.below(n as u32) as usize;
    let help = problem.help();
    let at = |k: usize| unit * n + (start + k) % n;
    for s in 0..n {
        let gi = at(s);
        if help[gi] != 0 {
            continue;
        }
        for t in s + 1..n {
            let gj = at(t);
            if help[gj] == 0
                && fits(problem, counts, gj, gi, genome[gi])
                && fits(problem, counts, gi, gj, genome[gj])
            {
                return Some((gi, gj));
            }
        }
    }
    None
}

/// The directed mutation in any unit (the row encoding's; the block encoding has its own fast
/// one in `mutation_counted`, which draws and chooses the same way): in a random unit, swap
/// two free cells whose digits occur again in their scored lines (column or box for a row); with
/// one such cell, swap it with another free cell; with none, any two free cells. Abandoned only
/// when the unit has fewer than two free cells.
pub fn unit_directed_mutation<C: Counted>(
    problem: &Problem,
    rng: &mut impl Draws,
    genome: &[u8],
    counts: &C,
) -> SwapPair {
    let n = problem.side();
    let unit = rng.below(n as u32) as usize;
    let (a, b, help) = (problem.line_a_of(), problem.line_b_of(), problem.help());
    let (mut free, mut duplicated) = (0u64, 0u64);
    for p in 0..n {
        let g = unit * n + p;
        if help[g] != 0 {
            continue;
        }
        free |= 1 << p;
        let d = genome[g];
        if counts.in_a(problem, a[g] as usize, d) >= 2
            || counts.in_b(problem, b[g] as usize, d) >= 2
        {
            duplicated |= 1 << p;
        }
    }
    let (i, j) = directed_pair(rng, free, duplicated)?;
    Some((unit * n + i as usize, unit * n + j as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{parse_one, ParseOptions};
    use crate::ga::cpu::init::init_genome;
    use crate::ga::{Encoding, InitKind};
    use crate::rng::Rng;

    fn row_problem(text: &str) -> Problem {
        let puzzle = parse_one(text, &ParseOptions::default()).unwrap();
        Problem::with_encoding(&puzzle, InitKind::Candidates, false, Encoding::Row).unwrap()
    }

    /// The row encoding's counts follow `fitness` through swaps; every row stays a permutation
    /// agreeing with the givens; a first-fit swap never adds a clash to a column or box.
    #[test]
    fn row_counts_follow_fitness_and_first_fit_adds_no_clash() {
        let nine =
            "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
        for text in [nine.to_string(), ".".repeat(256)] {
            let problem = row_problem(&text);
            let n = problem.side();
            let mut genome = vec![0u8; problem.genome_words() * 4];
            for seed in 0..10 {
                let mut rng = Rng::new(seed);
                genome.fill(0);
                init_genome(&problem, &mut rng, &mut genome);
                let mut counts = UnitCounts::build(&problem, &genome);
                assert_eq!(counts.penalty(), fitness(&problem, &genome));
                for _ in 0..100 {
                    let Some((i, j)) = first_fit_mutation(&problem, &mut rng, &genome, &counts)
                    else {
                        continue;
                    };
                    assert_eq!(i / n, j / n, "one row");
                    let before = counts.penalty();
                    counts.swap(&problem, &mut genome, i, j);
                    assert!(counts.penalty() <= before, "a first-fit swap added a clash");
                    assert_eq!(counts.penalty(), fitness(&problem, &genome));
                }
                let grid = problem.to_grid(&genome);
                for r in 0..n {
                    let mut row: Vec<u8> = (0..n).map(|c| grid.get(r * n + c)).collect();
                    row.sort();
                    assert_eq!(row, (1..=n as u8).collect::<Vec<_>>(), "row {r}");
                    for c in 0..n {
                        let given = problem.puzzle().get(r * n + c);
                        assert!(given == 0 || given == grid.get(r * n + c));
                    }
                }
            }
        }
    }
}
