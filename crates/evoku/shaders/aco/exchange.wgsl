// Every `exchange_interval` iterations, one invocation per colony: adopt the overall best of the
// ring neighbour (colony c - 1) as the best-so-far solution when it is fuller than the colony's
// own, at the full deposit.
//
// Twin of `crates/evoku/src/aco/cpu/exchange.rs`. Reads only the neighbours' overall-best records (written by
// `colony_update` alone) and writes only the colony's own state and best-so-far record, so the
// colonies do not race.
//
// An engine holding part of a run's colonies across devices (`params.colonies <
// params.run_colonies`) finds its first colony's neighbour, which lives on another device, in the
// ghost record after its own colonies' (record `params.colonies`), where the host put that
// neighbour's overall best before this stage. In a batch each puzzle's colonies form a ring of
// their own (`ring_neighbour` in common.wgsl).

@compute @workgroup_size(COLONY_WORKGROUP)
fn exchange(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    let colony = gid.y * groups.x * COLONY_WORKGROUP + gid.x;
    if colony >= params.colonies || params.exchange_interval == 0u || params.run_colonies < 2u {
        return;
    }
    var state = colonies[colony];
    if state.solved != 0u || state.iteration % params.exchange_interval != 0u {
        return;
    }
    // The first colony of a puzzle's ring wraps to its last; a part's colony 0 reads the ghost.
    let neighbour = ring_neighbour(colony);
    let source = record_base(neighbour) + 1u + params.cells;
    let filled = records[source];
    if filled > state.best_filled {
        let destination = record_base(colony);
        for (var i = 0u; i <= params.cells; i++) {
            records[destination + i] = records[source + i];
        }
        state.best_filled = filled;
        state.best_value = dtau(filled);
        state.exchanges += 1u;
        colonies[colony] = state;
    }
}
