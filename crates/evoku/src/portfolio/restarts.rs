//! The portfolio's exact member on large boards (36x36 and up): independent streams run side by
//! side, each either the conflict-driven clause-learning search ([`crate::exact::cdcl`]; both
//! streams of the default, [`EXACT_CDCL`], the second with local-search phases:
//! [`exact_cdcl_config`]) or randomized dual-branching tree searches with Luby
//! budgets ([`crate::exact::restarts`]; kept for measuring the mixes).
//!
//! Why not the deterministic member there: at 36x36 one deterministic search order solves 4, 2
//! and 0 of 10 at 40, 45 and 50 % in 60 s, the randomized restarts 7, 5 and 1 (docs/results/large-boards.md#large-boards,
//! "Large boards"). Why a larger share of the round: the ACS and the walk solve little there.
//! Why streams: a search is one thread's work, so one stream would leave the second core idle
//! while the exact member runs; a fixed number of streams, each with its own restart keys, keeps
//! the work (and so the run) the same whatever the thread count. Why clause learning: it solves
//! instances the tree searches miss (36x36 50_7 and 50_9) and others far sooner (45_6); a tree
//! stream beside one CDCL stream measured worse than a second CDCL stream with its own key.

use std::time::Duration;

use super::member::{Member, MemberOutcome, MemberReport};
use crate::board::Grid;
use crate::error::Result;
use crate::exact::cdcl::{Cdcl, Outcome, Shared};
use crate::exact::{restarts::Schedule, ExactResult, Limits, Solver, Status};

pub use super::exact_settings::*;

/// A stream's search: restarted tree searches, or the CDCL.
enum Engine {
    Tree {
        schedule: Schedule,
        solver: Box<Solver>,
    },
    Cdcl(Box<Cdcl>),
}

/// One stream: its search and what it found.
struct Stream {
    engine: Engine,
    /// Nodes this stream may still spend; a search may overdraw it, and the stream then sits out
    /// rounds until its credit is positive again, so that it spends its share on average.
    credit: i64,
    /// Nodes (tree) or conflicts (CDCL) spent.
    work: u64,
    /// The last tree search's result.
    last: Option<ExactResult>,
    /// The CDCL's end, once it has one.
    end: Option<Outcome>,
}

impl Stream {
    /// Spends this round's work: a tree stream its credit on whole searches, until one ends for
    /// another reason than its budget (a solution, a proof, the time limit, a stop request); a
    /// CDCL stream exactly its conflicts.
    fn round(&mut self, puzzle: &Grid, share: u64, time_left: Option<Duration>) {
        if self.finished() {
            return;
        }
        let (schedule, solver) = match &mut self.engine {
            Engine::Cdcl(cdcl) => {
                // The round's budget is cut at the deadline or a stop request (issue 37: 64
                // streams overran a 2 s limit by 5 s).
                cdcl.set_stop(crate::stop::Stop::after(time_left));
                let outcome = cdcl.run(share);
                self.work = cdcl.stats().conflicts;
                if outcome != Outcome::Budget {
                    self.end = Some(outcome);
                }
                return;
            }
            Engine::Tree { schedule, solver } => (schedule, solver),
        };
        self.credit = self.credit.saturating_add(share as i64);
        let start = std::time::Instant::now();
        while self.credit > 0 {
            let limits = Limits {
                max_solutions: 1,
                max_nodes: u64::MAX,
                time_limit: time_left.map(|t| t.saturating_sub(start.elapsed())),
            };
            let result = schedule.search(solver, puzzle, &limits);
            self.work = self.work.saturating_add(result.nodes);
            self.credit = self.credit.saturating_sub(result.nodes as i64);
            let again = result.status == Status::NodeLimit;
            self.last = Some(result);
            if !again {
                return;
            }
        }
    }

    /// A search found a solution or proved there is none, or the clock or a stop ended one.
    fn finished(&self) -> bool {
        self.end.is_some()
            || self
                .last
                .as_ref()
                .is_some_and(|r| r.status != Status::NodeLimit)
    }

    fn solution(&self) -> Option<&Grid> {
        match &self.end {
            Some(Outcome::Solved(grid)) => Some(grid),
            _ => self.last.as_ref().and_then(|r| r.first()),
        }
    }

    fn proved_unsolvable(&self) -> bool {
        self.end == Some(Outcome::Unsat) || self.last.as_ref().is_some_and(|r| r.has_no_solution())
    }

    /// This stream's work per round: `nodes` for a tree stream, `conflicts` for the CDCL.
    fn share(&self, nodes: u64, conflicts: u64) -> u64 {
        match self.engine {
            Engine::Tree { .. } => nodes,
            Engine::Cdcl(_) => conflicts,
        }
    }

    fn searches(&self) -> u32 {
        match &self.engine {
            Engine::Tree { schedule, .. } => schedule.searches(),
            Engine::Cdcl(cdcl) => cdcl.stats().restarts as u32 + 1,
        }
    }
}

/// The exact member with randomized restarts: [`EXACT_STREAMS`] streams by default.
pub struct RestartsMember {
    puzzle: Grid,
    nodes_per_round: u64,
    conflicts_per_round: u64,
    threads: usize,
    streams: Vec<Stream>,
    /// Whether the CDCL streams share clauses ([`ExactSettings::share`]).
    share: bool,
}

impl RestartsMember {
    /// `seed` keys the searches; `streams` is how many ([`ExactSettings::with_streams`]);
    /// `threads` (`None`: all cores) only says how many streams run at once.
    pub fn new(puzzle: &Grid, seed: u64, streams: u32, threads: Option<usize>) -> RestartsMember {
        let settings = ExactSettings::with_streams(puzzle.geometry().box_size(), streams);
        RestartsMember::with_settings(puzzle, seed, threads, &settings)
    }

    /// As [`RestartsMember::new`], one stream per entry of `cdcl`, saying which streams are
    /// the CDCL (with their default settings) and which the tree searches.
    pub fn with_cdcl(
        puzzle: &Grid,
        seed: u64,
        threads: Option<usize>,
        cdcl: &[bool],
    ) -> RestartsMember {
        let box_size = puzzle.geometry().box_size();
        let settings = ExactSettings {
            streams: (0..)
                .zip(cdcl)
                .map(|(s, &cdcl)| cdcl.then(|| exact_cdcl_config(s, box_size)))
                .collect(),
            ..ExactSettings::for_box(box_size)
        };
        RestartsMember::with_settings(puzzle, seed, threads, &settings)
    }

    /// As [`RestartsMember::new`], with other settings.
    pub fn with_settings(
        puzzle: &Grid,
        seed: u64,
        threads: Option<usize>,
        settings: &ExactSettings,
    ) -> RestartsMember {
        let cells = puzzle.geometry().cells() as u64;
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        let streams = (0u32..)
            .zip(&settings.streams)
            .map(|(stream, config)| {
                let engine = match config {
                    Some(config) => {
                        let mut cdcl = Cdcl::new(puzzle, config.clone(), seed, stream);
                        cdcl.set_export(settings.share);
                        Engine::Cdcl(Box::new(cdcl))
                    }
                    None => {
                        let mut solver = Solver::new(puzzle.geometry());
                        solver.set_guided(EXACT_GUIDED);
                        solver.set_wdeg(EXACT_WDEG[(stream % EXACT_STREAMS) as usize]);
                        Engine::Tree {
                            schedule: Schedule::new(seed, stream, EXACT_RESTART_UNIT),
                            solver: Box::new(solver),
                        }
                    }
                };
                Stream {
                    engine,
                    credit: 0,
                    work: 0,
                    last: None,
                    end: None,
                }
            })
            .collect();
        RestartsMember {
            puzzle: puzzle.clone(),
            nodes_per_round: (EXACT_LARGE_NODES_PER_ROUND / cells.max(1)).max(1),
            conflicts_per_round: (settings.conflicts_per_round / cells.max(1)).max(1),
            threads: threads.max(1),
            streams,
            share: settings.share.is_some(),
        }
    }

    /// Hands each CDCL stream the clauses the others kept in the last round, in stream order.
    fn exchange(&mut self) {
        let exports: Vec<Shared> = self
            .streams
            .iter_mut()
            .map(|stream| match &mut stream.engine {
                Engine::Cdcl(cdcl) => cdcl.take_exports(),
                Engine::Tree { .. } => Shared::default(),
            })
            .collect();
        for (i, stream) in self.streams.iter_mut().enumerate() {
            if let Engine::Cdcl(cdcl) = &mut stream.engine {
                for (_, shared) in exports.iter().enumerate().filter(|(j, _)| *j != i) {
                    cdcl.import(shared);
                }
            }
        }
    }

    /// The first stream (in stream order) holding a solution: the winner whatever finished first.
    fn winner(&self) -> Option<&Stream> {
        self.streams.iter().find(|s| s.solution().is_some())
    }

    /// Nodes of the tree streams plus conflicts of the CDCL streams.
    fn work(&self) -> u64 {
        self.streams.iter().map(|s| s.work).sum()
    }

    /// Work per round, all streams.
    fn work_per_round(&self) -> u64 {
        let (nodes, conflicts) = (self.nodes_per_round, self.conflicts_per_round);
        self.streams.iter().map(|s| s.share(nodes, conflicts)).sum()
    }
}

impl Member for RestartsMember {
    fn name(&self) -> &str {
        "exact"
    }

    fn round(&mut self, _round: u32, time_left: Option<Duration>) -> Result<()> {
        if self.solved() || self.unsolvable().is_some() {
            return Ok(());
        }
        if self.share {
            self.exchange();
        }
        let puzzle = &self.puzzle;
        let (nodes, conflicts) = (self.nodes_per_round, self.conflicts_per_round);
        let stop = crate::stop::Stop::after(time_left);
        if self.threads < 2 {
            for stream in self.streams.iter_mut().take_while(|_| !stop.reached()) {
                let share = stream.share(nodes, conflicts);
                stream.round(puzzle, share, stop.remaining());
            }
            return Ok(());
        }
        let chunk = self.streams.len().div_ceil(self.threads);
        std::thread::scope(|scope| {
            for streams in self.streams.chunks_mut(chunk) {
                scope.spawn(move || {
                    for stream in streams.iter_mut().take_while(|_| !stop.reached()) {
                        let share = stream.share(nodes, conflicts);
                        stream.round(puzzle, share, stop.remaining());
                    }
                });
            }
        });
        Ok(())
    }

    fn solved(&self) -> bool {
        self.winner().is_some()
    }

    fn unsolvable(&self) -> Option<String> {
        self.streams
            .iter()
            .any(Stream::proved_unsolvable)
            .then(|| "the exact solver proved there is no solution".to_string())
    }

    fn penalty(&self) -> Option<u32> {
        self.solved().then_some(0)
    }

    fn report(&self) -> MemberReport {
        MemberReport {
            name: "exact".into(),
            islands: self.streams.len() as u32,
            work_per_round: self.work_per_round(),
            turn_every: 1,
            work: self.work(),
            solved: self.solved(),
            penalty: self.penalty(),
            on_cpu: None,
        }
    }

    fn finish(&mut self) -> Result<MemberOutcome> {
        let best = self.winner().and_then(|s| s.solution().cloned());
        let searches: u32 = self.streams.iter().map(Stream::searches).sum();
        Ok(MemberOutcome {
            solved: best.is_some(),
            best,
            restarts: searches.saturating_sub(1),
            evaluations: self.work(),
            report: self.report(),
        })
    }
}
