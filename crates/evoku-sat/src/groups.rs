//! Decisions in the smallest group ([`crate::Config::group_decisions`]): a problem clause whose
//! literals are all positive says that at least one of its variables holds (on a Sudoku
//! encoding: a cell's digits, or a unit's places for a digit). Of the few unassigned variables
//! of highest score, the decision goes to the one of highest score per unassigned variable of
//! its smallest such group: a constraint solver's weighted smallest domain (dom/wdeg) with the
//! clause learning's scores as the weights.

use super::clauses::{pos, var, Lit};
use super::Solver;

/// The all-positive problem clauses of two literals or more, and for each variable the ones it
/// is in.
#[derive(Clone, Debug)]
pub(crate) struct Groups {
    /// The groups' variables, one group after another; group `g` is `vars[starts[g]..starts[g + 1]]`.
    vars: Vec<u32>,
    starts: Vec<usize>,
    /// Per variable, its groups.
    of: Vec<Vec<u32>>,
}

impl Groups {
    pub(crate) fn new(vars: usize) -> Groups {
        Groups {
            vars: Vec::new(),
            starts: vec![0],
            of: vec![Vec::new(); vars],
        }
    }

    /// Notes a problem clause: a group when every literal is positive and there are two or more.
    pub(crate) fn add(&mut self, clause: &[Lit]) {
        if clause.len() < 2 || clause.iter().any(|&l| l != pos(var(l))) {
            return;
        }
        let group = (self.starts.len() - 1) as u32;
        for &l in clause {
            self.vars.push(var(l) as u32);
            self.of[var(l)].push(group);
        }
        self.starts.push(self.vars.len());
    }

    fn members(&self, group: u32) -> &[u32] {
        let g = group as usize;
        &self.vars[self.starts[g]..self.starts[g + 1]]
    }
}

/// Candidates a group decision weighs: the unassigned variables of highest score, in heap order.
pub(crate) const CANDIDATES: usize = 8;

impl Solver {
    /// The smallest number of unassigned variables in an unsatisfied group of `v`; `None`
    /// when `v` is in none.
    fn smallest_group(&self, v: usize) -> Option<usize> {
        let groups = self.groups.as_ref()?;
        let value = &self.value;
        groups.of[v]
            .iter()
            .filter_map(|&g| {
                let mut open = 0;
                for &u in groups.members(g) {
                    match value[pos(u as usize) as usize] {
                        1 => return None,
                        0 => open += 1,
                        _ => {}
                    }
                }
                Some(open)
            })
            .min()
    }

    /// Of `candidates` (unassigned, taken from the heap in its order), the one of highest score
    /// per unassigned variable of its smallest group (a variable in no unsatisfied group counts
    /// as in a group of all the variables; the first on a tie); the others go back to the heap.
    pub(super) fn group_choice(&mut self, candidates: &[usize]) -> usize {
        let vars = self.variables();
        let mut best = (candidates[0], f64::NEG_INFINITY);
        for &u in candidates {
            let size = self.smallest_group(u).unwrap_or(vars).max(1);
            let weight = self.activity[u] / size as f64;
            if weight > best.1 {
                best = (u, weight);
            }
        }
        for &u in candidates {
            if u != best.0 {
                self.heap.insert(u as u32, &self.activity);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use crate::{neg, pos, Config, Solver};

    /// Variables 0-3 in one group, 4 and 5 in another, 6 in none (only a clause with a
    /// negative literal, which is no group).
    fn solver(activity: [f64; 7]) -> Solver {
        let config = Config {
            group_decisions: true,
            ..Config::default()
        };
        let mut solver = Solver::new(7, config, 1, 0);
        solver.add_clause(&[pos(0), pos(1), pos(2), pos(3)]);
        solver.add_clause(&[pos(4), pos(5)]);
        solver.add_clause(&[neg(6), pos(0), pos(4)]);
        solver.activity = activity.to_vec();
        solver
    }

    #[test]
    fn a_decision_goes_to_the_highest_score_per_variable_of_its_smallest_group() {
        // 0: 0.9 / 4 against 4: 0.5 / 2.
        let mut s = solver([0.9, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0]);
        while s.heap.pop().is_some() {}
        assert_eq!(s.group_choice(&[0, 4]), 4);
        assert!(s.heap.contains(0) && !s.heap.contains(4));
        // 0.9 / 4 against 0.4 / 2: the first stays.
        let mut s = solver([0.9, 0.0, 0.0, 0.0, 0.4, 0.0, 0.0]);
        assert_eq!(s.group_choice(&[0, 4]), 0);
        // A variable in no group counts as in a group of all seven: 0.9 / 7 against 0.1 / 4,
        // then against 0.6 / 4.
        let mut s = solver([0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.9]);
        assert_eq!(s.group_choice(&[6, 0]), 6);
        let mut s = solver([0.6, 0.0, 0.0, 0.0, 0.0, 0.0, 0.9]);
        assert_eq!(s.group_choice(&[6, 0]), 0);
    }

    #[test]
    fn assigned_variables_shrink_a_group_and_a_true_one_satisfies_it() {
        let mut s = solver([0.9, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0]);
        // 1 and 2 false: the first group has two unassigned variables, 0.9 / 2 > 0.5 / 2.
        s.add_clause(&[neg(1)]);
        s.add_clause(&[neg(2)]);
        assert_eq!(s.smallest_group(0), Some(2));
        assert_eq!(s.group_choice(&[4, 0]), 0);
        // 5 true satisfies the second group: 4 is in no open group.
        s.add_clause(&[pos(5)]);
        assert_eq!(s.smallest_group(4), None);
        assert_eq!(s.smallest_group(6), None);
    }
}
