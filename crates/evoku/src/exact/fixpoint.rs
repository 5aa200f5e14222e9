//! The [`Solver`]'s propagation-only entry points: a whole puzzle, arbitrary candidate masks,
//! and one assignment at a time (the Ant Colony System's step).

use super::choice::to_grid;
use super::propagation::{init, run};
use super::search::Solver;
use super::{Contradiction, Propagation};
use crate::board::Grid;

impl Solver {
    /// Propagation only; see [`propagate`].
    pub fn propagate(&mut self, puzzle: &Grid) -> Result<Propagation, Contradiction> {
        assert_eq!(
            puzzle.geometry(),
            self.t.geometry,
            "solver built for another size"
        );
        if let Some(c) = puzzle.first_clash() {
            return Err(Contradiction::Clash {
                first: c.first,
                second: c.second,
                digit: c.digit,
                side: self.t.side,
            });
        }
        let stride = self.t.stride();
        let state = &mut self.arena[..stride];
        init(&self.t, &mut self.s, state, puzzle);
        let (cand, done) = state.split_at_mut(self.t.cells);
        run(&self.t, &mut self.s, cand, done)?;
        let candidates = cand.to_vec();
        let grid = to_grid(&self.t, &candidates);
        let fixed = grid.givens() - puzzle.givens();
        Ok(Propagation {
            grid,
            candidates,
            fixed,
        })
    }

    /// Propagate arbitrary candidate masks in place (one per row-major cell, bit `d-1` for digit
    /// `d`): every single-candidate cell counts as fixed. Returns how many cells are fixed
    /// afterwards. On a contradiction the masks are left part-way.
    pub fn propagate_candidates(&mut self, candidates: &mut [u64]) -> Result<usize, Contradiction> {
        let t = &self.t;
        assert_eq!(candidates.len(), t.cells, "one mask per cell");
        let s = &mut self.s;
        s.clear();
        for (c, m) in candidates.iter_mut().enumerate() {
            *m &= t.all;
            if *m == 0 {
                return Err(Contradiction::EmptyCell {
                    cell: c,
                    side: t.side,
                });
            }
            if *m & (*m - 1) == 0 {
                s.queue.push(c as u16);
            }
        }
        s.mark_all(t);
        let done = &mut self.arena[..t.words];
        done.fill(0);
        run(t, s, candidates, done)?;
        Ok(candidates.iter().filter(|&&m| m & (m - 1) == 0).count())
    }

    /// Fix `cell` to `digit` in candidate masks that are already propagated (the output of
    /// [`propagate`], [`propagate_candidates`](Self::propagate_candidates) or an earlier
    /// `assign`), and propagate incrementally: only what the choice changes is revisited. This is
    /// the step the Ant Colony System takes after each choice. On a contradiction the masks are
    /// left part-way.
    pub fn assign(
        &mut self,
        candidates: &mut [u64],
        cell: usize,
        digit: u8,
    ) -> Result<(), Contradiction> {
        let t = &self.t;
        assert_eq!(candidates.len(), t.cells, "one mask per cell");
        assert!(
            (1..=t.side).contains(&(digit as usize)),
            "digit out of range"
        );
        let bit = 1u64 << (digit - 1);
        if candidates[cell] & bit == 0 {
            return Err(Contradiction::EmptyCell { cell, side: t.side });
        }
        if candidates[cell] == bit {
            return Ok(());
        }
        let s = &mut self.s;
        s.clear();
        candidates[cell] = bit;
        s.mark(t, cell);
        s.queue.push(cell as u16);
        let done = &mut self.arena[..t.words];
        run(t, s, candidates, done)
    }
}
