// An ant's constraint propagation: naked singles through a stack of fixed cells, hidden singles
// by scanning the units that changed, under a budget per ant step.
//
// Twin of `crates/evoku/src/aco/cpu/propagate.rs`: same order (stack last in, first out; the lowest dirty unit
// first; peers in increasing order) and the same budget accounting. The budget counts loop
// iterations as lavapipe does (a loop's iterations plus two), so that a dispatch stays below
// lavapipe's silent limit of 65,535; `mark` and the dirty-unit search use no loops for that
// reason (the DIRTY_WORDS = 6 words of the dirty units are read unrolled).

fn mark_unit(ant: u32, u: u32) {
    let w = ant + A_DIRTY + u / 32u;
    ants[w] = ants[w] | (1u << (u % 32u));
}

// Marks the row, column and box of `cell` as changed.
fn mark(ant: u32, cell: u32) {
    let u = tables[cell_units_offset() + cell];
    mark_unit(ant, u & 0xffu);
    mark_unit(ant, (u >> 8u) & 0xffu);
    mark_unit(ant, u >> 16u);
}

fn push(ant: u32, cell: u32) {
    let len = ants[ant + A_STACK_LEN];
    ants[stack_index(ant, len)] = cell;
    ants[ant + A_STACK_LEN] = len + 1u;
}

// Whether any unit waits for a scan.
fn any_dirty(ant: u32) -> bool {
    let d = ant + A_DIRTY;
    return (ants[d] | ants[d + 1u] | ants[d + 2u] | ants[d + 3u] | ants[d + 4u] | ants[d + 5u])
        != 0u;
}

// Takes the lowest dirty unit off the dirty words (some unit is dirty).
fn take_dirty(ant: u32) -> u32 {
    let d = ant + A_DIRTY;
    var w = 5u;
    if ants[d + 4u] != 0u {
        w = 4u;
    }
    if ants[d + 3u] != 0u {
        w = 3u;
    }
    if ants[d + 2u] != 0u {
        w = 2u;
    }
    if ants[d + 1u] != 0u {
        w = 1u;
    }
    if ants[d] != 0u {
        w = 0u;
    }
    let word = ants[d + w];
    ants[d + w] = word & (word - 1u);
    return 32u * w + countTrailingZeros(word);
}

// Whether the ant has propagation work waiting (`pending` in crates/evoku/src/aco/cpu/propagate.rs).
fn pending(ant: u32) -> bool {
    return ants[ant + A_STACK_LEN] != 0u || any_dirty(ant);
}

// Propagates until no work is left (true) or the next piece of work would overdraw the budget
// (false; the work stays on the stack and in the dirty units).
//
// A piece of work is a propagated cell (a pass over its peers) or a unit scan (a pass over the
// unit's cells for hidden singles, then one to fix them); both run through the one inner loop
// and cost `work_cost`. On lavapipe the invocations of a SIMD group share a loop counter and run
// each loop as long as any of them needs it, so one loop for both kinds keeps the group's count
// within the budget however its ants diverge.
fn propagate(ant: u32, budget: ptr<function, u32>) -> bool {
    loop {
        if !pending(ant) {
            return true;
        }
        if *budget < params.work_cost {
            return false;
        }
        *budget -= params.work_cost;
        let len = ants[ant + A_STACK_LEN];
        let propagating = len > 0u;
        var bit = vec2<u32>(0u, 0u);
        var base = 0u;
        var steps = 0u;
        if propagating {
            ants[ant + A_STACK_LEN] = len - 1u;
            let cell = ants[stack_index(ant, len - 1u)];
            bit = load_cand(ant, cell);
            // A cell emptied while it waited (a clash resolved against it) has nothing to do.
            if !is_empty(bit) {
                set_done(ant, cell);
                ants[ant + A_FILLED] += 1u;
                base = cell * params.npeers;
                steps = params.npeers;
            }
        } else {
            let u = take_dirty(ant);
            base = units_offset() + u * params.side;
            steps = 2u * params.side;
        }
        var once = vec2<u32>(0u, 0u);
        var twice = vec2<u32>(0u, 0u);
        var singles = vec2<u32>(0u, 0u);
        var hidden = vec2<u32>(0u, 0u);
        for (var k = 0u; k < steps; k++) {
            if propagating {
                let q = tables[base + k];
                let m = load_cand(ant, q);
                if !is_empty(m & bit) {
                    let rest = m & ~bit;
                    store_cand(ant, q, rest);
                    mark(ant, q);
                    if is_single(rest) {
                        push(ant, q);
                    }
                }
            } else if k < params.side {
                let m = load_cand(ant, tables[base + k]);
                twice |= once & m;
                once |= m;
                if is_single(m) {
                    singles |= m;
                }
            } else {
                if k == params.side {
                    hidden = once & ~twice & ~singles;
                    if is_empty(hidden) {
                        break;
                    }
                }
                let c = tables[base + k - params.side];
                let h = load_cand(ant, c) & hidden;
                if is_single(h) {
                    store_cand(ant, c, h);
                    mark(ant, c);
                    push(ant, c);
                }
            }
        }
    }
    // Not reached (the loop only returns); WGSL wants a final return.
    return true;
}
