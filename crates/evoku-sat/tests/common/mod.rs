//! Random k-SAT formulas drawn from the counter-based hash (seeded: the same formulas every run).

use evoku_sat::dimacs::Cnf;
use evoku_sat::rng::{stream_key, Rng};
use evoku_sat::{neg, pos};

/// `clauses` clauses of `k` distinct variables among `vars`, each negated with probability 1/2,
/// keyed by `seed`.
pub fn random_ksat(vars: usize, clauses: usize, k: usize, seed: u64) -> Cnf {
    let mut draws = Rng::new(stream_key(seed, 0x5a7_0000, vars as u32, clauses as u32));
    let clauses = (0..clauses)
        .map(|_| {
            let mut picked: Vec<usize> = Vec::with_capacity(k);
            while picked.len() < k {
                let v = draws.below(vars as u32) as usize;
                if !picked.contains(&v) {
                    picked.push(v);
                }
            }
            picked
                .into_iter()
                .map(|v| {
                    if draws.next_u32() & 1 == 1 {
                        neg(v)
                    } else {
                        pos(v)
                    }
                })
                .collect()
        })
        .collect();
    Cnf { vars, clauses }
}

/// Whether `model` (one value per variable) makes every clause of `cnf` true.
#[allow(dead_code)] // not every test file checks models
pub fn satisfies(cnf: &Cnf, model: &[bool]) -> bool {
    cnf.clauses.iter().all(|clause| {
        clause
            .iter()
            .any(|&l| model[evoku_sat::var(l)] == (l == pos(evoku_sat::var(l))))
    })
}
