//! Fitness: the number of digits missing from every row and column, summed (0 = solved).
//!
//! Twin of `shaders/fitness.wgsl`. The paper's score (distinct digits per row and column,
//! maximum `2*n*n`) is `2*n*n - penalty`.

use crate::ga::Problem;

/// Bit of digit `d` (1-based) in a candidate-style mask.
#[inline(always)]
fn bit(digit: u8) -> u64 {
    1u64 << (digit.wrapping_sub(1) & 63)
}

/// Digits missing from line `line` (rows `0..n`, then columns `n..2n`). Addresses the
/// box-major genome arithmetically (no table lookups): this is the hot loop of the CPU engine.
#[inline]
pub fn line_penalty(problem: &Problem, genome: &[u8], line: usize) -> u32 {
    let b = problem.geometry().box_size();
    let n = b * b;
    let mut seen = 0u64;
    if line < n {
        let base = (line / b) * b * n + (line % b) * b;
        for bc in 0..b {
            for &d in &genome[base + bc * n..base + bc * n + b] {
                seen |= bit(d);
            }
        }
    } else {
        let (bc, pc) = ((line - n) / b, (line - n) % b);
        for br in 0..b {
            let cells = &genome[(br * b + bc) * n..(br * b + bc + 1) * n];
            for pr in 0..b {
                seen |= bit(cells[pr * b + pc]);
            }
        }
    }
    n as u32 - seen.count_ones()
}

/// Penalty of a whole genome, in one pass over it.
pub fn fitness(problem: &Problem, genome: &[u8]) -> u32 {
    // Monomorphised per box size so the inner loops unroll; this is the engine's hot loop.
    match problem.geometry().box_size() {
        2 => fitness_boxed::<2>(genome),
        3 => fitness_boxed::<3>(genome),
        4 => fitness_boxed::<4>(genome),
        5 => fitness_boxed::<5>(genome),
        6 => fitness_boxed::<6>(genome),
        7 => fitness_boxed::<7>(genome),
        _ => fitness_boxed::<8>(genome),
    }
}

fn fitness_boxed<const B: usize>(genome: &[u8]) -> u32 {
    let n = B * B;
    let mut rows = [0u64; 64];
    let mut cols = [0u64; 64];
    for br in 0..B {
        for bc in 0..B {
            let cells = &genome[(br * B + bc) * n..(br * B + bc + 1) * n];
            for pr in 0..B {
                let mut row = 0u64;
                for pc in 0..B {
                    let d = bit(cells[pr * B + pc]);
                    row |= d;
                    cols[bc * B + pc] |= d;
                }
                rows[br * B + pr] |= row;
            }
        }
    }
    let distinct: u32 = rows[..n]
        .iter()
        .chain(&cols[..n])
        .map(|m| m.count_ones())
        .sum();
    2 * (n * n) as u32 - distinct
}

/// The paper's fitness: distinct digits in every row and column, `2*n*n` when solved.
pub fn paper_score(problem: &Problem, penalty: u32) -> u32 {
    2 * problem.cells() as u32 - penalty
}
