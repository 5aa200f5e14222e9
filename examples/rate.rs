//! Rates the puzzles of a file (or a built-in one) with the technique ladder and the entropy,
//! without GA runs, as `evoku rate --runs 0` does.
//!
//! `cargo run --release --example rate -- tests/data/nine/easy50.txt`

use evoku::{rate, Puzzle, RateSettings};

/// An easy puzzle, used when no file is given.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn main() -> Result<(), evoku::Error> {
    let puzzles = match std::env::args().nth(1) {
        Some(path) => Puzzle::read(path)?,
        None => vec![EASY.parse()?],
    };
    let settings = RateSettings::new().ga_runs(0);
    for puzzle in &puzzles {
        let rating = rate(puzzle, &settings)?;
        println!(
            "{}: level {} ({}), score {:.1}, entropy {:.1} bits",
            puzzle.name(),
            rating.level().number(),
            rating.level().name(),
            rating.score(),
            rating.entropy()
        );
    }
    Ok(())
}
