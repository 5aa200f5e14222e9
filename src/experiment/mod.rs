//! Repeated independent runs as one parallel batch: the Mantere & Koljonen experiment (each
//! puzzle, each operator set, R runs with a generation cap) and the parameter studies.
//!
//! R runs are R islands of one engine with migration off. Islands never exchange anything then,
//! and a solved island stays frozen at the generation it solved in, so each island's
//! `generation` is exactly that run's generation count, whatever the step size or thread count.
//! Island `i` draws from the stream of island `i` of the seed, so island 0 is the single-island
//! run of the same seed.

mod batch;
mod paper;
mod paper_table;
mod study;

pub use batch::{
    batch_config, run_batch, run_runs, BatchOptions, BatchOutcome, BatchProgress, RunStats,
};
pub use paper::{paper_experiment, PaperCell, PaperReport};
pub use paper_table::{
    paper_row, seed_puzzles, OperatorSet, PaperFigure, PaperRow, PAPER_MAX_GENERATIONS, PAPER_RUNS,
    PAPER_TABLE,
};
pub use study::{parameter_study, parse_values, plot_study, study_table, StudyParam, StudyPoint};
