//! The ACS's WGSL prelude and bind group layout: every fact its shaders share with Rust, written
//! out from its one Rust home (see `crate::gpu::prelude`).

use super::common::{
    ant_header, AcoParams, Colony, ANT_HEADER_WORDS, COLONY_WORKGROUP, DIRTY_WORDS, DONE_BIT,
    NO_CHOICE, TOUR_WORKGROUP,
};
use crate::gpu::prelude::{Binding, BufferType, Prelude};

/// The bind group layout of every ACS pipeline, binding `k` the `k`-th entry. The engine builds its
/// layout from it and the prelude declares the WGSL variables from it.
pub const BINDINGS: [Binding; 6] = [
    Binding::uniform::<AcoParams>("params"),
    // Peers (cells * npeers), units (3n * n), per cell `row | col << 8 | box << 16`, the start
    // board (`AcoTables::words`).
    Binding::read("tables", BufferType::WORDS),
    // Every ant of every colony, `ant_words` each, colony-major: header, candidates
    // (`cand_words` per cell), stack.
    Binding::read_write("ants", BufferType::WORDS),
    // Pheromone per colony, `cells * side` each, cell-major.
    Binding::read_write("pheromone", BufferType::WORDS),
    Binding::read_write("colonies", BufferType::array::<Colony>("Colony")),
    // Per colony: the best-so-far solution then the overall best, each `filled` then a digit per
    // cell.
    Binding::read_write("records", BufferType::WORDS),
];

/// The prelude every ACS module starts with.
pub fn prelude() -> String {
    let mut prelude = Prelude::new("ACS")
        .structure::<AcoParams>()
        .structure::<Colony>()
        .uint("TOUR_WORKGROUP", TOUR_WORKGROUP)
        .uint("COLONY_WORKGROUP", COLONY_WORKGROUP)
        .uint("NO_CHOICE", NO_CHOICE)
        .uint("DONE_BIT", DONE_BIT)
        .uint("ANT_HEADER_WORDS", ANT_HEADER_WORDS)
        .uint("DIRTY_WORDS", DIRTY_WORDS);
    for (name, offset) in ant_header::ALL {
        prelude = prelude.uint(&format!("A_{name}"), offset);
    }
    prelude.bindings(&BINDINGS).finish()
}
