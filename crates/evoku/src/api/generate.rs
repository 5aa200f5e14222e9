//! [`generate`]: what `evoku generate` does, without the store.

use super::{Level, Puzzle};
use crate::board::Geometry;
use crate::error::{Error, Result};
use crate::generate::{GenerateOptions, Generated, PuzzleRecord};

/// How [`generate`] works. [`GenerateSettings::default`] is what `evoku generate` does with no
/// options: one 9x9 puzzle at level medium, seed 1, givens not symmetric.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateSettings {
    side: usize,
    level: Level,
    count: usize,
    seed: u64,
    symmetric: bool,
}

impl Default for GenerateSettings {
    fn default() -> GenerateSettings {
        GenerateSettings {
            side: 9,
            level: Level::MEDIUM,
            count: 1,
            seed: 1,
            symmetric: false,
        }
    }
}

impl GenerateSettings {
    /// The settings of `evoku generate` with no options (see [`GenerateSettings`]).
    pub fn new() -> GenerateSettings {
        GenerateSettings::default()
    }
}

setters! {
    GenerateSettings {
        /// The board's side (`--size`): the square of a box size 2..=8 (4, 9, 16, 25, ...).
        side: usize,
        /// The level of every puzzle (`--level`).
        level: Level,
        /// How many puzzles (`--count`).
        count: usize,
        /// The seed (`--seed`): the same seed gives the same puzzles.
        seed: u64,
        /// Givens symmetric under the 180-degree rotation (`--symmetric`).
        symmetric: bool,
    }
}

/// A generated puzzle with its one solution (proven unique) and its rating.
#[derive(Clone, Debug)]
pub struct GeneratedPuzzle {
    puzzle: Puzzle,
    record: PuzzleRecord,
    solution: Vec<u8>,
}

impl GeneratedPuzzle {
    fn new(generated: &Generated, seed: u64) -> GeneratedPuzzle {
        let puzzle = crate::format::Puzzle {
            name: format!("generated-{seed}-{}", generated.index),
            grid: generated.puzzle.clone(),
            file: "<generated>".into(),
            line: 1,
        };
        GeneratedPuzzle {
            puzzle: Puzzle::from(puzzle),
            record: PuzzleRecord::new(generated, seed),
            solution: generated.solution.cells().to_vec(),
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Its one solution, row by row.
    pub fn solution(&self) -> &[u8] {
        &self.solution
    }

    /// Its level (as [`crate::rate()`] rates it).
    pub fn level(&self) -> Level {
        Level::new(self.record.level).unwrap_or(Level::EXTREME)
    }

    /// The puzzle as `evoku generate --json` prints it (without `source`): one JSON object.
    pub fn to_json(&self) -> String {
        // A record holds strings, numbers and options only: serializing it cannot fail.
        serde_json::to_string(&self.record).unwrap_or_default()
    }
}

/// Generates puzzles with one solution at the level `settings` asks for, as `evoku generate`
/// does: the same seed gives the same puzzles, whatever the thread count. Fewer than asked
/// come back only when a puzzle's attempts all ended at other levels.
///
/// ```
/// use evoku::{generate, GenerateSettings, Level};
///
/// let made = generate(&GenerateSettings::new().side(4).level(Level::EASY).count(2))?;
/// assert_eq!(made.len(), 2);
/// for g in &made {
///     assert_eq!(g.level(), Level::EASY);
///     assert!(g.puzzle().is_solved_by(g.solution()));
/// }
/// # Ok::<(), evoku::Error>(())
/// ```
pub fn generate(settings: &GenerateSettings) -> Result<Vec<GeneratedPuzzle>> {
    let geometry = Geometry::from_side(settings.side).ok_or_else(|| {
        Error::invalid_option(
            "--size",
            settings.side,
            "the square of a box size 2..=8 (4, 9, 16, 25, ...)",
        )
    })?;
    let mut options = GenerateOptions::new(geometry, settings.level, settings.seed);
    options.symmetric = settings.symmetric;
    let outcomes = crate::generate::generate(&options, 0..settings.count as u64, &|_| {});
    Ok(outcomes
        .iter()
        .filter_map(|o| o.puzzle.as_ref())
        .map(|g| GeneratedPuzzle::new(g, settings.seed))
        .collect())
}
