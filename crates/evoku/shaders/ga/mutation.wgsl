// Swap mutation inside one box, guided by the help array (docs/ALGORITHMS.md section 2), and
// the row-encoded GA's first-fit swap inside one unit (section 3). Every mutation but the plain
// swap reads the child's lines from its kept masks (crates/evoku/shaders/ga/line_masks.wgsl), built
// at the first mutation of a child; the caller swaps with `swap_child_and_lines`, which keeps them.
//
// Twin of crates/evoku/src/ga/cpu/mutation.rs and `first_fit_mutation` of crates/evoku/src/ga/cpu/row.rs. The functions
// only choose the pair; the caller swaps.

// Two genome indices to swap, unless `found` is false (the attempt is abandoned).
struct SwapPair {
    found: bool,
    i: u32,
    j: u32,
}

// The paper's mutation: a random box and two random positions in it; abandoned when they are
// equal or either is a given.
fn swap_mutation(rng: ptr<function, Rng>) -> SwapPair {
    let n = SIDE;
    let bx = below(rng, n);
    let pi = below(rng, n);
    let pj = below(rng, n);
    let free = free_mask(bx);
    let found = pi != pj && mask_has(free, mask_bit(pi)) && mask_has(free, mask_bit(pj));
    return SwapPair(found, bx * n + pi, bx * n + pj);
}

// `list[draw]`, where `draw` runs over every entry of `list[..len]` but `list[skip]`.
fn pick_other(list: ptr<function, array<u32, SIDE>>, len: u32, skip: u32, rng: ptr<function, Rng>) -> u32 {
    let k = below(rng, len - 1u);
    return (*list)[select(k, k + 1u, k >= skip)];
}

// The free cells of a box (positions inside it, in order in `free`) and which of them hold a
// digit duplicated in their row or column (in order in `duplicated`, and bit `p` of
// `duplicated_mask` for position `p`). The CPU's `box_masks`.
struct BoxScan {
    free_count: u32,
    duplicated_count: u32,
    // Index in `free` of `duplicated[0]`.
    first_duplicated: u32,
    duplicated_mask: Mask,
}

// "Duplicated in its row" is read, as on the CPU, from the digits seen twice in each line: the
// child's kept line masks (crates/evoku/shaders/ga/line_masks.wgsl), built once per child.
// The free positions come from the tables' mask (`free_mask`), lowest first, so only free cells
// are visited and no cell's help value is read.
fn scan_box(bx: u32, free: ptr<function, array<u32, SIDE>>, duplicated: ptr<function, array<u32, SIDE>>) -> BoxScan {
    keep_lines();
    var scan = BoxScan(0u, 0u, 0u, Mask());
    var left = free_mask(bx);
    while !mask_is_empty(left) {
        let p = mask_lowest(left);
        left = mask_drop_lowest(left);
        let g = bx * SIDE + p;
        (*free)[scan.free_count] = p;
        scan.free_count += 1u;
        let bit = digit_bit(child_cell(g));
        if mask_has(lines_dup[line_a_of(g)], bit) || mask_has(lines_dup[SIDE + line_b_of(g)], bit) {
            if scan.duplicated_count == 0u {
                scan.first_duplicated = scan.free_count - 1u;
            }
            (*duplicated)[scan.duplicated_count] = p;
            scan.duplicated_count += 1u;
            scan.duplicated_mask |= mask_bit(p);
        }
    }
    return scan;
}

// The box mutations (the CPU's arm of `mutation_counted` for them): a random box and its scan, abandoned when the
// box has fewer than two free cells; then the candidate mutation (`candidate_in_box`) or the
// directed one: swap two free cells whose digits are duplicated in their row or column; with one
// such cell, swap it with another free cell; with none, any two free cells.
fn box_mutation(kind: u32, rng: ptr<function, Rng>) -> SwapPair {
    let n = SIDE;
    let bx = below(rng, n);
    var free: array<u32, SIDE>;
    var duplicated: array<u32, SIDE>;
    let scan = scan_box(bx, &free, &duplicated);
    if scan.free_count < 2u {
        return SwapPair(false, 0u, 0u);
    }
    if kind == MUTATION_CANDIDATE {
        return candidate_in_box(rng, bx, scan, &free, &duplicated);
    }
    var i: u32;
    var j: u32;
    if scan.duplicated_count >= 2u {
        let k = below(rng, scan.duplicated_count);
        i = duplicated[k];
        j = pick_other(&duplicated, scan.duplicated_count, k, rng);
    } else {
        var k = scan.first_duplicated;
        if scan.duplicated_count == 0u {
            k = below(rng, scan.free_count);
        }
        i = free[k];
        j = pick_other(&free, scan.free_count, k, rng);
    }
    return SwapPair(true, bx * n + i, bx * n + j);
}

// Whether child cell `g` may take `digit`: it is one of the cell's candidates, or the digit the
// cell holds now is not one either (the CPU's `may_take`).
fn may_take(g: u32, digit: u32) -> bool {
    let c = candidates(g);
    return mask_has(c, digit_bit(digit)) || !mask_has(c, digit_bit(child_cell(g)));
}

// Whether child cell `to` would take `digit` from cell `source` (same unit) without meeting it
// again in its scored lines (a line both cells share keeps the digit), from the kept masks.
fn fits(to: u32, source: u32, digit: u32) -> bool {
    let bit = digit_bit(digit);
    let a = line_a_of(to);
    let b = line_b_of(to);
    return (a == line_a_of(source) || !mask_has(lines_seen[a], bit))
        && (b == line_b_of(source) || !mask_has(lines_seen[SIDE + b], bit));
}

// Candidate-restricted mutation: in a random box, a free cell `i` (a duplicated one when there
// is one), then a partner from the first non-empty tier: 0, legal pairs (each cell takes one of
// its candidates, or anything if it holds a non-candidate) where neither digit meets itself
// again in its new row or column; 1, legal pairs with a duplicated partner; 2, legal pairs;
// 3, half-legal pairs (`i` takes a candidate, the partner may not). Abandoned when the box has
// fewer than two free cells (`box_mutation`) or no tier has a partner. See `candidate_in_box` in
// crates/evoku/src/ga/cpu/mutation.rs for why. `bx` is the box drawn, `scan`, `free` and
// `duplicated` its scan.
fn candidate_in_box(rng: ptr<function, Rng>, bx: u32, scan: BoxScan, free: ptr<function, array<u32, SIDE>>, duplicated: ptr<function, array<u32, SIDE>>) -> SwapPair {
    let n = SIDE;
    var i: u32;
    if scan.duplicated_count > 0u {
        i = (*duplicated)[below(rng, scan.duplicated_count)];
    } else {
        i = (*free)[below(rng, scan.free_count)];
    }
    let gi = bx * n + i;
    let di = child_cell(gi);
    // The tiers as masks of box positions.
    var tiers: array<Mask, 4>;
    for (var k = 0u; k < scan.free_count; k++) {
        let j = (*free)[k];
        let gj = bx * n + j;
        let dj = child_cell(gj);
        if j == i || !may_take(gi, dj) {
            continue;
        }
        var tier = 2u;
        if !may_take(gj, di) {
            tier = 3u;
        } else if fits(gi, gj, dj) && fits(gj, gi, di) {
            tier = 0u;
        } else if mask_has(scan.duplicated_mask, mask_bit(j)) {
            tier = 1u;
        }
        tiers[tier] |= mask_bit(j);
    }
    var chosen = Mask();
    if !mask_is_empty(tiers[0]) {
        chosen = tiers[0];
    } else if !mask_is_empty(tiers[1]) {
        chosen = tiers[1];
    } else if !mask_is_empty(tiers[2]) {
        chosen = tiers[2];
    } else if !mask_is_empty(tiers[3]) {
        chosen = tiers[3];
    } else {
        return SwapPair(false, 0u, 0u);
    }
    let j = nth_set_bit(chosen, below(rng, mask_count(chosen)));
    return SwapPair(true, gi, bx * n + j);
}

// The report's mutation (crates/evoku/src/ga/cpu/row.rs `first_fit_mutation`): in a random unit, the first pair
// of free cells, scanning from a random position, whose swap brings neither digit into a scored
// line that already holds it; abandoned when there is none. Either encoding.
fn first_fit_mutation(rng: ptr<function, Rng>) -> SwapPair {
    // Loop bounds read the uniform (a constant trip count lets a driver unroll a loop); the
    // modulo uses the constant.
    let n = params.side;
    let unit = below(rng, SIDE);
    let start = below(rng, SIDE);
    keep_lines();
    let free = free_mask(unit);
    for (var s = 0u; s < n; s++) {
        let pi = (start + s) % SIDE;
        if !mask_has(free, mask_bit(pi)) {
            continue;
        }
        let gi = unit * n + pi;
        let di = child_cell(gi);
        for (var t = s + 1u; t < n; t++) {
            let pj = (start + t) % SIDE;
            let gj = unit * n + pj;
            if mask_has(free, mask_bit(pj)) && fits(gj, gi, di) && fits(gi, gj, child_cell(gj)) {
                return SwapPair(true, gi, gj);
            }
        }
    }
    return SwapPair(false, 0u, 0u);
}

// The directed mutation in a unit of any encoding (the row encoding's; crates/evoku/src/ga/cpu/row.rs
// `unit_directed_mutation`): the free cells whose digit occurs again in a scored line are the
// duplicated ones, chosen as `box_mutation` chooses in a box.
fn unit_directed_mutation(rng: ptr<function, Rng>) -> SwapPair {
    let n = params.side;
    let unit = below(rng, SIDE);
    keep_lines();
    let free = free_mask(unit);
    var duplicated = Mask();
    var left = free;
    while !mask_is_empty(left) {
        let p = mask_lowest(left);
        left = mask_drop_lowest(left);
        let g = unit * n + p;
        let bit = digit_bit(child_cell(g));
        if mask_has(lines_dup[line_a_of(g)], bit) || mask_has(lines_dup[SIDE + line_b_of(g)], bit) {
            duplicated |= mask_bit(p);
        }
    }
    return directed_pick(rng, unit, free, duplicated);
}

// The directed mutation's choice in unit `unit`, given its free positions and those of them
// whose digit is duplicated in a scored line: two duplicated cells when there are two or more;
// with one, that one and another free cell; with none, any two free cells; abandoned when the
// unit has fewer than two free cells. The same choice as `box_mutation`'s directed one, from
// masks instead of lists (`breed_wide` scans the unit with every lane).
fn directed_pick(rng: ptr<function, Rng>, unit: u32, free: Mask, duplicated: Mask) -> SwapPair {
    let n = params.side;
    let free_count = mask_count(free);
    if free_count < 2u {
        return SwapPair(false, 0u, 0u);
    }
    let duplicated_count = mask_count(duplicated);
    var list = free;
    var count = free_count;
    var k = 0u;
    if duplicated_count >= 2u {
        list = duplicated;
        count = duplicated_count;
        k = below(rng, duplicated_count);
    } else if duplicated_count == 1u {
        k = mask_count(free & mask_below(nth_set_bit(duplicated, 0u)));
    } else {
        k = below(rng, free_count);
    }
    var other = below(rng, count - 1u);
    if other >= k {
        other += 1u;
    }
    return SwapPair(true, unit * n + nth_set_bit(list, k), unit * n + nth_set_bit(list, other));
}

// The mutation `kind` names (a `MutationKind` code).
fn mutation(kind: u32, rng: ptr<function, Rng>) -> SwapPair {
    if kind == MUTATION_FIRST_FIT {
        return first_fit_mutation(rng);
    }
    if kind == MUTATION_DIRECTED && params.encoding == ENCODING_ROW {
        return unit_directed_mutation(rng);
    }
    if kind == MUTATION_DIRECTED || kind == MUTATION_CANDIDATE {
        return box_mutation(kind, rng);
    }
    return swap_mutation(rng);
}
