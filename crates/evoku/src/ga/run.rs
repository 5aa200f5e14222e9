//! The host loop: advance all islands a few generations at a time, read back only the island
//! states, stop on a solution, the generation cap or the time limit.

use std::borrow::BorrowMut;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

use super::{Island, Problem};
use crate::board::Grid;
use crate::error::{Error, Result};
use crate::search::{self, RunEnd, Search, Status};
use crate::step_loop::least;

/// What the run loop needs from an engine (CPU or GPU).
pub trait Engine: Send {
    /// Advances every unsolved island by `generations` generations.
    fn step(&mut self, generations: u32) -> Result<()>;
    /// [`Engine::step`], but an engine whose generations are long (the GA on a software GPU)
    /// may return early, between two of its submits, once `cut()` says so. Returns the whole
    /// generations run; one cut short is finished by the next step, so where a run is cut
    /// changes nothing else.
    fn step_or_cut(&mut self, generations: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        let _ = cut;
        self.step(generations).map(|()| generations)
    }
    /// The island states (a small read-back on the GPU).
    fn islands(&mut self) -> Result<Vec<Island>>;
    /// The best genome island `island` has seen (read back only at the end).
    fn overall_best(&mut self, island: u32) -> Result<Vec<u8>>;
    /// Population size per island, for counting evaluations.
    fn population(&self) -> u32;
    /// Generations per `step` call that keep one call short (tens of milliseconds).
    fn generations_per_step(&self) -> u32;
}

/// When to stop besides a solution.
#[derive(Clone, Copy, Debug)]
pub struct RunLimits {
    pub max_generations: u32,
    pub time_limit: Option<Duration>,
}

/// Reported after every step, for progress bars and plots.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub generation: u32,
    pub best_penalty: u32,
    pub restarts: u32,
    pub elapsed: Duration,
}

/// The result of one GA run on one puzzle.
#[derive(Clone, Debug)]
pub struct GaOutcome {
    pub solved: bool,
    /// The best grid found: the solution when `solved`, re-checked against the rules and givens.
    pub best: Grid,
    pub best_penalty: u32,
    /// The island the result comes from.
    pub island: u32,
    /// Generations run by the island that solved (or by every island when none did).
    pub generations: u32,
    /// Restarts of the island the result comes from (the count the progress bar and the plot
    /// title show). Not a sum over islands: after one island solves, the others' counts depend
    /// on the step size, and a run must not.
    pub restarts: u32,
    /// Individual-generations: islands x population x generations.
    pub evaluations: u64,
    pub seconds: f64,
    pub stopped_by_time: bool,
    /// Whether a stop request (SIGINT, SIGTERM) ended the run; `best` is the best so far.
    pub interrupted: bool,
}

/// The island that decides the result: among solved islands the one that solved first (lowest
/// generation, then lowest index); otherwise the one with the lowest penalty ever seen.
pub fn deciding_island(islands: &[Island]) -> usize {
    least(islands, |s| {
        if s.solved != 0 {
            (0, s.generation, 0)
        } else {
            (1, 0, s.overall_best_penalty)
        }
    })
}

/// A GA engine as a [`Search`] (rounds are generations): the island states read after each
/// step, the deciding island's ([`deciding_island`]) the status.
pub struct GaSearch<'e, B: BorrowMut<dyn Engine + 'e>> {
    /// The engine, owned (`Box`) or borrowed for one run (`&mut`).
    engine: B,
    lifetime: PhantomData<&'e ()>,
    problem: Problem,
    islands: Vec<Island>,
}

impl<'e, B: BorrowMut<dyn Engine + 'e>> GaSearch<'e, B> {
    pub fn new(mut engine: B, problem: Problem) -> Result<Self> {
        let islands = engine.borrow_mut().islands()?;
        Ok(GaSearch {
            engine,
            lifetime: PhantomData,
            problem,
            islands,
        })
    }

    /// The run's result, its islands as they ended ([`outcome_of`]).
    fn outcome(&mut self, end: &RunEnd) -> Result<GaOutcome> {
        let engine = self.engine.borrow_mut();
        let population = engine.population();
        outcome_of(
            &self.islands,
            end,
            &self.problem,
            population,
            &mut |island| engine.overall_best(island),
        )
    }
}

impl<'e, B: BorrowMut<dyn Engine + 'e> + Send> Search for GaSearch<'e, B> {
    fn step(&mut self, generations: u32) -> Result<()> {
        self.step_or_cut(generations, &|| false).map(drop)
    }

    fn step_or_cut(&mut self, generations: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        let engine = self.engine.borrow_mut();
        let ran = engine.step_or_cut(generations, cut)?;
        self.islands = engine.islands()?;
        Ok(ran)
    }

    fn status(&self) -> Status {
        let unit = deciding_island(&self.islands);
        let state = &self.islands[unit];
        Status {
            unit,
            solved: state.solved != 0,
            penalty: state.overall_best_penalty,
            restarts: state.restarts,
            solved_at: state.generation,
        }
    }

    fn best(&mut self) -> Result<Grid> {
        let unit = self.status().unit as u32;
        let genome = self.engine.borrow_mut().overall_best(unit)?;
        Ok(self.problem.to_grid(&genome))
    }

    fn puzzle(&self) -> &Grid {
        self.problem.puzzle()
    }

    fn rounds_per_step(&self) -> u32 {
        self.engine.borrow().generations_per_step()
    }

    fn units(&self) -> u32 {
        self.islands.len() as u32
    }

    fn evaluations_per_round(&self) -> u64 {
        self.islands.len() as u64 * self.engine.borrow().population() as u64
    }
}

/// Runs `engine` until an island solves the puzzle or a limit is reached.
pub fn run(
    engine: &mut dyn Engine,
    problem: &Problem,
    limits: RunLimits,
    progress: &mut dyn FnMut(&Progress),
) -> Result<GaOutcome> {
    run_after_setup(engine, problem, limits, None, progress)
}

/// [`run`] for an engine whose build took `setup`: building evaluated every individual once,
/// and no generation costs less, so under a time limit shorter than `setup` no generation is
/// started (the outcome is the initial populations', stopped by time).
pub fn run_after_setup(
    engine: &mut dyn Engine,
    problem: &Problem,
    limits: RunLimits,
    setup: Option<Duration>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<GaOutcome> {
    let start = Instant::now();
    let no_round_fits = limits
        .time_limit
        .zip(setup)
        .is_some_and(|(limit, round)| round > limit);
    let mut search = GaSearch::new(engine, problem.clone())?;
    let end = search::run(
        &mut search,
        if no_round_fits {
            0
        } else {
            limits.max_generations
        },
        limits.time_limit,
        start,
        progress,
    )?;
    search.outcome(&RunEnd {
        rounds: end.rounds,
        start,
        stopped_by_time: end.stopped_by_time || no_round_fits,
        interrupted: end.interrupted,
    })
}

/// The result of a run whose islands ended in `islands` (`island` numbers are indices into
/// it; `overall_best(island)` reads that island's best genome).
pub(crate) fn outcome_of(
    islands: &[Island],
    end: &RunEnd,
    problem: &Problem,
    population: u32,
    overall_best: &mut dyn FnMut(u32) -> Result<Vec<u8>>,
) -> Result<GaOutcome> {
    let winner = deciding_island(islands);
    let state = islands[winner];
    let genome = overall_best(winner as u32)?;
    let best = problem.to_grid(&genome);
    let solved = state.solved != 0;
    if solved && !best.solves(problem.puzzle()) {
        return Err(Error::Internal(format!(
            "island {winner} reported a solution that fails the host check: {best}"
        )));
    }
    let generations = if solved { state.generation } else { end.rounds };
    Ok(GaOutcome {
        solved,
        best,
        best_penalty: state.overall_best_penalty,
        island: winner as u32,
        generations,
        restarts: state.restarts,
        evaluations: islands.len() as u64 * population as u64 * generations as u64,
        seconds: end.start.elapsed().as_secs_f64(),
        stopped_by_time: end.stopped_by_time,
        interrupted: end.interrupted,
    })
}
