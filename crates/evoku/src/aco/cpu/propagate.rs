//! An ant's board and its constraint propagation: naked singles through a stack of fixed cells,
//! hidden singles by scanning the units that changed, under a budget per ant step.
//!
//! Twin of `crates/evoku/shaders/aco/propagate.wgsl`: same order of operations (stack last in, first out; the
//! lowest dirty unit first; peers in increasing order), same budget accounting, so both leave the
//! same board after every step.
//!
//! A cell whose candidates run out stays empty: the ant has failed there and goes on. Two digits
//! whose only place in a unit is the same cell fix nothing (the unit will fail somewhere). A cell
//! is *done* once its digit has left every peer; only done cells count as filled, so the filled
//! cells of a board never clash.

use crate::aco::common::{ant_header, push_cand_words, AcoParams, AcoTables, ANT_HEADER_WORDS};
use crate::board::Grid;

/// One ant's state: the twin of an ant's record in the GPU's `ants` buffer (header, candidates
/// with the done flag, stack), with 64-bit candidate masks and the done flags beside them (the
/// GPU packs both into one to three words per cell, [`Ant::words`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ant {
    /// The cell the ant visits next.
    pub pointer: u32,
    pub stack_len: u32,
    /// Done cells (see the module documentation).
    pub filled: u32,
    /// Units (rows 0..n, columns n..2n, boxes 2n..3n) changed since they were last scanned.
    pub dirty: [u64; 3],
    /// The (cell, digit index) of the ant's choice in its last step, or `NO_CHOICE`.
    pub choice_cell: u32,
    pub choice_digit: u32,
    /// Cells the ant found empty when it reached them.
    pub empty_visits: u32,
    /// Steps that ended with propagation left over (the budget ran out).
    pub budget_stops: u32,
    /// Cells visited so far in this tour.
    pub visits: u32,
    pub cand: Vec<u64>,
    pub done: Vec<bool>,
    /// Cells fixed but not yet propagated are `stack[..stack_len]`; entries above are stale (and
    /// equal to the GPU's, which the parity tests compare).
    pub stack: Vec<u32>,
}

impl Ant {
    /// The all-zero ant of a fresh buffer.
    pub fn new(cells: usize) -> Ant {
        Ant {
            pointer: 0,
            stack_len: 0,
            filled: 0,
            dirty: [0; 3],
            choice_cell: 0,
            choice_digit: 0,
            empty_visits: 0,
            budget_stops: 0,
            visits: 0,
            cand: vec![0; cells],
            done: vec![false; cells],
            stack: vec![0; cells],
        }
    }

    /// The ant in the GPU's layout: `ANT_HEADER_WORDS` header words, the candidates
    /// (`cand_words` words per cell with the done flag, see `crate::aco::common::cand_words`),
    /// the stack.
    pub fn words(&self, cand_words: u32) -> Vec<u32> {
        let header = ANT_HEADER_WORDS as usize;
        let mut w = vec![0u32; header];
        let at = |field: u32| field as usize;
        w[at(ant_header::POINTER)] = self.pointer;
        w[at(ant_header::STACK_LEN)] = self.stack_len;
        w[at(ant_header::FILLED)] = self.filled;
        for (k, &d) in self.dirty.iter().enumerate() {
            w[at(ant_header::DIRTY) + 2 * k] = d as u32;
            w[at(ant_header::DIRTY) + 2 * k + 1] = (d >> 32) as u32;
        }
        w[at(ant_header::CHOICE_CELL)] = self.choice_cell;
        w[at(ant_header::CHOICE_DIGIT)] = self.choice_digit;
        w[at(ant_header::EMPTY_VISITS)] = self.empty_visits;
        w[at(ant_header::BUDGET_STOPS)] = self.budget_stops;
        w[at(ant_header::VISITS)] = self.visits;
        w.reserve((cand_words as usize + 1) * self.cand.len());
        for (&m, &d) in self.cand.iter().zip(&self.done) {
            push_cand_words(&mut w, m, d, cand_words);
        }
        w.extend_from_slice(&self.stack);
        w
    }

    /// Digit of each done cell, 0 elsewhere.
    pub fn digits(&self) -> impl Iterator<Item = u32> + '_ {
        self.cand
            .iter()
            .zip(&self.done)
            .map(|(&m, &d)| if d { m.trailing_zeros() + 1 } else { 0 })
    }

    /// Queues `cell` (whose candidates are now one digit) for propagation.
    #[inline(always)]
    pub fn push(&mut self, cell: usize) {
        self.stack[self.stack_len as usize] = cell as u32;
        self.stack_len += 1;
    }

    /// Marks the row, column and box of `cell` for a hidden-single scan.
    #[inline(always)]
    pub fn mark(&mut self, t: &AcoTables, cell: usize) {
        for &u in &t.cell_units[cell] {
            self.dirty[(u >> 6) as usize] |= 1u64 << (u & 63);
        }
    }
}

#[inline(always)]
fn is_single(m: u64) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// Whether the ant has propagation work waiting.
#[inline(always)]
pub fn pending(ant: &Ant) -> bool {
    ant.stack_len > 0 || ant.dirty != [0; 3]
}

/// Propagates the ant's pending work until none is left (returns `true`) or the next piece of
/// work would overdraw `budget` (returns `false`; the work waits on the stack and in `dirty`).
/// Every piece of work, a propagated cell or a unit scan, costs `work_cost`.
pub fn propagate(p: &AcoParams, t: &AcoTables, ant: &mut Ant, budget: &mut u32) -> bool {
    loop {
        if !pending(ant) {
            return true;
        }
        if *budget < p.work_cost {
            return false;
        }
        *budget -= p.work_cost;
        if ant.stack_len > 0 {
            ant.stack_len -= 1;
            let cell = ant.stack[ant.stack_len as usize] as usize;
            let bit = ant.cand[cell];
            if bit == 0 {
                // Emptied while it waited: a clash resolved against it.
                continue;
            }
            ant.done[cell] = true;
            ant.filled += 1;
            for &q in t.peers_of(cell) {
                let q = q as usize;
                let m = ant.cand[q];
                if m & bit != 0 {
                    let m = m & !bit;
                    ant.cand[q] = m;
                    ant.mark(t, q);
                    if is_single(m) {
                        ant.push(q);
                    }
                }
            }
            continue;
        }
        let w = ant.dirty.iter().position(|&d| d != 0).unwrap_or(0);
        let u = w * 64 + ant.dirty[w].trailing_zeros() as usize;
        ant.dirty[w] &= ant.dirty[w] - 1;
        let (mut once, mut twice, mut singles) = (0u64, 0u64, 0u64);
        for &c in t.unit(u) {
            let m = ant.cand[c as usize];
            twice |= once & m;
            once |= m;
            if is_single(m) {
                singles |= m;
            }
        }
        let hidden = once & !twice & !singles;
        if hidden != 0 {
            for &c in t.unit(u) {
                let c = c as usize;
                let h = ant.cand[c] & hidden;
                if is_single(h) {
                    ant.cand[c] = h;
                    ant.mark(t, c);
                    ant.push(c);
                }
            }
        }
    }
}

/// The puzzle's givens propagated without a budget: the board every ant starts from, and its
/// number of filled cells. Cells emptied by clashing givens stay 0.
pub fn start_board(t: &AcoTables, puzzle: &Grid) -> (Vec<u64>, u32) {
    let mut ant = Ant::new(t.cells);
    let all = t.geometry.all_digits();
    for (c, &d) in puzzle.cells().iter().enumerate() {
        if d == 0 {
            ant.cand[c] = all;
        } else {
            ant.cand[c] = 1u64 << (d - 1);
            ant.push(c);
        }
    }
    for u in 0..3 * t.side {
        ant.dirty[u >> 6] |= 1u64 << (u & 63);
    }
    // Costs as the engine counts them; the budget is unbounded here.
    let p = AcoParams {
        work_cost: crate::aco::common::work_cost(t.geometry),
        ..bytemuck::Zeroable::zeroed()
    };
    let mut budget = u32::MAX;
    while !propagate(&p, t, &mut ant, &mut budget) {
        budget = u32::MAX;
    }
    (ant.cand, ant.filled)
}

/// Loop iterations (as lavapipe counts them, [`crate::gpu::loop_run`]) the GPU propagation of one
/// ant step runs: its budget plus the piece of work that may end just above it (one inner loop
/// for every kind of work, see `crates/evoku/shaders/aco/propagate.wgsl`) and the loops' own overhead.
pub fn loop_bound(p: &AcoParams) -> u64 {
    p.step_budget as u64 + p.work_cost as u64 + 3
}
