//! A conflict-driven clause-learning (CDCL) SAT solver with a CNF interface, resumable under a
//! conflict budget, and DIMACS read and write.
//!
//! ```
//! use evoku_sat::{neg, pos, Config, Solver, Status};
//! // (x0 or x1) and (not x0 or x1) and (not x1 or x2)
//! let mut solver = Solver::new(3, Config::default(), 1, 0);
//! solver.add_clause(&[pos(0), pos(1)]);
//! solver.add_clause(&[neg(0), pos(1)]);
//! solver.add_clause(&[neg(1), pos(2)]);
//! assert_eq!(solver.solve(1_000), Status::Sat);
//! assert_eq!(solver.value(1), Some(true));
//! assert_eq!(solver.value(2), Some(true));
//! ```
//!
//! The search is the standard one (MiniSat, Glucose, with CaDiCaL's and Kissat's phases):
//! two watched literals with binary clauses in implication lists (`clauses.rs`, the loop in
//! `propagate.rs`), first-UIP conflict analysis with recursive clause minimisation and
//! optional shrinking and binary minimisation (`analyze.rs`), EVSIDS activities or CHB or LRB
//! scores (`chb.rs`, `lrb.rs`, their state in `scores.rs`) in a binary heap (`heap.rs`),
//! optionally weighed by each candidate's smallest all-positive clause (`groups.rs`), phase
//! saving, target and best phases, rephasing and mode switches (`phases.rs`), Luby or
//! Glucose-style restarts (`restart.rs`), removal of learned clauses by LBD or in three tiers
//! (`search.rs`, `tiers.rs`), vivification of learned clauses (`vivify.rs`), ProbSAT
//! local-search phases (`walk.rs`, over a [`WalkScope`]), and deterministic clause sharing
//! between searches (`share.rs`).
//!
//! A run is a pure function of (clauses, [`Config`], seed, stream): the initial activities (and
//! phases when [`Phase::Random`]) are drawn from the counter-based hash ([`rng`]) keyed by the
//! seed, floating point is used in a fixed order, and [`Solver::solve`] stops only right after a
//! conflict, so solving `a` then `b` conflicts takes the very trajectory of one call of `a + b`.
//!
//! This crate knows nothing of Sudoku: evoku (`crates/evoku/src/exact/cdcl/`) encodes a puzzle
//! as clauses, walks over its cells as exactly-one groups, and checks every model against the
//! puzzle's rules.

mod analyze;
mod chb;
mod clauses;
pub mod dimacs;
mod groups;
mod heap;
mod lrb;
mod phases;
mod propagate;
mod restart;
pub mod rng;
mod scores;
mod search;
mod share;
mod solver;
mod tiers;
mod vivify;
mod walk;
mod walk_cells;
mod walk_formula;

pub use clauses::{neg, not, pos, var, Lit};
pub use phases::{Cycle, Growth, Modes, Rephase, TargetReset};
pub use restart::{luby, Restarts};
pub use share::{ShareLimits, Shared};
pub use solver::{Branching, Config, Interrupt, Phase, Solver, Stats, Status};
pub(crate) use solver::{Reason, CDCL_STREAM};
pub use walk::{Walk, WalkScope, WalkScore, WalkStats};
