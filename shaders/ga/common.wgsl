// What every stage shares: the run parameters, the island state, the bindings, packed genome
// cells and 64-bit digit masks.
//
// Genomes are packed four cells to a u32 word, little-endian: cell g is bits 8*(g%4).. of word
// g/4, which is byte g of the CPU engine's byte genome. WGSL has no u64, so a digit mask (bit d-1
// for digit d, up to 64 digits) is a vec2<u32>: x holds bits 0..32, y bits 32..64.

// The run parameters. Keep in sync with `Params` in src/ga/params.rs.
struct Params {
    box_size: u32,
    side: u32,
    cells: u32,
    genome_words: u32,
    population: u32,
    islands: u32,
    elites: u32,
    tournament_size: u32,
    crossover_kind: u32,
    crossover_rate_q16: u32,
    mutation_kind: u32,
    mutation_rate_q16: u32,
    local_search_children: u32,
    aging: u32,
    restart_after: u32,
    restart_keep: u32,
    migration_interval: u32,
    seed_lo: u32,
    seed_hi: u32,
    mutation_scope: u32,
    assign_steps: u32,
    assign_noise: u32,
    _pad0: u32,
    _pad1: u32,
}

// Per-island bookkeeping. Keep in sync with `Island` in src/ga/params.rs.
struct Island {
    generation: u32,
    solved: u32,
    restart_pending: u32,
    restarts: u32,
    stagnation: u32,
    best_slot: u32,
    best_penalty: u32,
    epoch_best_penalty: u32,
    overall_best_penalty: u32,
    overall_best_generation: u32,
    elite_slots: array<u32, 4>,
    _pad: array<u32, 2>,
}

// Codes of `CrossoverKind` and `MutationKind` (src/ga/config.rs).
const CROSSOVER_NONE: u32 = 0u;
const CROSSOVER_BAND: u32 = 1u;
const CROSSOVER_UNIFORM: u32 = 2u;
const CROSSOVER_MULTI_PARENT: u32 = 3u;
const MUTATION_DIRECTED: u32 = 1u;
// Codes of `MutationScope`.
const MUTATION_SCOPE_BOX: u32 = 1u;

const U32_MAX: u32 = 0xffffffffu;
// Invocations per workgroup of the per-individual stages (`init`, `breed`).
const WG: u32 = 64u;

// Bindings of every pipeline (a stage declares what it uses; the layout is shared).
// Keep in sync with `src/gpu/engine.rs` (the bind group layout) and `src/gpu/buffers.rs`.
@group(0) @binding(0) var<uniform> params: Params;
// The problem tables (see `tables` in src/gpu/buffers.rs): per genome cell
// `help | row << 8 | col << 16`, then per cell the candidate mask (lo, hi), then the
// genome indices of every line (rows 0..n, then columns n..2n), n per line.
@group(0) @binding(1) var<storage, read> tables: array<u32>;
// The current generation: genomes (`genome_words` each, island-major) and (penalty, age).
@group(0) @binding(2) var<storage, read> population: array<u32>;
@group(0) @binding(3) var<storage, read> scores: array<vec2<u32>>;
// The generation being made; each invocation of `init` / `breed` writes only its own slot.
@group(0) @binding(4) var<storage, read_write> next_population: array<u32>;
@group(0) @binding(5) var<storage, read_write> next_scores: array<vec2<u32>>;
@group(0) @binding(6) var<storage, read_write> islands: array<Island>;
// Two genomes per island: the epoch best (best since the last restart), then the overall best.
@group(0) @binding(7) var<storage, read_write> records: array<u32>;

// ---- the problem tables -------------------------------------------------------------------

fn help(g: u32) -> u32 {
    return tables[g] & 0xffu;
}

fn row_of(g: u32) -> u32 {
    return (tables[g] >> 8u) & 0xffu;
}

fn col_of(g: u32) -> u32 {
    return tables[g] >> 16u;
}

fn candidates(g: u32) -> vec2<u32> {
    let index = params.cells + 2u * g;
    return vec2<u32>(tables[index], tables[index + 1u]);
}

// Genome index of the `k`-th cell of line `line` (rows 0..n, then columns n..2n).
fn line_cell(line: u32, k: u32) -> u32 {
    return tables[3u * params.cells + line * params.side + k];
}

// ---- 64-bit digit masks as vec2<u32> --------------------------------------------------------

fn mask_bit(bit: u32) -> vec2<u32> {
    if bit < 32u {
        return vec2<u32>(1u << bit, 0u);
    }
    return vec2<u32>(0u, 1u << (bit - 32u));
}

// Bit of digit `d`, wrapping like the CPU's `(d - 1) & 63` (an empty cell maps to bit 63).
fn digit_bit(d: u32) -> vec2<u32> {
    return mask_bit((d - 1u) & 63u);
}

fn mask_has(mask: vec2<u32>, bit: vec2<u32>) -> bool {
    return any((mask & bit) != vec2<u32>(0u));
}

fn mask_is_empty(mask: vec2<u32>) -> bool {
    return all(mask == vec2<u32>(0u));
}

fn mask_count(mask: vec2<u32>) -> u32 {
    return countOneBits(mask.x) + countOneBits(mask.y);
}

// Every digit 1..=n (`Geometry::all_digits`).
fn all_digits() -> vec2<u32> {
    let n = params.side;
    if n >= 64u {
        return vec2<u32>(U32_MAX, U32_MAX);
    }
    if n >= 32u {
        return vec2<u32>(U32_MAX, (1u << (n - 32u)) - 1u);
    }
    return vec2<u32>((1u << n) - 1u, 0u);
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
    return 2u * island * params.genome_words;
}

fn overall_best_base(island: u32) -> u32 {
    return (2u * island + 1u) * params.genome_words;
}

// The child this invocation writes: its first word in `next_population`.
var<private> child_base: u32;

fn child_cell(g: u32) -> u32 {
    return cell_in_word(next_population[child_base + g / 4u], g);
}

fn set_child_cell(g: u32, digit: u32) {
    let w = child_base + g / 4u;
    let shift = 8u * (g % 4u);
    next_population[w] = (next_population[w] & ~(0xffu << shift)) | (digit << shift);
}

fn swap_child_cells(i: u32, j: u32) {
    let di = child_cell(i);
    set_child_cell(i, child_cell(j));
    set_child_cell(j, di);
}

fn clear_child() {
    for (var w = 0u; w < params.genome_words; w++) {
        next_population[child_base + w] = 0u;
    }
}

// Copies the current-generation genome at word `base` into the child.
fn copy_to_child(base: u32) {
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

// The invocation number of a 2D dispatch of `WG`-wide workgroups (x fastest).
fn invocation_index(gid: vec3<u32>, groups: vec3<u32>) -> u32 {
    return gid.y * groups.x * WG + gid.x;
}
