//! The paper's side of the Mantere & Koljonen experiment: its operator sets, its published table
//! and the built-in seed puzzles.

use serde::Serialize;

use evoku::choice::choice_enum;
use evoku::error::Result;
use evoku::format::{self, ParseOptions, Puzzle};
use evoku::ga::{CrossoverKind, GaConfig};

choice_enum! {
    /// The paper's operator sets (docs/ALGORITHMS.md section 2, the results table's three columns).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum OperatorSet ("operator set") {
        /// Swap mutation only: no crossover, no local search.
        Mutation => "mutation",
        /// Mutation and crossover, no local search.
        MutationCrossover => "mutation-crossover",
        /// Mutation, crossover and local search (mut+cross+LS).
        Hybrid => "hybrid",
    }
}

impl OperatorSet {
    pub const ALL: [OperatorSet; 3] = [
        OperatorSet::Hybrid,
        OperatorSet::MutationCrossover,
        OperatorSet::Mutation,
    ];

    /// The paper's name of the column.
    pub fn label(self) -> &'static str {
        match self {
            OperatorSet::Mutation => "swap mutation only",
            OperatorSet::MutationCrossover => "mut+cross",
            OperatorSet::Hybrid => "mut+cross+LS",
        }
    }

    /// `base` with this set's operators: the preset's mutation always; its crossover (Sato &
    /// Inoue's if it has none) unless mutation only; its local search for the hybrid, or
    /// `local_search` variants per child when the preset has none.
    pub fn apply(self, base: &GaConfig, local_search: u32) -> GaConfig {
        let mut c = base.clone();
        let crossover = if base.crossover == CrossoverKind::None {
            CrossoverKind::Band
        } else {
            base.crossover
        };
        match self {
            OperatorSet::Mutation => {
                c.crossover = CrossoverKind::None;
                c.local_search = 0;
            }
            OperatorSet::MutationCrossover => {
                c.crossover = crossover;
                c.local_search = 0;
            }
            OperatorSet::Hybrid => {
                c.crossover = crossover;
                if c.local_search == 0 {
                    c.local_search = local_search;
                }
            }
        }
        c
    }
}

/// One published cell: runs solved out of 100, mean generations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PaperFigure {
    pub solved: u32,
    pub mean_generations: u32,
}

/// One row of the paper's table.
#[derive(Clone, Copy, Debug)]
pub struct PaperRow {
    pub puzzle: &'static str,
    /// The name of the puzzle in `puzzles/` (`None` when it was lost in transcription).
    pub file_name: Option<&'static str>,
    pub givens: u32,
    pub hybrid: PaperFigure,
    pub mutation_crossover: PaperFigure,
    pub mutation: PaperFigure,
}

impl PaperRow {
    pub fn figure(&self, set: OperatorSet) -> PaperFigure {
        match set {
            OperatorSet::Hybrid => self.hybrid,
            OperatorSet::MutationCrossover => self.mutation_crossover,
            OperatorSet::Mutation => self.mutation,
        }
    }
}

/// Runs per puzzle and generation cap of the paper.
pub const PAPER_RUNS: u32 = 100;
pub const PAPER_MAX_GENERATIONS: u32 = 100_000;

const fn fig(solved: u32, mean_generations: u32) -> PaperFigure {
    PaperFigure {
        solved,
        mean_generations,
    }
}

/// Mantere & Koljonen (IEEE CEC 2007), 100 runs each, cap 100,000 generations.
pub const PAPER_TABLE: [PaperRow; 6] = [
    PaperRow {
        puzzle: "Easy No. 1",
        file_name: None,
        givens: 38,
        hybrid: fig(100, 62),
        mutation_crossover: fig(100, 105),
        mutation: fig(100, 223),
    },
    PaperRow {
        puzzle: "Easy No. 11",
        file_name: None,
        givens: 34,
        hybrid: fig(100, 137),
        mutation_crossover: fig(100, 247),
        mutation: fig(96, 6627),
    },
    PaperRow {
        puzzle: "Medium No. 27",
        file_name: None,
        givens: 30,
        hybrid: fig(100, 910),
        mutation_crossover: fig(100, 2274),
        mutation: fig(86, 26961),
    },
    PaperRow {
        puzzle: "Medium No. 29",
        file_name: Some("mantere-no29"),
        givens: 29,
        hybrid: fig(100, 3193),
        mutation_crossover: fig(100, 6609),
        mutation: fig(66, 42141),
    },
    PaperRow {
        puzzle: "Difficult No. 77",
        file_name: Some("mantere-no77"),
        givens: 28,
        hybrid: fig(100, 9482),
        mutation_crossover: fig(100, 20658),
        mutation: fig(35, 77573),
    },
    PaperRow {
        puzzle: "Difficult No. 106",
        file_name: Some("mantere-no106"),
        givens: 24,
        hybrid: fig(96, 26825),
        mutation_crossover: fig(74, 56428),
        mutation: fig(9, 94314),
    },
];

/// The paper's row for a puzzle of `puzzles/`, by name.
pub fn paper_row(puzzle_name: &str) -> Option<&'static PaperRow> {
    PAPER_TABLE
        .iter()
        .find(|r| r.file_name == Some(puzzle_name))
}

/// The 9x9 seed puzzles of `puzzles/` (the paper's figure 1, table puzzles, AI Escargot, the
/// Kashan paper's figure 1), built in so `evoku paper` runs anywhere.
pub fn seed_puzzles() -> Result<Vec<Puzzle>> {
    let files = [
        include_str!("../../puzzles/fig1-mantere.txt"),
        include_str!("../../puzzles/fig1-kashan.txt"),
        include_str!("../../puzzles/mantere-no29.txt"),
        include_str!("../../puzzles/mantere-no77.txt"),
        include_str!("../../puzzles/mantere-no106.txt"),
        include_str!("../../puzzles/ai-escargot.txt"),
    ];
    let mut puzzles = Vec::new();
    for text in files {
        let (found, _) = format::parse_str(text, "<built-in>", &ParseOptions::default())?;
        puzzles.extend(found);
    }
    Ok(puzzles)
}
