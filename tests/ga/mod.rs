//! Tests: the CPU genetic algorithm — operator invariants, determinism, solving.

use evoku::board::Grid;
use evoku::format::{self, ParseOptions};
use evoku::ga::cpu::assign::box_assignment;
use evoku::ga::cpu::crossover::{band_crossover, uniform_crossover};
use evoku::ga::cpu::fitness::{fitness, line_penalty, paper_score};
use evoku::ga::cpu::init::init_slot;
use evoku::ga::cpu::local_search::{local_search, swapped_penalty};
use evoku::ga::cpu::multi_parent::multi_parent;
use evoku::ga::cpu::mutation::{candidate_mutation, directed_mutation, may_take, swap_mutation};
use evoku::ga::cpu::CpuEngine;
use evoku::ga::{
    self, CrossoverKind, GaConfig, InitKind, MutationKind, Params, Preset, Problem, RunLimits,
};
use evoku::rng::Rng;
use proptest::prelude::*;

use crate::util;

fn puzzle(path: &str) -> Grid {
    let (puzzles, _) = format::read_puzzles(
        util::repo(path).to_str().expect("utf-8 path"),
        &ParseOptions::default(),
    )
    .expect("puzzle file");
    puzzles[0].grid.clone()
}

/// Puzzles of each size the operators are checked on.
fn boards() -> Vec<Grid> {
    [
        "puzzles/ai-escargot.txt",
        "puzzles/mantere-no106.txt",
        "puzzles/lloyd-amos-16x16-45.txt",
        "puzzles/lloyd-amos-25x25-45.txt",
    ]
    .iter()
    .map(|p| puzzle(p))
    .collect()
}

/// Every box a permutation of 1..=n and every help-array cell untouched.
fn assert_invariants(problem: &Problem, genome: &[u8], what: &str) {
    let n = problem.side();
    for bx in 0..n {
        let mut seen = 0u64;
        for &d in &genome[bx * n..(bx + 1) * n] {
            assert!(d >= 1 && d as usize <= n, "{what}: digit {d} out of range");
            seen |= 1 << (d - 1);
        }
        assert_eq!(
            seen,
            problem.geometry().all_digits(),
            "{what}: box {bx} is not a permutation"
        );
    }
    for (g, &h) in problem.help().iter().enumerate() {
        if h != 0 {
            assert_eq!(genome[g], h, "{what}: given at genome index {g} moved");
        }
    }
    assert!(
        genome[n * n..].iter().all(|&b| b == 0),
        "{what}: padding bytes written"
    );
}

fn config(init: InitKind, presolve: bool) -> GaConfig {
    let mut c = GaConfig::preset(Preset::Paper);
    c.init = init;
    c.presolve = presolve;
    c
}

fn random_genome(problem: &Problem, params: &Params, seed: u32) -> Vec<u8> {
    let mut genome = vec![0u8; params.genome_bytes()];
    init_slot(params, problem, seed, 0, seed, &mut genome);
    genome
}

mod candidate_mutation;
mod checks;
mod determinism;
mod fitness_and_swap;
mod properties;
mod solving;
use solving::solve_cpu;
