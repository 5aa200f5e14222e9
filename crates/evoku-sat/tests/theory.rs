//! A [`Theory`] beside the clauses: at-most-one groups given to the search as a propagator
//! instead of pairwise clauses decide the same formulas (pigeonholes, random 3-SAT with groups),
//! every model respects the groups, and the run stays a function of its seed and budget split.

mod common;

use common::random_ksat;
use evoku_sat::dimacs::Cnf;
use evoku_sat::{neg, pos, Config, Lit, Solver, Status, Theory};

/// At most one variable of each group true, as a propagator: a true variable makes the others
/// false (a binary clause each), two true ones are a conflict.
struct AtMostOne {
    groups: Vec<Vec<usize>>,
}

impl Theory for AtMostOne {
    fn assigned(&mut self, _: Lit) {}
    fn unassigned(&mut self, _: Lit) {}
    fn propagate(&mut self, value: &[i8], out: &mut Vec<Vec<Lit>>) {
        for group in &self.groups {
            let mut trues = group.iter().filter(|&&v| value[pos(v) as usize] == 1);
            match (trues.next(), trues.next()) {
                (Some(&a), Some(&b)) => out.push(vec![neg(a), neg(b)]),
                (Some(&a), None) => {
                    for &v in group {
                        if v != a && value[pos(v) as usize] == 0 {
                            out.push(vec![neg(v), neg(a)]);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// `pigeons` pigeons in `holes` holes: each pigeon somewhere (clauses), each hole at most one
/// pigeon (the groups). Variable `p * holes + h`: pigeon `p` in hole `h`.
fn pigeonhole(pigeons: usize, holes: usize) -> (Cnf, Vec<Vec<usize>>) {
    let clauses = (0..pigeons)
        .map(|p| (0..holes).map(|h| pos(p * holes + h)).collect())
        .collect();
    let groups = (0..holes)
        .map(|h| (0..pigeons).map(|p| p * holes + h).collect())
        .collect();
    (
        Cnf {
            vars: pigeons * holes,
            clauses,
        },
        groups,
    )
}

/// The groups as pairwise clauses.
fn with_pairs(cnf: &Cnf, groups: &[Vec<usize>]) -> Cnf {
    let mut clauses = cnf.clauses.clone();
    for g in groups {
        for (i, &a) in g.iter().enumerate() {
            for &b in &g[i + 1..] {
                clauses.push(vec![neg(a), neg(b)]);
            }
        }
    }
    Cnf {
        vars: cnf.vars,
        clauses,
    }
}

fn with_theory(cnf: &Cnf, groups: &[Vec<usize>], seed: u64) -> Solver {
    let mut solver = cnf.solver(Config::default(), seed, 0);
    solver.set_theory(Some(Box::new(AtMostOne {
        groups: groups.to_vec(),
    })));
    solver
}

fn respects(model: &[bool], groups: &[Vec<usize>]) -> bool {
    groups
        .iter()
        .all(|g| g.iter().filter(|&&v| model[v]).count() <= 1)
}

#[test]
fn pigeonholes_are_decided_through_the_theory() {
    for holes in 2..=5 {
        let (cnf, groups) = pigeonhole(holes + 1, holes);
        let mut solver = with_theory(&cnf, &groups, 1);
        assert_eq!(
            solver.solve(1_000_000),
            Status::Unsat,
            "{} in {holes}",
            holes + 1
        );
        assert!(solver.stats().theory > 0, "the theory took no part");
        let (cnf, groups) = pigeonhole(holes, holes);
        let mut solver = with_theory(&cnf, &groups, 1);
        assert_eq!(solver.solve(1_000_000), Status::Sat);
        let model = solver.model().unwrap();
        assert!(common::satisfies(&cnf, &model) && respects(&model, &groups));
    }
}

#[test]
fn a_theory_decides_what_its_clauses_decide() {
    let mut sat = 0;
    for seed in 0..40 {
        let cnf = random_ksat(30, 100, 3, seed);
        let groups: Vec<Vec<usize>> = (0..3).map(|g| (g * 5..g * 5 + 5).collect()).collect();
        let mut clauses = with_pairs(&cnf, &groups).solver(Config::default(), seed, 0);
        let mut theory = with_theory(&cnf, &groups, seed);
        let status = theory.solve(10_000_000);
        assert_eq!(status, clauses.solve(10_000_000), "seed {seed}");
        if status == Status::Sat {
            sat += 1;
            let model = theory.model().unwrap();
            assert!(common::satisfies(&cnf, &model) && respects(&model, &groups));
        }
    }
    assert!(
        sat > 5 && sat < 35,
        "both answers should occur: {sat} satisfiable"
    );
}

#[test]
fn a_run_with_a_theory_is_a_function_of_its_seed_and_budget_split() {
    let (cnf, groups) = pigeonhole(8, 7);
    let whole = {
        let mut s = with_theory(&cnf, &groups, 3);
        (s.solve(u64::MAX), s.stats())
    };
    assert_eq!(whole.0, Status::Unsat);
    let mut steps = with_theory(&cnf, &groups, 3);
    let mut status = Status::Budget;
    let mut k = 0;
    while status == Status::Budget {
        k += 1;
        status = steps.solve(k % 5 + 1);
    }
    assert_eq!((status, steps.stats()), whole);
    let mut other = with_theory(&cnf, &groups, 4);
    other.solve(u64::MAX);
    assert_ne!(other.stats(), whole.1, "another seed, another search");
}
