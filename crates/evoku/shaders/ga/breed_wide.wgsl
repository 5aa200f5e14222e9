// `breed` with a workgroup per individual (issue 33's kernel for large boards): the child and
// its line masks live in workgroup memory (child_workgroup.wgsl) instead of each invocation's
// private memory, and the workgroup's `WIDE_WORKGROUP` lanes share the parts that are word- or
// line-parallel:
// - copying the genome the child starts as (`breed_start`), one word per lane;
// - the band crossover's line scores, one line of one parent per lane, and the box crossovers'
//   merge of parent `b`'s boxes, one word per lane (`wide_crossover`);
// - building the child's line masks, one line per lane (`recount_line`), before the first
//   mutation instead of at it, and again before the local search after box assignments;
// - the directed mutation's scan of its unit, one cell per lane (`wide_scan`), in the mutation
//   chances (`wide_mutate`) and the local search (`wide_local_search`): lane 0 draws the unit,
//   the lanes mark its free cells whose digit is duplicated, lane 0 picks the pair
//   (`directed_pick`) and swaps;
// - storing the child into `next_population`, one word per lane, so the stores coalesce.
// Lane 0 runs everything else (`breed_begin`, the multi-parent crossover and the adaptive
// outcome of `breed_cross`, the other mutations, `breed_assign`, `breed_score` of breed.wgsl)
// in order, and draws every random number, in `breed`'s order, so the children are those of
// `breed` and of the CPU's `ga::cpu::breed`, its twin, bit for bit.
//
// Building the masks early changes no result: they are exact whenever they are built (a fresh
// count of the child), and a penalty read from them equals the `fitness` pass it replaces.
//
// Which of the two kernels runs is the host's choice (`crate::ga::gpu::BreedKernel`).

// What lane 0's `breed_begin` decided, for every lane: whether a child is left to breed, the
// genome it starts as (word offset, or `NO_GENOME`), and its box crossover (`wide_kind`: the
// crossover code when it is the band or the uniform one, else `WIDE_LANE_ZERO`) with its
// parents, side and pair stream.
var<workgroup> wide_breeds: u32;
var<workgroup> wide_start: u32;
var<workgroup> wide_kind: u32;
var<workgroup> wide_gb: u32;
var<workgroup> wide_ga: u32;
var<workgroup> wide_side: u32;
var<workgroup> wide_pair: Rng;
var<workgroup> wide_tie_base: u32;
// The band crossover's line scores: parent `a`'s side lines, then parent `b`'s.
var<workgroup> wide_line_penalty: array<u32, 2u * SIDE>;
// Bit `u`: band (side 0) or stack (side 1) `u` comes from parent `b`.
var<workgroup> wide_take: u32;

// The crossover is lane 0's alone (none, or the multi-parent one).
const WIDE_LANE_ZERO: u32 = 0xffffffffu;

// The unit the directed mutation scans next (`WIDE_DONE`: no more chances fire), and the
// positions of its free cells whose digit is duplicated, bit p of word p / 32.
var<workgroup> wide_unit: u32;
var<workgroup> wide_dup: array<atomic<u32>, 2>;
const WIDE_DONE: u32 = 0xffffffffu;

// The band or uniform crossover (`kind`) on a child that holds parent `a`, shared by the lanes;
// called by every lane, in uniform control flow.
fn wide_crossover(kind: u32, lane: u32) {
    let n = params.side;
    let bs = params.box_size;
    let side = wide_side;
    let gb = wide_gb;
    if kind == CROSSOVER_BAND {
        // `band_crossover_onto_a`: the side's lines (rows, or columns from line n) scored.
        let first_line = select(n, 0u, side == 0u);
        let ga = wide_ga;
        for (var k = lane; k < 2u * n; k += WIDE_WORKGROUP) {
            let parent = select(ga, gb, k >= n);
            wide_line_penalty[k] = population_line_penalty(parent, first_line + k % n);
        }
        workgroupBarrier();
        if lane == 0u {
            var take = 0u;
            for (var unit = 0u; unit < bs; unit++) {
                var pa = 0u;
                var pb = 0u;
                for (var line = unit * bs; line < unit * bs + bs; line++) {
                    pa += wide_line_penalty[line];
                    pb += wide_line_penalty[n + line];
                }
                var take_b = pb < pa;
                if pa == pb {
                    take_b = (at(wide_pair, wide_tie_base + side * bs + unit) & 1u) == 1u;
                }
                if take_b {
                    take |= 1u << unit;
                }
            }
            wide_take = take;
        }
    }
    workgroupBarrier();
    let take = wide_take;
    for (var w = lane; w < params.genome_words; w += WIDE_WORKGROUP) {
        // The bytes of word w whose cells come from parent `b`.
        var from_b = 0u;
        for (var c = 0u; c < 4u; c++) {
            let g = 4u * w + c;
            let bx = g / SIDE;
            var take_box = false;
            if g < CELLS && kind == CROSSOVER_BAND {
                // Side 0 takes bands (boxes u * b + k), side 1 stacks (boxes k * b + u).
                let unit = select(bx % bs, bx / bs, side == 0u);
                take_box = ((take >> unit) & 1u) == 1u;
            } else if g < CELLS {
                // `uniform_crossover_onto_a`: box `bx` by draw `tie_base + bx`.
                take_box = ((at(wide_pair, wide_tie_base + bx) & 1u) ^ side) == 1u;
            }
            if take_box {
                from_b |= 0xffu << (8u * c);
            }
        }
        child[w] = (child[w] & ~from_b) | (population[gb + w] & from_b);
    }
}

// The child's line masks, one line per lane; called by every lane, in uniform control flow.
fn wide_build_lines(lane: u32) {
    for (var line = lane; line < 2u * params.side; line += WIDE_WORKGROUP) {
        recount_line(line);
    }
    workgroupBarrier();
    if lane == 0u {
        lines_kept = true;
    }
}

// Lane 0: the unit the lanes scan next, and no duplicated cell marked yet.
fn wide_begin_scan(unit: u32) {
    wide_unit = unit;
    atomicStore(&wide_dup[0], 0u);
    atomicStore(&wide_dup[1], 0u);
}

// Every lane marks the free cells of unit `unit` it holds (positions lane, lane + 64, ...) whose
// digit is duplicated in a scored line, as `unit_directed_mutation` and `scan_box` find them;
// then a barrier. Called by every lane, in uniform control flow.
fn wide_scan(lane: u32, unit: u32) {
    let free = free_mask(unit);
    for (var p = lane; p < SIDE; p += WIDE_WORKGROUP) {
        if mask_has(free, mask_bit(p)) {
            let g = unit * SIDE + p;
            let bit = digit_bit(child_cell(g));
            if mask_has(lines_dup[line_a_of(g)], bit) || mask_has(lines_dup[SIDE + line_b_of(g)], bit) {
                atomicOr(&wide_dup[p / 32u], 1u << (p % 32u));
            }
        }
    }
    workgroupBarrier();
}

// The duplicated free cells `wide_scan` marked.
fn wide_duplicated() -> Mask {
    return mask_of_words(atomicLoad(&wide_dup[0]), atomicLoad(&wide_dup[1]));
}

// `breed_mutate` for the directed mutation (either encoding), its scans shared. Called by every
// lane, in uniform control flow; `breeding` is lane 0's.
fn wide_mutate(lane: u32, breeding: ptr<function, Breeding>) {
    let chances = select(1u, params.side, params.mutation_scope == MUTATION_SCOPE_BOX);
    let rate = (*breeding).mutation_rate;
    let before = (*breeding).penalty;
    var rng = (*breeding).rng;
    var mutated = false;
    var c = 0u;
    loop {
        if lane == 0u {
            // The next chance that fires, and its unit (`box_mutation`'s or
            // `unit_directed_mutation`'s first draw).
            while c < chances && !chance(&rng, rate) {
                c++;
            }
            var unit = WIDE_DONE;
            if c < chances {
                c++;
                unit = below(&rng, SIDE);
            }
            wide_begin_scan(unit);
        }
        let unit = workgroupUniformLoad(&wide_unit);
        if unit == WIDE_DONE {
            break;
        }
        wide_scan(lane, unit);
        if lane == 0u {
            let pair = directed_pick(&rng, unit, free_mask(unit), wide_duplicated());
            if pair.found {
                swap_child_and_lines(pair.i, pair.j);
                (*breeding).inherited = false;
                mutated = true;
            }
        }
    }
    if lane == 0u {
        breed_mutation_outcome(breeding, mutated, before);
        (*breeding).rng = rng;
    }
}

// `local_search` for the directed mutation, its scans shared; the child's masks are kept.
// Called by every lane, in uniform control flow; `breeding` is lane 0's.
fn wide_local_search(lane: u32, breeding: ptr<function, Breeding>) {
    let penalty = (*breeding).penalty;
    var rng = (*breeding).rng;
    var best: BestSwap;
    for (var c = 0u; c < params.local_search; c++) {
        if lane == 0u {
            wide_begin_scan(below(&rng, SIDE));
        }
        let unit = workgroupUniformLoad(&wide_unit);
        wide_scan(lane, unit);
        if lane == 0u {
            consider_swap(&best, penalty, directed_pick(&rng, unit, free_mask(unit), wide_duplicated()));
        }
    }
    if lane == 0u {
        (*breeding).penalty = take_best_swap(best, penalty);
        (*breeding).rng = rng;
    }
}

@compute @workgroup_size(WIDE_WORKGROUP)
fn breed_wide(
    @builtin(workgroup_id) workgroup: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
    @builtin(local_invocation_index) lane: u32,
) {
    let id = params.first_individual + workgroup.y * groups.x + workgroup.x;
    if id >= params.population * params.islands {
        return;
    }
    use_puzzle_tables(id / params.population);
    child_base = id * GENOME_WORDS;
    var breeding: Breeding;
    if lane == 0u {
        lines_kept = false;
        breeding = breed_begin(id);
        wide_breeds = select(0u, 1u, breeding.breeds);
        wide_start = breeding.start;
        let kind = params.crossover_kind;
        let by_lanes = breeding.crosses && (kind == CROSSOVER_BAND || kind == CROSSOVER_UNIFORM);
        wide_kind = select(WIDE_LANE_ZERO, kind, by_lanes);
        wide_ga = breeding.ga;
        wide_gb = breeding.gb;
        wide_side = breeding.side;
        wide_pair = breeding.pair;
        wide_tie_base = breeding.tie_base;
    }
    if workgroupUniformLoad(&wide_breeds) == 0u {
        return;
    }
    // `breed_start`, shared (a barrier too: what lane 0 wrote is visible to every lane).
    let start = workgroupUniformLoad(&wide_start);
    if start != NO_GENOME {
        for (var w = lane; w < params.genome_words; w += WIDE_WORKGROUP) {
            child[w] = population[start + w];
        }
    }
    // `breed_cross`: the box crossovers shared, the rest on lane 0.
    let kind = workgroupUniformLoad(&wide_kind);
    if kind != WIDE_LANE_ZERO {
        wide_crossover(kind, lane);
        workgroupBarrier();
        if lane == 0u {
            breed_cross_outcome(&breeding);
        }
    } else if lane == 0u {
        breed_cross(&breeding);
    }
    workgroupBarrier();
    wide_build_lines(lane);
    let directed = params.mutation_kind == MUTATION_DIRECTED;
    if directed {
        wide_mutate(lane, &breeding);
    } else if lane == 0u {
        breed_mutate(&breeding);
    }
    // `breed_end`: the box assignments on lane 0, the local search shared for the directed
    // mutation (after a rebuild of the masks the box assignments dropped).
    if lane == 0u {
        breed_assign(&breeding);
    }
    if params.local_search > 0u {
        if directed {
            if params.assign_steps > 0u {
                workgroupBarrier();
                wide_build_lines(lane);
            }
            // `wide_local_search`'s first load is a barrier after lane 0's `breed_assign`.
            wide_local_search(lane, &breeding);
        } else if lane == 0u {
            var rng = breeding.rng;
            breeding.penalty = local_search(params.mutation_kind, &rng, breeding.penalty, params.local_search);
            breeding.rng = rng;
        }
    }
    if lane == 0u {
        breed_score(&breeding);
    }
    workgroupBarrier();
    for (var w = lane; w < params.genome_words; w += WIDE_WORKGROUP) {
        next_population[child_base + w] = child[w];
    }
}
