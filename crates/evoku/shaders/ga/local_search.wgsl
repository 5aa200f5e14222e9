// Local search: try several mutated variants of a child and keep the best (mut+cross+LS).
//
// Twin of crates/evoku/src/ga/cpu/local_search.rs. A variant is the child plus one swap, scored
// from the lines the swap changes. The CPU reads its kept line counts; here the child's kept line
// masks (crates/evoku/shaders/ga/line_masks.wgsl, built once per child) give the digits seen and
// seen twice, from which the count after the swap follows (a line holding both cells keeps its
// digits and is skipped): the same numbers, without a pass over any line.

// Penalty of a line with masks `m` once a cell holding `leaving` takes `arriving` instead.
fn swapped_line_penalty(m: LineMasks, leaving: u32, arriving: u32) -> u32 {
    var seen = m.seen;
    let leaving_bit = digit_bit(leaving);
    if !mask_has(m.dup, leaving_bit) {
        seen &= ~leaving_bit;
    }
    seen |= digit_bit(arriving);
    return SIDE - mask_count(seen);
}

// Penalty of the child with cells `i` and `j` swapped, given its current `penalty`.
fn swapped_penalty(penalty: u32, i: u32, j: u32) -> u32 {
    let n = SIDE;
    let di = child_cell(i);
    let dj = child_cell(j);
    var before = 0u;
    var after = 0u;
    let ri = line_a_of(i);
    let rj = line_a_of(j);
    if ri != rj {
        let mi = kept_line_masks(ri);
        let mj = kept_line_masks(rj);
        before += 2u * n - mask_count(mi.seen) - mask_count(mj.seen);
        after += swapped_line_penalty(mi, di, dj) + swapped_line_penalty(mj, dj, di);
    }
    let ci = n + line_b_of(i);
    let cj = n + line_b_of(j);
    if ci != cj {
        let mi = kept_line_masks(ci);
        let mj = kept_line_masks(cj);
        before += 2u * n - mask_count(mi.seen) - mask_count(mj.seen);
        after += swapped_line_penalty(mi, di, dj) + swapped_line_penalty(mj, dj, di);
    }
    return penalty - before + after;
}

// The best swap a local search has found so far: the lowest penalty (ties: the first found).
struct BestSwap {
    found: bool,
    penalty: u32,
    i: u32,
    j: u32,
}

// Keeps `pair` in `best` when it is found and better, scored from the child's `penalty`.
fn consider_swap(best: ptr<function, BestSwap>, penalty: u32, pair: SwapPair) {
    if pair.found {
        let p = swapped_penalty(penalty, pair.i, pair.j);
        if !(*best).found || p < (*best).penalty {
            *best = BestSwap(true, p, pair.i, pair.j);
        }
    }
}

// Makes the best swap, if any; returns the child's penalty after it.
fn take_best_swap(best: BestSwap, penalty: u32) -> u32 {
    if best.found {
        swap_child_and_lines(best.i, best.j);
        return best.penalty;
    }
    return penalty;
}

// Draws `children` variants of the child (one mutation each), keeps the lowest-penalty one
// (ties: the first) and returns its penalty; when every draw is abandoned the child stays.
fn local_search(kind: u32, rng: ptr<function, Rng>, penalty: u32, children: u32) -> u32 {
    var best: BestSwap;
    if children > 0u {
        keep_lines();
    }
    for (var c = 0u; c < children; c++) {
        consider_swap(&best, penalty, mutation(kind, rng));
    }
    return take_best_swap(best, penalty);
}
