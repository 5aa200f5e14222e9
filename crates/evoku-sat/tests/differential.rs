//! evoku-sat against batsat (a MiniSat port, independent code) on random 3-SAT at the phase
//! transition (4.26 clauses per variable, where about half the formulas are satisfiable and
//! both answers are hard to fake), and on small k-SAT mixes: the two agree on SAT and UNSAT, and
//! every model evoku-sat returns satisfies every clause. Also the settings the portfolio uses
//! (tiers, vivification, walks, rephasing, focused/stable modes), so each code path is checked.

mod common;

use batsat::{lbool, BasicSolver, SolverInterface};
use common::{random_ksat, satisfies};
use evoku_sat::dimacs::Cnf;
use evoku_sat::{
    pos, var, Config, Cycle, Growth, Modes, Phase, Rephase, Restarts, Status, Walk, WalkScope,
};

/// batsat's answer: satisfiable or not.
fn batsat_sat(cnf: &Cnf) -> bool {
    let mut solver = BasicSolver::default();
    let vars: Vec<batsat::Var> = (0..cnf.vars).map(|_| solver.new_var_default()).collect();
    for clause in &cnf.clauses {
        let mut lits: Vec<batsat::Lit> = clause
            .iter()
            .map(|&l| batsat::Lit::new(vars[var(l)], l == pos(var(l))))
            .collect();
        if !solver.add_clause_reuse(&mut lits) {
            return false;
        }
    }
    let answer = solver.solve_limited(&[]);
    assert!(answer != lbool::UNDEF, "batsat without limits answers");
    answer == lbool::TRUE
}

/// evoku-sat's answer under `config`, its model checked against every clause.
fn evoku_sat(cnf: &Cnf, config: Config, seed: u64, walk: bool) -> bool {
    let mut solver = cnf.solver(config, seed, 0);
    if walk {
        let mut scope = WalkScope::new(cnf.vars);
        for clause in &cnf.clauses {
            scope.push_clause(clause);
        }
        solver.set_walk_scope(scope);
    }
    match solver.solve(u64::MAX) {
        Status::Sat => {
            let model = solver.model().expect("a model once Sat");
            assert!(
                satisfies(cnf, &model),
                "evoku-sat's model breaks a clause (seed {seed})"
            );
            true
        }
        Status::Unsat => false,
        Status::Budget => unreachable!("an unlimited budget ends"),
    }
}

fn configs() -> Vec<(&'static str, Config, bool)> {
    let base = Config::default();
    vec![
        ("default", base.clone(), false),
        (
            "minisat-like",
            Config {
                phase: Phase::False,
                target: false,
                bump_reasons: false,
                ..base.clone()
            },
            false,
        ),
        (
            "tiers, vivification, small reductions",
            Config {
                tiers: true,
                vivify: 10,
                reduce_first: 50,
                reduce_step: 20,
                ..base.clone()
            },
            false,
        ),
        (
            "walks, rephasing, alternating modes, random decisions",
            Config {
                restarts: Restarts::Glucose,
                phase: Phase::Random,
                rephase: Rephase {
                    interval: 30,
                    growth: Growth::Arithmetic,
                    cycle: Cycle::Cadical,
                },
                modes: Modes::Alternate {
                    first: 40,
                    growth: 2,
                },
                random_decisions: 0.02,
                walk: Walk {
                    interval: 20,
                    bump: 0.5,
                    ..Walk::SCREENED
                },
                ..base
            },
            true,
        ),
    ]
}

#[test]
fn agrees_with_batsat_on_random_3sat_at_the_phase_transition() {
    let (mut sat, mut unsat) = (0, 0);
    for vars in [10, 20, 40, 60] {
        let clauses = (vars as f64 * 4.26).round() as usize;
        for seed in 0..25 {
            let cnf = random_ksat(vars, clauses, 3, seed);
            let expected = batsat_sat(&cnf);
            if expected {
                sat += 1;
            } else {
                unsat += 1;
            }
            for (name, config, walk) in configs() {
                assert_eq!(
                    evoku_sat(&cnf, config, seed, walk),
                    expected,
                    "{name}: {vars} variables, seed {seed}"
                );
            }
        }
    }
    // The phase transition gives both answers in numbers.
    assert!(sat >= 20 && unsat >= 20, "{sat} satisfiable, {unsat} not");
}

#[test]
fn agrees_with_batsat_on_mixed_clause_lengths() {
    // 2-SAT, 4-SAT and formulas with units, duplicates and tautologies drawn in.
    for seed in 0..40 {
        let mut cnf = random_ksat(12, 24, 2, seed);
        cnf.clauses
            .extend(random_ksat(12, 60, 4, seed + 1000).clauses);
        let extra = random_ksat(12, 3, 1, seed + 2000).clauses;
        cnf.clauses.extend(extra);
        // A duplicate literal and a tautology.
        let (a, b) = (cnf.clauses[0][0], cnf.clauses[1][0]);
        cnf.clauses.push(vec![a, a, b]);
        cnf.clauses.push(vec![b, evoku_sat::not(b)]);
        let expected = batsat_sat(&cnf);
        for (name, config, walk) in configs() {
            assert_eq!(
                evoku_sat(&cnf, config, seed, walk),
                expected,
                "{name}: seed {seed}"
            );
        }
    }
}

/// Clauses added between budgeted calls (after propagation at level 0 has run) and after a model
/// (a blocking clause): counting the models of small formulas by blocking each one found
/// gives batsat's count, found by the same blocking.
#[test]
fn incremental_blocking_clauses_count_the_models_batsat_counts() {
    for seed in 0..10 {
        let cnf = random_ksat(8, 20, 3, seed);
        let mut ours = cnf.solver(Config::default(), seed, 0);
        let mut found = 0;
        loop {
            let status = loop {
                match ours.solve(3) {
                    Status::Budget => continue,
                    s => break s,
                }
            };
            if status == Status::Unsat {
                break;
            }
            let model = ours.model().unwrap();
            assert!(satisfies(&cnf, &model));
            found += 1;
            let block: Vec<u32> = (0..cnf.vars)
                .map(|v| if model[v] { evoku_sat::neg(v) } else { pos(v) })
                .collect();
            ours.add_clause(&block);
        }
        // Brute force: 2^8 assignments.
        let count = (0u32..1 << cnf.vars)
            .filter(|bits| {
                let model: Vec<bool> = (0..cnf.vars).map(|v| bits >> v & 1 == 1).collect();
                satisfies(&cnf, &model)
            })
            .count();
        assert_eq!(found, count, "seed {seed}");
        assert_eq!(count > 0, batsat_sat(&cnf));
    }
}
