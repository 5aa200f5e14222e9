//! A search is resumable under a conflict budget: `a` then `b` conflicts take the very
//! trajectory of one call of `a + b` (same statistics, same answer, same model), and a run is a
//! function of its seed.

mod common;

use common::random_ksat;
use evoku_sat::{Config, Status, Walk, WalkScope};

fn run_in_chunks(
    cnf: &evoku_sat::dimacs::Cnf,
    config: &Config,
    chunks: &[u64],
) -> (Status, evoku_sat::Stats, Option<Vec<bool>>) {
    let mut solver = cnf.solver(config.clone(), 7, 3);
    let mut scope = WalkScope::new(cnf.vars);
    for clause in &cnf.clauses {
        scope.push_clause(clause);
    }
    solver.set_walk_scope(scope);
    let mut status = Status::Budget;
    for &c in chunks {
        status = solver.solve(c);
        if status != Status::Budget {
            break;
        }
    }
    (status, solver.stats(), solver.model())
}

#[test]
fn budget_split_equals_one_call() {
    let walking = Config {
        walk: Walk {
            interval: 50,
            bump: 0.5,
            ..Walk::SCREENED
        },
        tiers: true,
        vivify: 10,
        reduce_first: 100,
        reduce_step: 30,
        ..Config::default()
    };
    for config in [Config::default(), walking] {
        for seed in 0..6 {
            let cnf = random_ksat(150, 639, 3, seed);
            let whole = run_in_chunks(&cnf, &config, &[400]);
            let split = run_in_chunks(&cnf, &config, &[1, 150, 49, 200]);
            assert_eq!(whole, split, "seed {seed}");
            let finished = run_in_chunks(&cnf, &config, &[u64::MAX]);
            if whole.0 == Status::Budget {
                assert_eq!(whole.1.conflicts, 400);
                assert!(finished.1.conflicts > 400);
            }
        }
    }
}

#[test]
fn a_run_is_a_function_of_its_seed() {
    let cnf = random_ksat(120, 511, 3, 99);
    let a = run_in_chunks(&cnf, &Config::default(), &[u64::MAX]);
    let b = run_in_chunks(&cnf, &Config::default(), &[u64::MAX]);
    assert_eq!(a, b);
    assert!(a.1.conflicts > 0);
}
