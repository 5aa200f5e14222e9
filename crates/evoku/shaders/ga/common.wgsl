// What every stage shares: the run parameters, the island state, the bindings, packed genome
// cells. Digit masks (`Mask`, bit d-1 for digit d) are in crates/evoku/shaders/ga/mask_narrow.wgsl and
// mask_wide.wgsl, one of which every module includes.
//
// Genomes are packed four cells to a u32 word, little-endian: cell g is bits 8*(g%4).. of word
// g/4, which is byte g of the CPU engine's byte genome.

// The prelude (crates/evoku/src/ga/prelude.rs) declares, from Rust: `struct Params` and `struct Island`
// (crates/evoku/src/ga/common.rs), the operator codes (`CROSSOVER_*`, `MUTATION_*`, `MUTATION_SCOPE_*`,
// `ENCODING_*`, from crates/evoku/src/ga/config.rs), the outcome bits (`OUTCOME_*`), the workgroup sizes, the
// board's sizes (`SIDE`, `BOX_SIZE`, which also bound the private arrays), and the bindings: `params`, `tables` (per genome cell
// `help | line_a << 8 | line_b << 16`, then per cell the candidate mask (lo, hi), then the genome
// indices of every scored line (A 0..n, then B n..2n), n per line; the scored lines are rows and
// columns in the block encoding, columns and boxes in the row encoding; then per unit its free
// positions (lo, hi); `TABLE_WORDS` in all),
// `population` and `scores` (the current generation: `genome_words` per genome, island-major,
// and (penalty, age)), `next_population` and `next_scores` (the generation being made; each
// invocation of `init` / `breed` writes only its own slot), `islands`, and `records` (two
// genomes per island: the epoch best, then the overall best), and `outcomes` (one word of
// `OUTCOME_*` bits per child, from `breed` to `island_best`).

const U32_MAX: u32 = 0xffffffffu;

// ---- the problem tables -------------------------------------------------------------------

// Where this invocation's puzzle's tables start: an engine solving a batch holds one table of
// `TABLE_WORDS` words per puzzle, and island `i` reads puzzle `i / params.puzzle_islands`'s
// (`use_puzzle_tables`); 0 for an engine of one puzzle.
var<private> table_base: u32;

// Sets `table_base` to the tables of island `island`'s puzzle.
fn use_puzzle_tables(island: u32) {
    table_base = (island / params.puzzle_islands) * TABLE_WORDS;
}

// Island `island`'s number among its puzzle's islands, plus the engine's offset: what keys its
// random streams, so that a puzzle of a batch draws exactly what it draws when solved alone.
fn stream_island(island: u32) -> u32 {
    return island % params.puzzle_islands + params.island_offset;
}

fn help(g: u32) -> u32 {
    return tables[table_base + g] & 0xffu;
}

// Scored line A of genome cell `g` (its row in the block encoding, its column in the row one).
fn line_a_of(g: u32) -> u32 {
    return (tables[table_base + g] >> 8u) & 0xffu;
}

// Scored line B (line `n + b`) of genome cell `g` (its column, or its box).
fn line_b_of(g: u32) -> u32 {
    return tables[table_base + g] >> 16u;
}

fn candidates(g: u32) -> Mask {
    let index = table_base + CELLS + 2u * g;
    return mask_of_words(tables[index], tables[index + 1u]);
}

// The free positions of unit `unit` (genome cells `unit * SIDE + p`): bit `p` when cell p of the
// unit is not a given (the CPU's `Problem::free_mask`).
fn free_mask(unit: u32) -> Mask {
    let index = table_base + 5u * CELLS + 2u * unit;
    return mask_of_words(tables[index], tables[index + 1u]);
}

// Genome index of the `k`-th cell of scored line `line` (A 0..n, then B n..2n).
fn line_cell(line: u32, k: u32) -> u32 {
    return tables[table_base + 3u * CELLS + line * SIDE + k];
}

// ---- packed genomes -----------------------------------------------------------------------

// Cell `g` of a genome whose word `g / 4` is `word`.
fn cell_in_word(word: u32, g: u32) -> u32 {
    return (word >> (8u * (g % 4u))) & 0xffu;
}

// Cell `g` of the current-generation genome starting at word `base` of `population`.
fn population_cell(base: u32, g: u32) -> u32 {
    return cell_in_word(population[base + g / 4u], g);
}

// Cell `g` of the record genome starting at word `base` of `records`.
fn record_cell(base: u32, g: u32) -> u32 {
    return cell_in_word(records[base + g / 4u], g);
}

// Word offsets in `records` of island `island`'s epoch best and overall best genomes.
fn epoch_best_base(island: u32) -> u32 {
    return 2u * island * GENOME_WORDS;
}

fn overall_best_base(island: u32) -> u32 {
    return (2u * island + 1u) * GENOME_WORDS;
}

// The child being built (`child`, declared by child_private.wgsl or child_workgroup.wgsl, which
// every module that uses it includes after this file): every operator reads and writes it
// there, and `write_child` stores it once into `next_population` at word `child_base`.
var<private> child_base: u32;

fn child_word(w: u32) -> u32 {
    return child[w];
}

fn child_cell(g: u32) -> u32 {
    return cell_in_word(child[g / 4u], g);
}

fn set_child_cell(g: u32, digit: u32) {
    let w = g / 4u;
    let shift = 8u * (g % 4u);
    child[w] = (child[w] & ~(0xffu << shift)) | (digit << shift);
}

fn swap_child_cells(i: u32, j: u32) {
    let di = child_cell(i);
    set_child_cell(i, child_cell(j));
    set_child_cell(j, di);
}

fn clear_child() {
    for (var w = 0u; w < params.genome_words; w++) {
        child[w] = 0u;
    }
}

// Copies the current-generation genome at word `base` into the child.
fn copy_to_child(base: u32) {
    for (var w = 0u; w < params.genome_words; w++) {
        child[w] = population[base + w];
    }
}

// Stores the child into its slot of `next_population`.
fn write_child() {
    for (var w = 0u; w < params.genome_words; w++) {
        next_population[child_base + w] = child[w];
    }
}

// Copies the current-generation genome at word `base` straight into the child's slot of
// `next_population` (the paths that only pass a genome on: no operator touches it).
fn pass_to_child(base: u32) {
    for (var w = 0u; w < params.genome_words; w++) {
        next_population[child_base + w] = population[base + w];
    }
}

// ---- fitness helpers ----------------------------------------------------------------------

fn saturating_add(a: u32, b: u32) -> u32 {
    let sum = a + b;
    return select(sum, U32_MAX, sum < a);
}

// Penalty plus age when aging is on (the CPU's `IslandView::effective`).
fn effective(score: vec2<u32>) -> u32 {
    return saturating_add(score.x, select(0u, score.y, params.aging != 0u));
}

// The invocation number of a 2D dispatch of `WORKGROUP_SIZE`-wide workgroups (x fastest).
fn invocation_index(gid: vec3<u32>, groups: vec3<u32>) -> u32 {
    return gid.y * groups.x * WORKGROUP_SIZE + gid.x;
}
