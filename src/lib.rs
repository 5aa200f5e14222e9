//! evoku: evolutionary Sudoku solving on the CPU and the GPU.
//!
//! The library holds the work; the `evoku` binary only parses arguments and prints.

pub mod board;
pub mod cpu;
pub mod error;
pub mod exact;
pub mod format;
pub mod ga;
pub mod gpu;
pub mod rng;
pub mod solve;
