//! Fitness: the number of digits missing from every row and column, summed (0 = solved).
//!
//! Twin of `shaders/fitness.wgsl`. The paper's score (distinct digits per row and column,
//! maximum `2*n*n`) is `2*n*n - penalty`.

use crate::ga::Problem;

/// Digits missing from line `line` (rows `0..n`, then columns `n..2n`).
#[inline]
pub fn line_penalty(problem: &Problem, genome: &[u8], line: usize) -> u32 {
    let n = problem.side();
    let mut seen = 0u64;
    for &g in &problem.line_cells()[line * n..(line + 1) * n] {
        seen |= 1u64 << (genome[g as usize].wrapping_sub(1) & 63);
    }
    n as u32 - seen.count_ones()
}

/// Penalty of a whole genome.
pub fn fitness(problem: &Problem, genome: &[u8]) -> u32 {
    (0..2 * problem.side())
        .map(|line| line_penalty(problem, genome, line))
        .sum()
}

/// The paper's fitness: distinct digits in every row and column, `2*n*n` when solved.
pub fn paper_score(problem: &Problem, penalty: u32) -> u32 {
    2 * problem.cells() as u32 - penalty
}
