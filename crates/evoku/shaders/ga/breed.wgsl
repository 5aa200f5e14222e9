// One generation for one slot: elitism, restart, migration, or tournament, crossover, mutation
// and local search. Reads the current population, writes one child.
//
// Twin of crates/evoku/src/ga/cpu/breed.rs. Entry point `breed`: one invocation per individual (island = id /
// population, slot = id % population); each writes only its own child genome and score.

// Whether generation `generation` brings a migrant into the last slot.
fn migrates(generation: u32) -> bool {
    return params.migration != 0u && params.islands_total > 1u
        && generation % params.migration == 0u
        && params.population - 1u >= params.elites;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn breed(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = params.first_individual + invocation_index(gid, groups);
    if id >= params.population * params.islands {
        return;
    }
    let population_size = params.population;
    let island = id / population_size;
    let slot = id % population_size;
    // The island's number in its puzzle's run, which keys its random streams.
    let global = stream_island(island);
    use_puzzle_tables(island);
    // The island's first individual, and every genome's size in words.
    let first = island * population_size;
    let words = GENOME_WORDS;
    child_base = id * words;
    let state = islands[island];
    // Every path but a bred child's leaves no outcome bits.
    outcomes[id] = 0u;
    if state.solved == ISLAND_FROZEN {
        // The host has taken this puzzle's result: its state stays as it is.
        return;
    }
    if state.solved != 0u {
        pass_to_child(id * words);
        next_scores[id] = scores[id];
        return;
    }
    let generation = state.generation + 1u;
    if state.restart_pending != 0u {
        if slot < params.restart_keep {
            pass_to_child(id * words);
            next_scores[id] = vec2<u32>(scores[id].x, 0u);
            return;
        }
        next_scores[id] = init_slot(global, generation, slot);
        return;
    }
    if slot < params.elites {
        let elite = first + islands[island].elite_slots[slot];
        pass_to_child(elite * words);
        next_scores[id] = vec2<u32>(scores[elite].x, saturating_add(scores[elite].y, 1u));
        return;
    }
    // The previous island's best of the current generation (it may have stopped at a solution).
    if slot == population_size - 1u && migrates(generation) {
        // The ring's previous island, within the island's puzzle. The first island of an engine
        // that holds only part of the ring reads the ghost slot after its own islands, which the
        // host fills with the previous part's last island's best before this generation
        // (`set_ghost` in crates/evoku/src/ga/gpu/multi.rs).
        var previous = island - 1u;
        if island % params.puzzle_islands == 0u {
            let last = island + params.puzzle_islands - 1u;
            previous = select(last, params.islands, params.puzzle_islands != params.islands_total);
        }
        let source = previous * population_size + islands[previous].best_slot;
        pass_to_child(source * words);
        next_scores[id] = vec2<u32>(scores[source].x, 0u);
        return;
    }

    let adaptive = params.adaptive != 0u;
    let crossover_rate = select(params.crossover_rate_q16, state.crossover_rate_q16, adaptive);
    let mutation_rate = select(params.mutation_rate_q16, state.mutation_rate_q16, adaptive);

    let offset = slot - params.elites;
    let side = offset % 2u;
    let pair = rng_new(stream_key(params.seed_lo, params.seed_hi, global, generation, PAIR_STREAM | (offset / 2u)));
    var pair_draws = pair;
    let a = tournament(&pair_draws, first, population_size, params.tournament);
    let b = tournament(&pair_draws, first, population_size, params.tournament);
    let kind = params.crossover_kind;
    let drawn = chance(&pair_draws, crossover_rate);
    // Unknown codes mean no crossover, as on the CPU.
    let crosses = drawn && kind >= CROSSOVER_BAND && kind <= CROSSOVER_MULTI_PARENT;
    let tie_base = 2u * params.tournament + 1u;
    let ga = (first + a) * words;
    let gb = (first + b) * words;
    let own_parent = select(gb, ga, side == 0u);

    var rng = rng_new(stream_key(params.seed_lo, params.seed_hi, global, generation, slot));
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

    var bits = 0u;
    if adaptive && crosses {
        // A crossover succeeds when the child is fitter than its parents' mean; when two
        // elites' crossover fails, a random individual takes the child's place.
        bits |= OUTCOME_CROSSED;
        penalty = fitness();
        if 2u * penalty < scores[first + a].x + scores[first + b].x {
            bits |= OUTCOME_CROSS_SUCCESS;
        } else if is_elite(island, a) && is_elite(island, b) {
            let other = below(&rng, population_size);
            copy_to_child((first + other) * words);
            penalty = scores[first + other].x;
        }
        inherited = true;
    }
    let before = penalty;

    let mutation_kind = params.mutation_kind;
    let chances = select(1u, params.side, params.mutation_scope == MUTATION_SCOPE_BOX);
    var mutated = false;
    // The CPU's `for each chance { if it fires { mutate } }`, with the same draws in the same
    // order, shaped for SIMD: each pass first skips this invocation's chances that do not fire
    // (a cheap loop), then runs one mutation. A group of lanes then runs the mutation body as
    // often as its busiest lane fires (about 13 of 25 chances at rate 0.3 over 32 lanes), not
    // once per chance where any lane fires (nearly every chance).
    var c = 0u;
    loop {
        while c < chances && !chance(&rng, mutation_rate) {
            c++;
        }
        if c >= chances {
            break;
        }
        c++;
        let pair_to_swap = mutation(mutation_kind, &rng);
        if pair_to_swap.found {
            swap_child_and_lines(pair_to_swap.i, pair_to_swap.j);
            inherited = false;
            mutated = true;
        }
    }
    if adaptive && mutated {
        bits |= OUTCOME_MUTATED;
        if child_penalty() < before {
            bits |= OUTCOME_MUTATION_IMPROVED;
        }
    }
    for (var step = 0u; step < params.assign_steps; step++) {
        box_assignment(&rng);
        inherited = false;
    }
    if !inherited {
        penalty = child_penalty();
    }
    if params.local_search > 0u {
        penalty = local_search(mutation_kind, &rng, penalty, params.local_search);
    }
    write_child();
    next_scores[id] = vec2<u32>(penalty, 0u);
    outcomes[id] = bits;
}

// Whether `slot` is one of the island's elites of the current generation.
fn is_elite(island: u32, slot: u32) -> bool {
    for (var e = 0u; e < params.elites; e++) {
        if islands[island].elite_slots[e] == slot {
            return true;
        }
    }
    return false;
}
