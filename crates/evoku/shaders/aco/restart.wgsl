// A restarted colony's fresh pheromone, one workgroup per colony: after the `colony_update`
// that restarted it (`restart_pending`), every word of its pheromone becomes `tau0`, each
// invocation taking every COLONY_WORKGROUP-th word so that none loops over the whole table.
//
// Twin of `crates/evoku/src/aco/cpu/restart.rs`.

@compute @workgroup_size(COLONY_WORKGROUP)
fn restart(
    @builtin(workgroup_id) group_id: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
    @builtin(local_invocation_index) lane: u32,
) {
    let colony = group_id.y * groups.x + group_id.x;
    if colony >= params.colonies || colonies[colony].restart_pending == 0u
        || colonies[colony].solved != 0u {
        return;
    }
    let row = pher_base(colony);
    let words = params.cells * params.side;
    for (var i = lane; i < words; i += COLONY_WORKGROUP) {
        pheromone[row + i] = params.tau0;
    }
}
