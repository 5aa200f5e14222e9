//! The walk over exactly-one groups (on Sudoku, the open cells): every group keeps exactly one of
//! its open variables true, and a move changes which one (a cell changes its digit). The group's
//! own clauses (at least one, at most one) then stay satisfied; what can be false is the rest
//! (on Sudoku, a pair of peers sharing a digit or a unit missing one).
//! Moves are chosen as ProbSAT chooses flips (`walk.rs`): from a false clause, with probability
//! proportional to `f(break)`, `break` counting the clauses the move leaves false.

use crate::clauses::{not, pos, var};
use crate::rng;
use crate::walk_formula::{weighted_pick, Best, Counts, Formula, Weights};

const NONE: u32 = u32::MAX;

/// A walk over `formula` whose moves keep one variable per group true (`cells`: where each group
/// starts, then the end; `open`: whether a variable is unassigned at level 0), from `truth` made to
/// keep one per cell; leaves the best assignment met in `truth` and returns its number of false
/// clauses and the moves made. `picked` counts, per variable, the false clauses picked that
/// held it.
pub(crate) fn walk_cells(
    formula: &Formula,
    truth: &mut [bool],
    (cells, open): (&[u32], &dyn Fn(usize) -> bool),
    weights: &Weights,
    draws: &mut rng::Rng,
    (moves, picked): (u64, &mut [u32]),
) -> (usize, u64) {
    let groups = cells.len() - 1;
    // The group of each variable, NONE outside every group (never moved).
    let mut cell_of = vec![NONE; truth.len()];
    // The true variable of each cell whose digit may move, NONE for a cell fixed at level 0.
    let mut current = vec![NONE; groups];
    for g in 0..groups {
        let range = cells[g] as usize..cells[g + 1] as usize;
        for v in range.clone() {
            cell_of[v] = g as u32;
        }
        if range.clone().any(|v| !open(v) && truth[v]) {
            continue;
        }
        let free: Vec<usize> = range.filter(|&v| open(v)).collect();
        if free.is_empty() {
            continue;
        }
        let chosen = match free.iter().find(|&&v| truth[v]) {
            Some(&v) => v,
            None => free[draws.below(free.len() as u32) as usize],
        };
        for &v in &free {
            truth[v] = v == chosen;
        }
        current[g] = chosen as u32;
    }
    let mut state = Counts::new(formula, truth);
    let mut best = Best::new(state.unsat());
    let mut options: Vec<(u32, u32)> = Vec::new();
    let mut sums: Vec<u64> = Vec::new();
    let mut done = 0;
    while done < moves && state.unsat() > 0 {
        let c = state.pick_unsat(draws);
        options.clear();
        for &l in formula.clause(c) {
            let v = var(l);
            picked[v] += 1;
            let g = cell_of[v];
            if g == NONE {
                continue;
            }
            let g = g as usize;
            let from = current[g];
            if from == NONE {
                continue;
            }
            if l == pos(v) {
                // A place the clause lacks: the cell takes this digit.
                options.push((from, v as u32));
            } else {
                // Two peers share a digit: this one takes another.
                let range = cells[g] as usize..cells[g + 1] as usize;
                options.extend(
                    range
                        .filter(|&b| b != v && open(b))
                        .map(|b| (v as u32, b as u32)),
                );
            }
        }
        if options.is_empty() {
            break;
        }
        sums.clear();
        let mut total = 0u64;
        for &(from, to) in &options {
            let (off, on) = (pos(from as usize), pos(to as usize));
            // The cell's own clauses hold both literals of a move and stay true.
            let breaks = state.breaks(formula, off, |d| formula.clause(d).contains(&on))
                + state.breaks(formula, not(on), |d| formula.clause(d).contains(&not(off)));
            total += weights.of(breaks);
            sums.push(total);
        }
        let (from, to) = options[weighted_pick(&sums, draws)];
        state.make_true(formula, truth, not(pos(from as usize)));
        state.make_true(formula, truth, pos(to as usize));
        current[cell_of[from as usize] as usize] = to;
        best.moved(&[from, to], state.unsat());
        done += 1;
    }
    (best.restore(formula, truth), done)
}
