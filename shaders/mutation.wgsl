// Swap mutation inside one box, guided by the help array (ALGORITHMS.md section 2).
//
// Twin of src/cpu/mutation.rs. The functions only choose the pair; the caller swaps.

// Two genome indices to swap, unless `found` is false (the attempt is abandoned).
struct SwapPair {
    found: bool,
    i: u32,
    j: u32,
}

// The paper's mutation: a random box and two random positions in it; abandoned when they are
// equal or either is a given.
fn swap_mutation(rng: ptr<function, Rng>) -> SwapPair {
    let n = params.side;
    let bx = below(rng, n);
    let i = bx * n + below(rng, n);
    let j = bx * n + below(rng, n);
    return SwapPair(i != j && help(i) == 0u && help(j) == 0u, i, j);
}

fn scan_box_cell(seen: ptr<function, array<vec2<u32>, 8>>, dup: ptr<function, array<vec2<u32>, 8>>, by_row: bool, first: u32, word: u32, g: u32) {
    if g >= first && g < first + params.side {
        let p = g - first;
        let line = select(p % params.box_size, p / params.box_size, by_row);
        let bit = digit_bit(cell_in_word(word, g));
        (*dup)[line] |= (*seen)[line] & bit;
        (*seen)[line] |= bit;
    }
}

// Adds box `bx` of the child to the masks of the `b` lines it crosses: its rows (line = position
// / b) when `by_row`, else its columns (position % b). Word by word, four cells an iteration.
fn scan_box_lines(seen: ptr<function, array<vec2<u32>, 8>>, dup: ptr<function, array<vec2<u32>, 8>>, by_row: bool, bx: u32) {
    let first = bx * params.side;
    for (var w = first / 4u; 4u * w < first + params.side; w++) {
        let word = next_population[child_base + w];
        scan_box_cell(seen, dup, by_row, first, word, 4u * w);
        scan_box_cell(seen, dup, by_row, first, word, 4u * w + 1u);
        scan_box_cell(seen, dup, by_row, first, word, 4u * w + 2u);
        scan_box_cell(seen, dup, by_row, first, word, 4u * w + 3u);
    }
}

// `list[draw]`, where `draw` runs over every entry of `list[..len]` but `list[skip]`.
fn pick_other(list: ptr<function, array<u32, 64>>, len: u32, skip: u32, rng: ptr<function, Rng>) -> u32 {
    let k = below(rng, len - 1u);
    return (*list)[select(k, k + 1u, k >= skip)];
}

// Directed mutation: in a random box, swap two free cells whose digits are duplicated in their
// row or column; with one such cell, swap it with another free cell; with none, any two free
// cells. Abandoned only when the box has fewer than two free cells.
//
// "Duplicated in its row" is the CPU's `count_in_line(..) > 1`, read from masks of the digits
// seen twice in each line through the box: the b boxes of its band give its rows, the b boxes of
// its stack its columns.
fn directed_mutation(rng: ptr<function, Rng>) -> SwapPair {
    let n = params.side;
    let b = params.box_size;
    let bx = below(rng, n);
    let band = bx / b;
    let stack = bx % b;
    var row_seen: array<vec2<u32>, 8>;
    var row_dup: array<vec2<u32>, 8>;
    var col_seen: array<vec2<u32>, 8>;
    var col_dup: array<vec2<u32>, 8>;
    for (var k = 0u; k < b; k++) {
        scan_box_lines(&row_seen, &row_dup, true, band * b + k);
        scan_box_lines(&col_seen, &col_dup, false, k * b + stack);
    }
    var free: array<u32, 64>;
    var duplicated: array<u32, 64>;
    var free_count = 0u;
    var duplicated_count = 0u;
    // Index in `free` of `duplicated[0]`.
    var first_duplicated = 0u;
    for (var p = 0u; p < n; p++) {
        let g = bx * n + p;
        if help(g) != 0u {
            continue;
        }
        free[free_count] = p;
        free_count += 1u;
        let bit = digit_bit(child_cell(g));
        if mask_has(row_dup[p / b], bit) || mask_has(col_dup[p % b], bit) {
            if duplicated_count == 0u {
                first_duplicated = free_count - 1u;
            }
            duplicated[duplicated_count] = p;
            duplicated_count += 1u;
        }
    }
    if free_count < 2u {
        return SwapPair(false, 0u, 0u);
    }
    var i: u32;
    var j: u32;
    if duplicated_count >= 2u {
        let k = below(rng, duplicated_count);
        i = duplicated[k];
        j = pick_other(&duplicated, duplicated_count, k, rng);
    } else {
        var k = first_duplicated;
        if duplicated_count == 0u {
            k = below(rng, free_count);
        }
        i = free[k];
        j = pick_other(&free, free_count, k, rng);
    }
    return SwapPair(true, bx * n + i, bx * n + j);
}

// The mutation `kind` names (a `MutationKind` code).
fn mutation(kind: u32, rng: ptr<function, Rng>) -> SwapPair {
    if kind == MUTATION_DIRECTED {
        return directed_mutation(rng);
    }
    return swap_mutation(rng);
}
