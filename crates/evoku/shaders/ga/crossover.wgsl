// Two-parent crossovers that move whole boxes, so every child keeps the box invariant.
//
// Twin of crates/evoku/src/ga/cpu/crossover.rs. A pair of slots shares one pair stream: side 0 makes the first
// child, side 1 the second. Parents `a` and `b` are word offsets into `population`.

// Copies box `bx` of the current-generation genome at word `parent` into the child.
fn copy_box(parent: u32, bx: u32) {
    let n = params.side;
    for (var g = bx * n; g < (bx + 1u) * n; g++) {
        set_child_cell(g, population_cell(parent, g));
    }
}

// Sato & Inoue's building-block crossover. Side 0: for each band of `b` boxes sharing rows, the
// child takes the band from the parent with fewer missing digits in those rows. Side 1: the
// same per stack of boxes, scored on columns. Ties are broken by draw `tie_base + band` (side 0)
// or `tie_base + b + stack` (side 1) of the pair stream.
fn band_crossover(pair: Rng, tie_base: u32, side: u32, a: u32, b: u32) {
    copy_to_child(a);
    band_crossover_onto_a(pair, tie_base, side, a, b);
}

// `band_crossover` on a child that already holds parent `a` (`breed_wide` copies it with every
// lane).
fn band_crossover_onto_a(pair: Rng, tie_base: u32, side: u32, a: u32, b: u32) {
    let n = params.side;
    let bs = params.box_size;
    for (var unit = 0u; unit < bs; unit++) {
        let first_line = select(n + unit * bs, unit * bs, side == 0u);
        var pa = 0u;
        var pb = 0u;
        for (var line = first_line; line < first_line + bs; line++) {
            pa += population_line_penalty(a, line);
            pb += population_line_penalty(b, line);
        }
        var take_b = pb < pa;
        if pa == pb {
            take_b = (at(pair, tie_base + side * bs + unit) & 1u) == 1u;
        }
        if take_b {
            for (var k = 0u; k < bs; k++) {
                copy_box(b, select(k * bs + unit, unit * bs + k, side == 0u));
            }
        }
    }
}

// Each box from parent `a` or `b` by draw `tie_base + box` of the pair stream; side 1 takes the
// complement, so the two children of a pair share every box between them.
fn uniform_crossover(pair: Rng, tie_base: u32, side: u32, a: u32, b: u32) {
    copy_to_child(a);
    uniform_crossover_onto_a(pair, tie_base, side, b);
}

// `uniform_crossover` on a child that already holds parent `a`.
fn uniform_crossover_onto_a(pair: Rng, tie_base: u32, side: u32, b: u32) {
    for (var bx = 0u; bx < params.side; bx++) {
        if ((at(pair, tie_base + bx) & 1u) ^ side) == 1u {
            copy_box(b, bx);
        }
    }
}
