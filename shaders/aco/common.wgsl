// What every stage of the Ant Colony System shares: the run parameters, the colony state, the
// bindings, the geometry tables, the ant layout and the fixed-point pheromone arithmetic.
//
// Twin of `src/aco/params.rs` (see its documentation for the fixed-point scale). Candidates are
// one u32 per cell (bit d for digit d + 1), so the GPU runs boards up to 25x25; bit 31 marks a
// done cell (fixed and propagated).

// The run parameters. Keep in sync with `AcoParams` in src/aco/params.rs.
struct AcoParams {
    box_size: u32,
    side: u32,
    cells: u32,
    npeers: u32,
    ants: u32,
    colonies: u32,
    colonies_per_group: u32,
    steps_per_dispatch: u32,
    q0_q16: u32,
    rho_q16: u32,
    evaporation_q16: u32,
    local_q16: u32,
    tau0: u32,
    local_add: u32,
    dtau_numerator: u32,
    restart_after: u32,
    exchange_interval: u32,
    step_budget: u32,
    work_cost: u32,
    seed_lo: u32,
    seed_hi: u32,
    ant_words: u32,
    record_words: u32,
    start_filled: u32,
    tour_steps: u32,
    _pad0: u32,
    _pad1: u32,
    _pad2: u32,
}

// Per-colony bookkeeping. Keep in sync with `Colony` in src/aco/params.rs.
struct Colony {
    iteration: u32,
    step: u32,
    solved: u32,
    best_value: u32,
    best_filled: u32,
    epoch_max_filled: u32,
    overall_best_filled: u32,
    overall_best_iteration: u32,
    iteration_best_filled: u32,
    iteration_best_ant: u32,
    stagnation: u32,
    restarts: u32,
    exchanges: u32,
    _pad: array<u32, 3>,
}

const NO_CHOICE: u32 = 0xffffffffu;
const DONE_BIT: u32 = 0x80000000u;

// Header words of an ant. Keep in sync with `Ant::words` in src/aco/cpu/propagate.rs.
const ANT_HEADER: u32 = 16u;
const A_POINTER: u32 = 0u;
const A_STACK_LEN: u32 = 1u;
const A_FILLED: u32 = 2u;
const A_DIRTY: u32 = 3u;
const A_CHOICE_CELL: u32 = 6u;
const A_CHOICE_DIGIT: u32 = 7u;
const A_EMPTY_VISITS: u32 = 8u;
const A_BUDGET_STOPS: u32 = 9u;
const A_VISITS: u32 = 10u;

// Bindings of every ACS pipeline. Keep in sync with `src/aco/gpu.rs`.
@group(0) @binding(0) var<uniform> params: AcoParams;
// Peers (cells * npeers), units (3n * n), per cell `row | col << 8 | box << 16`, the start
// board (`AcoTables::words`).
@group(0) @binding(1) var<storage, read> tables: array<u32>;
// Every ant of every colony, `ant_words` each, colony-major: header, candidates, stack.
@group(0) @binding(2) var<storage, read_write> ants: array<u32>;
// Pheromone per colony, `cells * side` each, cell-major.
@group(0) @binding(3) var<storage, read_write> pheromone: array<u32>;
@group(0) @binding(4) var<storage, read_write> colonies: array<Colony>;
// Per colony: the best-so-far solution then the overall best, each `filled` then a digit per cell.
@group(0) @binding(5) var<storage, read_write> records: array<u32>;

// ---- tables ---------------------------------------------------------------------------------

fn units_offset() -> u32 {
    return params.cells * params.npeers;
}

fn cell_units_offset() -> u32 {
    return units_offset() + 3u * params.side * params.side;
}

fn start_offset() -> u32 {
    return cell_units_offset() + params.cells;
}

// ---- layout ---------------------------------------------------------------------------------

// First word of ant `a` of colony `colony`.
fn ant_base(colony: u32, a: u32) -> u32 {
    return (colony * params.ants + a) * params.ant_words;
}

fn cand_index(ant: u32, cell: u32) -> u32 {
    return ant + ANT_HEADER + cell;
}

fn stack_index(ant: u32, k: u32) -> u32 {
    return ant + ANT_HEADER + params.cells + k;
}

fn pher_base(colony: u32) -> u32 {
    return colony * params.cells * params.side;
}

fn record_base(colony: u32) -> u32 {
    return colony * params.record_words;
}

// ---- fixed point ----------------------------------------------------------------------------

// floor(x * rate_q16 / 65536), exactly (`mul_q16` in src/aco/params.rs).
fn mul_q16(x: u32, rate_q16: u32) -> u32 {
    return (x >> 16u) * rate_q16 + (((x & 0xffffu) * rate_q16) >> 16u);
}

// (1 - rate) * tau + rate * towards.
fn blend(tau: u32, towards: u32, rate_q16: u32) -> u32 {
    return tau - mul_q16(tau, rate_q16) + mul_q16(towards, rate_q16);
}

// The high word of a * b.
fn mul_hi(a: u32, b: u32) -> u32 {
    let a_lo = a & 0xffffu;
    let a_hi = a >> 16u;
    let b_lo = b & 0xffffu;
    let b_hi = b >> 16u;
    let lo_lo = a_lo * b_lo;
    let hi_lo = a_hi * b_lo;
    let lo_hi = a_lo * b_hi;
    let hi_hi = a_hi * b_hi;
    let middle = (lo_lo >> 16u) + (hi_lo & 0xffffu) + (lo_hi & 0xffffu);
    return hi_hi + (hi_lo >> 16u) + (lo_hi >> 16u) + (middle >> 16u);
}

// The deposit of an ant that filled `filled` cells (`AcoParams::dtau`).
fn dtau(filled: u32) -> u32 {
    if filled >= params.cells {
        return params.dtau_numerator;
    }
    return params.dtau_numerator / (params.cells - filled);
}

fn is_single(m: u32) -> bool {
    return m != 0u && (m & (m - 1u)) == 0u;
}

// Digit of a done cell, 0 elsewhere (`Ant::digits`).
fn ant_digit(ant: u32, cell: u32) -> u32 {
    let word = ants[cand_index(ant, cell)];
    if (word & DONE_BIT) != 0u {
        return countTrailingZeros(word & ~DONE_BIT) + 1u;
    }
    return 0u;
}
