//! Per-island bookkeeping after each generation: elites, best so far, stagnation, restart,
//! solved flag, and the adaptive rates.
//!
//! Twin of `crates/evoku/shaders/ga/island_best.wgsl`.

use crate::ga::common::outcome;
use crate::ga::{Island, Params};

/// Updates `state` from the island's freshly bred population (its genomes, penalties, ages and
/// the `outcome` bits of each child's breeding), and copies a new best genome into
/// `epoch_best` / `overall_best`. A solved island is left as it is.
#[allow(clippy::too_many_arguments)]
pub fn island_best(
    params: &Params,
    state: &mut Island,
    genomes: &[u8],
    penalty: &[u32],
    age: &[u32],
    outcomes: &[u32],
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
    let count = |bit: u32| {
        outcomes[..population]
            .iter()
            .filter(|&&o| o & bit != 0)
            .count()
    };
    state.crossovers = count(outcome::CROSSED) as u32;
    state.crossover_successes = count(outcome::CROSS_SUCCESS) as u32;
    state.mutations = count(outcome::MUTATED) as u32;
    state.mutation_improvements = count(outcome::MUTATION_IMPROVED) as u32;
    adapt_rates(params, state, generation == 0);
    if penalty[best] == 0 {
        state.solved = 1;
        return;
    }
    if params.restart_after != 0 && state.stagnation >= params.restart_after {
        state.restart_pending = 1;
        state.restarts += 1;
        state.stagnation = 0;
        state.epoch_best_penalty = u32::MAX;
        adapt_rates(params, state, true);
    }
}

/// The adaptive rates (docs/ALGORITHMS.md section 3), from this generation's counts: the
/// crossover rate rises by a step, up to its maximum, while the share of successful crossovers
/// is below its target; the mutation rate falls by a step, down to its minimum, while under
/// 30 % of mutations improve the child. `start`: back to the starting rates (generation 0 and
/// every restart). Without `Params::adaptive` the rates stay the fixed ones.
pub fn adapt_rates(params: &Params, state: &mut Island, start: bool) {
    if params.adaptive == 0 || start {
        state.crossover_rate_q16 = params.crossover_rate_q16;
        state.mutation_rate_q16 = params.mutation_rate_q16;
        return;
    }
    let below = |hits: u32, tries: u32, target_pm: u32| {
        tries > 0 && (hits as u64) * 1000 < (target_pm as u64) * (tries as u64)
    };
    if below(
        state.crossover_successes,
        state.crossovers,
        params.crossover_target_pm,
    ) {
        state.crossover_rate_q16 = (state.crossover_rate_q16 + params.rate_step_q16)
            .min(params.crossover_max_q16.max(params.crossover_rate_q16));
    }
    if below(
        state.mutation_improvements,
        state.mutations,
        params.mutation_target_pm,
    ) {
        state.mutation_rate_q16 = state
            .mutation_rate_q16
            .saturating_sub(params.rate_step_q16)
            .max(params.mutation_min_q16.min(params.mutation_rate_q16));
    }
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU `island_best`
/// invocation: its share of the slots, invocation 0's elite picks over every invocation's
/// candidates, its best pick and the outcome counts, its share of the record copy.
pub fn loop_bound(params: &Params) -> u64 {
    use super::loop_run as run;
    use crate::ga::common::ISLAND_BEST_WORKGROUP;
    let workgroup = ISLAND_BEST_WORKGROUP as u64;
    let candidates = crate::ga::MAX_ELITES as u64 * workgroup;
    run((params.population as u64).div_ceil(workgroup))
        + run(params.elites as u64) * run(candidates)
        + 2 * run(workgroup)
        + run((params.genome_words as u64).div_ceil(workgroup))
}
