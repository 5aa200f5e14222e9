//! Failed-literal probing in randomized searches (singleton consistency on the literals that
//! matter most; the lookahead of march-style SAT solvers, known to shrink quasigroup-completion
//! trees): at a search node, each literal `cell = digit` of a cell with two candidates (and,
//! optionally, of a digit with two places in a unit) is assumed on a copy of the state and
//! propagated to a fixpoint; a literal that fails is removed from the node's state, which is
//! propagated again, and the probing repeats until no literal fails or its budget is spent. Only
//! what propagation would refute is removed, so a search that exhausts its tree still proves
//! what it says.

use super::choice::{open_cells, unit_places};
use super::propagation::run;
use super::tables::{Scratch, Tables};
use super::Fail;

/// Where and how much a randomized search probes ([`super::Solver::set_probe`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Probe at the nodes of the first `depth` search levels (the root, whose probing is
    /// unbounded and done once per puzzle, is level 0). 0: the root only.
    pub depth: u32,
    /// Literals probed at most per node below the root (a pass that finds a failure starts
    /// another while the budget lasts).
    pub per_node: u32,
    /// Also probe the two places of a digit with exactly two places in a unit.
    pub places: bool,
    /// Count each probe as a search node (against the node limits and budgets): a probe costs
    /// about what a node does (a state copy and a propagation).
    pub charge: bool,
    /// Lookahead branching (march): after probing a node, branch on the cell with two
    /// candidates whose two literals, both probed there, fix the most cells (the product of
    /// the two counts, plus one each), instead of the usual choice.
    pub lookahead: bool,
}

/// The probing state of a solver: its settings, a scratch state and counters.
#[derive(Clone, Debug)]
pub(super) struct Prober {
    pub(super) config: Probe,
    /// A copy of the node's state for the literal being probed.
    tmp: Vec<u64>,
    /// The literals of the current pass: (cell, digit bit).
    literals: Vec<(u16, u64)>,
    /// Literals probed so far (every search, the root's included).
    pub(super) probes: u64,
    /// Literals found to fail and removed.
    pub(super) failed: u64,
    /// The puzzle whose probed root state is `root` (cells), and that state.
    root: Option<(Vec<u8>, Vec<u64>)>,
    /// With `lookahead`: the best cell of the last probing (cell, its candidates) and its score.
    pub(super) best: Option<(usize, u64)>,
    best_score: u64,
}

impl Prober {
    pub(super) fn new(t: &Tables, config: Probe) -> Prober {
        Prober {
            config,
            tmp: vec![0; t.stride()],
            literals: Vec::new(),
            probes: 0,
            failed: 0,
            root: None,
            best: None,
            best_score: 0,
        }
    }

    /// The probed root state of `puzzle` if it is the one kept.
    pub(super) fn root_of(&self, puzzle: &[u8]) -> Option<&[u64]> {
        self.root
            .as_ref()
            .filter(|(p, _)| p == puzzle)
            .map(|(_, s)| &s[..])
    }

    pub(super) fn keep_root(&mut self, puzzle: &[u8], state: &[u64]) {
        self.root = Some((puzzle.to_vec(), state.to_vec()));
    }

    /// Probes the propagated `state` (candidates, then done words) with at most `budget`
    /// literals (`u32::MAX`: to a fixpoint), starting each pass at a literal chosen by `start`;
    /// removes every literal that fails and propagates. `Err` when the state itself fails.
    /// Adds the literals probed to `count`.
    pub(super) fn probe(
        &mut self,
        t: &Tables,
        s: &mut Scratch,
        state: &mut [u64],
        budget: u32,
        start: u32,
        count: &mut u64,
    ) -> Result<(), Fail> {
        let mut left = budget;
        loop {
            self.collect(t, state);
            let len = self.literals.len();
            if len == 0 {
                return Ok(());
            }
            let mut failed = false;
            self.best = None;
            self.best_score = 0;
            // The last literal probed without failure, and the cells its propagation fixed.
            let mut last: Option<(usize, u64)> = None;
            let fixed = |done: &[u64]| done.iter().map(|w| w.count_ones() as u64).sum::<u64>();
            let mut base = fixed(&state[t.cells..]);
            for i in 0..len {
                if left == 0 {
                    return Ok(());
                }
                let (cell, bit) = self.literals[(i + start as usize) % len];
                let cell = cell as usize;
                let m = state[cell];
                if m & bit == 0 || m == bit {
                    continue;
                }
                left -= 1;
                self.probes += 1;
                *count += 1;
                self.tmp.copy_from_slice(state);
                let (cand, done) = self.tmp.split_at_mut(t.cells);
                s.clear();
                cand[cell] = bit;
                s.mark(t, cell);
                s.queue.push(cell as u16);
                if run(t, s, cand, done).is_ok() {
                    if self.config.lookahead {
                        let gain = fixed(done) - base + 1;
                        if let Some((other, g)) = last.filter(|&(c, _)| c == cell) {
                            if g * gain > self.best_score && m.count_ones() == 2 {
                                self.best_score = g * gain;
                                self.best = Some((other, m));
                            }
                        }
                        last = Some((cell, gain));
                    }
                    continue;
                }
                last = None;
                self.failed += 1;
                failed = true;
                let (cand, done) = state.split_at_mut(t.cells);
                s.clear();
                let m = m & !bit;
                cand[cell] = m;
                s.mark(t, cell);
                if m & (m - 1) == 0 {
                    s.queue.push(cell as u16);
                }
                run(t, s, cand, done)?;
                base = fixed(done);
            }
            if !failed {
                return Ok(());
            }
        }
    }

    /// The literals worth probing in `state`: both digits of every open cell with two
    /// candidates, and with `places` both places of every digit with two places in a unit.
    fn collect(&mut self, t: &Tables, state: &[u64]) {
        let (cand, done) = state.split_at(t.cells);
        self.literals.clear();
        for cell in open_cells(t, done) {
            let m = cand[cell];
            if m.count_ones() == 2 {
                self.literals.push((cell as u16, m & m.wrapping_neg()));
                self.literals.push((cell as u16, m & (m - 1)));
            }
        }
        if !self.config.places {
            return;
        }
        let n = t.side;
        let mut places = [0u64; 64];
        for u in 0..3 * n {
            unit_places(t, cand, u, &mut places);
            for (digit, &p) in places[..n].iter().enumerate() {
                if p.count_ones() != 2 {
                    continue;
                }
                let mut left = p;
                while left != 0 {
                    let cell = t.units[u * n + left.trailing_zeros() as usize];
                    left &= left - 1;
                    // A cell with two candidates is probed on both already.
                    if cand[cell as usize].count_ones() > 2 {
                        self.literals.push((cell, 1u64 << digit));
                    }
                }
            }
        }
        // A digit with two places in its row and its box is met twice.
        self.literals.sort_unstable();
        self.literals.dedup();
    }
}
