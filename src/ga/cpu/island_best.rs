//! Per-island bookkeeping after each generation: elites, best so far, stagnation, restart,
//! solved flag.
//!
//! Twin of `shaders/ga/island_best.wgsl`.

use crate::ga::{Island, Params};

/// Updates `state` from the island's freshly bred population, and copies a new best genome
/// into `epoch_best` / `overall_best`. A solved island is left as it is.
pub fn island_best(
    params: &Params,
    state: &mut Island,
    genomes: &[u8],
    penalty: &[u32],
    age: &[u32],
    epoch_best: &mut [u8],
    overall_best: &mut [u8],
) {
    if state.solved != 0 {
        return;
    }
    let generation = state.generation.wrapping_add(1);
    state.generation = generation;
    state.restart_pending = 0;
    let population = params.population as usize;
    let bytes = params.genome_bytes();
    let effective =
        |s: usize| penalty[s].saturating_add(if params.aging != 0 { age[s] } else { 0 });

    // Elites by effective penalty, ties to the lower slot.
    let mut chosen = [u32::MAX; 4];
    for e in 0..params.elites as usize {
        let mut best = usize::MAX;
        for s in 0..population {
            if chosen[..e].contains(&(s as u32)) {
                continue;
            }
            if best == usize::MAX || effective(s) < effective(best) {
                best = s;
            }
        }
        chosen[e] = best as u32;
    }
    state.elite_slots = chosen.map(|s| if s == u32::MAX { 0 } else { s });

    // The best by raw penalty decides records, stagnation and the solved flag.
    let mut best = 0;
    for s in 1..population {
        if penalty[s] < penalty[best] {
            best = s;
        }
    }
    state.best_slot = best as u32;
    state.best_penalty = penalty[best];
    let genome = &genomes[best * bytes..(best + 1) * bytes];
    if penalty[best] < state.overall_best_penalty {
        state.overall_best_penalty = penalty[best];
        state.overall_best_generation = generation;
        overall_best.copy_from_slice(genome);
    }
    if penalty[best] < state.epoch_best_penalty {
        state.epoch_best_penalty = penalty[best];
        state.stagnation = 0;
        epoch_best.copy_from_slice(genome);
    } else {
        state.stagnation += 1;
    }
    if penalty[best] == 0 {
        state.solved = 1;
        return;
    }
    if params.restart_after != 0 && state.stagnation >= params.restart_after {
        state.restart_pending = 1;
        state.restarts += 1;
        state.stagnation = 0;
        state.epoch_best_penalty = u32::MAX;
    }
}
