//! Generates puzzles with one solution at a chosen level and prints them as JSON lines, as
//! `evoku generate --json` does.
//!
//! `cargo run --release --example generate -- 3 hard`

use evoku::{generate, GenerateSettings, Level};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().map_or(Ok(2), |n| n.parse())?;
    let level: Level = args.next().map_or(Ok(Level::MEDIUM), |l| l.parse())?;
    let settings = GenerateSettings::new().level(level).count(count).seed(1);
    for puzzle in generate(&settings)? {
        assert!(puzzle.puzzle().is_solved_by(puzzle.solution()));
        println!("{}", puzzle.to_json());
    }
    Ok(())
}
