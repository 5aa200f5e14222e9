//! The stable API: a puzzle, and solving, rating and generating with settings (re-exported at
//! the crate root).

mod generate;
pub mod named;
mod puzzle;
mod rate;
mod solve;

pub use generate::{generate, GenerateSettings, GeneratedPuzzle};
pub use puzzle::Puzzle;
pub use rate::{rate, Level, RateSettings, Rating};
pub use solve::{solve, Algorithm, Backend, Report, Settings, Solver};
