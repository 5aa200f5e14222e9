// The child an invocation builds: every operator reads and writes it through these functions,
// in the storage `child_word` and `set_child_word` reach (shaders/ga/child_private.wgsl or
// child_workgroup.wgsl, picked per adapter by `ChildIn`), and `write_child` stores it once into
// its slot of `next_population` (word `child_base`). Twin of the CPU's child genome (a byte
// slice, src/ga/cpu/breed.rs).

fn child_cell(g: u32) -> u32 {
    return cell_in_word(child_word(g / 4u), g);
}

fn set_child_cell(g: u32, digit: u32) {
    let w = g / 4u;
    let shift = 8u * (g % 4u);
    set_child_word(w, (child_word(w) & ~(0xffu << shift)) | (digit << shift));
}

fn swap_child_cells(i: u32, j: u32) {
    let di = child_cell(i);
    set_child_cell(i, child_cell(j));
    set_child_cell(j, di);
}

fn clear_child() {
    for (var w = 0u; w < params.genome_words; w++) {
        set_child_word(w, 0u);
    }
}

// Copies the current-generation genome at word `base` into the child.
fn copy_to_child(base: u32) {
    for (var w = 0u; w < params.genome_words; w++) {
        set_child_word(w, population[base + w]);
    }
}

// Stores the child into its slot of `next_population`.
fn write_child() {
    for (var w = 0u; w < params.genome_words; w++) {
        next_population[child_base + w] = child_word(w);
    }
}

// Copies the current-generation genome at word `base` straight into the child's slot of
// `next_population` (the paths that only pass a genome on: no operator touches it).
fn pass_to_child(base: u32) {
    for (var w = 0u; w < params.genome_words; w++) {
        next_population[child_base + w] = population[base + w];
    }
}
