// The child's line masks, built once per child and kept up to date swap by swap: for every
// scored line (A 0..n, then B n..2n, numbered as in the tables) the digits it holds at least
// once (`lines_seen`), twice (`lines_dup`) and three times (`lines_tri`).
//
// The GPU side of the CPU's per-child line counts (crates/evoku/src/ga/cpu/line_counts.rs and
// `UnitCounts` in crates/evoku/src/ga/cpu/row.rs): the mutations read a line's digits here instead of
// re-scanning the band and stack (or the whole child) at every chance, and the child's penalty is
// read from them instead of a pass over the genome. Three masks, not counts: adding a digit is
// three mask operations, and removing one is exact while it occurs at most twice (a digit seen
// twice stays seen, a digit seen once leaves the line); a line that held the removed digit three
// times or more is recounted from the child. So the masks always equal a fresh scan's, whatever
// the genome (no bound on a digit's count in a line is assumed).
//
// `lines_kept` says whether the masks describe the child: each invocation (`breed`) or
// workgroup (`breed_wide`) starts without; `keep_lines` builds them, `swap_child_and_lines` keeps them,
// and an operator that changes the child otherwise (the box assignment) drops them.
//
// The masks (`lines_seen`, `lines_dup`, `lines_tri`, `lines_kept`) are declared beside the child,
// in child_private.wgsl or child_workgroup.wgsl.

// Adds one occurrence of the digit with bit `bit` to line `line`.
fn line_add(line: u32, bit: Mask) {
    lines_tri[line] |= lines_dup[line] & bit;
    lines_dup[line] |= lines_seen[line] & bit;
    lines_seen[line] |= bit;
}

// Adds child cell `g` (in `word`) to its lines A and B.
fn line_add_cell(word: u32, g: u32) {
    if g < CELLS {
        let bit = digit_bit(cell_in_word(word, g));
        line_add(line_a_of(g), bit);
        line_add(SIDE + line_b_of(g), bit);
    }
}

// Builds every line's masks from the child, word by word (four cells an iteration).
fn build_lines() {
    for (var line = 0u; line < 2u * params.side; line++) {
        lines_seen[line] = Mask();
        lines_dup[line] = Mask();
        lines_tri[line] = Mask();
    }
    for (var w = 0u; w < params.genome_words; w++) {
        let word = child_word(w);
        line_add_cell(word, 4u * w);
        line_add_cell(word, 4u * w + 1u);
        line_add_cell(word, 4u * w + 2u);
        line_add_cell(word, 4u * w + 3u);
    }
    lines_kept = true;
}

// Makes the masks describe the child, building them unless they already do.
fn keep_lines() {
    if !lines_kept {
        build_lines();
    }
}

// Recounts line `line` from the child.
fn recount_line(line: u32) {
    lines_seen[line] = Mask();
    lines_dup[line] = Mask();
    lines_tri[line] = Mask();
    for (var k = 0u; k < params.side; k++) {
        line_add(line, digit_bit(child_cell(line_cell(line, k))));
    }
}

// Line `line`, whose cell changed from digit bit `out` to `into` (`out != into`; the child holds
// the new digit already).
fn line_replace(line: u32, out: Mask, into: Mask) {
    if mask_has(lines_tri[line], out) {
        recount_line(line);
        return;
    }
    if mask_has(lines_dup[line], out) {
        lines_dup[line] &= ~out;
    } else {
        lines_seen[line] &= ~out;
    }
    line_add(line, into);
}

// Swaps child cells `i` and `j` (one unit) and, while kept, updates the masks of the lines
// through them: a line both cells share keeps its digits.
fn swap_child_and_lines(i: u32, j: u32) {
    let di = child_cell(i);
    let dj = child_cell(j);
    swap_child_cells(i, j);
    if !lines_kept || di == dj {
        return;
    }
    let bi = digit_bit(di);
    let bj = digit_bit(dj);
    let ai = line_a_of(i);
    let aj = line_a_of(j);
    if ai != aj {
        line_replace(ai, bi, bj);
        line_replace(aj, bj, bi);
    }
    let ci = SIDE + line_b_of(i);
    let cj = SIDE + line_b_of(j);
    if ci != cj {
        line_replace(ci, bi, bj);
        line_replace(cj, bj, bi);
    }
}

// The masks of line `line` of the child, from the kept masks when there are some (`line_masks`
// of fitness.wgsl otherwise).
fn kept_line_masks(line: u32) -> LineMasks {
    if lines_kept {
        return LineMasks(lines_seen[line], lines_dup[line]);
    }
    return line_masks(line);
}

// The child's penalty (`fitness`), from the kept masks when there are some.
fn child_penalty() -> u32 {
    if !lines_kept {
        return fitness();
    }
    var penalty = 0u;
    for (var line = 0u; line < params.side; line++) {
        penalty += 2u * SIDE - mask_count(lines_seen[line]) - mask_count(lines_seen[SIDE + line]);
    }
    return penalty;
}
