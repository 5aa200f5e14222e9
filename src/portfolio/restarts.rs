//! The portfolio's exact member on large boards (36x36 and up): randomized dual-branching
//! searches with Luby budgets ([`crate::exact::restarts`]), in independent streams run side by side.
//!
//! Why not the deterministic member there: at 36x36 one deterministic search order solves 4, 2
//! and 0 of 10 at 40, 45 and 50 % in 60 s, the randomized restarts 7, 5 and 1 (docs/RESULTS.md,
//! "Large boards"). Why a larger share of the round: the ACS and the walk solve little there.
//! Why streams: a search is one thread's work, so one stream would leave the second core idle
//! while the exact member runs; a fixed number of streams, each with its own restart keys, keeps
//! the work (and so the run) the same whatever the thread count. Why one stream branches by
//! conflict-directed weights and the other not ([`EXACT_WDEG`]): each solves instances the other
//! misses.

use std::time::Duration;

use super::member::{Member, MemberOutcome, MemberReport};
use crate::board::Grid;
use crate::error::Result;
use crate::exact::{restarts::Schedule, ExactResult, Limits, Solver, Status};

/// Independent restart sequences (each a search at a time on its own thread when there are two).
pub const EXACT_STREAMS: u32 = 2;
/// Luby unit of each stream's searches, in nodes (the best measured at 36x36: docs/RESULTS.md).
pub const EXACT_RESTART_UNIT: u64 = 1_000;
/// Search nodes per cell each stream spends per round, on average: at 36x36 about 15,400 nodes,
/// nine tenths of the round's time on the shared 2-core machine, where a fifth of it (5,000,000)
/// gave seven tenths (docs/RESULTS.md, "Large boards").
pub const EXACT_LARGE_NODES_PER_ROUND: u64 = 20_000_000;

/// Whether each stream's searches are solution-guided ([`Solver::set_guided`]).
pub const EXACT_GUIDED: bool = true;

/// Whether each stream's searches branch by conflict-directed weights (dom/wdeg,
/// [`Solver::set_wdeg`]), kept across the stream's restarts: stream 0 does, stream 1 does not.
/// At 36x36 50 % two weighted streams solve 3 of 10 and two unweighted 3 of 10, not the same
/// three; one of each solves 4, and 9 of 10 at 45 % as both others (docs/RESULTS.md, "Large
/// boards").
pub const EXACT_WDEG: [bool; EXACT_STREAMS as usize] = [true, false];

/// Box size from which the portfolio's exact member restarts (36x36 and up).
pub const RESTARTS_FROM_BOX: usize = 6;

/// One restart sequence and its solver.
struct Stream {
    schedule: Schedule,
    solver: Solver,
    /// Nodes this stream may still spend; a search may overdraw it, and the stream then sits out
    /// rounds until its credit is positive again, so that it spends its share on average.
    credit: i64,
    nodes: u64,
    /// The last search's result.
    last: Option<ExactResult>,
}

impl Stream {
    /// Spends this round's credit on whole searches, until one ends for another reason than its
    /// budget (a solution, a proof, the time limit, a stop request).
    fn round(&mut self, puzzle: &Grid, nodes_per_round: u64, time_left: Option<Duration>) {
        if self.finished() {
            return;
        }
        self.credit = self.credit.saturating_add(nodes_per_round as i64);
        let start = std::time::Instant::now();
        while self.credit > 0 {
            let limits = Limits {
                max_solutions: 1,
                max_nodes: u64::MAX,
                time_limit: time_left.map(|t| t.saturating_sub(start.elapsed())),
            };
            let result = self.schedule.search(&mut self.solver, puzzle, &limits);
            self.nodes = self.nodes.saturating_add(result.nodes);
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
        self.last
            .as_ref()
            .is_some_and(|r| r.status != Status::NodeLimit)
    }

    fn solution(&self) -> Option<&Grid> {
        self.last.as_ref().and_then(|r| r.first())
    }
}

/// The exact member with randomized restarts, [`EXACT_STREAMS`] streams.
pub struct RestartsMember {
    puzzle: Grid,
    nodes_per_round: u64,
    threads: usize,
    streams: Vec<Stream>,
}

impl RestartsMember {
    /// `seed` keys the searches; `threads` (`None`: all cores) only says how many streams run
    /// at once.
    pub fn new(puzzle: &Grid, seed: u64, threads: Option<usize>) -> RestartsMember {
        let cells = puzzle.geometry().cells() as u64;
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        let streams = (0..EXACT_STREAMS)
            .map(|stream| {
                let mut solver = Solver::new(puzzle.geometry());
                solver.set_guided(EXACT_GUIDED);
                solver.set_wdeg(EXACT_WDEG[stream as usize]);
                Stream {
                    schedule: Schedule::new(seed, stream, EXACT_RESTART_UNIT),
                    solver,
                    credit: 0,
                    nodes: 0,
                    last: None,
                }
            })
            .collect();
        RestartsMember {
            puzzle: puzzle.clone(),
            nodes_per_round: (EXACT_LARGE_NODES_PER_ROUND / cells.max(1)).max(1),
            threads: threads.max(1),
            streams,
        }
    }

    /// The first stream (in stream order) holding a solution: the winner whatever finished first.
    fn winner(&self) -> Option<&Stream> {
        self.streams.iter().find(|s| s.solution().is_some())
    }

    fn nodes(&self) -> u64 {
        self.streams.iter().map(|s| s.nodes).sum()
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
        let (puzzle, nodes_per_round) = (&self.puzzle, self.nodes_per_round);
        if self.threads < 2 {
            for stream in &mut self.streams {
                stream.round(puzzle, nodes_per_round, time_left);
            }
            return Ok(());
        }
        let chunk = self.streams.len().div_ceil(self.threads);
        std::thread::scope(|scope| {
            for streams in self.streams.chunks_mut(chunk) {
                scope.spawn(move || {
                    for stream in streams {
                        stream.round(puzzle, nodes_per_round, time_left);
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
            .any(|s| s.last.as_ref().is_some_and(|r| r.has_no_solution()))
            .then(|| "the exact solver proved there is no solution".to_string())
    }

    fn penalty(&self) -> Option<u32> {
        self.solved().then_some(0)
    }

    fn report(&self) -> MemberReport {
        MemberReport {
            name: "exact".into(),
            islands: EXACT_STREAMS,
            work_per_round: self.nodes_per_round * EXACT_STREAMS as u64,
            work: self.nodes(),
            solved: self.solved(),
            penalty: self.penalty(),
        }
    }

    fn finish(&mut self) -> Result<MemberOutcome> {
        let best = self.winner().and_then(|s| s.solution().cloned());
        let searches: u32 = self.streams.iter().map(|s| s.schedule.searches()).sum();
        Ok(MemberOutcome {
            solved: best.is_some(),
            best,
            restarts: searches.saturating_sub(1),
            evaluations: self.nodes(),
            report: self.report(),
        })
    }
}
