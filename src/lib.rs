//! evoku: evolutionary Sudoku solving on the CPU and the GPU.
//!
//! The library holds the work; the `evoku` binary only parses arguments and prints.

pub mod aco;
pub mod bench;
pub mod board;
pub mod defaults;
pub mod device;
pub mod error;
pub mod exact;
pub mod experiment;
pub mod export;
pub mod format;
pub mod ga;
pub mod ga_grids;
pub mod generate;
pub mod gpu;
pub mod instances;
pub mod play;
pub mod plot;
pub mod portfolio;
pub mod rate;
pub mod rng;
pub mod solve;
pub mod state_size;
pub mod stats;
mod step_loop;
pub mod stop;
pub mod suite;
