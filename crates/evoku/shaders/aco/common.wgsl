// What every stage of the Ant Colony System shares: the run parameters, the colony state, the
// bindings, the geometry tables, the ant layout and the fixed-point pheromone arithmetic.
//
// Twin of `crates/evoku/src/aco/common.rs` (see its documentation for the fixed-point scale). A cell's
// candidates are `params.cand_words` words (`cand_words` in crates/evoku/src/aco/common.rs: one up to 25x25,
// two at 36x36 and 49x49, three at 64x64), bit d % 32 of word d / 32 for digit d + 1, and
// DONE_BIT of its last word marks a done cell (fixed and propagated). Here a cell's candidates
// are a vec2<u32> (digits 1..32, 33..64) without the flag.

// The prelude (crates/evoku/src/aco/prelude.rs) declares, from Rust (crates/evoku/src/aco/common.rs): `struct AcoParams`,
// `struct Colony`, the workgroup sizes, `NO_CHOICE`, `DONE_BIT`, the ant header's words
// (`ANT_HEADER_WORDS`, `A_*`, `DIRTY_WORDS` from `A_DIRTY` on), and the bindings: `params`, `tables` (peers, units, per cell
// `row | col << 8 | box << 16`, the start board), `ants` (`ant_words` per ant, colony-major:
// header, candidates (`cand_words` per cell), stack), `pheromone` (`cells * side` per colony, cell-major), `colonies`
// and `records` (per colony the best-so-far solution then the overall best, each `filled` then a
// digit per cell).

// ---- tables ---------------------------------------------------------------------------------

fn units_offset() -> u32 {
    return params.cells * params.npeers;
}

fn cell_units_offset() -> u32 {
    return units_offset() + 3u * params.side * params.side;
}

// Puzzle `puzzle`'s start (`AcoTables::batch_words`): its board, `cand_words` per cell, then
// its `start_filled`. One puzzle but in a batch, where the puzzles' starts follow one another.
fn start_offset(puzzle: u32) -> u32 {
    return cell_units_offset() + params.cells + puzzle * (params.cells * params.cand_words + 1u);
}

// ---- colonies -------------------------------------------------------------------------------

// The run's number of engine colony `colony` (`AcoParams::run_colony`).
fn run_colony(colony: u32) -> u32 {
    return params.first_colony + colony;
}

// Its puzzle: 0 but in a batch, whose puzzles' runs follow one another (`AcoParams::puzzle_of`).
fn puzzle_of(colony: u32) -> u32 {
    return run_colony(colony) / params.run_colonies;
}

// Its number in its puzzle's run, which keys its random streams (`AcoParams::stream_colony`).
fn stream_colony(colony: u32) -> u32 {
    return run_colony(colony) % params.run_colonies;
}

// The colony before it in its puzzle's exchange ring, or `params.colonies` (the ghost record)
// where that one lives on another device (`AcoParams::ring_neighbour`).
fn ring_neighbour(colony: u32) -> u32 {
    let run = run_colony(colony);
    let neighbour = select(run - 1u, run + params.run_colonies - 1u, run % params.run_colonies == 0u);
    let local = neighbour - params.first_colony;
    if neighbour < params.first_colony || local >= params.colonies {
        return params.colonies;
    }
    return local;
}

// ---- layout ---------------------------------------------------------------------------------

// First word of ant `a` of colony `colony`.
fn ant_base(colony: u32, a: u32) -> u32 {
    return (colony * params.ants + a) * params.ant_words;
}

// First candidate word of `cell`.
fn cand_index(ant: u32, cell: u32) -> u32 {
    return ant + ANT_HEADER_WORDS + cell * params.cand_words;
}

fn stack_index(ant: u32, k: u32) -> u32 {
    return ant + ANT_HEADER_WORDS + params.cells * params.cand_words + k;
}

fn pher_base(colony: u32) -> u32 {
    return colony * params.cells * params.side;
}

fn record_base(colony: u32) -> u32 {
    return colony * params.record_words;
}

// ---- fixed point ----------------------------------------------------------------------------

// floor(x * rate_q16 / 65536), exactly (`mul_q16` in crates/evoku/src/aco/common.rs).
fn mul_q16(x: u32, rate_q16: u32) -> u32 {
    return (x >> 16u) * rate_q16 + (((x & 0xffffu) * rate_q16) >> 16u);
}

// (1 - rate) * tau + rate * towards.
fn blend(tau: u32, towards: u32, rate_q16: u32) -> u32 {
    return tau - mul_q16(tau, rate_q16) + mul_q16(towards, rate_q16);
}

// The deposit of an ant that filled `filled` cells (`AcoParams::dtau`).
fn dtau(filled: u32) -> u32 {
    if filled >= params.cells {
        return params.dtau_numerator;
    }
    return params.dtau_numerator / (params.cells - filled);
}

// ---- candidates ---------------------------------------------------------------------------

// Where the done flag sits in a cell's first two words: nowhere when it has a word of its own.
fn done_in_mask() -> vec2<u32> {
    if params.cand_words == 1u {
        return vec2<u32>(DONE_BIT, 0u);
    }
    if params.cand_words == 2u {
        return vec2<u32>(0u, DONE_BIT);
    }
    return vec2<u32>(0u, 0u);
}

// A cell's first two words as they are, done flag included.
fn load_words(ant: u32, cell: u32) -> vec2<u32> {
    let i = cand_index(ant, cell);
    var m = vec2<u32>(ants[i], 0u);
    if params.cand_words > 1u {
        m.y = ants[i + 1u];
    }
    return m;
}

// A cell's candidates.
fn load_cand(ant: u32, cell: u32) -> vec2<u32> {
    return load_words(ant, cell) & ~done_in_mask();
}

// Writes a cell's candidates, keeping its done flag.
fn store_cand(ant: u32, cell: u32, m: vec2<u32>) {
    let i = cand_index(ant, cell);
    let flag = load_words(ant, cell) & done_in_mask();
    ants[i] = m.x | flag.x;
    if params.cand_words > 1u {
        ants[i + 1u] = m.y | flag.y;
    }
}

fn done_index(ant: u32, cell: u32) -> u32 {
    return cand_index(ant, cell) + params.cand_words - 1u;
}

fn is_done(ant: u32, cell: u32) -> bool {
    return (ants[done_index(ant, cell)] & DONE_BIT) != 0u;
}

fn set_done(ant: u32, cell: u32) {
    let i = done_index(ant, cell);
    ants[i] = ants[i] | DONE_BIT;
}

// The mask of digit index d (digit d + 1).
fn digit_mask(d: u32) -> vec2<u32> {
    if d < 32u {
        return vec2<u32>(1u << d, 0u);
    }
    return vec2<u32>(0u, 1u << (d - 32u));
}

fn is_empty(m: vec2<u32>) -> bool {
    return (m.x | m.y) == 0u;
}

fn is_single(m: vec2<u32>) -> bool {
    return countOneBits(m.x) + countOneBits(m.y) == 1u;
}

// The lowest digit index of a non-empty mask.
fn lowest(m: vec2<u32>) -> u32 {
    return select(32u + countTrailingZeros(m.y), countTrailingZeros(m.x), m.x != 0u);
}

// The mask without its lowest digit.
fn without_lowest(m: vec2<u32>) -> vec2<u32> {
    if m.x != 0u {
        return vec2<u32>(m.x & (m.x - 1u), m.y);
    }
    return vec2<u32>(0u, m.y & (m.y - 1u));
}

// Digit of a done cell, 0 elsewhere (`Ant::digits`).
fn ant_digit(ant: u32, cell: u32) -> u32 {
    if is_done(ant, cell) {
        return lowest(load_cand(ant, cell)) + 1u;
    }
    return 0u;
}
