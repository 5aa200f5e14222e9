//! Box assignment: re-arrange one box of a child as a noisy minimum-cost matching of its free
//! cells to its missing digits (a many-cell move, where a mutation moves two cells).
//!
//! Twin of `box_assignment` in `shaders/ga/assign.wgsl`. The cost of putting digit `d` in free cell
//! `c` is `ASSIGN_UNIT` for each of the cell's row and column that already holds `d` outside the
//! box (exactly what the move adds to the penalty), `ASSIGN_UNIT` more when `d` is not one of the
//! cell's candidates, plus a random `0..noise` (`--assign-noise`, by default 1,200: a little
//! more than one conflict). Without the noise the matching is the best arrangement of the box
//! given the rest of the board; the noise lets it take slightly worse ones and so walk off
//! plateaus. The matching is the Hungarian algorithm (potentials, O(k^3) for k free cells), in
//! integers so both engines agree exactly.
//!
//! The k x k costs are computed once per assignment into a table (the Hungarian reads each entry
//! about 3 times), its size fixed by the board side so a 9x9 board does not clear a 64 x 64 one.

use super::mutation::digit_bit;
use crate::board::MAX_BOX_SIZE;
use crate::ga::Problem;
use crate::rng::{index_mix, mul_hi, Rng};

mod matching;
#[cfg(test)]
mod tests;

use matching::hungarian;
pub use matching::{min_cost_matching, ASSIGN_INF};

/// Cost of one conflict (the noise, `0..noise`, is measured against it).
pub const ASSIGN_UNIT: i32 = 1000;
/// First draw index of the noise (`Rng::at(ASSIGN_NOISE_DRAW + ASSIGN_NOISE_STRIDE * cell +
/// digit)`), far from the sequential draws.
pub const ASSIGN_NOISE_DRAW: u32 = 0x4000_0000;
/// Noise draws per free cell of a box: the largest side, so a cell's draws never depend on the
/// board's size.
pub const ASSIGN_NOISE_STRIDE: u32 = (MAX_BOX_SIZE * MAX_BOX_SIZE) as u32;
const STRIDE: usize = ASSIGN_NOISE_STRIDE as usize;
/// `index_mix(ASSIGN_NOISE_DRAW + i)` at `i = ASSIGN_NOISE_STRIDE * cell + digit`: the noise
/// draws' key-independent half, mixed once at compile time instead of once per draw. A few
/// entries past the last cell's: a 9x9 table row reads 10.
static NOISE_INDEX_MIX: [u32; STRIDE * STRIDE + 16] = {
    let mut mixed = [0; STRIDE * STRIDE + 16];
    let mut i = 0;
    while i < mixed.len() {
        mixed[i] = index_mix(ASSIGN_NOISE_DRAW + i as u32);
        i += 1;
    }
    mixed
};

/// Re-arranges the free cells of a random box of `genome` (see the module comment); `noise` is
/// the bound of the random part of each cost (`GaConfig::assign_noise`).
pub fn box_assignment(problem: &Problem, noise: u32, rng: &mut Rng, genome: &mut [u8]) {
    #[cfg(target_arch = "x86_64")]
    if vector_instructions() {
        // SAFETY: the CPU has avx2, popcnt, bmi1 and bmi2, checked just above.
        return unsafe { box_assignment_vector(problem, noise, rng, genome) };
    }
    box_assignment_inline(problem, noise, rng, genome)
}

/// Whether the CPU has AVX2 and the bit instructions (the cost table's noise hashes are then
/// computed several at a time). Detected once, then cached.
#[cfg(target_arch = "x86_64")]
#[inline]
fn vector_instructions() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
}

/// `box_assignment` compiled with AVX2 and the bit instructions, the assignment and the
/// Hungarian inlined into it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
unsafe fn box_assignment_vector(problem: &Problem, noise: u32, rng: &mut Rng, genome: &mut [u8]) {
    box_assignment_inline(problem, noise, rng, genome)
}

#[inline(always)]
fn box_assignment_inline(problem: &Problem, noise: u32, rng: &mut Rng, genome: &mut [u8]) {
    // The cost table's side is the board's (k <= n free cells): a fixed size per class of board.
    match problem.side() {
        0..=9 => assign::<10>(problem, noise, rng, genome),
        10..=16 => assign::<17>(problem, noise, rng, genome),
        17..=25 => assign::<26>(problem, noise, rng, genome),
        26..=36 => assign::<37>(problem, noise, rng, genome),
        _ => assign::<65>(problem, noise, rng, genome),
    }
}

/// The digits of the genome cells `line` lists, except those at positions `skip`.
#[inline(always)]
fn digits_outside(line: &[u16], skip: std::ops::Range<usize>, genome: &[u8]) -> u64 {
    let digits = |part: &[u16]| {
        part.iter()
            .fold(0, |has, &cell| has | digit_bit(genome[cell as usize]))
    };
    digits(&line[..skip.start]) | digits(&line[skip.end..])
}

/// `box_assignment` with a cost table and Hungarian arrays of side `K1` (more than the free cells).
#[inline(always)]
fn assign<const K1: usize>(problem: &Problem, noise: u32, rng: &mut Rng, genome: &mut [u8]) {
    let n = problem.side();
    let bx = rng.below(n as u32) as usize;
    let help = problem.help();
    let line_cells = problem.line_cells();
    let b = problem.geometry().box_size();
    // Digits in each of the box's b rows and b columns outside the box (position p of the box
    // is in its row p / b and column p % b), read once per line, not once per cell.
    let first = bx * n;
    let (first_row, first_col) = (problem.line_a_of()[first], problem.line_b_of()[first]);
    let (mut row_has, mut col_has) = ([0u64; 8], [0u64; 8]);
    for q in 0..b {
        let row = &line_cells[(first_row as usize + q) * n..][..n];
        let col = &line_cells[(n + first_col as usize + q) * n..][..n];
        // Along a row the box holds columns `first_col..first_col + b`; along a column, rows.
        row_has[q] = digits_outside(row, first_col as usize..first_col as usize + b, genome);
        col_has[q] = digits_outside(col, first_row as usize..first_row as usize + b, genome);
    }
    // The free cells (genome index and box position) and their digits.
    let (mut free, mut position, mut digits) = ([0usize; K1], [0usize; K1], [0u8; K1]);
    let mut k = 0;
    for p in 0..n {
        let g = first + p;
        if help[g] != 0 {
            continue;
        }
        (free[k], position[k], digits[k]) = (g, p, genome[g]);
        k += 1;
    }
    if k < 2 {
        return;
    }
    let candidates = problem.candidates();
    let draws = *rng;
    let mut bits = [0u64; K1];
    for (bit, &digit) in bits.iter_mut().zip(&digits[..k]) {
        *bit = digit_bit(digit);
    }
    // Rows K1 entries apart. Up to 9x9 each row is computed whole, past k: a fixed trip count
    // the compiler unrolls and vectorises (the entries past k are never read); on larger
    // boards the k entries alone.
    let width = if K1 <= 10 { K1 } else { k };
    let mut cost = [[0i32; K1]; K1];
    for cell in 0..k {
        let p = position[cell];
        let (row, col) = (row_has[p / b], col_has[p % b]);
        let allowed = candidates[free[cell]];
        let mixed = &NOISE_INDEX_MIX[STRIDE * cell..][..width];
        let entries = cost[cell][..width].iter_mut().zip(&bits[..width]);
        for ((entry, &bit), &mixed) in entries.zip(mixed) {
            let conflicts =
                (row & bit != 0) as i32 + (col & bit != 0) as i32 + (allowed & bit == 0) as i32;
            let random = mul_hi(draws.at_mixed(mixed), noise);
            *entry = conflicts * ASSIGN_UNIT + random as i32;
        }
    }
    let matching = hungarian::<K1>(k, cost.as_flattened(), K1);
    for cell in 0..k {
        genome[free[cell]] = digits[matching[cell] as usize];
    }
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of a child's GPU box
/// assignments. Each: the box's 2b lines, its free cells, the Hungarian algorithm for up to n
/// cells (n rows, each: a reset, up to n rounds of one pass over the columns, one pass moving the
/// potentials, the augmenting path), the write-back.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    let (n, b) = (params.side as u64, params.box_size as u64);
    let hungarian = run(n) * (run(n + 1) + run(n) * run(n) + run(n + 1) + run(n));
    let step = run(b) + b * 2 * run(n) + run(n) + hungarian + run(n);
    let steps = params.assign_steps as u64;
    run(steps) + steps * step
}
