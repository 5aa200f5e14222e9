// After the tours, one invocation per colony: the iteration's best ant, the best-so-far solution
// and its global pheromone update, best-value evaporation, records, stagnation and restart (the
// pheromone's reset is `restart`'s, crates/evoku/shaders/aco/restart.wgsl), the solved flag.
//
// Twin of `crates/evoku/src/aco/cpu/colony_update.rs`.

@compute @workgroup_size(COLONY_WORKGROUP)
fn colony_update(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    let colony = gid.y * groups.x * COLONY_WORKGROUP + gid.x;
    if colony >= params.colonies {
        return;
    }
    var state = colonies[colony];
    if state.solved != 0u {
        return;
    }
    let cells = params.cells;
    state.restart_pending = 0u;
    // The fullest ant, the lowest on ties.
    var best = 0u;
    var filled = ants[ant_base(colony, 0u) + A_FILLED];
    for (var a = 1u; a < params.ants; a++) {
        let f = ants[ant_base(colony, a) + A_FILLED];
        if f > filled {
            best = a;
            filled = f;
        }
    }
    let ant = ant_base(colony, best);
    state.iteration += 1u;
    state.step = 0u;
    state.iteration_best_filled = filled;
    state.iteration_best_ant = best;
    let deposit = dtau(filled);
    let best_record = record_base(colony);
    let overall_record = best_record + 1u + cells;
    if deposit > state.best_value {
        state.best_value = deposit;
        state.best_filled = filled;
        records[best_record] = filled;
        for (var c = 0u; c < cells; c++) {
            records[best_record + 1u + c] = ant_digit(ant, c);
        }
    }
    if filled > state.overall_best_filled {
        state.overall_best_filled = filled;
        state.overall_best_iteration = state.iteration;
        records[overall_record] = filled;
        for (var c = 0u; c < cells; c++) {
            records[overall_record + 1u + c] = ant_digit(ant, c);
        }
    }
    if filled > state.epoch_max_filled {
        state.epoch_max_filled = filled;
        state.stagnation = 0u;
    } else {
        state.stagnation += 1u;
    }
    if filled == cells {
        state.solved = 1u;
        colonies[colony] = state;
        return;
    }
    // Global update on the best-so-far solution.
    let row = pher_base(colony);
    for (var c = 0u; c < cells; c++) {
        let digit = records[best_record + 1u + c];
        if digit != 0u {
            let i = row + c * params.side + digit - 1u;
            pheromone[i] = blend(pheromone[i], state.best_value, params.rho_q16);
        }
    }
    state.best_value -= mul_q16(state.best_value, params.evaporation_q16);
    if params.restart_after != 0u && state.stagnation >= params.restart_after {
        state.restart_pending = 1u;
        state.best_value = 0u;
        state.best_filled = 0u;
        state.epoch_max_filled = 0u;
        state.stagnation = 0u;
        state.restarts += 1u;
    }
    colonies[colony] = state;
}
