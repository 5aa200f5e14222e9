// `breed` with a workgroup per individual (issue 33's kernel for large boards): the child and
// its line masks live in workgroup memory (child_workgroup.wgsl) instead of each invocation's
// private memory, and the workgroup's `WIDE_WORKGROUP` lanes share the parts that are word- or
// line-parallel:
// - copying the genome the child starts as (`breed_start`), one word per lane;
// - building the child's line masks, one line per lane (`recount_line`), before the first
//   mutation instead of at it;
// - storing the child into `next_population`, one word per lane, so the stores coalesce.
// Lane 0 runs everything else (`breed_begin`, `breed_cross`, `breed_mutate`, `breed_end` of
// breed.wgsl) in order, so the draws, and with them the children, are those of `breed` and of
// the CPU's `ga::cpu::breed`, its twin, bit for bit.
//
// Building the masks early changes no result: the masks are those a build at the first
// mutation gives (no operator changes the child between the two), and a penalty read from them
// equals the `fitness` pass it replaces.
//
// Which of the two kernels runs is the host's choice (`crate::ga::gpu::BreedKernel`).

// Whether lane 0's `breed_begin` left a child to breed, and the genome it starts as (word
// offset, or `NO_GENOME`), for every lane.
var<workgroup> wide_breeds: u32;
var<workgroup> wide_start: u32;

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
    }
    if workgroupUniformLoad(&wide_breeds) == 0u {
        return;
    }
    // `breed_start`, shared (a barrier too: lane 0's `wide_start` is visible to every lane).
    let start = workgroupUniformLoad(&wide_start);
    if start != NO_GENOME {
        for (var w = lane; w < params.genome_words; w += WIDE_WORKGROUP) {
            child[w] = population[start + w];
        }
    }
    workgroupBarrier();
    if lane == 0u {
        breed_cross(&breeding);
    }
    workgroupBarrier();
    for (var line = lane; line < 2u * params.side; line += WIDE_WORKGROUP) {
        recount_line(line);
    }
    workgroupBarrier();
    if lane == 0u {
        lines_kept = true;
        breed_mutate(&breeding);
        breed_end(&breeding);
    }
    workgroupBarrier();
    for (var w = lane; w < params.genome_words; w += WIDE_WORKGROUP) {
        next_population[child_base + w] = child[w];
    }
}
