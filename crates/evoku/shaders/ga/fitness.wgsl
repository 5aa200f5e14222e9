// Fitness: the number of digits missing from every scored line, summed (0 = solved): rows and
// columns in the block encoding, columns and boxes in the row encoding (lines A and B of the
// tables).
//
// Twin of crates/evoku/src/ga/cpu/fitness.rs (block) and crates/evoku/src/ga/cpu/row.rs (row). `fitness` walks the child
// word by word and builds every line-A and line-B mask in one pass (the same sum as the CPU's
// line-by-line count, with an eighth of the loop iterations: lavapipe stops a shader's loops
// after 65,535 iterations in total).

// Digits seen in a line, and digits seen more than once.
struct LineMasks {
    seen: Mask,
    dup: Mask,
}

// The masks of line `line` of the child.
fn line_masks(line: u32) -> LineMasks {
    var m = LineMasks(Mask(), Mask());
    for (var k = 0u; k < params.side; k++) {
        let bit = digit_bit(child_cell(line_cell(line, k)));
        m.dup |= m.seen & bit;
        m.seen |= bit;
    }
    return m;
}

// Digits missing from line `line` of the child.
fn line_penalty(line: u32) -> u32 {
    return SIDE - mask_count(line_masks(line).seen);
}

// Digits missing from line `line` of the current-generation genome at word `base`.
fn population_line_penalty(base: u32, line: u32) -> u32 {
    var seen = Mask();
    for (var k = 0u; k < params.side; k++) {
        seen |= digit_bit(population_cell(base, line_cell(line, k)));
    }
    return SIDE - mask_count(seen);
}

// `rows` and `cols` are the masks of lines A and B.
fn fitness_cell(rows: ptr<function, array<Mask, SIDE>>, cols: ptr<function, array<Mask, SIDE>>, word: u32, g: u32) {
    if g < CELLS {
        let bit = digit_bit(cell_in_word(word, g));
        (*rows)[line_a_of(g)] |= bit;
        (*cols)[line_b_of(g)] |= bit;
    }
}

// Penalty of the whole child.
fn fitness() -> u32 {
    var rows: array<Mask, SIDE>;
    var cols: array<Mask, SIDE>;
    for (var w = 0u; w < params.genome_words; w++) {
        let word = child_word(w);
        // Four cells a word, unrolled by hand so they cost one loop iteration.
        fitness_cell(&rows, &cols, word, 4u * w);
        fitness_cell(&rows, &cols, word, 4u * w + 1u);
        fitness_cell(&rows, &cols, word, 4u * w + 2u);
        fitness_cell(&rows, &cols, word, 4u * w + 3u);
    }
    var penalty = 0u;
    for (var line = 0u; line < params.side; line++) {
        penalty += 2u * SIDE - mask_count(rows[line]) - mask_count(cols[line]);
    }
    return penalty;
}
