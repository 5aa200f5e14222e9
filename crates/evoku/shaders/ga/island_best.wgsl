// Per-island bookkeeping after each generation: elites, best so far, stagnation, restart,
// solved flag, and the adaptive rates.
//
// Twin of crates/evoku/src/ga/cpu/island_best.rs. Entry point `island_best`: one workgroup per island, run on
// the generation `init` or `breed` has just written (`next_population`, `next_scores`). The
// CPU scans the population once per elite; here each of the ISLAND_BEST_WORKGROUP invocations keeps the four
// smallest (effective penalty, slot) keys and the smallest (penalty, slot) key of its share of
// the slots, and invocation 0 picks from those. Keys are unique (the slot breaks ties, as the
// CPU's lower-slot-first scans do), so the choice is exactly the CPU's, and no invocation loops
// more than population / ISLAND_BEST_WORKGROUP times over the slots.

const NO_KEY: vec2<u32> = vec2<u32>(0xffffffffu, 0xffffffffu);

var<workgroup> elite_keys: array<vec2<u32>, MAX_ELITES * ISLAND_BEST_WORKGROUP>;
var<workgroup> best_keys: array<vec2<u32>, ISLAND_BEST_WORKGROUP>;
// Each invocation's counts of the children's outcome bits (crossed, crossover succeeded,
// mutated, mutation improved).
var<workgroup> outcome_counts: array<vec4<u32>, ISLAND_BEST_WORKGROUP>;
// What invocation 0 decided: copy the best genome to the overall best, to the epoch best, and
// the slot of that genome.
var<workgroup> copies: vec3<u32>;

// Lexicographic order on (value, slot) keys.
fn key_less(a: vec2<u32>, b: vec2<u32>) -> bool {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
}

// Keeps the four (`MAX_ELITES`) smallest keys in `top`, ascending (unrolled: no loop
// iterations).
fn insert_elite(top: ptr<function, array<vec2<u32>, 4>>, key: vec2<u32>) {
    if !key_less(key, (*top)[3]) {
        return;
    }
    (*top)[3] = key;
    if key_less((*top)[3], (*top)[2]) {
        (*top)[3] = (*top)[2];
        (*top)[2] = key;
    }
    if key_less((*top)[2], (*top)[1]) {
        (*top)[2] = (*top)[1];
        (*top)[1] = key;
    }
    if key_less((*top)[1], (*top)[0]) {
        (*top)[1] = (*top)[0];
        (*top)[0] = key;
    }
}

// The adaptive rates (crates/evoku/src/ga/cpu/island_best.rs `adapt_rates`): the crossover rate up a step toward
// its maximum while too few crossovers succeed, the mutation rate down a step toward its minimum
// while too few mutations improve; `start`: back to the starting rates.
fn adapt_rates(state: ptr<function, Island>, start: bool) {
    if params.adaptive == 0u || start {
        (*state).crossover_rate_q16 = params.crossover_rate_q16;
        (*state).mutation_rate_q16 = params.mutation_rate_q16;
        return;
    }
    // Counts are at most 2^20 and targets at most 1000: the products fit in u32.
    if (*state).crossovers > 0u
        && (*state).crossover_successes * 1000u < params.crossover_target_pm * (*state).crossovers {
        (*state).crossover_rate_q16 = min((*state).crossover_rate_q16 + params.rate_step_q16,
            max(params.crossover_max_q16, params.crossover_rate_q16));
    }
    if (*state).mutations > 0u
        && (*state).mutation_improvements * 1000u < params.mutation_target_pm * (*state).mutations {
        let stepped = select(0u, (*state).mutation_rate_q16 - params.rate_step_q16,
            (*state).mutation_rate_q16 >= params.rate_step_q16);
        (*state).mutation_rate_q16 = max(stepped, min(params.mutation_min_q16, params.mutation_rate_q16));
    }
}

// Invocation 0's part: updates the island state from the gathered keys.
fn update_island(island: u32) {
    var state = islands[island];
    if state.solved != 0u {
        copies = vec3<u32>(0u);
        return;
    }
    let generation = state.generation + 1u;
    state.generation = generation;
    state.restart_pending = 0u;

    // Elites by effective penalty, ties to the lower slot: the e-th is the smallest key above
    // the (e-1)-th.
    var chosen = array<u32, MAX_ELITES>();
    var previous = vec2<u32>(0u);
    for (var e = 0u; e < params.elites; e++) {
        var pick = NO_KEY;
        for (var k = 0u; k < MAX_ELITES * ISLAND_BEST_WORKGROUP; k++) {
            let key = elite_keys[k];
            if (e == 0u || key_less(previous, key)) && key_less(key, pick) {
                pick = key;
            }
        }
        chosen[e] = select(pick.y, 0u, pick.y == U32_MAX);
        previous = pick;
    }
    state.elite_slots = chosen;

    // The best by raw penalty decides records, stagnation and the solved flag.
    var best = NO_KEY;
    for (var k = 0u; k < ISLAND_BEST_WORKGROUP; k++) {
        if key_less(best_keys[k], best) {
            best = best_keys[k];
        }
    }
    let penalty = best.x;
    state.best_slot = best.y;
    state.best_penalty = penalty;
    var copy_overall = 0u;
    var copy_epoch = 0u;
    if penalty < state.overall_best_penalty {
        state.overall_best_penalty = penalty;
        state.overall_best_generation = generation;
        copy_overall = 1u;
    }
    if penalty < state.epoch_best_penalty {
        state.epoch_best_penalty = penalty;
        state.stagnation = 0u;
        copy_epoch = 1u;
    } else {
        state.stagnation += 1u;
    }
    var counts = vec4<u32>(0u);
    for (var k = 0u; k < ISLAND_BEST_WORKGROUP; k++) {
        counts += outcome_counts[k];
    }
    state.crossovers = counts.x;
    state.crossover_successes = counts.y;
    state.mutations = counts.z;
    state.mutation_improvements = counts.w;
    adapt_rates(&state, generation == 0u);
    if penalty == 0u {
        state.solved = 1u;
    } else if params.restart_after != 0u && state.stagnation >= params.restart_after {
        state.restart_pending = 1u;
        state.restarts += 1u;
        state.stagnation = 0u;
        state.epoch_best_penalty = U32_MAX;
        adapt_rates(&state, true);
    }
    islands[island] = state;
    copies = vec3<u32>(copy_overall, copy_epoch, best.y);
}

@compute @workgroup_size(ISLAND_BEST_WORKGROUP)
fn island_best(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let island = wid.y * groups.x + wid.x;
    if island >= params.islands {
        return;
    }
    let first = island * params.population;
    var top = array<vec2<u32>, 4>(NO_KEY, NO_KEY, NO_KEY, NO_KEY);
    var best = NO_KEY;
    var counts = vec4<u32>(0u);
    for (var s = lid; s < params.population; s += ISLAND_BEST_WORKGROUP) {
        let bits = outcomes[first + s];
        counts += vec4<u32>(bits & OUTCOME_CROSSED, (bits & OUTCOME_CROSS_SUCCESS) >> 1u,
            (bits & OUTCOME_MUTATED) >> 2u, (bits & OUTCOME_MUTATION_IMPROVED) >> 3u);
        let score = next_scores[first + s];
        insert_elite(&top, vec2<u32>(effective(score), s));
        let key = vec2<u32>(score.x, s);
        if key_less(key, best) {
            best = key;
        }
    }
    elite_keys[4u * lid] = top[0];
    elite_keys[4u * lid + 1u] = top[1];
    elite_keys[4u * lid + 2u] = top[2];
    elite_keys[4u * lid + 3u] = top[3];
    best_keys[lid] = best;
    outcome_counts[lid] = counts;
    workgroupBarrier();
    if lid == 0u {
        update_island(island);
    }
    workgroupBarrier();
    let decided = copies;
    if decided.x == 0u && decided.y == 0u {
        return;
    }
    let words = params.genome_words;
    let best_genome = (first + decided.z) * words;
    for (var w = lid; w < words; w += ISLAND_BEST_WORKGROUP) {
        let word = next_population[best_genome + w];
        if decided.x != 0u {
            records[overall_best_base(island) + w] = word;
        }
        if decided.y != 0u {
            records[epoch_best_base(island) + w] = word;
        }
    }
}
