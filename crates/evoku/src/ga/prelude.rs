//! The GA's WGSL prelude and bind group layout: every fact the GA's shaders share with Rust,
//! written out from its one Rust home (see `crate::gpu::prelude`).

use super::common::{
    outcome, Island, Params, ISLAND_BEST_WORKGROUP, ISLAND_FROZEN, WIDE_WORKGROUP, WORKGROUP_SIZE,
};
use super::config::{CrossoverKind, Encoding, MutationKind, MutationScope, MAX_ELITES};
use super::gpu::buffers::table_words;
use super::problem::genome_words;
use crate::board::Geometry;
use crate::ga::cpu::assign::{ASSIGN_INF, ASSIGN_NOISE_DRAW, ASSIGN_NOISE_STRIDE, ASSIGN_UNIT};
use crate::ga::cpu::multi_parent::WEIGHT_BOUNDS;
use crate::gpu::prelude::{Binding, BufferType, Prelude};

/// The bind group layout of every GA pipeline, binding `k` the `k`-th entry. The engine builds its
/// layout from it and the prelude declares the WGSL variables from it.
pub const BINDINGS: [Binding; 9] = [
    Binding::uniform::<Params>("params"),
    // The problem tables (`crate::ga::gpu::buffers::tables`).
    Binding::read("tables", BufferType::WORDS),
    // The current generation: genomes (`genome_words` each, island-major) and (penalty, age).
    Binding::read("population", BufferType::WORDS),
    Binding::read("scores", BufferType::array::<[u32; 2]>("vec2<u32>")),
    // The generation being made; each invocation of `init` / `breed` writes only its own slot.
    Binding::read_write("next_population", BufferType::WORDS),
    Binding::read_write("next_scores", BufferType::array::<[u32; 2]>("vec2<u32>")),
    Binding::read_write("islands", BufferType::array::<Island>("Island")),
    // Two genomes per island: the epoch best (best since the last restart), then the overall best.
    Binding::read_write("records", BufferType::WORDS),
    // What each child's breeding did (`OUTCOME_*` bits): written by `breed`, summed by
    // `island_best` of the same generation.
    Binding::read_write("outcomes", BufferType::WORDS),
];

/// The prelude every GA module for boards of `geometry` starts with.
pub fn prelude(geometry: Geometry) -> String {
    Prelude::new("GA")
        .board(geometry)
        .uint("GENOME_WORDS", genome_words(geometry.cells()) as u32)
        .uint(
            "TABLE_WORDS",
            table_words(geometry.cells(), geometry.side()) as u32,
        )
        .structure::<Params>()
        .structure::<Island>()
        .codes::<CrossoverKind>()
        .codes::<MutationKind>()
        .codes::<MutationScope>()
        .codes::<Encoding>()
        .uint("OUTCOME_CROSSED", outcome::CROSSED)
        .uint("OUTCOME_CROSS_SUCCESS", outcome::CROSS_SUCCESS)
        .uint("OUTCOME_MUTATED", outcome::MUTATED)
        .uint("OUTCOME_MUTATION_IMPROVED", outcome::MUTATION_IMPROVED)
        .uint("ISLAND_FROZEN", ISLAND_FROZEN)
        .uint("WORKGROUP_SIZE", WORKGROUP_SIZE)
        .uint("ISLAND_BEST_WORKGROUP", ISLAND_BEST_WORKGROUP)
        .uint("WIDE_WORKGROUP", WIDE_WORKGROUP)
        .uint("MAX_ELITES", MAX_ELITES)
        .int("ASSIGN_UNIT", ASSIGN_UNIT)
        .uint("ASSIGN_NOISE_DRAW", ASSIGN_NOISE_DRAW)
        .uint("ASSIGN_NOISE_STRIDE", ASSIGN_NOISE_STRIDE)
        .int("ASSIGN_INF", ASSIGN_INF)
        .uint("WEIGHT_BOUND_0", WEIGHT_BOUNDS[0])
        .uint("WEIGHT_BOUND_1", WEIGHT_BOUNDS[1])
        .bindings(&BINDINGS)
        .finish()
}
