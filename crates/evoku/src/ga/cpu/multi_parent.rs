//! Three-parent crossover (docs/ALGORITHMS.md section 2): best so far 0.55, best of the generation
//! 0.33, own parent 0.12, decided position by position inside each box.
//!
//! Twin of `multi_parent` in `crates/evoku/shaders/ga/multi_parent.wgsl`.

use crate::ga::Problem;
use crate::rng::Rng;

/// Weights of the three parents, in percent (cumulative bounds 55 and 88 of 100).
pub const WEIGHT_BOUNDS: [u32; 2] = [55, 88];

/// For each box, left to right: draw a parent by weight, take its digit v at position j, and in
/// the other two parents swap position j with the position holding v. All parents stay
/// permutations and agree on positions `0..=j`, so the child is a permutation too; givens never
/// move, and no draw is spent on them.
pub fn multi_parent(problem: &Problem, rng: &mut Rng, parents: [&[u8]; 3], child: &mut [u8]) {
    let n = problem.side();
    let help = problem.help();
    child.fill(0);
    let mut perm = [[0u8; 64]; 3];
    let mut pos = [[0u8; 65]; 3];
    for bx in 0..n {
        for p in 0..3 {
            for j in 0..n {
                let v = parents[p][bx * n + j];
                perm[p][j] = v;
                pos[p][v as usize] = j as u8;
            }
        }
        for j in 0..n {
            let g = bx * n + j;
            if help[g] != 0 {
                child[g] = help[g];
                continue;
            }
            let r = rng.below(100);
            let chosen = if r < WEIGHT_BOUNDS[0] {
                0
            } else if r < WEIGHT_BOUNDS[1] {
                1
            } else {
                2
            };
            let v = perm[chosen][j];
            for q in 0..3 {
                let k = pos[q][v as usize] as usize;
                if q != chosen && k != j {
                    let w = perm[q][j];
                    perm[q][j] = v;
                    perm[q][k] = w;
                    pos[q][v as usize] = j as u8;
                    pos[q][w as usize] = k as u8;
                }
            }
            child[g] = v;
        }
    }
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of one GPU `multi_parent`: the
/// child cleared, then per box the three parents loaded and the positions aligned.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    let (words, n) = (params.genome_words as u64, params.side as u64);
    run(words) + run(n) + 4 * n * run(n)
}
