// Swap mutation inside one box, guided by the help array (docs/ALGORITHMS.md section 2), and
// the row-encoded GA's first-fit swap inside one unit (section 3).
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
    let i = bx * n + below(rng, n);
    let j = bx * n + below(rng, n);
    return SwapPair(i != j && help(i) == 0u && help(j) == 0u, i, j);
}

fn scan_box_cell(seen: ptr<function, array<Mask, BOX_SIZE>>, dup: ptr<function, array<Mask, BOX_SIZE>>, by_row: bool, first: u32, word: u32, g: u32) {
    if g >= first && g < first + SIDE {
        let p = g - first;
        let line = select(p % BOX_SIZE, p / BOX_SIZE, by_row);
        let bit = digit_bit(cell_in_word(word, g));
        (*dup)[line] |= (*seen)[line] & bit;
        (*seen)[line] |= bit;
    }
}

// Adds box `bx` of the child to the masks of the `b` lines it crosses: its rows (line = position
// / b) when `by_row`, else its columns (position % b). Word by word, four cells an iteration.
fn scan_box_lines(seen: ptr<function, array<Mask, BOX_SIZE>>, dup: ptr<function, array<Mask, BOX_SIZE>>, by_row: bool, bx: u32) {
    let first = bx * SIDE;
    // The bound reads the uniform: a constant trip count lets a driver unroll the loop.
    for (var w = first / 4u; 4u * w < first + params.side; w++) {
        let word = child_word(w);
        scan_box_cell(seen, dup, by_row, first, word, 4u * w);
        scan_box_cell(seen, dup, by_row, first, word, 4u * w + 1u);
        scan_box_cell(seen, dup, by_row, first, word, 4u * w + 2u);
        scan_box_cell(seen, dup, by_row, first, word, 4u * w + 3u);
    }
}

// `list[draw]`, where `draw` runs over every entry of `list[..len]` but `list[skip]`.
fn pick_other(list: ptr<function, array<u32, SIDE>>, len: u32, skip: u32, rng: ptr<function, Rng>) -> u32 {
    let k = below(rng, len - 1u);
    return (*list)[select(k, k + 1u, k >= skip)];
}

// The free cells of a box (positions inside it, in order in `free`) and which of them hold a
// digit duplicated in their row or column (in order in `duplicated`, and bit `p` of
// `duplicated_mask` for position `p`); `scan_box` also fills the digits seen in each of the
// box's rows and columns across the board. The CPU's `BoxScan`.
struct BoxScan {
    free_count: u32,
    duplicated_count: u32,
    // Index in `free` of `duplicated[0]`.
    first_duplicated: u32,
    duplicated_mask: Mask,
}

// "Duplicated in its row" is read, as on the CPU, from masks of the digits
// seen twice in each line through the box: the b boxes of its band give its rows, the b boxes of
// its stack its columns.
fn scan_box(bx: u32, free: ptr<function, array<u32, SIDE>>, duplicated: ptr<function, array<u32, SIDE>>, row_seen: ptr<function, array<Mask, BOX_SIZE>>, col_seen: ptr<function, array<Mask, BOX_SIZE>>) -> BoxScan {
    // Loop bounds read the uniform (see `scan_box_lines`); divisions use the constant.
    let n = params.side;
    let b = params.box_size;
    let band = bx / BOX_SIZE;
    let stack = bx % BOX_SIZE;
    var row_dup: array<Mask, BOX_SIZE>;
    var col_dup: array<Mask, BOX_SIZE>;
    for (var k = 0u; k < b; k++) {
        scan_box_lines(row_seen, &row_dup, true, band * b + k);
        scan_box_lines(col_seen, &col_dup, false, k * b + stack);
    }
    var scan = BoxScan(0u, 0u, 0u, Mask());
    for (var p = 0u; p < n; p++) {
        let g = bx * n + p;
        if help(g) != 0u {
            continue;
        }
        (*free)[scan.free_count] = p;
        scan.free_count += 1u;
        let bit = digit_bit(child_cell(g));
        if mask_has(row_dup[p / BOX_SIZE], bit) || mask_has(col_dup[p % BOX_SIZE], bit) {
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

// Directed mutation: in a random box, swap two free cells whose digits are duplicated in their
// row or column; with one such cell, swap it with another free cell; with none, any two free
// cells. Abandoned only when the box has fewer than two free cells.
fn directed_mutation(rng: ptr<function, Rng>) -> SwapPair {
    let n = SIDE;
    let bx = below(rng, n);
    var free: array<u32, SIDE>;
    var duplicated: array<u32, SIDE>;
    var row_seen: array<Mask, BOX_SIZE>;
    var col_seen: array<Mask, BOX_SIZE>;
    let scan = scan_box(bx, &free, &duplicated, &row_seen, &col_seen);
    if scan.free_count < 2u {
        return SwapPair(false, 0u, 0u);
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

// Whether box position `to` would take `digit` from position `source` without meeting it again in
// its row or column (a line both cells share keeps the digit).
fn fits(row_seen: ptr<function, array<Mask, BOX_SIZE>>, col_seen: ptr<function, array<Mask, BOX_SIZE>>, to: u32, source: u32, digit: u32) -> bool {
    let b = BOX_SIZE;
    let bit = digit_bit(digit);
    return (to / b == source / b || !mask_has((*row_seen)[to / b], bit))
        && (to % b == source % b || !mask_has((*col_seen)[to % b], bit));
}

// Candidate-restricted mutation: in a random box, a free cell `i` (a duplicated one when there
// is one), then a partner from the first non-empty tier: 0, legal pairs (each cell takes one of
// its candidates, or anything if it holds a non-candidate) where neither digit meets itself
// again in its new row or column; 1, legal pairs with a duplicated partner; 2, legal pairs;
// 3, half-legal pairs (`i` takes a candidate, the partner may not). Abandoned when the box has
// fewer than two free cells or no tier has a partner. See `candidate_mutation` in
// crates/evoku/src/ga/cpu/mutation.rs for why.
fn candidate_mutation(rng: ptr<function, Rng>) -> SwapPair {
    let n = SIDE;
    let bx = below(rng, n);
    var free: array<u32, SIDE>;
    var duplicated: array<u32, SIDE>;
    var row_seen: array<Mask, BOX_SIZE>;
    var col_seen: array<Mask, BOX_SIZE>;
    let scan = scan_box(bx, &free, &duplicated, &row_seen, &col_seen);
    if scan.free_count < 2u {
        return SwapPair(false, 0u, 0u);
    }
    var i: u32;
    if scan.duplicated_count > 0u {
        i = duplicated[below(rng, scan.duplicated_count)];
    } else {
        i = free[below(rng, scan.free_count)];
    }
    let gi = bx * n + i;
    let di = child_cell(gi);
    // The tiers as masks of box positions.
    var tiers: array<Mask, 4>;
    for (var k = 0u; k < scan.free_count; k++) {
        let j = free[k];
        let gj = bx * n + j;
        let dj = child_cell(gj);
        if j == i || !may_take(gi, dj) {
            continue;
        }
        var tier = 2u;
        if !may_take(gj, di) {
            tier = 3u;
        } else if fits(&row_seen, &col_seen, i, j, dj) && fits(&row_seen, &col_seen, j, i, di) {
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

// Whether genome cell `to` would take `digit` from cell `source` (same unit) without meeting it
// again in its scored lines, whose digits are `a_seen` and `b_seen` (a line both share keeps it).
fn first_fits(a_seen: ptr<function, array<Mask, SIDE>>, b_seen: ptr<function, array<Mask, SIDE>>, to: u32, source: u32, digit: u32) -> bool {
    let bit = digit_bit(digit);
    return (line_a_of(to) == line_a_of(source) || !mask_has((*a_seen)[line_a_of(to)], bit))
        && (line_b_of(to) == line_b_of(source) || !mask_has((*b_seen)[line_b_of(to)], bit));
}

// The report's mutation (crates/evoku/src/ga/cpu/row.rs `first_fit_mutation`): in a random unit, the first pair
// of free cells, scanning from a random position, whose swap brings neither digit into a scored
// line that already holds it; abandoned when there is none. Either encoding.
fn first_fit_mutation(rng: ptr<function, Rng>) -> SwapPair {
    // Loop bounds read the uniform (see `scan_box_lines`); the modulo uses the constant.
    let n = params.side;
    let unit = below(rng, SIDE);
    let start = below(rng, SIDE);
    var a_seen: array<Mask, SIDE>;
    var b_seen: array<Mask, SIDE>;
    for (var w = 0u; w < params.genome_words; w++) {
        let word = child_word(w);
        fitness_cell(&a_seen, &b_seen, word, 4u * w);
        fitness_cell(&a_seen, &b_seen, word, 4u * w + 1u);
        fitness_cell(&a_seen, &b_seen, word, 4u * w + 2u);
        fitness_cell(&a_seen, &b_seen, word, 4u * w + 3u);
    }
    for (var s = 0u; s < n; s++) {
        let gi = unit * n + (start + s) % SIDE;
        if help(gi) != 0u {
            continue;
        }
        let di = child_cell(gi);
        for (var t = s + 1u; t < n; t++) {
            let gj = unit * n + (start + t) % SIDE;
            if help(gj) == 0u && first_fits(&a_seen, &b_seen, gj, gi, di)
                && first_fits(&a_seen, &b_seen, gi, gj, child_cell(gj)) {
                return SwapPair(true, gi, gj);
            }
        }
    }
    return SwapPair(false, 0u, 0u);
}

// Adds cell `g` (in `word`) to the digits seen, and seen twice, in its scored lines.
fn unit_scan_cell(a_seen: ptr<function, array<Mask, SIDE>>, a_dup: ptr<function, array<Mask, SIDE>>, b_seen: ptr<function, array<Mask, SIDE>>, b_dup: ptr<function, array<Mask, SIDE>>, word: u32, g: u32) {
    if g < CELLS {
        let bit = digit_bit(cell_in_word(word, g));
        let a = line_a_of(g);
        let b = line_b_of(g);
        (*a_dup)[a] |= (*a_seen)[a] & bit;
        (*a_seen)[a] |= bit;
        (*b_dup)[b] |= (*b_seen)[b] & bit;
        (*b_seen)[b] |= bit;
    }
}

// The directed mutation in a unit of any encoding (the row encoding's; crates/evoku/src/ga/cpu/row.rs
// `unit_directed_mutation`): the free cells whose digit occurs again in a scored line are the
// duplicated ones, chosen as `directed_mutation` chooses in a box.
fn unit_directed_mutation(rng: ptr<function, Rng>) -> SwapPair {
    let n = params.side;
    let unit = below(rng, SIDE);
    var a_seen: array<Mask, SIDE>;
    var a_dup: array<Mask, SIDE>;
    var b_seen: array<Mask, SIDE>;
    var b_dup: array<Mask, SIDE>;
    for (var w = 0u; w < params.genome_words; w++) {
        let word = child_word(w);
        unit_scan_cell(&a_seen, &a_dup, &b_seen, &b_dup, word, 4u * w);
        unit_scan_cell(&a_seen, &a_dup, &b_seen, &b_dup, word, 4u * w + 1u);
        unit_scan_cell(&a_seen, &a_dup, &b_seen, &b_dup, word, 4u * w + 2u);
        unit_scan_cell(&a_seen, &a_dup, &b_seen, &b_dup, word, 4u * w + 3u);
    }
    var free = Mask();
    var duplicated = Mask();
    for (var p = 0u; p < n; p++) {
        let g = unit * n + p;
        if help(g) != 0u {
            continue;
        }
        free |= mask_bit(p);
        let bit = digit_bit(child_cell(g));
        if mask_has(a_dup[line_a_of(g)], bit) || mask_has(b_dup[line_b_of(g)], bit) {
            duplicated |= mask_bit(p);
        }
    }
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
    if kind == MUTATION_DIRECTED {
        return directed_mutation(rng);
    }
    if kind == MUTATION_CANDIDATE {
        return candidate_mutation(rng);
    }
    return swap_mutation(rng);
}
