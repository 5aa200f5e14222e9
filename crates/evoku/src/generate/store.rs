//! The store of generated puzzles: one JSON record per line, by size, level and symmetry, so that
//! a later request is served at once (after [`recheck`]).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{Generated, Generator};
use crate::board::{Geometry, Grid};
use crate::error::{Error, IoAction, Result};
use crate::exact::Limits;
use crate::rate::{Level, Technique};

/// One generated puzzle as written by `evoku generate --output json` and kept in the store.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// Side `n` of the board.
    pub size: usize,
    pub level: u8,
    pub level_name: String,
    pub symmetric: bool,
    pub givens: usize,
    /// Line format, `.` for empty.
    pub puzzle: String,
    pub solution: String,
    pub entropy: f64,
    pub entropy_level: u8,
    pub technique: Option<Technique>,
    pub logic_solved: bool,
    pub score: f64,
    /// Seed and index that produced it (`null` for a puzzle served from the store).
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub index: Option<u64>,
}

impl PuzzleRecord {
    pub fn new(g: &Generated, seed: u64) -> PuzzleRecord {
        PuzzleRecord {
            size: g.puzzle.geometry().side(),
            level: g.rating.level.number(),
            level_name: g.rating.level.name().to_string(),
            symmetric: g.symmetric,
            givens: g.rating.givens,
            puzzle: g.puzzle.to_string(),
            solution: g.solution.to_string(),
            entropy: g.rating.entropy,
            entropy_level: g.rating.entropy_level,
            technique: g.rating.technique,
            logic_solved: g.rating.logic_solved,
            score: g.rating.score(),
            seed: Some(seed),
            index: Some(g.index),
        }
    }

    /// The puzzle and solution grids; `None` if either text is not a `size`x`size` board.
    pub fn grids(&self) -> Option<(Grid, Grid)> {
        let g = Geometry::from_side(self.size)?;
        Some((
            Grid::from_symbols(g, &self.puzzle)?,
            Grid::from_symbols(g, &self.solution)?,
        ))
    }
}

/// Generated puzzles by size, level and symmetry, kept in a JSON-lines file.
#[derive(Clone, Debug, Default)]
pub struct Store {
    path: PathBuf,
    records: Vec<PuzzleRecord>,
    seen: HashSet<String>,
}

impl Store {
    /// Reads the store at `path`; a missing file is an empty store. A line that is not a valid
    /// record is an error naming the file, line and column.
    pub fn open(path: &Path) -> Result<Store> {
        let mut store = Store {
            path: path.to_path_buf(),
            ..Store::default()
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(store),
            Err(source) => {
                return Err(Error::Io {
                    action: IoAction::Read,
                    path: path.to_path_buf(),
                    source,
                })
            }
        };
        let file = path.display().to_string();
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let record: PuzzleRecord = serde_json::from_str(line).map_err(|e| Error::Parse {
                file: file.clone(),
                line: number + 1,
                column: e.column().max(1),
                message: format!("not a puzzle record: {e}"),
            })?;
            let valid = record
                .grids()
                .is_some_and(|(p, s)| s.solves(&p) && Level::new(record.level).is_some());
            if !valid {
                return Err(Error::Parse {
                    file: file.clone(),
                    line: number + 1,
                    column: 1,
                    message: format!(
                        "record of a {0}x{0} puzzle whose puzzle, solution or level is invalid",
                        record.size
                    ),
                });
            }
            store.add(record);
        }
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    pub fn records(&self) -> &[PuzzleRecord] {
        &self.records
    }

    /// How many records match.
    pub fn count(&self, size: usize, level: Level, symmetric: bool) -> usize {
        self.records
            .iter()
            .filter(|r| matches(r, size, level, symmetric))
            .count()
    }

    /// Adds a record unless the same puzzle is already there; returns whether it was added.
    pub fn add(&mut self, record: PuzzleRecord) -> bool {
        if !self.seen.insert(record.puzzle.clone()) {
            return false;
        }
        self.records.push(record);
        true
    }

    /// Removes and returns up to `count` matching records, oldest first.
    pub fn take(
        &mut self,
        size: usize,
        level: Level,
        symmetric: bool,
        count: usize,
    ) -> Vec<PuzzleRecord> {
        let mut taken = Vec::new();
        let mut kept = Vec::with_capacity(self.records.len());
        for r in self.records.drain(..) {
            if taken.len() < count && matches(&r, size, level, symmetric) {
                self.seen.remove(&r.puzzle);
                taken.push(r);
            } else {
                kept.push(r);
            }
        }
        self.records = kept;
        taken
    }

    /// Writes the store back whole ([`crate::output_file::write`]).
    pub fn save(&self) -> Result<()> {
        let io = |source| Error::Io {
            action: IoAction::Write,
            path: self.path.clone(),
            source,
        };
        let mut text = Vec::new();
        for r in &self.records {
            serde_json::to_writer(&mut text, r).map_err(|e| io(e.into()))?;
            text.push(b'\n');
        }
        crate::output_file::write(&self.path, &text)
    }
}

fn matches(r: &PuzzleRecord, size: usize, level: Level, symmetric: bool) -> bool {
    r.size == size && r.level == level.number() && r.symmetric == symmetric
}

/// Checks a record served from the store: the puzzle is proven unique within `proof_nodes`
/// and rated again. `None` if it is not proven unique.
pub fn recheck(
    generator: &mut Generator,
    record: &PuzzleRecord,
    proof_nodes: u64,
) -> Option<Generated> {
    let (puzzle, solution) = record.grids()?;
    if puzzle.geometry() != generator.geometry {
        return None;
    }
    let limits = Limits {
        max_solutions: 2,
        max_nodes: proof_nodes,
        time_limit: None,
    };
    let result = generator.solver.solve(&puzzle, &limits);
    if result.is_unique() != Some(true) || result.first() != Some(&solution) {
        return None;
    }
    let rating = generator
        .rater
        .rate_with_solution(&puzzle, &solution)
        .ok()?;
    Some(Generated {
        puzzle,
        solution,
        rating,
        symmetric: record.symmetric,
        index: record.index.unwrap_or(0),
        attempt: 0,
    })
}
