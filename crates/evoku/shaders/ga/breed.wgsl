// One generation for one slot: elitism, restart, migration, or tournament, crossover, mutation
// and local search. Reads the current population, writes one child.
//
// Twin of crates/evoku/src/ga/cpu/breed.rs. Entry point `breed`: one invocation per individual (island = id /
// population, slot = id % population); each writes only its own child genome and score.
// `breed_wide` (breed_wide.wgsl) runs the same parts with a workgroup per individual.

// Whether generation `generation` brings a migrant into the last slot.
fn migrates(generation: u32) -> bool {
    return params.migration != 0u && params.islands_total > 1u
        && generation % params.migration == 0u
        && params.population - 1u >= params.elites;
}

// What breeding one child carries from one part to the next (`breed_begin`, `breed_cross`,
// `breed_mutate`, `breed_end`): its parents and draws, whether it is still an unchanged copy of
// a parent, its penalty and the adaptive rates' outcome bits.
struct Breeding {
    // False when `breed_begin` has already written the slot (a frozen, solved or restarting
    // island, an elite, a migrant): nothing is left to do.
    breeds: bool,
    id: u32,
    island: u32,
    // The island's first individual.
    first: u32,
    // The tournaments' winners (slots) and their genomes (word offsets).
    a: u32,
    b: u32,
    ga: u32,
    gb: u32,
    side: u32,
    pair: Rng,
    tie_base: u32,
    crosses: bool,
    // The genome the child starts as (`breed_start`), `NO_GENOME` for the multi-parent
    // crossover, which builds it from nothing.
    start: u32,
    rng: Rng,
    // A child that is an unchanged copy of its parent keeps the parent's penalty.
    inherited: bool,
    penalty: u32,
    adaptive: bool,
    mutation_rate: u32,
    bits: u32,
}

const NO_GENOME: u32 = 0xffffffffu;

// Individual `id`'s slot up to its parents: the paths that only pass a genome on or restart it
// are finished here (`breeds` false); otherwise the returned state says which parents breed,
// whether they cross, and the genome the child starts as.
fn breed_begin(id: u32) -> Breeding {
    var done: Breeding;
    let population_size = params.population;
    let island = id / population_size;
    let slot = id % population_size;
    // The island's number in its puzzle's run, which keys its random streams.
    let global = stream_island(island);
    // The island's first individual, and every genome's size in words.
    let first = island * population_size;
    let words = GENOME_WORDS;
    let state = islands[island];
    // Every path but a bred child's leaves no outcome bits.
    outcomes[id] = 0u;
    if state.solved == ISLAND_FROZEN {
        // The host has taken this puzzle's result: its state stays as it is.
        return done;
    }
    if state.solved != 0u {
        pass_to_child(id * words);
        next_scores[id] = scores[id];
        return done;
    }
    let generation = state.generation + 1u;
    if state.restart_pending != 0u {
        if slot < params.restart_keep {
            pass_to_child(id * words);
            next_scores[id] = vec2<u32>(scores[id].x, 0u);
            return done;
        }
        next_scores[id] = init_slot(global, generation, slot);
        return done;
    }
    if slot < params.elites {
        let elite = first + islands[island].elite_slots[slot];
        pass_to_child(elite * words);
        next_scores[id] = vec2<u32>(scores[elite].x, saturating_add(scores[elite].y, 1u));
        return done;
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
        return done;
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
    var start = own_parent;
    if crosses {
        start = select(ga, NO_GENOME, kind == CROSSOVER_MULTI_PARENT);
    }
    let rng = rng_new(stream_key(params.seed_lo, params.seed_hi, global, generation, slot));
    // Without a crossover the child is its own parent's copy, and keeps its penalty.
    let penalty = select(0u, scores[first + select(b, a, side == 0u)].x, !crosses);
    return Breeding(true, id, island, first, a, b, ga, gb, side, pair, tie_base, crosses, start,
        rng, !crosses, penalty, adaptive, mutation_rate, 0u);
}

// Copies the genome the child starts as into it (nothing for the multi-parent crossover).
fn breed_start(breeding: ptr<function, Breeding>) {
    if (*breeding).start != NO_GENOME {
        copy_to_child((*breeding).start);
    }
}

// The crossover, on the child `breed_start` began, then the adaptive rates' crossover outcome.
fn breed_cross(breeding: ptr<function, Breeding>) {
    if !(*breeding).crosses {
        return;
    }
    let words = GENOME_WORDS;
    let island = (*breeding).island;
    let first = (*breeding).first;
    let kind = params.crossover_kind;
    var rng = (*breeding).rng;
    if kind == CROSSOVER_BAND {
        band_crossover_onto_a((*breeding).pair, (*breeding).tie_base, (*breeding).side, (*breeding).ga, (*breeding).gb);
    } else if kind == CROSSOVER_UNIFORM {
        uniform_crossover_onto_a((*breeding).pair, (*breeding).tie_base, (*breeding).side, (*breeding).gb);
    } else {
        let generation_best = (first + islands[island].best_slot) * words;
        let own_parent = select((*breeding).gb, (*breeding).ga, (*breeding).side == 0u);
        multi_parent(&rng, epoch_best_base(island), generation_best, own_parent);
    }
    (*breeding).rng = rng;
    breed_cross_outcome(breeding);
}

// After a crossover, with the adaptive rates: whether it succeeded, and when two elites' failed,
// a random individual in the child's place.
fn breed_cross_outcome(breeding: ptr<function, Breeding>) {
    let words = GENOME_WORDS;
    let island = (*breeding).island;
    let first = (*breeding).first;
    let a = (*breeding).a;
    let b = (*breeding).b;
    var rng = (*breeding).rng;
    if (*breeding).adaptive {
        // A crossover succeeds when the child is fitter than its parents' mean; when two
        // elites' crossover fails, a random individual takes the child's place.
        (*breeding).bits |= OUTCOME_CROSSED;
        var penalty = fitness();
        if 2u * penalty < scores[first + a].x + scores[first + b].x {
            (*breeding).bits |= OUTCOME_CROSS_SUCCESS;
        } else if is_elite(island, a) && is_elite(island, b) {
            let other = below(&rng, params.population);
            copy_to_child((first + other) * words);
            penalty = scores[first + other].x;
        }
        (*breeding).penalty = penalty;
        (*breeding).inherited = true;
    }
    (*breeding).rng = rng;
}

// The child's mutation chances (one, or one per box with the box scope).
fn breed_mutate(breeding: ptr<function, Breeding>) {
    let before = (*breeding).penalty;
    let mutation_kind = params.mutation_kind;
    let mutation_rate = (*breeding).mutation_rate;
    let chances = select(1u, params.side, params.mutation_scope == MUTATION_SCOPE_BOX);
    var rng = (*breeding).rng;
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
            (*breeding).inherited = false;
            mutated = true;
        }
    }
    breed_mutation_outcome(breeding, mutated, before);
    (*breeding).rng = rng;
}

// After the mutation chances, with the adaptive rates: whether any mutated the child, and whether
// that lowered its penalty below `before`.
fn breed_mutation_outcome(breeding: ptr<function, Breeding>, mutated: bool, before: u32) {
    if (*breeding).adaptive && mutated {
        (*breeding).bits |= OUTCOME_MUTATED;
        if child_penalty() < before {
            (*breeding).bits |= OUTCOME_MUTATION_IMPROVED;
        }
    }
}

// The child's box assignments and local search; then its score and outcome bits. The caller
// stores the child (`write_child`).
fn breed_end(breeding: ptr<function, Breeding>) {
    breed_assign(breeding);
    if params.local_search > 0u {
        var rng = (*breeding).rng;
        (*breeding).penalty = local_search(params.mutation_kind, &rng, (*breeding).penalty, params.local_search);
        (*breeding).rng = rng;
    }
    breed_score(breeding);
}

// The child's box assignments, then its penalty.
fn breed_assign(breeding: ptr<function, Breeding>) {
    var rng = (*breeding).rng;
    for (var step = 0u; step < params.assign_steps; step++) {
        box_assignment(&rng);
        (*breeding).inherited = false;
    }
    if !(*breeding).inherited {
        (*breeding).penalty = child_penalty();
    }
    (*breeding).rng = rng;
}

// The child's score and outcome bits.
fn breed_score(breeding: ptr<function, Breeding>) {
    let id = (*breeding).id;
    next_scores[id] = vec2<u32>((*breeding).penalty, 0u);
    outcomes[id] = (*breeding).bits;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn breed(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = params.first_individual + invocation_index(gid, groups);
    if id >= params.population * params.islands {
        return;
    }
    use_puzzle_tables(id / params.population);
    child_base = id * GENOME_WORDS;
    var breeding = breed_begin(id);
    if !breeding.breeds {
        return;
    }
    breed_start(&breeding);
    breed_cross(&breeding);
    breed_mutate(&breeding);
    breed_end(&breeding);
    write_child();
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
