//! Exact solver: constraint propagation to a fixpoint, then depth-first search with MRV.
//!
//! Candidates are `u64` bit masks (bit `d-1` for digit `d`), so every board from 4x4 to 64x64 works.
//!
//! * [`propagate`] runs propagation alone (no guessing): naked singles, hidden singles (a digit with
//!   one place in a row, column or box) and, on boards of side 16 and more, locked candidates
//!   (pointing and claiming) and all-different filtering (a digit stays a candidate of a cell only
//!   if some perfect matching of the unit's open cells to its missing digits uses it), to a
//!   fixpoint. It detects clashing givens, a cell left without candidates, a digit left without a
//!   place in a unit and a unit whose open cells cannot all be filled. The two strong rules cost
//!   more than they save on 9x9 but cut 25x25 searches by orders of magnitude;
//!   [`Solver::set_locked_candidates`] and [`Solver::set_alldiff`] override the default.
//! * [`solve`] and [`count_solutions`] search: minimum-remaining-values cell choice (ties: lowest
//!   cell index), candidates in increasing digit order, propagation after every choice. Each search
//!   level owns a copy of the state in one preallocated arena (no allocation in the inner loop);
//!   candidate updates are incremental (only changed cells and the units they touch are revisited).
//!   The search is deterministic.
//! * [`Solver::solve_randomized`] and [`restarts`]: the same search with a keyed random tie-break
//!   among the most constrained cells, a keyed random digit order and optionally branching on a
//!   digit's places in a unit ([`Solver::set_dual`]), restarted with Luby node budgets: a pure
//!   function of the key or seed, for the heavy-tailed searches of large boards; optionally the
//!   cell choice is conflict-directed ([`Solver::set_wdeg`], dom/wdeg): unit weights raised by
//!   propagation failures and kept across restarts.
//! * [`Solver::set_probe`] (off by default: at 36x36 no setting solved more of the screen than
//!   the default, docs/results/large-boards.md#large-boards "Large boards"): failed-literal probing in randomized searches, on the literals of cells
//!   with two candidates and of digits with two places in a unit, optionally with march-style
//!   lookahead branching (`probe.rs`).
//!
//! * [`cdcl`]: a conflict-driven clause-learning search over the candidates propagation leaves,
//!   resumable under a conflict budget (the portfolio's second exact stream from 36x36 on).
//!
//! The search also measures the *entropy* of docs/ALGORITHMS.md section 5 (Kashan paper): the
//! sum, over every branching node the search explored, of `log2(candidates of the chosen cell)`.
//! With one solution requested this is the uncertainty met on the way to the first solution.
//! Because this solver propagates hidden singles too (the paper only fixes cells with one
//! candidate), the value is lower than the paper's; it is 0 for a puzzle that propagation alone
//! solves.

use std::cell::RefCell;
use std::fmt;
use std::time::Duration;

use crate::board::{cell_name, Geometry, Grid};

mod alldiff;
pub mod cdcl;
mod choice;
mod fixpoint;
mod locked;
mod probe;
mod propagation;
pub mod restarts;
mod search;
mod tables;
#[cfg(test)]
mod tests;
mod wdeg;

pub use probe::Probe;
pub use search::Solver;
use tables::Fail;

/// How far a search may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop once this many solutions are found (1: first solution; 2: decide uniqueness).
    /// A value of 0 is treated as 1.
    pub max_solutions: usize,
    /// Stop before the search visits more than this many nodes (the root counts as one).
    pub max_nodes: u64,
    /// Stop after about this long (the clock is read every few thousand nodes).
    pub time_limit: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_solutions: 1,
            max_nodes: u64::MAX,
            time_limit: None,
        }
    }
}

impl Limits {
    /// Stop at `max_solutions` solutions, no node or time limit.
    pub fn solutions(max_solutions: usize) -> Limits {
        Limits {
            max_solutions,
            ..Limits::default()
        }
    }
}

/// Why the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The whole search tree was explored: the solutions found are all there are.
    Complete,
    /// `max_nodes` was reached first.
    NodeLimit,
    /// `time_limit` was reached first.
    TimeLimit,
    /// `max_solutions` solutions were found and the tree was not exhausted.
    SolutionLimit,
    /// A stop was requested (SIGINT, SIGTERM: [`crate::stop`]).
    Interrupted,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactResult {
    /// Solutions in the order the (deterministic) search found them.
    pub solutions: Vec<Grid>,
    pub status: Status,
    /// Search nodes visited: the root plus one per tried choice.
    pub nodes: u64,
    /// Entropy of the search (see the module documentation): sum of `log2(branching factor)` over
    /// every branching node visited.
    pub entropy: f64,
}

impl ExactResult {
    /// The first solution found.
    pub fn first(&self) -> Option<&Grid> {
        self.solutions.first()
    }

    /// `Some(true)` when exactly one solution exists, `Some(false)` when none or several do,
    /// `None` when a limit stopped the search before that was decided.
    pub fn is_unique(&self) -> Option<bool> {
        match (self.solutions.len(), self.status) {
            (n, _) if n >= 2 => Some(false),
            (n, Status::Complete) => Some(n == 1),
            _ => None,
        }
    }

    /// True only when the search proved that there is no solution.
    pub fn has_no_solution(&self) -> bool {
        self.status == Status::Complete && self.solutions.is_empty()
    }
}

/// A row, column or box, numbered from 0 (boxes row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    Row(usize),
    Column(usize),
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Why a puzzle has no solution, as found by propagation. Cells are row-major indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// Two givens of one row, column or box hold the same digit.
    Clash {
        first: usize,
        second: usize,
        digit: u8,
        /// The board's side, so that messages name cells by 1-based row and column.
        side: usize,
    },
    /// Propagation left this cell without a candidate (`side`: the board's side).
    EmptyCell { cell: usize, side: usize },
    /// Propagation left this digit without a place in this unit.
    NoPlace { unit: Unit, digit: u8 },
    /// The open cells of this unit cannot all take different digits (found by all-different
    /// filtering: some of them share too few candidates).
    Unfillable { unit: Unit },
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Contradiction::Clash {
                first,
                second,
                digit,
                side,
            } => write!(
                f,
                "givens clash: digit {digit} at {} and {} share a row, column or box",
                cell_name(first, side),
                cell_name(second, side)
            ),
            Contradiction::EmptyCell { cell, side } => write!(
                f,
                "contradiction: cell {} has no candidate left",
                cell_name(cell, side)
            ),
            Contradiction::NoPlace { unit, digit } => {
                write!(
                    f,
                    "contradiction: digit {digit} has no place left in {unit}"
                )
            }
            Contradiction::Unfillable { unit } => write!(
                f,
                "contradiction: the open cells of {unit} cannot all take different digits"
            ),
        }
    }
}

impl std::error::Error for Contradiction {}

/// The result of propagation alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Propagation {
    /// The givens plus every cell propagation fixed.
    pub grid: Grid,
    /// Candidates per row-major cell; a single bit for a fixed cell.
    pub candidates: Vec<u64>,
    /// Cells fixed beyond the givens.
    pub fixed: usize,
}

impl Propagation {
    /// True when propagation alone filled the board.
    pub fn is_solved(&self) -> bool {
        self.grid.is_complete()
    }
}

/// Search the solutions of `puzzle`. A puzzle whose givens clash has no solution.
pub fn solve(puzzle: &Grid, limits: &Limits) -> ExactResult {
    with_solver(puzzle.geometry(), |s| s.solve(puzzle, limits))
}

/// Count solutions up to `limit` (2 decides uniqueness), without node or time limit.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> ExactResult {
    solve(puzzle, &Limits::solutions(limit))
}

/// Propagation only (no search): used by the GA's presolve and by the Ant Colony System.
pub fn propagate(puzzle: &Grid) -> Result<Propagation, Contradiction> {
    with_solver(puzzle.geometry(), |s| s.propagate(puzzle))
}

thread_local! {
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Run `f` on this thread's cached solver for `geometry` (tables and buffers are reused).
fn with_solver<R>(geometry: Geometry, f: impl FnOnce(&mut Solver) -> R) -> R {
    let mut f = Some(f);
    let cached = SOLVER.with(|slot| {
        let Ok(mut slot) = slot.try_borrow_mut() else {
            return None;
        };
        if slot.as_ref().map(|s| s.geometry()) != Some(geometry) {
            *slot = Some(Solver::new(geometry));
        }
        let solver = slot.as_mut().expect("solver just set");
        Some((f.take().expect("called once"))(solver))
    });
    match cached {
        Some(r) => r,
        None => (f.take().expect("called once"))(&mut Solver::new(geometry)),
    }
}
