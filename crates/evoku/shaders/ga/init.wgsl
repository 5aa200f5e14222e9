// The first population: every box a permutation of its missing digits, givens in place.
//
// Twin of crates/evoku/src/ga/cpu/init.rs, plus `init_slot` (the CPU's `ga::cpu::init::init_slot`), which `breed`
// also calls to restart an island. Entry point `init`: one invocation per individual.

// Index (0-based) of the `k`-th set bit of a 32-bit mask; `k < countOneBits(mask)`. A binary
// search on bit counts instead of the CPU's loop: same answer, no loop iterations.
fn nth_set_bit32(mask_in: u32, k_in: u32) -> u32 {
    var mask = mask_in;
    var k = k_in;
    var base = 0u;
    let c16 = countOneBits(mask & 0xffffu);
    if k >= c16 {
        k -= c16;
        mask >>= 16u;
        base += 16u;
    }
    let c8 = countOneBits(mask & 0xffu);
    if k >= c8 {
        k -= c8;
        mask >>= 8u;
        base += 8u;
    }
    let c4 = countOneBits(mask & 0xfu);
    if k >= c4 {
        k -= c4;
        mask >>= 4u;
        base += 4u;
    }
    let c2 = countOneBits(mask & 0x3u);
    if k >= c2 {
        k -= c2;
        mask >>= 2u;
        base += 2u;
    }
    if k >= (mask & 1u) {
        base += 1u;
    }
    return base;
}

// Index (0-based) of the `k`-th set bit of `mask` (`cpu::init::nth_set_bit`).
fn nth_set_bit(mask: Mask, k: u32) -> u32 {
    let words = mask_words(mask);
    let low = countOneBits(words.x);
    if k < low {
        return nth_set_bit32(words.x, k);
    }
    return 32u + nth_set_bit32(words.y, k - low);
}

// Fills the child box by box: each free cell, in position order, takes a random digit among the
// box's still-missing digits that are also its candidates, or among all still-missing digits
// when none is.
fn init_genome(rng: ptr<function, Rng>) {
    let n = params.side;
    for (var bx = 0u; bx < n; bx++) {
        var given = Mask();
        for (var g = bx * n; g < (bx + 1u) * n; g++) {
            let d = help(g);
            if d != 0u {
                given |= mask_bit(d - 1u);
            }
        }
        var missing = all_digits() & ~given;
        for (var g = bx * n; g < (bx + 1u) * n; g++) {
            let d = help(g);
            if d != 0u {
                set_child_cell(g, d);
                continue;
            }
            let eligible = missing & candidates(g);
            let pool = select(missing, eligible, !mask_is_empty(eligible));
            let bit = nth_set_bit(pool, below(rng, mask_count(pool)));
            set_child_cell(g, bit + 1u);
            missing &= ~mask_bit(bit);
        }
    }
}

// A fresh individual in the child slot (generation 0, or a restart at `generation`); returns its
// (penalty, age).
fn init_slot(island: u32, generation: u32, slot: u32) -> vec2<u32> {
    var rng = rng_new(stream_key(params.seed_lo, params.seed_hi, island, generation, INIT_STREAM | slot));
    clear_child();
    init_genome(&rng);
    let penalty = fitness();
    write_child();
    return vec2<u32>(penalty, 0u);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn init(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let id = params.first_individual + invocation_index(gid, groups);
    if id >= params.population * params.islands {
        return;
    }
    let island = id / params.population;
    use_puzzle_tables(island);
    child_base = id * GENOME_WORDS;
    outcomes[id] = 0u;
    next_scores[id] = init_slot(stream_island(island), 0u, id % params.population);
}
