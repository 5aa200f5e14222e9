//! The CPU engine: one function per GPU stage, same name, same data layout, same draws.
//!
//! `crates/evoku/shaders/ga/<stage>.wgsl` is the twin of `crates/evoku/src/ga/cpu/<stage>.rs`; the parity tests in
//! `tests/gpu/` compare their buffers bit for bit.

pub mod assign;
pub mod breed;
pub mod breed_build;
pub mod crossover;
pub mod draw_table;
pub mod engine;
pub mod fitness;
pub mod init;
pub mod island_best;
mod island_step;
pub mod line_counts;
pub mod line_word;
pub mod local_search;
pub mod multi_parent;
pub mod mutation;
pub mod row;
pub mod tournament;
pub mod vary;

pub use crate::gpu::loop_run;
pub use engine::CpuEngine;
