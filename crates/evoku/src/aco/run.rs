//! The host loop of the Ant Colony System: advance every colony a few iterations at a time, read
//! back only the colony states, stop on a solution, the iteration cap or the time limit.

use std::borrow::BorrowMut;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

use super::common::{AcoParams, AcoTables, Colony};
use crate::board::Grid;
use crate::error::{Error, Result};
use crate::ga::Progress;
use crate::search::{self, RunEnd, Search, Status};
use crate::step_loop::least;

/// What the run loop needs from an engine (CPU or GPU).
pub trait AcoEngine: Send {
    /// Advances every unsolved colony by `iterations` iterations.
    fn step(&mut self, iterations: u32) -> Result<()>;
    /// [`AcoEngine::step`], but an engine whose iterations are long (the ACS on a software
    /// GPU) may return early, between two of its submits, once `cut()` says so. Returns the
    /// whole iterations run; one cut short is finished by the next step, so where a run is cut
    /// changes nothing else.
    fn step_or_cut(&mut self, iterations: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        let _ = cut;
        self.step(iterations).map(|()| iterations)
    }
    /// The colony states (a small read-back on the GPU).
    fn colonies(&mut self) -> Result<Vec<Colony>>;
    /// The fullest solution colony `colony` has seen: one digit per cell, 0 where its ant left
    /// the cell empty (read back only at the end).
    fn overall_best(&mut self, colony: u32) -> Result<Vec<u8>>;
    fn params(&self) -> &AcoParams;
    fn tables(&self) -> &AcoTables;
    /// Iterations per `step` call that keep one call short (tens of milliseconds).
    fn iterations_per_step(&self) -> u32;
}

/// When to stop besides a solution.
#[derive(Clone, Copy, Debug)]
pub struct AcoLimits {
    pub max_iterations: u32,
    pub time_limit: Option<Duration>,
}

/// The result of one ACS run on one puzzle.
#[derive(Clone, Debug)]
pub struct AcoOutcome {
    pub solved: bool,
    /// The fullest grid found (0 for cells its ant left empty); the solution when `solved`,
    /// re-checked against the rules and givens.
    pub best: Grid,
    /// Cells the best ant left empty (0 when solved).
    pub best_penalty: u32,
    /// The colony the result comes from.
    pub colony: u32,
    /// Iterations run by the colony that solved (or by every colony when none did).
    pub iterations: u32,
    /// Restarts of the colony the result comes from (the count the progress bar shows; not a
    /// sum over colonies, whose counts after a solve depend on the step size).
    pub restarts: u32,
    /// Ant tours: colonies x ants x iterations.
    pub ant_tours: u64,
    /// Cells the propagation of the givens fixed beyond them.
    pub presolved_cells: usize,
    /// Why the puzzle has no solution, when propagation of the givens proved it (nothing ran).
    pub unsolvable: Option<String>,
    pub seconds: f64,
    pub stopped_by_time: bool,
    /// Whether a stop request (SIGINT, SIGTERM) ended the run; `best` is the best so far.
    pub interrupted: bool,
}

impl AcoOutcome {
    pub(crate) fn unsolvable(puzzle: &Grid, why: String, start: Instant) -> AcoOutcome {
        AcoOutcome {
            solved: false,
            best: puzzle.clone(),
            best_penalty: (puzzle.geometry().cells() - puzzle.givens()) as u32,
            colony: 0,
            iterations: 0,
            restarts: 0,
            ant_tours: 0,
            presolved_cells: 0,
            unsolvable: Some(why),
            seconds: start.elapsed().as_secs_f64(),
            stopped_by_time: false,
            interrupted: false,
        }
    }
}

/// The colony that decides the result: among solved colonies the one that solved first (lowest
/// iteration, then lowest index); otherwise the one whose ants filled the most cells (then the
/// lowest index).
pub fn deciding_colony(colonies: &[Colony]) -> usize {
    least(colonies, |c| {
        if c.solved != 0 {
            (0, c.iteration, 0)
        } else {
            (1, 0, u32::MAX - c.overall_best_filled)
        }
    })
}

/// An ACS engine as a [`Search`] (rounds are iterations): the colony states read after each
/// step, the deciding colony's ([`deciding_colony`]) the status.
pub struct AcoSearch<'e, B: BorrowMut<dyn AcoEngine + 'e>> {
    /// The engine, owned (`Box`) or borrowed for one run (`&mut`).
    engine: B,
    lifetime: PhantomData<&'e ()>,
    puzzle: Grid,
    colonies: Vec<Colony>,
}

impl<'e, B: BorrowMut<dyn AcoEngine + 'e>> AcoSearch<'e, B> {
    pub fn new(mut engine: B, puzzle: &Grid) -> Result<Self> {
        let colonies = engine.borrow_mut().colonies()?;
        Ok(AcoSearch {
            engine,
            lifetime: PhantomData,
            puzzle: puzzle.clone(),
            colonies,
        })
    }

    pub fn engine(&self) -> &(dyn AcoEngine + 'e) {
        self.engine.borrow()
    }
}

impl<'e, B: BorrowMut<dyn AcoEngine + 'e> + Send> Search for AcoSearch<'e, B> {
    fn step(&mut self, iterations: u32) -> Result<()> {
        self.step_or_cut(iterations, &|| false).map(drop)
    }

    fn step_or_cut(&mut self, iterations: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        let engine = self.engine.borrow_mut();
        let ran = engine.step_or_cut(iterations, cut)?;
        self.colonies = engine.colonies()?;
        Ok(ran)
    }

    fn status(&self) -> Status {
        let unit = deciding_colony(&self.colonies);
        let state = &self.colonies[unit];
        Status {
            unit,
            solved: state.solved != 0,
            penalty: self.engine().params().cells - state.overall_best_filled,
            restarts: state.restarts,
            solved_at: state.iteration,
        }
    }

    /// The deciding colony's fullest grid (0 where its ant left a cell empty).
    fn best(&mut self) -> Result<Grid> {
        let winner = self.status().unit;
        let digits = self.engine.borrow_mut().overall_best(winner as u32)?;
        Grid::from_cells(self.puzzle.geometry(), digits).ok_or_else(|| {
            Error::Internal(format!(
                "colony {winner} returned a record of the wrong size"
            ))
        })
    }

    fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    fn rounds_per_step(&self) -> u32 {
        self.engine().iterations_per_step()
    }

    fn units(&self) -> u32 {
        self.engine().params().colonies
    }

    fn evaluations_per_round(&self) -> u64 {
        let params = self.engine().params();
        params.colonies as u64 * params.ants as u64
    }
}

/// Runs `engine` on `puzzle` until a colony solves it or a limit is reached.
pub fn run(
    engine: &mut dyn AcoEngine,
    puzzle: &Grid,
    limits: AcoLimits,
    progress: &mut dyn FnMut(&Progress),
) -> Result<AcoOutcome> {
    let start = Instant::now();
    let mut search = AcoSearch::new(engine, puzzle)?;
    let end = search::run(
        &mut search,
        limits.max_iterations,
        limits.time_limit,
        start,
        progress,
    )?;
    let engine = search.engine.borrow_mut();
    let start_filled = engine.tables().start_filled;
    outcome_of(
        &search.colonies,
        &RunEnd {
            rounds: end.rounds,
            start,
            stopped_by_time: end.stopped_by_time,
            interrupted: end.interrupted,
        },
        puzzle,
        start_filled,
        engine.params().ants,
        &mut |colony| engine.overall_best(colony),
    )
}

/// The result of a run on `puzzle` (its propagated givens filling `start_filled` cells) whose
/// colonies of `ants` ants ended in `colonies` (`colony` numbers are indices into it;
/// `overall_best(colony)` reads that colony's fullest grid): the solo run's and a batch's
/// puzzle's alike.
pub(crate) fn outcome_of(
    colonies: &[Colony],
    end: &RunEnd,
    puzzle: &Grid,
    start_filled: u32,
    ants: u32,
    overall_best: &mut dyn FnMut(u32) -> Result<Vec<u8>>,
) -> Result<AcoOutcome> {
    let winner = deciding_colony(colonies);
    let state = colonies[winner];
    let solved = state.solved != 0;
    let digits = overall_best(winner as u32)?;
    let best = Grid::from_cells(puzzle.geometry(), digits).ok_or_else(|| {
        Error::Internal(format!(
            "colony {winner} returned a record of the wrong size"
        ))
    })?;
    if solved && !best.solves(puzzle) {
        return Err(Error::Internal(format!(
            "colony {winner} reported a solution that fails the host check: {best}"
        )));
    }
    let cells = puzzle.geometry().cells() as u32;
    // Before the first iteration the record is empty: the best so far is then the puzzle
    // itself, its givens kept (never a grid of dots).
    let keeps_givens = puzzle
        .cells()
        .iter()
        .zip(best.cells())
        .all(|(&given, &cell)| given == 0 || cell == given);
    let (best, best_penalty) = if keeps_givens {
        (best, cells - state.overall_best_filled)
    } else {
        (puzzle.clone(), cells - puzzle.givens() as u32)
    };
    let iterations = if solved { state.iteration } else { end.rounds };
    Ok(AcoOutcome {
        solved,
        best,
        best_penalty,
        colony: winner as u32,
        iterations,
        restarts: state.restarts,
        ant_tours: colonies.len() as u64 * ants as u64 * iterations as u64,
        presolved_cells: (start_filled as usize).saturating_sub(puzzle.givens()),
        unsolvable: None,
        seconds: end.start.elapsed().as_secs_f64(),
        stopped_by_time: end.stopped_by_time,
        interrupted: end.interrupted,
    })
}
