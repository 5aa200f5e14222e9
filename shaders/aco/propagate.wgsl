// An ant's constraint propagation: naked singles through a stack of fixed cells, hidden singles
// by scanning the units that changed, under a budget per ant step.
//
// Twin of `src/aco/cpu/propagate.rs`: same order (stack last in, first out; the lowest dirty unit
// first; peers in increasing order) and the same budget accounting. The budget counts loop
// iterations as lavapipe does (a loop's iterations plus two), so that a dispatch stays below
// lavapipe's silent limit of 65,535; `mark` and the dirty-unit search use no loops for that reason.

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
        let len = ants[ant + A_STACK_LEN];
        let d0 = ants[ant + A_DIRTY];
        let d1 = ants[ant + A_DIRTY + 1u];
        let d2 = ants[ant + A_DIRTY + 2u];
        if len == 0u && d0 == 0u && d1 == 0u && d2 == 0u {
            return true;
        }
        if *budget < params.work_cost {
            return false;
        }
        *budget -= params.work_cost;
        let propagating = len > 0u;
        var bit = 0u;
        var base = 0u;
        var steps = 0u;
        if propagating {
            ants[ant + A_STACK_LEN] = len - 1u;
            let cell = ants[stack_index(ant, len - 1u)];
            let word = ants[cand_index(ant, cell)];
            bit = word & ~DONE_BIT;
            // A cell emptied while it waited (a clash resolved against it) has nothing to do.
            if bit != 0u {
                ants[cand_index(ant, cell)] = word | DONE_BIT;
                ants[ant + A_FILLED] += 1u;
                base = cell * params.npeers;
                steps = params.npeers;
            }
        } else {
            var u: u32;
            if d0 != 0u {
                u = countTrailingZeros(d0);
                ants[ant + A_DIRTY] = d0 & (d0 - 1u);
            } else if d1 != 0u {
                u = 32u + countTrailingZeros(d1);
                ants[ant + A_DIRTY + 1u] = d1 & (d1 - 1u);
            } else {
                u = 64u + countTrailingZeros(d2);
                ants[ant + A_DIRTY + 2u] = d2 & (d2 - 1u);
            }
            base = units_offset() + u * params.side;
            steps = 2u * params.side;
        }
        var once = 0u;
        var twice = 0u;
        var singles = 0u;
        var hidden = 0u;
        for (var k = 0u; k < steps; k++) {
            if propagating {
                let q = tables[base + k];
                let m = ants[cand_index(ant, q)];
                if (m & bit) != 0u {
                    let rest = m & ~bit;
                    ants[cand_index(ant, q)] = rest;
                    mark(ant, q);
                    if is_single(rest & ~DONE_BIT) {
                        push(ant, q);
                    }
                }
            } else if k < params.side {
                let m = ants[cand_index(ant, tables[base + k])] & ~DONE_BIT;
                twice |= once & m;
                once |= m;
                if is_single(m) {
                    singles |= m;
                }
            } else {
                if k == params.side {
                    hidden = once & ~twice & ~singles;
                    if hidden == 0u {
                        break;
                    }
                }
                let c = tables[base + k - params.side];
                let h = ants[cand_index(ant, c)] & hidden;
                if is_single(h) {
                    ants[cand_index(ant, c)] = h;
                    mark(ant, c);
                    push(ant, c);
                }
            }
        }
    }
    // Not reached (the loop only returns); WGSL wants a final return.
    return true;
}
