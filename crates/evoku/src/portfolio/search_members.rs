//! The portfolio's search members: the Ant Colony System and the GA engine (the box-assignment
//! walk), each a [`Search`] advanced by a fixed number of iterations or generations per turn
//! ([`super::member`] sets how many).

use std::time::Duration;

use super::member::{
    aco_iterations_per_round, ga_generations_per_round, side_turn_every, Member, MemberOutcome,
    MemberReport,
};
use crate::aco::run::AcoSearch;
use crate::aco::{AcoConfig, AcoTables};
use crate::board::Grid;
use crate::device::Device;
use crate::error::Result;
use crate::ga::run::GaSearch;
use crate::ga::{GaConfig, Problem};
use crate::plan::engines::{aco_engine_on, ga_engine};
use crate::search::{rounds_run, Search};

/// A search taking its turns: `per_round` rounds every `turn_every` portfolio rounds.
pub struct SearchMember {
    name: String,
    search: Box<dyn Search>,
    per_round: u32,
    turn_every: u32,
    /// Under a time limit, a turn goes in the engine's own steps, its states read after each,
    /// so that a slow turn stops in time (the ACS: the GPU ACS on lavapipe from 36x36 up takes
    /// seconds an iteration); the rounds are the same either way until the limit cuts the turn.
    cut_by_time: bool,
    /// Rounds run in all.
    rounds: u64,
}

impl SearchMember {
    /// The Ant Colony System on the portfolio's device.
    pub fn aco(
        puzzle: &Grid,
        config: &AcoConfig,
        device: &Device,
        threads: Option<usize>,
    ) -> Result<SearchMember> {
        config.validate()?;
        let tables = AcoTables::new(puzzle);
        let per_round = aco_iterations_per_round(config, tables.cells);
        let engine = aco_engine_on(device, tables, config, threads)?;
        let search = AcoSearch::new(engine, puzzle)?;
        Ok(SearchMember::new("aco", Box::new(search), per_round, true))
    }

    /// The GA engine with a preset's settings (the walk, in the default portfolio).
    pub fn ga(
        name: &str,
        problem: Problem,
        config: &GaConfig,
        device: &Device,
        threads: Option<usize>,
    ) -> Result<SearchMember> {
        let per_round = ga_generations_per_round(config, problem.cells());
        let engine = ga_engine(device, problem.clone(), config, threads)?;
        let search = GaSearch::new(engine, problem)?;
        Ok(SearchMember::new(name, Box::new(search), per_round, false))
    }

    pub fn new(name: &str, search: Box<dyn Search>, per_round: u32, cut_by_time: bool) -> Self {
        SearchMember {
            name: name.to_string(),
            turn_every: side_turn_every(search.puzzle().geometry().box_size()),
            search,
            per_round,
            cut_by_time,
            rounds: 0,
        }
    }

    /// Rounds run: up to the solution when the deciding unit has one.
    fn rounds_run(&self) -> u64 {
        rounds_run(&self.search.status(), self.rounds)
    }
}

impl Member for SearchMember {
    fn name(&self) -> &str {
        &self.name
    }

    fn round(&mut self, round: u32, time_left: Option<Duration>) -> Result<()> {
        if !round.is_multiple_of(self.turn_every) {
            return Ok(());
        }
        let start = std::time::Instant::now();
        let chunk = match (self.cut_by_time, time_left) {
            (true, Some(_)) => self.search.rounds_per_step().max(1),
            _ => self.per_round,
        };
        // The run is ending when its time is up or a stop is requested: a long round (the ACS
        // on a software GPU) is then cut between two submits.
        let cut = || crate::stop::requested() || time_left.is_some_and(|t| start.elapsed() >= t);
        let mut left = self.per_round;
        while left > 0 {
            let now = left.min(chunk);
            let ran = self.search.step_or_cut(now, &cut)?;
            self.rounds += ran as u64;
            left -= now;
            if ran < now || time_left.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
        }
        Ok(())
    }

    fn solved(&self) -> bool {
        self.search.status().solved
    }

    fn penalty(&self) -> Option<u32> {
        Some(self.search.status().penalty)
    }

    fn report(&self) -> MemberReport {
        let status = self.search.status();
        MemberReport {
            name: self.name.clone(),
            islands: self.search.units(),
            work_per_round: self.per_round as u64,
            turn_every: self.turn_every,
            work: self.rounds_run(),
            solved: status.solved,
            penalty: Some(status.penalty),
            on_cpu: None,
        }
    }

    fn finish(&mut self) -> Result<MemberOutcome> {
        let status = self.search.status();
        let best = self.search.best()?;
        Ok(MemberOutcome {
            solved: status.solved && best.solves(self.search.puzzle()),
            best: Some(best),
            restarts: status.restarts,
            evaluations: self.search.evaluations_per_round() * self.rounds_run(),
            report: self.report(),
        })
    }
}
