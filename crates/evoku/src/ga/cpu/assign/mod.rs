//! Box assignment: re-arrange one box of a child as a noisy minimum-cost matching of its free
//! cells to its missing digits (a many-cell move, where a mutation moves two cells).
//!
//! Twin of `box_assignment` in `crates/evoku/shaders/ga/assign.wgsl`. The cost of putting digit `d` in free cell
//! `c` is `ASSIGN_UNIT` for each of the cell's row and column that already holds `d` outside the
//! box (exactly what the move adds to the penalty), `ASSIGN_UNIT` more when `d` is not one of the
//! cell's candidates, plus a random `0..noise` (`--assign-noise`, by default 1,200: a little
//! more than one conflict). Without the noise the matching is the best arrangement of the box
//! given the rest of the board; the noise lets it take slightly worse ones and so walk off
//! plateaus. The matching is the Hungarian algorithm (potentials, O(k^3) for k free cells), in
//! integers so both engines agree exactly.
//!
//! The k x k costs are computed once per assignment into a table (the Hungarian reads each entry
//! about 3 times), its size fixed by the board side so a 9x9 board does not clear a 64 x 64 one;
//! their noise once per child and generation for all its assignments (`noise::NoiseTable`).

use super::mutation::digit_bit;
use crate::board::MAX_BOX_SIZE;
use crate::ga::Problem;
use crate::rng::Rng;

mod matching;
mod noise;
#[cfg(test)]
mod tests;

use matching::hungarian;
pub use matching::{min_cost_matching, ASSIGN_INF};
use noise::NoiseTable;

/// Cost of one conflict (the noise, `0..noise`, is measured against it).
pub const ASSIGN_UNIT: i32 = 1000;
/// First draw index of the noise (`Rng::at(ASSIGN_NOISE_DRAW + ASSIGN_NOISE_STRIDE * cell +
/// digit)`), far from the sequential draws.
pub const ASSIGN_NOISE_DRAW: u32 = 0x4000_0000;
/// Noise draws per free cell of a box: the largest side, so a cell's draws never depend on the
/// board's size.
pub const ASSIGN_NOISE_STRIDE: u32 = (MAX_BOX_SIZE * MAX_BOX_SIZE) as u32;
/// Re-arranges the free cells of a random box of `genome` (see the module comment); `noise` is
/// the bound of the random part of each cost (`GaConfig::assign_noise`).
pub fn box_assignment(problem: &Problem, noise: u32, rng: &mut Rng, genome: &mut [u8]) {
    box_assignments(problem, noise, rng, genome, 1)
}

/// `steps` box assignments of one child in a row: `box_assignment` `steps` times, the noise
/// drawn once for all of them (`noise::NoiseTable`).
pub fn box_assignments(
    problem: &Problem,
    noise: u32,
    rng: &mut Rng,
    genome: &mut [u8],
    steps: u32,
) {
    // Compiled per box size `B` (box membership and positions by constants) and cost-table side
    // `W` (at least the free cells, a multiple of 8; `K1 = W + 1`): a 9x9 board does not clear
    // a 64 x 64 table.
    macro_rules! per_box_size {
        ($steps:ident) => {
            match problem.geometry().box_size() {
                2 => $steps::<2, 8, 9>(problem, noise, rng, genome, steps),
                3 => $steps::<3, 16, 17>(problem, noise, rng, genome, steps),
                4 => $steps::<4, 16, 17>(problem, noise, rng, genome, steps),
                5 => $steps::<5, 32, 33>(problem, noise, rng, genome, steps),
                6 => $steps::<6, 40, 41>(problem, noise, rng, genome, steps),
                7 => $steps::<7, 56, 57>(problem, noise, rng, genome, steps),
                _ => $steps::<8, 64, 65>(problem, noise, rng, genome, steps),
            }
        };
    }
    #[cfg(target_arch = "x86_64")]
    if vector_instructions() {
        // SAFETY: the CPU has avx2, popcnt, bmi1 and bmi2, checked just above.
        return unsafe { per_box_size!(assign_steps_vector) };
    }
    per_box_size!(assign_steps)
}

/// Whether the CPU has AVX2 and the bit instructions (the cost table's rows are then
/// computed several entries at a time). Detected once, then cached.
#[cfg(target_arch = "x86_64")]
#[inline]
fn vector_instructions() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
}

/// `assign_steps` compiled with AVX2 and the bit instructions, the assignment and the
/// Hungarian inlined into it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
unsafe fn assign_steps_vector<const B: usize, const W: usize, const K1: usize>(
    problem: &Problem,
    noise: u32,
    rng: &mut Rng,
    genome: &mut [u8],
    steps: u32,
) {
    assign_steps::<B, W, K1>(problem, noise, rng, genome, steps)
}

/// `steps` box assignments on boxes of side `B`, with cost tables of side `W` (at least the free
/// cells, a multiple of 8) and `K1 = W + 1`.
#[inline(always)]
fn assign_steps<const B: usize, const W: usize, const K1: usize>(
    problem: &Problem,
    noise: u32,
    rng: &mut Rng,
    genome: &mut [u8],
    steps: u32,
) {
    if steps == 0 {
        return;
    }
    let table = NoiseTable::<W>::new(problem, noise, rng);
    // One cost table for all the steps: each writes the rows it reads.
    let mut cost = [[0i32; W]; W];
    for _ in 0..steps {
        assign::<B, W, K1>(problem, &table, &mut cost, rng, genome);
    }
}

/// One box assignment on boxes of side `B`, its noise read from `table`, its costs written into
/// `cost`.
#[inline(always)]
fn assign<const B: usize, const W: usize, const K1: usize>(
    problem: &Problem,
    table: &NoiseTable<W>,
    cost: &mut [[i32; W]; W],
    rng: &mut Rng,
    genome: &mut [u8],
) {
    let n = B * B;
    let bx = rng.below(n as u32) as usize;
    // Digits in each of the box's B rows and B columns outside the box (position p of the box
    // is in its row p / B and column p % B), read once per line, not once per cell. Genomes are
    // box-major (box `bx` is genome indices `bx * n..bx * n + n`, row-major inside it) and boxes
    // are numbered row-major, so the line's cells in the other boxes of the band or stack are
    // at fixed strides.
    let (band, stack) = (bx / B, bx % B);
    let (mut row_has, mut col_has) = ([0u64; B], [0u64; B]);
    for other in 0..B {
        if other != stack {
            let cells = &genome[(band * B + other) * n..][..n];
            for (q, has) in row_has.iter_mut().enumerate() {
                for &digit in &cells[q * B..][..B] {
                    *has |= digit_bit(digit);
                }
            }
        }
        if other != band {
            let cells = &genome[(other * B + stack) * n..][..n];
            for (q, has) in col_has.iter_mut().enumerate() {
                for i in 0..B {
                    *has |= digit_bit(cells[i * B + q]);
                }
            }
        }
    }
    // The free cells (genome index and box position) and their digits.
    let first = bx * n;
    let (mut free, mut position, mut digits) = ([0usize; W], [0usize; W], [0u8; W]);
    let mut k = 0;
    let mut mask = problem.free_mask(bx);
    while mask != 0 {
        let p = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let g = first + p;
        (free[k], position[k], digits[k]) = (g, p, genome[g]);
        k += 1;
    }
    if k < 2 {
        return;
    }
    // The Hungarian's passes over 8 lanes where the free cells fit, as most boxes' do up to
    // 16x16; over 16 where they fit up to 25x25.
    let free_cells = FreeCells {
        k,
        free: &free,
        position: &position,
        digits: &digits,
        row_has: &row_has,
        col_has: &col_has,
    };
    let matching = match k {
        ..=8 => matching::<B, 8, 9, W>(problem, &free_cells, table, cost),
        ..=16 if W > 16 => matching::<B, 16, 17, W>(problem, &free_cells, table, cost),
        _ => matching::<B, W, K1, W>(problem, &free_cells, table, cost),
    };
    for cell in 0..k {
        genome[free[cell]] = digits[matching[cell] as usize];
    }
}

/// The free cells of the box being assigned: their genome indices, box positions and digits,
/// and the digits of the box's rows and columns outside it.
struct FreeCells<'a, const B: usize, const W: usize> {
    k: usize,
    free: &'a [usize; W],
    position: &'a [usize; W],
    digits: &'a [u8; W],
    row_has: &'a [u64; B],
    col_has: &'a [u64; B],
}

/// The box's cost table over `L` lanes (`L >= k`; `L1 = L + 1`) in rows of `W` entries, and its
/// minimum-cost matching. Each row is computed whole, past the k free cells: a fixed trip count
/// the compiler unrolls and vectorises (the entries past k are never read). Up to 25x25 the
/// digit masks fit 32 bits, so a vector holds twice the lanes.
#[inline(always)]
fn matching<const B: usize, const L: usize, const L1: usize, const W: usize>(
    problem: &Problem,
    cells: &FreeCells<B, W>,
    table: &NoiseTable<W>,
    cost: &mut [[i32; W]; W],
) -> [u8; 64] {
    let candidates = problem.candidates();
    let mut shift = [0u32; L];
    for (shift, &digit) in shift.iter_mut().zip(&cells.digits[..cells.k]) {
        *shift = (digit.wrapping_sub(1) & 63) as u32;
    }
    for cell in 0..cells.k {
        let p = cells.position[cell];
        let (row, col) = (cells.row_has[p / B], cells.col_has[p % B]);
        let allowed = candidates[cells.free[cell]];
        let entries = cost[cell][..L].iter_mut().zip(&shift);
        for ((entry, &shift), &random) in entries.zip(&table.entries[cell][..L]) {
            let conflicts = if B * B <= 32 {
                let (row, col, allowed) = (row as u32, col as u32, allowed as u32);
                (row >> shift & 1) + (col >> shift & 1) + (!allowed >> shift & 1)
            } else {
                ((row >> shift & 1) + (col >> shift & 1) + (!allowed >> shift & 1)) as u32
            };
            *entry = conflicts as i32 * ASSIGN_UNIT + random;
        }
    }
    hungarian::<L, L1>(cells.k, cost.as_flattened(), W)
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of a child's GPU box
/// assignments. Each: the box's 2b lines, its n cells for the free ones, the Hungarian algorithm
/// for the k free cells of the box (at most `params.assign_free`: k rows, each a reset, up to k
/// rounds of one pass over the columns, one pass moving the potentials, the augmenting path),
/// the write-back of k columns.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    let (n, b) = (params.side as u64, params.box_size as u64);
    let k = u64::from(params.assign_free).min(n);
    let hungarian = run(k) * (run(k + 1) + run(k) * run(k) + run(k + 1) + run(k));
    let step = run(b) + b * 2 * run(n) + run(n) + hungarian + run(k);
    let steps = params.assign_steps as u64;
    run(steps) + steps * step
}
