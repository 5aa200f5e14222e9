//! evoku: evolutionary Sudoku solving on the CPU and the GPU.
//!
//! The library holds the work; the `evoku` binary only parses arguments and prints.
//!
//! # The stable API
//!
//! The items at the crate root are the API others can build on:
//!
//! - [`Puzzle`]: a puzzle read from text or a file in any format `evoku solve` reads;
//! - [`solve`] (and [`Solver`], which opens the device once) with [`Settings`], giving a
//!   [`Report`]: what `evoku solve` does, the `auto` portfolio by default;
//! - [`rate`] with [`RateSettings`], giving a [`Rating`] and its [`Level`];
//! - [`generate`] with [`GenerateSettings`], giving [`GeneratedPuzzle`]s;
//! - [`Algorithm`] and [`Backend`], named values listed by [`Choice`];
//! - [`Error`] and [`Result`].
//!
//! Every settings value defaults to what the command does with no options, and the same seed
//! gives the same run on any backend and thread count.
//!
//! ```
//! use evoku::{solve, Puzzle, Settings};
//!
//! let puzzle: Puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse()?;
//! let report = solve(&puzzle, &Settings::new().seed(7))?;
//! assert!(report.solved());
//! assert!(puzzle.is_solved_by(report.solution().unwrap()));
//! # Ok::<(), evoku::Error>(())
//! ```
//!
//! The modules below are the engines behind it, public for the binary, the tests and the
//! benchmarks: internal, not part of the stable API, and hidden from the documentation.

#![warn(missing_docs)]

mod api;

pub use api::{
    generate, rate, solve, Algorithm, Backend, GenerateSettings, GeneratedPuzzle, Level, Puzzle,
    RateSettings, Rating, Report, Settings, Solver,
};
pub use choice::Choice;
pub use error::{Error, IoAction, Result};

// Internal, not part of the stable API: the engines, public (and hidden from the documentation)
// only for the binary, the integration tests and the benchmarks.
#[doc(hidden)]
pub mod aco;
mod batch_loop;
#[doc(hidden)]
pub mod board;
#[doc(hidden)]
pub mod choice;
#[doc(hidden)]
pub mod defaults;
#[doc(hidden)]
pub mod device;
#[doc(hidden)]
pub mod error;
#[doc(hidden)]
pub mod exact;
#[doc(hidden)]
pub mod export;
#[doc(hidden)]
pub mod format;
#[doc(hidden)]
pub mod ga;
#[doc(hidden)]
pub mod ga_grids;
#[doc(hidden)]
pub mod generate;
#[doc(hidden)]
pub mod gpu;
#[doc(hidden)]
pub mod instances;
#[doc(hidden)]
pub mod output_file;
#[doc(hidden)]
pub mod plan;
#[doc(hidden)]
pub mod portfolio;
#[doc(hidden)]
pub mod rate;
#[doc(hidden)]
pub mod rng;
#[doc(hidden)]
pub mod search;
#[doc(hidden)]
pub mod shard;
#[doc(hidden)]
pub mod solve;
#[doc(hidden)]
pub mod state_size;
#[doc(hidden)]
pub mod stats;
mod step_loop;
#[doc(hidden)]
pub mod stop;
#[doc(hidden)]
pub mod threads;
