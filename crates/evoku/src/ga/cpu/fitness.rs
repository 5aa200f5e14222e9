//! Fitness: the number of digits missing from every scored line, summed (0 = solved): rows and
//! columns in the block encoding (here, on the box-major layout), columns and boxes in the row
//! encoding (`super::row`).
//!
//! Twin of `crates/evoku/shaders/ga/fitness.wgsl`. The paper's score (distinct digits per row and column,
//! maximum `2*n*n`) is `2*n*n - penalty`.

use crate::ga::{Encoding, Problem};

/// Bit of digit `d` (1-based) in a candidate-style mask.
#[inline(always)]
fn bit(digit: u8) -> u64 {
    1u64 << (digit.wrapping_sub(1) & 63)
}

/// Digits missing from line `line` (rows `0..n`, then columns `n..2n`). Addresses the
/// box-major genome arithmetically (no table lookups): this is the hot loop of the CPU engine.
#[inline]
pub fn line_penalty(problem: &Problem, genome: &[u8], line: usize) -> u32 {
    if problem.encoding() == Encoding::Row {
        return super::row::line_penalty(problem, genome, line);
    }
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

/// Digits missing from every line: rows `0..n` then columns `n..2n` (the rest stays 0).
pub type LinePenalties = [u32; 128];

/// Penalties of every row and column, in one pass over the genome.
pub fn line_penalties(problem: &Problem, genome: &[u8]) -> LinePenalties {
    // Monomorphised per box size so the inner loops unroll, and built with the popcnt
    // instruction where the CPU has it: this is the engine's hot loop.
    macro_rules! dispatch {
        ($($b:literal)*) => {
            match problem.geometry().box_size() {
                $($b => {
                    #[cfg(target_arch = "x86_64")]
                    if std::arch::is_x86_feature_detected!("popcnt") {
                        // SAFETY: the CPU supports popcnt, checked just above.
                        return unsafe { line_penalties_popcnt::<$b>(genome) };
                    }
                    line_penalties_boxed::<$b>(genome)
                })*
                _ => unreachable!("box sizes are 2..=8"),
            }
        };
    }
    dispatch!(2 3 4 5 6 7 8)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn line_penalties_popcnt<const B: usize>(genome: &[u8]) -> LinePenalties {
    line_penalties_boxed::<B>(genome)
}

#[inline(always)]
fn line_penalties_boxed<const B: usize>(genome: &[u8]) -> LinePenalties {
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
    let mut out = [0u32; 128];
    for line in 0..n {
        out[line] = n as u32 - rows[line].count_ones();
        out[n + line] = n as u32 - cols[line].count_ones();
    }
    out
}

/// Penalty of a whole genome.
pub fn fitness(problem: &Problem, genome: &[u8]) -> u32 {
    if problem.encoding() == Encoding::Row {
        return super::row::fitness(problem, genome);
    }
    line_penalties(problem, genome)[..2 * problem.side()]
        .iter()
        .sum()
}

/// Summed penalty of the `b` rows of each band (`side` 0) or the `b` columns of each stack
/// (`side` 1): the scores of Sato & Inoue's crossover.
pub fn unit_penalties(problem: &Problem, genome: &[u8], side: u32) -> [u32; 8] {
    let b = problem.geometry().box_size();
    let lines = line_penalties(problem, genome);
    let first = if side == 0 { 0 } else { b * b };
    let mut units = [0u32; 8];
    for (unit, total) in units.iter_mut().enumerate().take(b) {
        *total = lines[first + unit * b..first + (unit + 1) * b].iter().sum();
    }
    units
}

/// The paper's fitness: distinct digits in every row and column, `2*n*n` when solved.
pub fn paper_score(problem: &Problem, penalty: u32) -> u32 {
    2 * problem.cells() as u32 - penalty
}

/// Runs `$body` with `$n` a `const usize` equal to `$side` (4, 9, ..., 64), so code generic over
/// the side has its box arithmetic as compile-time constants.
macro_rules! for_side {
    ($side:expr, $n:ident => $body:expr) => {
        $crate::ga::cpu::fitness::for_side!(@sides $side, $n, $body, 4 9 16 25 36 49 64)
    };
    (@sides $side:expr, $n:ident, $body:expr, $($size:literal)*) => {
        match $side {
            $($size => {
                const $n: usize = $size;
                $body
            })*
            _ => unreachable!("box sizes are 2..=8"),
        }
    };
}
pub(crate) use for_side;

pub use super::line_counts::{LineCounts, LineWord, Packing, Side};

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU `fitness`: a pass
/// over the genome's words, one over the lines.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    run(params.genome_words as u64) + run(params.side as u64)
}
