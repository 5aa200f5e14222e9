//! The `evoku` command: argument parsing, printing, the terminal game and the measurement
//! commands, over the `evoku` library. A library target only so that the integration tests and
//! the benchmarks reach these modules; the `evoku` binary (`main.rs`) is its one user.

pub mod bench;
pub mod cli;
pub mod experiment;
pub mod play;
pub mod plot;
pub mod progress;
pub mod suite;
