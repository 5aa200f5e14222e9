//! Solves the puzzles of a file (or a built-in one) with the library, as `evoku solve` does.
//!
//! `cargo run --release --example solve -- tests/data/nine/top95.txt`

use evoku::{Puzzle, Settings, Solver};

/// "AI Escargot", used when no file is given.
const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

fn main() -> Result<(), evoku::Error> {
    let puzzles = match std::env::args().nth(1) {
        Some(path) => Puzzle::read(path)?,
        None => vec![ESCARGOT.parse()?],
    };
    // One solver for every puzzle: a GPU, when one is used, is opened once.
    let solver = Solver::new(&Settings::new().seed(1))?;
    for puzzle in &puzzles {
        let report = solver.solve(puzzle)?;
        match report.solution() {
            Some(cells) => {
                let solution =
                    Puzzle::from_cells(puzzle.side(), cells).expect("a checked solution");
                println!(
                    "{}: {solution} ({} in {:.3} s)",
                    puzzle.name(),
                    report.solved_by().unwrap_or("?"),
                    report.seconds()
                );
            }
            None => println!("{}: not solved", puzzle.name()),
        }
    }
    Ok(())
}
