//! The reusable [`Solver`]: depth-first search over propagated states, plain, shuffled or
//! randomized, in one preallocated arena.

use std::time::Instant;

use super::choice::{choose, choose_random, guided_bit, random_bit, to_grid, TIE_SALT};
use super::probe::{Probe, Prober};
use super::propagation::{init, run};
use super::tables::{Scratch, Tables};
use super::wdeg::{choose_weighted, Blame, Weights};
use super::{ExactResult, Limits, Status};
use crate::board::{Geometry, Grid};

/// Reusable exact solver for one geometry: tables, propagation buffers and the search arena.
#[derive(Clone, Debug)]
pub struct Solver {
    pub(super) t: Tables,
    pub(super) s: Scratch,
    /// One state per search level: `cells` candidate masks, then `words` done bits.
    pub(super) arena: Vec<u64>,
    /// Key of the random digit order of [`solve_shuffled`](Self::solve_shuffled); `None`: digits
    /// in increasing order.
    pub(super) shuffle: Option<u32>,
    /// Whether ties of the minimum-remaining-values choice are broken at random (keyed by
    /// `shuffle`'s key and the node count) instead of by lowest cell index.
    pub(super) tie_break: bool,
    /// Whether a randomized search also branches on where a digit goes in a unit
    /// ([`set_dual`](Self::set_dual)).
    pub(super) dual: bool,
    /// Whether a stop request ([`crate::stop`]) ends a search (the default); off for searches
    /// that must return a grid, such as filling an empty board.
    pub(super) interruptible: bool,
    /// A deadline every search ends at (as at a time limit), beside `Limits::time_limit`:
    /// the run's [`Stop`](crate::stop::Stop) ([`set_stop`](Self::set_stop)).
    pub(super) stop: crate::stop::Stop,
    /// Solution-guided value order ([`set_guided`](Self::set_guided)): the most advanced state
    /// a randomized search reached so far (candidate masks) and how many cells it had fixed.
    pub(super) guide: Option<(Vec<u64>, u32)>,
    /// Conflict-directed branching ([`set_wdeg`](Self::set_wdeg)): the unit weights.
    pub(super) wdeg: Option<Weights>,
    /// Failed-literal probing in randomized searches ([`set_probe`](Self::set_probe)).
    pub(super) probe: Option<Prober>,
}

pub(super) struct Level {
    /// The cell branched on (unused in a place branch).
    pub(super) cell: usize,
    /// Untried alternatives: digits of `cell`, or for a place branch positions in `unit`.
    pub(super) remaining: u64,
    /// A place branch (randomized search only): digit `digit` goes to one of `unit`'s cells.
    pub(super) place: Option<(usize, u64)>,
}

impl Solver {
    pub fn new(geometry: Geometry) -> Solver {
        let t = Tables::new(geometry);
        let s = Scratch {
            queue: Vec::with_capacity(t.cells),
            dirty: [0; 3],
            alldiff_dirty: [0; 3],
            bands_dirty: 0,
            stacks_dirty: 0,
            blame: Blame::default(),
        };
        let arena = vec![0; t.stride() * 8];
        Solver {
            t,
            s,
            arena,
            shuffle: None,
            tie_break: false,
            dual: false,
            interruptible: true,
            stop: crate::stop::Stop::on_request(),
            guide: None,
            wdeg: None,
            probe: None,
        }
    }

    pub fn geometry(&self) -> Geometry {
        self.t.geometry
    }

    /// Turn locked candidates (pointing and claiming) on or off; by default they are on for boards
    /// of side 16 and more, where they pay for themselves, and off for smaller boards.
    pub fn set_locked_candidates(&mut self, on: bool) {
        self.t.locked = on;
    }

    /// Turn all-different filtering on or off (see [`set_locked_candidates`](Self::set_locked_candidates)
    /// for the default).
    pub fn set_alldiff(&mut self, on: bool) {
        self.t.alldiff = on;
    }

    /// Like [`solve`](Self::solve), but each branching cell's digits are tried in a random order
    /// drawn from the counter-based hash ([`crate::rng::draw`]) keyed by `key` and the node count:
    /// the same key gives the same search. Used to fill random complete grids.
    pub fn solve_shuffled(&mut self, puzzle: &Grid, limits: &Limits, key: u32) -> ExactResult {
        self.shuffle = Some(key);
        let result = self.solve(puzzle, limits);
        self.shuffle = None;
        result
    }

    /// A randomized search ([`restarts`]): like [`solve_shuffled`](Self::solve_shuffled), and
    /// ties of the minimum-remaining-values cell choice are broken at random too (a hash of the
    /// key, the node count and the cell), so that each key explores a different tree. The same
    /// key gives the same search; a `Complete` status still proves what it says, since the whole
    /// tree is explored whatever the order.
    pub fn solve_randomized(&mut self, puzzle: &Grid, limits: &Limits, key: u32) -> ExactResult {
        self.shuffle = Some(key);
        self.tie_break = true;
        let result = self.solve(puzzle, limits);
        self.shuffle = None;
        self.tie_break = false;
        result
    }

    /// Whether randomized searches ([`solve_randomized`](Self::solve_randomized)) also branch on
    /// the places of a digit in a unit when those are fewer than the best cell's candidates
    /// (default: no). The plain search never does.
    pub fn set_dual(&mut self, on: bool) {
        self.dual = on;
    }

    /// Solution-guided search (Beck 2007; phase saving in SAT solvers): when on, randomized
    /// searches keep the state with the most fixed cells any of them reached, and later ones try
    /// its digit first at each cell (its place first in a place branch), so that a restart picks
    /// up where the best earlier search got instead of starting from nothing. Turning it on
    /// forgets what was kept. Default: off. Only the order changes: proofs stay proofs.
    pub fn set_guided(&mut self, on: bool) {
        self.guide = on.then(|| (Vec::new(), 0));
    }

    /// Conflict-directed branching (dom/wdeg, `wdeg.rs`) in randomized searches: on, with unit
    /// weights all 1, raised on every propagation failure of a randomized search and kept across
    /// searches until the next call; off by default. Only the order changes: proofs stay proofs.
    pub fn set_wdeg(&mut self, on: bool) {
        self.wdeg = on.then(|| Weights::new(&self.t));
    }

    /// Failed-literal probing in randomized searches (`probe.rs`): `None` (the default) turns it
    /// off; a new setting forgets the counters and the probed root kept.
    pub fn set_probe(&mut self, probe: Option<Probe>) {
        self.probe = probe.map(|p| Prober::new(&self.t, p));
    }

    /// Literals probed by [`set_probe`](Self::set_probe)'s probing so far, and how many of them
    /// failed (and were removed).
    pub fn probes(&self) -> (u64, u64) {
        self.probe.as_ref().map_or((0, 0), |p| (p.probes, p.failed))
    }

    /// Propagation failures counted by the weights of [`set_wdeg`](Self::set_wdeg) so far (0
    /// when off).
    pub fn wdeg_failures(&self) -> u64 {
        self.wdeg.as_ref().map_or(0, |w| w.failures)
    }

    /// The unit weights of [`set_wdeg`](Self::set_wdeg) (rows, columns, boxes), if on.
    pub fn wdeg_weights(&self) -> Option<&[u64]> {
        self.wdeg.as_ref().map(|w| &w.unit[..])
    }

    /// Whether a stop request ends a search (default: yes).
    pub fn set_interruptible(&mut self, on: bool) {
        self.interruptible = on;
    }

    /// The run's stop: its deadline ends every later search as a time limit would
    /// ([`Status::TimeLimit`]), its request as an interruption (when interruptible).
    pub fn set_stop(&mut self, stop: crate::stop::Stop) {
        self.stop = stop;
    }

    /// Search; see [`solve`].
    pub fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> ExactResult {
        assert_eq!(
            puzzle.geometry(),
            self.t.geometry,
            "solver built for another size"
        );
        let t = &self.t;
        let s = &mut self.s;
        let stride = t.stride();
        let cells = t.cells;
        let max_solutions = limits.max_solutions.max(1);
        let shuffle = self.shuffle;
        let tie_key = shuffle.filter(|_| self.tie_break).map(|key| key ^ TIE_SALT);
        let start = limits.time_limit.map(|d| (Instant::now(), d));
        // Read the clock and the stop flag every few thousand nodes on 9x9, more often where nodes
        // cost more.
        let clock_mask: u64 = match cells {
            0..=81 => 0xfff,
            82..=256 => 0x3ff,
            257..=625 => 0xff,
            626..=1296 => 0x3f,
            _ => 0xf,
        };
        let mut result = ExactResult {
            solutions: Vec::new(),
            status: Status::Complete,
            nodes: 1,
            entropy: 0.0,
        };

        init(t, s, &mut self.arena[..stride], puzzle);
        let (cand, done) = self.arena[..stride].split_at_mut(cells);
        if run(t, s, cand, done).is_err() {
            return result;
        }
        // The root of a randomized search, probed to a fixpoint once per puzzle.
        if let Some(p) = self.probe.as_mut().filter(|_| tie_key.is_some()) {
            let root = &mut self.arena[..stride];
            match p.root_of(puzzle.cells()) {
                Some(kept) => root.copy_from_slice(kept),
                None => {
                    let mut probes = 0;
                    let root_ok = p.probe(t, s, root, u32::MAX, 0, &mut probes).is_ok();
                    if p.config.charge {
                        result.nodes += probes;
                    }
                    if !root_ok {
                        return result;
                    }
                    p.keep_root(puzzle.cells(), root);
                }
            }
        }

        // The guide of this search: the best state of earlier ones (none in the first).
        let mut guide = match tie_key {
            Some(_) => self.guide.take(),
            None => None,
        };
        let follow = guide
            .as_ref()
            .filter(|(g, _)| g.len() == cells)
            .map(|(g, _)| g.clone());

        let mut levels: Vec<Level> = Vec::new();
        // A branch chosen by lookahead at the node just probed (`probe.rs`).
        let mut ahead: Option<(usize, u64)> = None;
        // Index of the state the search stands on (always propagated, without contradiction).
        let mut depth = 0usize;
        'search: loop {
            let state = &self.arena[depth * stride..(depth + 1) * stride];
            let ahead_branch = ahead.take().filter(|&(cell, m)| state[cell] == m);
            let branch = match tie_key {
                _ if ahead_branch.is_some() => ahead_branch.map(|(cell, remaining)| Level {
                    cell,
                    remaining,
                    place: None,
                }),
                None => choose(t, state).map(|(cell, remaining)| Level {
                    cell,
                    remaining,
                    place: None,
                }),
                Some(key) => {
                    let tie = crate::rng::draw(key, result.nodes as u32);
                    match &self.wdeg {
                        Some(w) => choose_weighted(t, state, tie, self.dual, w),
                        None => choose_random(t, state, tie, self.dual),
                    }
                }
            };
            match branch {
                None => {
                    result.solutions.push(to_grid(t, &state[..cells]));
                    if result.solutions.len() >= max_solutions {
                        // Levels only hold untried alternatives, so none left means exhausted.
                        if !levels.is_empty() {
                            result.status = Status::SolutionLimit;
                        }
                        break 'search;
                    }
                }
                Some(level) => {
                    result.entropy += (level.remaining.count_ones() as f64).log2();
                    levels.push(level);
                    let need = (levels.len() + 1) * stride;
                    if self.arena.len() < need {
                        self.arena.resize(need.max(self.arena.len() * 2), 0);
                    }
                }
            }
            // Try the next alternative of the deepest level until one propagates cleanly.
            loop {
                let k = match levels.len() {
                    0 => break 'search,
                    len => len - 1,
                };
                if result.nodes >= limits.max_nodes {
                    result.status = Status::NodeLimit;
                    break 'search;
                }
                if result.nodes & clock_mask == 0 {
                    if start.is_some_and(|(t0, limit)| t0.elapsed() >= limit)
                        || self.stop.timed_out()
                    {
                        result.status = Status::TimeLimit;
                        break 'search;
                    }
                    if self.interruptible && crate::stop::requested() {
                        result.status = Status::Interrupted;
                        break 'search;
                    }
                }
                result.nodes += 1;
                let level = &mut levels[k];
                let guided = follow.as_deref().map_or(0, |g| guided_bit(t, g, level));
                let pick = match shuffle {
                    _ if guided != 0 => guided,
                    None => level.remaining & level.remaining.wrapping_neg(),
                    Some(key) => {
                        random_bit(level.remaining, crate::rng::draw(key, result.nodes as u32))
                    }
                };
                level.remaining &= !pick;
                let (cell, bit) = match level.place {
                    None => (level.cell, pick),
                    Some((unit, digit)) => (
                        t.units[unit * t.side + pick.trailing_zeros() as usize] as usize,
                        digit,
                    ),
                };
                let target = if level.remaining == 0 {
                    // Last alternative: reuse the parent's state in place.
                    levels.pop();
                    k
                } else {
                    self.arena
                        .copy_within(k * stride..(k + 1) * stride, (k + 1) * stride);
                    k + 1
                };
                let state = &mut self.arena[target * stride..(target + 1) * stride];
                let (cand, done) = state.split_at_mut(cells);
                s.clear();
                cand[cell] = bit;
                s.mark(t, cell);
                s.queue.push(cell as u16);
                let mut ok = run(t, s, cand, done).is_ok();
                if let Some(p) = self.probe.as_mut().filter(|p| {
                    ok && tie_key.is_some() && target > 0 && target <= p.config.depth as usize
                }) {
                    let start = crate::rng::draw(tie_key.unwrap_or(0), result.nodes as u32);
                    let mut probes = 0;
                    ok = p
                        .probe(t, s, state, p.config.per_node, start, &mut probes)
                        .is_ok();
                    if p.config.charge {
                        result.nodes += probes;
                    }
                    if ok && p.config.lookahead {
                        ahead = p.best.take();
                    }
                }
                if ok {
                    if let Some((best, best_fixed)) = guide.as_mut() {
                        let (cand, done) = state.split_at(cells);
                        let fixed = done.iter().map(|w| w.count_ones()).sum::<u32>();
                        if fixed > *best_fixed {
                            *best_fixed = fixed;
                            best.clear();
                            best.extend_from_slice(cand);
                        }
                    }
                    depth = target;
                    continue 'search;
                }
                if let Some(w) = self.wdeg.as_mut().filter(|_| tie_key.is_some()) {
                    w.bump(&s.blame);
                }
            }
        }
        if guide.is_some() {
            self.guide = guide;
        }
        result
    }
}
