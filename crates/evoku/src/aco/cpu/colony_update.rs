//! After the tours: the iteration's best ant, the best-so-far solution and its global pheromone
//! update, best-value evaporation, records, stagnation and restart (the pheromone's reset is
//! `restart`'s), the solved flag.
//!
//! Twin of `crates/evoku/shaders/aco/colony_update.wgsl`.

use super::propagate::Ant;
use crate::aco::common::{blend, mul_q16, AcoParams, Colony};

/// Ends the iteration of an unsolved colony. `records` is the colony's: the best-so-far
/// solution then the overall best, each `filled` followed by one digit per cell.
pub fn colony_update(
    p: &AcoParams,
    colony: &mut Colony,
    ants: &[Ant],
    pheromone: &mut [u32],
    records: &mut [u32],
) {
    if colony.solved != 0 {
        return;
    }
    let cells = p.cells as usize;
    colony.restart_pending = 0;
    // The fullest ant, the lowest on ties.
    let mut best = 0;
    for (a, ant) in ants.iter().enumerate() {
        if ant.filled > ants[best].filled {
            best = a;
        }
    }
    let ant = &ants[best];
    let filled = ant.filled;
    colony.iteration += 1;
    colony.step = 0;
    colony.iteration_best_filled = filled;
    colony.iteration_best_ant = best as u32;
    let deposit = p.dtau(filled);
    let (best_record, overall_record) = records.split_at_mut(1 + cells);
    if deposit > colony.best_value {
        colony.best_value = deposit;
        colony.best_filled = filled;
        best_record[0] = filled;
        for (slot, digit) in best_record[1..].iter_mut().zip(ant.digits()) {
            *slot = digit;
        }
    }
    if filled > colony.overall_best_filled {
        colony.overall_best_filled = filled;
        colony.overall_best_iteration = colony.iteration;
        overall_record[0] = filled;
        for (slot, digit) in overall_record[1..].iter_mut().zip(ant.digits()) {
            *slot = digit;
        }
    }
    if filled > colony.epoch_max_filled {
        colony.epoch_max_filled = filled;
        colony.stagnation = 0;
    } else {
        colony.stagnation += 1;
    }
    if filled == p.cells {
        colony.solved = 1;
        return;
    }
    global_update(p, colony.best_value, best_record, pheromone);
    colony.best_value -= mul_q16(colony.best_value, p.evaporation_q16);
    if p.restart_after != 0 && colony.stagnation >= p.restart_after {
        colony.restart_pending = 1;
        colony.best_value = 0;
        colony.best_filled = 0;
        colony.epoch_max_filled = 0;
        colony.stagnation = 0;
        colony.restarts += 1;
    }
}

/// `tau = (1 - rho) tau + rho value` on every filled cell of `record` (filled count, digits).
pub fn global_update(p: &AcoParams, value: u32, record: &[u32], pheromone: &mut [u32]) {
    let n = p.side as usize;
    for (cell, &digit) in record[1..].iter().enumerate() {
        if digit != 0 {
            let i = cell * n + digit as usize - 1;
            pheromone[i] = blend(pheromone[i], value, p.rho_q16);
        }
    }
}

/// The loop iterations (as lavapipe counts them, [`crate::gpu::loop_run`]) of one GPU
/// `colony_update` invocation (the heaviest per-colony stage): best ant, two record copies,
/// the global update.
pub fn loop_bound(p: &AcoParams) -> u64 {
    use crate::gpu::loop_run as run;
    let cells = p.cells as u64;
    run(p.ants as u64) + 3 * run(cells)
}
