//! Swap mutation inside one box, guided by the help array (ALGORITHMS.md section 2).
//!
//! Twin of `swap_mutation` and `directed_mutation` in `shaders/mutation.wgsl`. The functions only
//! choose the pair; the caller swaps.

use crate::ga::{MutationKind, Problem};
use crate::rng::Rng;

/// Two genome indices to swap, or `None` when the attempt is abandoned.
pub type SwapPair = Option<(usize, usize)>;

/// The paper's mutation: a random box and two random positions in it; abandoned when they are
/// equal or either is a given, so the effective rate is below the nominal one.
pub fn swap_mutation(problem: &Problem, rng: &mut Rng) -> SwapPair {
    let n = problem.side() as u32;
    let bx = rng.below(n);
    let i = (bx * n + rng.below(n)) as usize;
    let j = (bx * n + rng.below(n)) as usize;
    let help = problem.help();
    (i != j && help[i] == 0 && help[j] == 0).then_some((i, j))
}

/// How often `digit` occurs in line `line`.
fn count_in_line(problem: &Problem, genome: &[u8], line: usize, digit: u8) -> u32 {
    let n = problem.side();
    problem.line_cells()[line * n..(line + 1) * n]
        .iter()
        .filter(|&&g| genome[g as usize] == digit)
        .count() as u32
}

/// `list[draw]`, where `draw` runs over every entry but `list[skip]`.
fn pick_other(list: &[u8], skip: usize, rng: &mut Rng) -> u8 {
    let k = rng.below(list.len() as u32 - 1) as usize;
    list[if k >= skip { k + 1 } else { k }]
}

/// Directed mutation: in a random box, swap two free cells whose digits are duplicated in their
/// row or column; with one such cell, swap it with another free cell; with none, any two free
/// cells. Abandoned only when the box has fewer than two free cells.
pub fn directed_mutation(problem: &Problem, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    let n = problem.side();
    let bx = rng.below(n as u32) as usize;
    let help = problem.help();
    let mut free = [0u8; 64];
    let mut duplicated = [0u8; 64];
    let (mut free_count, mut duplicated_count) = (0, 0);
    for p in 0..n {
        let g = bx * n + p;
        if help[g] != 0 {
            continue;
        }
        free[free_count] = p as u8;
        free_count += 1;
        let d = genome[g];
        if count_in_line(problem, genome, problem.row_of()[g] as usize, d) > 1
            || count_in_line(problem, genome, n + problem.col_of()[g] as usize, d) > 1
        {
            duplicated[duplicated_count] = p as u8;
            duplicated_count += 1;
        }
    }
    if free_count < 2 {
        return None;
    }
    let (free, duplicated) = (&free[..free_count], &duplicated[..duplicated_count]);
    let (i, j) = if duplicated.len() >= 2 {
        let k = rng.below(duplicated.len() as u32) as usize;
        (duplicated[k], pick_other(duplicated, k, rng))
    } else {
        let k = if duplicated.len() == 1 {
            free.iter().position(|&p| p == duplicated[0]).unwrap_or(0)
        } else {
            rng.below(free.len() as u32) as usize
        };
        (free[k], pick_other(free, k, rng))
    };
    Some((bx * n + i as usize, bx * n + j as usize))
}

/// The mutation `kind` names.
pub fn mutation(problem: &Problem, kind: MutationKind, rng: &mut Rng, genome: &[u8]) -> SwapPair {
    match kind {
        MutationKind::Swap => swap_mutation(problem, rng),
        MutationKind::Directed => directed_mutation(problem, rng, genome),
    }
}
