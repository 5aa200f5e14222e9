//! The ants' tours: each step every ant of a colony chooses a digit for its cell (greedy or
//! roulette) and propagates it, or resumes the propagation its budget cut short; then the
//! colony's local pheromone updates are applied, ant by ant.
//!
//! Twin of `crates/evoku/shaders/aco/tour.wgsl`. Step 0 of an iteration starts each ant on a copy of the
//! propagated givens at a random cell.

use super::propagate::{pending, propagate, Ant};
use crate::aco::common::{blend, AcoParams, AcoTables, Colony, NO_CHOICE};
use crate::rng::{draw, mul_hi, stream_key};

/// Runs steps `colony.step ..` (at most `steps` of them, up to the end of the tour) for every ant
/// of an unsolved colony, each followed by the local updates, and advances `colony.step`.
/// `colony_index` is the engine's; the draws are those of its puzzle's colony
/// `p.stream_colony(colony_index)`.
pub fn tour(
    p: &AcoParams,
    t: &AcoTables,
    colony_index: u32,
    colony: &mut Colony,
    ants: &mut [Ant],
    pheromone: &mut [u32],
    steps: u32,
) {
    if colony.solved != 0 || colony.step >= p.tour_steps {
        return;
    }
    let first = colony.step;
    let last = first.saturating_add(steps).min(p.tour_steps);
    let keys: Vec<u32> = (0..ants.len() as u32)
        .map(|a| stream_key(p.seed(), p.stream_colony(colony_index), colony.iteration, a))
        .collect();
    for step in first..last {
        for (ant, &key) in ants.iter_mut().zip(&keys) {
            tour_step(p, t, key, ant, pheromone, step);
        }
        local_update(p, ants, pheromone);
    }
    colony.step = last;
}

/// One ant's step `step` of the tour (draws keyed by `key`): with propagation left over from
/// the last step it only resumes that; otherwise, unless it has visited every cell, it chooses a
/// digit for its cell if the cell is open, moves on, and propagates.
pub fn tour_step(
    p: &AcoParams,
    t: &AcoTables,
    key: u32,
    ant: &mut Ant,
    pheromone: &[u32],
    step: u32,
) {
    if step == 0 {
        start(p, t, key, ant);
    }
    ant.choice_cell = NO_CHOICE;
    if !pending(ant) && ant.visits < p.cells {
        let cell = ant.pointer as usize;
        let m = ant.cand[cell];
        if m == 0 {
            ant.empty_visits += 1;
        } else if m & (m - 1) != 0 {
            let greedy = (draw(key, 1 + 2 * step) >> 16) < p.q0_q16;
            let d = if greedy {
                greedy_choice(p, pheromone, cell, m)
            } else {
                roulette_choice(p, pheromone, cell, m, draw(key, 2 + 2 * step))
            };
            ant.cand[cell] = 1u64 << d;
            ant.mark(t, cell);
            ant.push(cell);
            ant.choice_cell = cell as u32;
            ant.choice_digit = d;
        }
        ant.pointer = if ant.pointer + 1 == p.cells {
            0
        } else {
            ant.pointer + 1
        };
        ant.visits += 1;
    }
    let mut budget = p.step_budget;
    if !propagate(p, t, ant, &mut budget) {
        ant.budget_stops += 1;
    }
}

/// The ant's state at step 0: the propagated givens, a random start cell.
fn start(p: &AcoParams, t: &AcoTables, key: u32, ant: &mut Ant) {
    ant.cand.copy_from_slice(&t.start);
    for (done, &m) in ant.done.iter_mut().zip(&t.start) {
        *done = m != 0 && m & (m - 1) == 0;
    }
    ant.filled = t.start_filled;
    ant.stack_len = 0;
    ant.dirty = [0; 3];
    ant.pointer = mul_hi(draw(key, 0), p.cells);
    ant.empty_visits = 0;
    ant.budget_stops = 0;
    ant.visits = 0;
}

/// The candidate with the most pheromone (the lowest digit on ties).
#[inline]
pub fn greedy_choice(p: &AcoParams, pheromone: &[u32], cell: usize, mut m: u64) -> u32 {
    let (mut best, mut best_tau) = (0u32, 0u32);
    let mut first = true;
    while m != 0 {
        let d = m.trailing_zeros();
        m &= m - 1;
        let tau = pheromone[p.pher_index(cell, d as usize)];
        if first || tau > best_tau {
            best = d;
            best_tau = tau;
            first = false;
        }
    }
    best
}

/// A candidate drawn with probability proportional to its pheromone: weights `tau >> shift`
/// (the shift keeps their sum within 32 bits), a target `mul_hi(r, total)` below the sum, and
/// the first candidate whose running sum exceeds it.
#[inline]
pub fn roulette_choice(p: &AcoParams, pheromone: &[u32], cell: usize, m: u64, r: u32) -> u32 {
    let row = &pheromone[p.pher_index(cell, 0)..p.pher_index(cell, 0) + p.side as usize];
    let (mut max, mut count) = (0u32, 0u32);
    let mut bits = m;
    while bits != 0 {
        let d = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        max = max.max(row[d]);
        count += 1;
    }
    let bit_length = |x: u32| 32 - x.leading_zeros();
    let shift = (bit_length(max) + bit_length(count)).saturating_sub(32);
    let mut total = 0u32;
    let mut bits = m;
    while bits != 0 {
        let d = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        total += row[d] >> shift;
    }
    if total == 0 {
        return greedy_choice(p, pheromone, cell, m);
    }
    let target = mul_hi(r, total);
    let mut sum = 0u32;
    let mut bits = m;
    let mut last = 0;
    while bits != 0 {
        let d = bits.trailing_zeros();
        bits &= bits - 1;
        sum += row[d as usize] >> shift;
        last = d;
        if sum > target {
            return d;
        }
    }
    last
}

/// The local update `tau = (1 - phi) tau + phi tau0` on each ant's choice of the last step, in
/// ant order.
pub fn local_update(p: &AcoParams, ants: &[Ant], pheromone: &mut [u32]) {
    for ant in ants {
        if ant.choice_cell != NO_CHOICE {
            let i = p.pher_index(ant.choice_cell as usize, ant.choice_digit as usize);
            pheromone[i] = blend(pheromone[i], p.tau0, p.local_q16);
        }
    }
}

/// An upper bound of the loop iterations (as lavapipe counts them, [`crate::gpu::loop_run`]) one
/// SIMD group of `tour` runs for `steps` steps per dispatch. Its invocations share one counter
/// and run a loop as long as any of them needs it, so divergent branches add up: per step the
/// propagation, the greedy and roulette loops over the candidates, the local updates and the step
/// loop itself; once per dispatch the copy of the start board (`cand_words` per cell) and the step
/// loop's overhead.
pub fn loop_bound(p: &AcoParams, steps: u32) -> u64 {
    use crate::gpu::loop_run as run;
    let n = p.side as u64;
    let per_step = super::propagate::loop_bound(p) + 5 * run(n) + run(p.ants as u64) + 1;
    steps as u64 * per_step + run(p.cells as u64 * p.cand_words as u64) + 2
}
