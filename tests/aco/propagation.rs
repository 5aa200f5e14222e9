//! Propagation.

use super::*;

#[test]
fn the_start_board_is_the_fixpoint_of_singles() {
    for grid in [
        repo_puzzle("ai-escargot"),
        repo_puzzle("mantere-no29"),
        repo_puzzle("easy-16x16"),
        lloyd_amos("inst16x16_45_3"),
        lloyd_amos("inst25x25_45_0"),
        lloyd_amos("inst25x25_60_1"),
    ] {
        let tables = AcoTables::new(&grid);
        let reference = singles_solver(&grid).propagate(&grid).expect("consistent");
        assert_eq!(tables.start, reference.candidates, "{grid}");
        assert_eq!(
            tables.start_filled as usize,
            grid.givens() + reference.fixed,
            "{grid}"
        );
    }
}

/// Fixes open cells to a solution's digits one at a time, as an ant does, and checks every step
/// against the exact solver's incremental `assign`; then again with a budget so small that
/// every propagation pauses many times.
#[test]
fn incremental_propagation_matches_the_exact_solver() {
    for grid in [
        repo_puzzle("ai-escargot"),
        lloyd_amos("inst16x16_45_0"),
        lloyd_amos("inst25x25_45_0"),
    ] {
        let solution = exact::solve(&grid, &exact::Limits::default())
            .first()
            .cloned()
            .expect("solvable");
        let tables = AcoTables::new(&grid);
        let p = AcoConfig::default().params(&tables);
        let mut solver = singles_solver(&grid);
        let mut masks = tables.start.clone();
        let mut ant = Ant::new(tables.cells);
        ant.cand.copy_from_slice(&tables.start);
        for (d, &m) in ant.done.iter_mut().zip(&tables.start) {
            *d = m.count_ones() == 1;
        }
        ant.filled = tables.start_filled;
        let mut paused = ant.clone();
        let mut pauses = 0;
        for c in 0..tables.cells {
            if masks[c].count_ones() < 2 {
                continue;
            }
            let digit = solution.get(c);
            solver
                .assign(&mut masks, c, digit)
                .expect("a solution digit");
            for a in [&mut ant, &mut paused] {
                a.cand[c] = 1 << (digit - 1);
                a.mark(&tables, c);
                a.push(c);
            }
            let mut unlimited = u32::MAX;
            assert!(propagate(&p, &tables, &mut ant, &mut unlimited));
            assert_eq!(ant.cand, masks, "{grid}: after fixing cell {c}");
            loop {
                let mut budget = p.work_cost + 3;
                if propagate(&p, &tables, &mut paused, &mut budget) {
                    break;
                }
                pauses += 1;
            }
            assert_eq!(paused, ant, "{grid}: paused propagation after cell {c}");
        }
        assert!(pauses > 0);
        assert_eq!(ant.filled as usize, tables.cells);
        assert!(ant.done.iter().all(|&d| d));
        let filled: Vec<u8> = ant.digits().map(|d| d as u8).collect();
        assert_eq!(filled, solution.cells());
    }
}

/// A wrong choice empties cells instead of failing: the filled cells never clash.
#[test]
fn a_wrong_choice_leaves_empty_cells_and_no_clash() {
    let grid = repo_puzzle("ai-escargot");
    let tables = AcoTables::new(&grid);
    let p = AcoConfig::default().params(&tables);
    let mut ant = Ant::new(tables.cells);
    ant.cand.copy_from_slice(&tables.start);
    for (d, &m) in ant.done.iter_mut().zip(&tables.start) {
        *d = m.count_ones() == 1;
    }
    ant.filled = tables.start_filled;
    // Always take the highest candidate: some choice will be wrong.
    for c in 0..tables.cells {
        let m = ant.cand[c];
        if m.count_ones() > 1 {
            let d = 63 - m.leading_zeros() as usize;
            ant.cand[c] = 1 << d;
            ant.mark(&tables, c);
            ant.push(c);
            let mut budget = u32::MAX;
            assert!(propagate(&p, &tables, &mut ant, &mut budget));
        }
    }
    let empty = ant.cand.iter().filter(|&&m| m == 0).count();
    assert!(
        empty > 0,
        "a greedy fill of AI Escargot should fail somewhere"
    );
    assert_eq!(ant.filled as usize + empty, tables.cells);
    let mut partial = grid.clone();
    for (c, d) in ant.digits().enumerate() {
        partial.set(c, d as u8);
    }
    assert_eq!(partial.first_clash(), None);
    assert_eq!(partial.givens(), ant.filled as usize);
}
