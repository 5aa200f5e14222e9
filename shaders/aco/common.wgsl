// What every stage of the Ant Colony System shares: the run parameters, the colony state, the
// bindings, the geometry tables, the ant layout and the fixed-point pheromone arithmetic.
//
// Twin of `src/aco/common.rs` (see its documentation for the fixed-point scale). Candidates are
// one u32 per cell (bit d for digit d + 1), so the GPU runs boards up to 25x25; bit 31 marks a
// done cell (fixed and propagated).

// The prelude (src/aco/prelude.rs) declares, from Rust (src/aco/common.rs): `struct AcoParams`,
// `struct Colony`, the workgroup sizes, `NO_CHOICE`, `DONE_BIT`, the ant header's words
// (`ANT_HEADER_WORDS`, `A_*`), and the bindings: `params`, `tables` (peers, units, per cell
// `row | col << 8 | box << 16`, the start board), `ants` (`ant_words` per ant, colony-major:
// header, candidates, stack), `pheromone` (`cells * side` per colony, cell-major), `colonies`
// and `records` (per colony the best-so-far solution then the overall best, each `filled` then a
// digit per cell).

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
    return ant + ANT_HEADER_WORDS + cell;
}

fn stack_index(ant: u32, k: u32) -> u32 {
    return ant + ANT_HEADER_WORDS + params.cells + k;
}

fn pher_base(colony: u32) -> u32 {
    return colony * params.cells * params.side;
}

fn record_base(colony: u32) -> u32 {
    return colony * params.record_words;
}

// ---- fixed point ----------------------------------------------------------------------------

// floor(x * rate_q16 / 65536), exactly (`mul_q16` in src/aco/common.rs).
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
