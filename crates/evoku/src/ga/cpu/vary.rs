//! Mutation, box assignment and local search of one child: the part of `breed` after the
//! crossover (twin of the same steps in `crates/evoku/shaders/ga/breed.wgsl`), over either encoding's line
//! counts (`Counted`).

use super::assign::box_assignments;
use super::draw_table::DrawTable;
use super::fitness::fitness;
use super::local_search::local_search_counted;
use super::row::Counted;
use crate::ga::{MutationKind, MutationScope, Params, Problem};
use crate::rng::{Draws, Rng};

/// How many times a child draws whether to mutate: once, or once per box (`MutationScope`).
fn mutation_chances(params: &Params) -> u32 {
    if params.mutation_scope == MutationScope::Box as u32 {
        params.side
    } else {
        1
    }
}

/// Mutation (`kind` at rate `mutation_rate`), box assignment and local search of a child
/// (`inherited`: its penalty when it is known, an unchanged copy of its parent's; `counts`: its
/// line counts when they are known, left as the child's when they are known at the end);
/// returns its penalty, and when a mutation swap was made, the penalty right after the
/// mutations. Unless given, the line counts are built at the first mutation chance that fires
/// and carried through the child's swaps.
#[inline(always)]
pub fn vary<C: Counted>(
    params: &Params,
    problem: &Problem,
    (kind, mutation_rate): (MutationKind, u32),
    rng: &mut Rng,
    child: &mut [u8],
    mut inherited: Option<u32>,
    counts: &mut Option<C>,
) -> (u32, Option<u32>) {
    let chances = mutation_chances(params);
    // One chance per box: the chances that fire are found from a table of the child's next
    // draws, hashed ahead at once (the same draws, so the same child); 32 draws up to 16x16
    // (a child spends about 17 at 9x9, 28 at 16x16), 64 above. Longer tables cost more than
    // they save at 9x9 and 16x16 (docs/results/cpu-engine.md#the-paper-preset-per-thread-draws-hashed-ahead-crossed-childrens-counts-from-their-parents-lines-from-a-table-slots-in-runs-issue-14).
    let rates = (kind, mutation_rate);
    let mutated = if chances > 16 {
        let mut table = DrawTable::<64>::new(*rng, mutation_rate);
        let mutated = mutate(problem, rates, chances, &mut table, child, counts);
        *rng = table.rng();
        mutated
    } else if chances > 1 {
        let mut table = DrawTable::<32>::new(*rng, mutation_rate);
        let mutated = mutate(problem, rates, chances, &mut table, child, counts);
        *rng = table.rng();
        mutated
    } else {
        mutate(problem, rates, chances, rng, child, counts)
    };
    if mutated {
        inherited = None;
    }
    // A swap was made, so the counts were built.
    let after_mutation = counts.as_ref().filter(|_| mutated).map(|c| c.penalty());
    if params.assign_steps > 0 {
        box_assignments(
            problem,
            params.assign_noise,
            rng,
            child,
            params.assign_steps,
        );
        inherited = None;
        *counts = None;
    }
    let mut penalty = match (inherited, &*counts) {
        (Some(penalty), _) => penalty,
        (None, Some(counts)) => counts.penalty(),
        (None, None) => fitness(problem, child),
    };
    if params.local_search > 0 {
        let counts = built(counts, problem, child);
        penalty = local_search_counted(
            problem,
            kind,
            rng,
            child,
            counts,
            penalty,
            params.local_search,
        );
    }
    (penalty, after_mutation)
}

/// The mutation chances of a child (`chances` draws at `mutation_rate`), each that fires
/// mutating by `kind`; returns whether a swap was made. Unless given, the line counts are
/// built at the first chance that fires.
#[inline(always)]
fn mutate<C: Counted>(
    problem: &Problem,
    (kind, mutation_rate): (MutationKind, u32),
    chances: u32,
    draws: &mut impl Draws,
    child: &mut [u8],
    counts: &mut Option<C>,
) -> bool {
    let mut mutated = false;
    let mut left = chances;
    while let Some(drawn) = draws.next_chance(mutation_rate, left) {
        left -= drawn;
        let counts = built(counts, problem, child);
        if let Some((i, j)) = counts.mutation(problem, kind, draws, child) {
            counts.swap(problem, child, i, j);
            mutated = true;
        }
    }
    mutated
}

/// The child's line counts, built now if they are not yet (`Option::get_or_insert_with`,
/// spelled out so it inlines into `breed`'s bit-instruction build).
#[inline(always)]
fn built<'a, C: Counted>(counts: &'a mut Option<C>, problem: &Problem, child: &[u8]) -> &'a mut C {
    if counts.is_none() {
        *counts = Some(C::build(problem, child));
    }
    match counts {
        Some(counts) => counts,
        None => unreachable!("built just above"),
    }
}
