// Test entry points (tests/parity.rs): each runs ONE operator of the GA's stage files, as they
// are, once per invocation on case `id`, over the engine's own bindings: inputs in `population`
// (genomes), `scores` and `records`, outputs in `next_population` (the case's child, at word
// `id * genome_words`) and `next_scores` (what the operator returned, and the case's next random
// draw, so a differing number of draws shows too). Every case's stream is keyed by its number.

fn parity_case(gid: vec3<u32>, groups: vec3<u32>) -> u32 {
    return invocation_index(gid, groups);
}

fn parity_cases() -> u32 {
    return arrayLength(&next_scores);
}

fn case_rng(stream: u32, id: u32) -> Rng {
    return rng_new(stream_key(params.seed_lo, params.seed_hi, stream, 0u, id));
}

// The operator's answer and the stream's next draw.
fn parity_out(id: u32, answer: u32, rng: ptr<function, Rng>) {
    next_scores[id] = vec2<u32>(answer, next_u32(rng));
}

// `mutation(params.mutation_kind)` on the case's genome: the pair (i | j << 16, or U32_MAX when
// abandoned); the child is the genome with the pair swapped.
@compute @workgroup_size(WORKGROUP_SIZE)
fn parity_mutation(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = parity_case(gid, groups);
    if id >= parity_cases() {
        return;
    }
    bind_child(id, lid);
    copy_to_child(child_base);
    var rng = case_rng(0u, id);
    let pair = mutation(params.mutation_kind, &rng);
    var answer = U32_MAX;
    if pair.found {
        swap_child_cells(pair.i, pair.j);
        answer = pair.i | (pair.j << 16u);
    }
    write_child();
    parity_out(id, answer, &rng);
}

// `params.crossover_kind` on the case's parents (genomes 2 id and 2 id + 1; the epoch best for
// the three-parent crossover is record `id`), side `id % 2`.
@compute @workgroup_size(WORKGROUP_SIZE)
fn parity_crossover(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = parity_case(gid, groups);
    if id >= parity_cases() {
        return;
    }
    let words = params.genome_words;
    bind_child(id, lid);
    let a = 2u * id * words;
    let b = a + words;
    let side = id % 2u;
    let pair = case_rng(0u, id);
    var rng = case_rng(1u, id);
    let tie_base = 2u * params.tournament + 1u;
    let kind = params.crossover_kind;
    if kind == CROSSOVER_BAND {
        band_crossover(pair, tie_base, side, a, b);
    } else if kind == CROSSOVER_UNIFORM {
        uniform_crossover(pair, tie_base, side, a, b);
    } else {
        multi_parent(&rng, id * words, b, select(b, a, side == 0u));
    }
    write_child();
    parity_out(id, 0u, &rng);
}

// One box assignment of the case's genome.
@compute @workgroup_size(WORKGROUP_SIZE)
fn parity_assign(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = parity_case(gid, groups);
    if id >= parity_cases() {
        return;
    }
    bind_child(id, lid);
    copy_to_child(child_base);
    var rng = case_rng(0u, id);
    box_assignment(&rng);
    write_child();
    parity_out(id, 0u, &rng);
}

// A tournament over the case's `params.population` scores.
@compute @workgroup_size(WORKGROUP_SIZE)
fn parity_tournament(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = parity_case(gid, groups);
    if id >= parity_cases() {
        return;
    }
    var rng = case_rng(0u, id);
    let winner = tournament(&rng, id * params.population, params.population, params.tournament);
    parity_out(id, winner, &rng);
}

// The penalty of the case's genome.
@compute @workgroup_size(WORKGROUP_SIZE)
fn parity_fitness(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = parity_case(gid, groups);
    if id >= parity_cases() {
        return;
    }
    bind_child(id, lid);
    copy_to_child(child_base);
    next_scores[id] = vec2<u32>(fitness(), 0u);
}

// Local search from the case's genome: the kept penalty and the child.
@compute @workgroup_size(WORKGROUP_SIZE)
fn parity_local_search(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = parity_case(gid, groups);
    if id >= parity_cases() {
        return;
    }
    bind_child(id, lid);
    copy_to_child(child_base);
    var rng = case_rng(0u, id);
    let penalty = local_search(params.mutation_kind, &rng, fitness(), params.local_search);
    write_child();
    parity_out(id, penalty, &rng);
}

// A fresh individual: `init_slot` of island `id % 3`, generation `id / 3`, slot `id`.
@compute @workgroup_size(WORKGROUP_SIZE)
fn parity_init(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = parity_case(gid, groups);
    if id >= parity_cases() {
        return;
    }
    bind_child(id, lid);
    next_scores[id] = init_slot(id % 3u, id / 3u, id);
}
