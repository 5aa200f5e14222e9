//! The portfolio's search members: the Ant Colony System and the GA engine (the box-assignment
//! walk), each advanced by a fixed number of iterations or generations per turn
//! ([`super::member`] sets how many).

use std::time::Duration;

use super::member::{
    aco_iterations_per_round, ga_generations_per_round, side_turn_every, Member, MemberOutcome,
    MemberReport,
};
use crate::aco::{self, AcoConfig, AcoEngine, AcoTables};
use crate::board::Grid;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::ga::{self, Engine, GaConfig, Problem};
use crate::plan::engines::{aco_engine_on, ga_engine};

/// The Ant Colony System on the portfolio's device.
pub struct AcoMember {
    puzzle: Grid,
    engine: Box<dyn AcoEngine>,
    iterations_per_round: u32,
    turn_every: u32,
    iterations: u64,
    colonies: Vec<aco::Colony>,
}

impl AcoMember {
    pub fn new(
        puzzle: &Grid,
        config: &AcoConfig,
        device: &Device,
        threads: Option<usize>,
    ) -> Result<AcoMember> {
        config.validate()?;
        let tables = AcoTables::new(puzzle);
        let iterations_per_round = aco_iterations_per_round(config, tables.cells);
        let mut engine = aco_engine_on(device, tables, config, threads)?;
        let colonies = engine.colonies()?;
        Ok(AcoMember {
            puzzle: puzzle.clone(),
            engine,
            iterations_per_round,
            turn_every: side_turn_every(puzzle.geometry().box_size()),
            iterations: 0,
            colonies,
        })
    }

    /// Iterations run: up to the solution when `state` (the deciding colony's) has one.
    fn iterations_run(&self, state: &aco::Colony) -> u64 {
        if state.solved != 0 {
            state.iteration as u64
        } else {
            self.iterations
        }
    }

    /// Cells propagation of the givens fixed beyond them.
    pub fn presolved_cells(&self) -> usize {
        (self.engine.tables().start_filled as usize).saturating_sub(self.puzzle.givens())
    }
}

impl Member for AcoMember {
    fn name(&self) -> &str {
        "aco"
    }

    fn round(&mut self, round: u32, time_left: Option<Duration>) -> Result<()> {
        if !round.is_multiple_of(self.turn_every) {
            return Ok(());
        }
        // Under a time limit, in the engine's steps with a read-back after each, so that a slow
        // round (the GPU ACS on lavapipe from 36x36 up: seconds an iteration) stops in time; the
        // iterations are the same either way until the limit cuts the round short.
        let start = std::time::Instant::now();
        let chunk = match time_left {
            Some(_) => self.engine.iterations_per_step().max(1),
            None => self.iterations_per_round,
        };
        let mut left = self.iterations_per_round;
        while left > 0 {
            let now = left.min(chunk);
            self.engine.step(now)?;
            self.iterations += now as u64;
            left -= now;
            self.colonies = self.engine.colonies()?;
            if time_left.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
        }
        Ok(())
    }

    fn solved(&self) -> bool {
        self.colonies.iter().any(|c| c.solved != 0)
    }

    fn penalty(&self) -> Option<u32> {
        let cells = self.engine.params().cells;
        let best = &self.colonies[aco::run::deciding_colony(&self.colonies)];
        Some(cells - best.overall_best_filled)
    }

    fn report(&self) -> MemberReport {
        let state = &self.colonies[aco::run::deciding_colony(&self.colonies)];
        MemberReport {
            name: "aco".into(),
            islands: self.engine.params().colonies,
            work_per_round: self.iterations_per_round as u64,
            turn_every: self.turn_every,
            work: self.iterations_run(state),
            solved: state.solved != 0,
            penalty: self.penalty(),
        }
    }

    fn finish(&mut self) -> Result<MemberOutcome> {
        let winner = aco::run::deciding_colony(&self.colonies);
        let state = self.colonies[winner];
        let digits = self.engine.overall_best(winner as u32)?;
        let best = Grid::from_cells(self.puzzle.geometry(), digits).ok_or_else(|| {
            Error::Internal(format!(
                "colony {winner} returned a record of the wrong size"
            ))
        })?;
        let params = self.engine.params();
        Ok(MemberOutcome {
            solved: state.solved != 0 && best.solves(&self.puzzle),
            best: Some(best),
            restarts: state.restarts,
            evaluations: params.colonies as u64 * params.ants as u64 * self.iterations_run(&state),
            report: self.report(),
        })
    }
}

/// The GA engine with a preset's settings (the walk, in the default portfolio).
pub struct GaMember {
    name: String,
    problem: Problem,
    engine: Box<dyn Engine>,
    generations_per_round: u32,
    turn_every: u32,
    generations: u64,
    islands: Vec<ga::Island>,
}

impl GaMember {
    pub fn new(
        name: &str,
        problem: Problem,
        config: &GaConfig,
        device: &Device,
        threads: Option<usize>,
    ) -> Result<GaMember> {
        let generations_per_round = ga_generations_per_round(config, problem.cells());
        let turn_every = side_turn_every(problem.puzzle().geometry().box_size());
        let mut engine = ga_engine(device, problem.clone(), config, threads)?;
        let islands = engine.islands()?;
        Ok(GaMember {
            name: name.to_string(),
            problem,
            engine,
            generations_per_round,
            turn_every,
            generations: 0,
            islands,
        })
    }

    /// Generations run: up to the solution when `state` (the deciding island's) has one.
    fn generations_run(&self, state: &ga::Island) -> u64 {
        if state.solved != 0 {
            state.generation as u64
        } else {
            self.generations
        }
    }
}

impl Member for GaMember {
    fn name(&self) -> &str {
        &self.name
    }

    fn round(&mut self, round: u32, _time_left: Option<Duration>) -> Result<()> {
        if !round.is_multiple_of(self.turn_every) {
            return Ok(());
        }
        self.engine.step(self.generations_per_round)?;
        self.generations += self.generations_per_round as u64;
        self.islands = self.engine.islands()?;
        Ok(())
    }

    fn solved(&self) -> bool {
        self.islands.iter().any(|s| s.solved != 0)
    }

    fn penalty(&self) -> Option<u32> {
        let best = &self.islands[ga::run::deciding_island(&self.islands)];
        Some(best.overall_best_penalty)
    }

    fn report(&self) -> MemberReport {
        let state = &self.islands[ga::run::deciding_island(&self.islands)];
        MemberReport {
            name: self.name.clone(),
            islands: self.islands.len() as u32,
            work_per_round: self.generations_per_round as u64,
            turn_every: self.turn_every,
            work: self.generations_run(state),
            solved: state.solved != 0,
            penalty: self.penalty(),
        }
    }

    fn finish(&mut self) -> Result<MemberOutcome> {
        let winner = ga::run::deciding_island(&self.islands);
        let state = self.islands[winner];
        let genome = self.engine.overall_best(winner as u32)?;
        let best = self.problem.to_grid(&genome);
        let individuals = self.islands.len() as u64 * self.engine.population() as u64;
        Ok(MemberOutcome {
            solved: state.solved != 0 && best.solves(self.problem.puzzle()),
            best: Some(best),
            restarts: state.restarts,
            evaluations: individuals * self.generations_run(&state),
            report: self.report(),
        })
    }
}
