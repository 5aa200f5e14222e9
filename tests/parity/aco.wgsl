// The ACS's test entry points (tests/parity/aco.rs): one operator per invocation on case `id`,
// which is colony `id` with one ant (`params.ants` is 1) at `ant_base(id, 0)` and its pheromone
// at `pher_base(id)`. A case's step is its colony's `step`; its keys are the tour's
// (`stream_key(seed, colony, 0, ant)`); `records` holds two words a case.

fn aco_case(gid: vec3<u32>, groups: vec3<u32>) -> u32 {
    return gid.y * groups.x * COLONY_WORKGROUP + gid.x;
}

// One `tour_step` of the case's ant at step `colonies[id].step`.
@compute @workgroup_size(COLONY_WORKGROUP)
fn parity_aco_tour_step(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = aco_case(gid, groups);
    if id >= params.colonies {
        return;
    }
    let key = stream_key(params.seed_lo, params.seed_hi, id, 0u, 0u);
    tour_step(id, ant_base(id, 0u), key, colonies[id].step);
}

// `propagate` of the case's ant with budget `records[2 id]`: writes the budget left there and
// whether the work ran out before the budget into `records[2 id + 1]`.
@compute @workgroup_size(COLONY_WORKGROUP)
fn parity_aco_propagate(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = aco_case(gid, groups);
    if id >= params.colonies {
        return;
    }
    var budget = records[2u * id];
    let done = propagate(ant_base(id, 0u), &budget);
    records[2u * id] = budget;
    records[2u * id + 1u] = select(0u, 1u, done);
}
