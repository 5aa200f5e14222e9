// One generation for one slot: elitism, restart, migration, or tournament, crossover, mutation
// and local search. Reads the current population, writes one child.
//
// Twin of src/ga/cpu/breed.rs. Entry point `breed`: one invocation per individual (island = id /
// population, slot = id % population); each writes only its own child genome and score.

// Whether generation `generation` brings a migrant into the last slot.
fn migrates(generation: u32) -> bool {
    return params.migration_interval != 0u && params.islands > 1u
        && generation % params.migration_interval == 0u
        && params.population - 1u >= params.elites;
}

@compute @workgroup_size(WG)
fn breed(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = invocation_index(gid, groups);
    if id >= params.population * params.islands {
        return;
    }
    let population_size = params.population;
    let island = id / population_size;
    let slot = id % population_size;
    // The island's first individual, and every genome's size in words.
    let first = island * population_size;
    let words = params.genome_words;
    child_base = id * words;
    let state = islands[island];
    if state.solved != 0u {
        copy_to_child(id * words);
        next_scores[id] = scores[id];
        return;
    }
    let generation = state.generation + 1u;
    if state.restart_pending != 0u {
        if slot < params.restart_keep {
            copy_to_child(id * words);
            next_scores[id] = vec2<u32>(scores[id].x, 0u);
            return;
        }
        next_scores[id] = init_slot(island, generation, slot);
        return;
    }
    if slot < params.elites {
        let elite = first + islands[island].elite_slots[slot];
        copy_to_child(elite * words);
        next_scores[id] = vec2<u32>(scores[elite].x, saturating_add(scores[elite].y, 1u));
        return;
    }
    // The previous island's best of the current generation (it may have stopped at a solution).
    if slot == population_size - 1u && migrates(generation) {
        let previous = (island + params.islands - 1u) % params.islands;
        let source = previous * population_size + islands[previous].best_slot;
        copy_to_child(source * words);
        next_scores[id] = vec2<u32>(scores[source].x, 0u);
        return;
    }

    let offset = slot - params.elites;
    let side = offset % 2u;
    let pair = rng_new(stream_key(params.seed_lo, params.seed_hi, island, generation, PAIR_STREAM | (offset / 2u)));
    var pair_draws = pair;
    let a = tournament(&pair_draws, first, population_size, params.tournament_size);
    let b = tournament(&pair_draws, first, population_size, params.tournament_size);
    let kind = params.crossover_kind;
    let drawn = chance(&pair_draws, params.crossover_rate_q16);
    // Unknown codes mean no crossover, as on the CPU.
    let crosses = drawn && kind >= CROSSOVER_BAND && kind <= CROSSOVER_MULTI_PARENT;
    let tie_base = 2u * params.tournament_size + 1u;
    let ga = (first + a) * words;
    let gb = (first + b) * words;
    let own_parent = select(gb, ga, side == 0u);

    var rng = rng_new(stream_key(params.seed_lo, params.seed_hi, island, generation, slot));
    // A child that is an unchanged copy of its parent keeps the parent's penalty.
    var inherited = false;
    var penalty = 0u;
    if !crosses {
        copy_to_child(own_parent);
        inherited = true;
        penalty = scores[first + select(b, a, side == 0u)].x;
    } else if kind == CROSSOVER_BAND {
        band_crossover(pair, tie_base, side, ga, gb);
    } else if kind == CROSSOVER_UNIFORM {
        uniform_crossover(pair, tie_base, side, ga, gb);
    } else {
        let generation_best = (first + state.best_slot) * words;
        multi_parent(&rng, epoch_best_base(island), generation_best, own_parent);
    }

    let mutation_kind = params.mutation_kind;
    let chances = select(1u, params.side, params.mutation_scope == MUTATION_SCOPE_BOX);
    for (var c = 0u; c < chances; c++) {
        if chance(&rng, params.mutation_rate_q16) {
            let pair_to_swap = mutation(mutation_kind, &rng);
            if pair_to_swap.found {
                swap_child_cells(pair_to_swap.i, pair_to_swap.j);
                inherited = false;
            }
        }
    }
    for (var step = 0u; step < params.assign_steps; step++) {
        box_assignment(&rng);
        inherited = false;
    }
    if !inherited {
        penalty = fitness();
    }
    if params.local_search_children > 0u {
        penalty = local_search(mutation_kind, &rng, penalty, params.local_search_children);
    }
    next_scores[id] = vec2<u32>(penalty, 0u);
}
