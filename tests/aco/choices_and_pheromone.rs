//! Choices and pheromone.

use super::*;

fn small_params() -> (AcoTables, AcoParams) {
    let tables = AcoTables::new(&repo_puzzle("ai-escargot"));
    let p = AcoConfig::default().params(&tables);
    (tables, p)
}

#[test]
fn greedy_takes_the_most_pheromone_and_roulette_follows_it() {
    let (_, p) = small_params();
    let mut pher = vec![p.tau0; p.pher_words()];
    let cell = 5;
    // Digits 2, 4 and 7 (indices 1, 3, 6) open; index 3 has 3x the pheromone of the others.
    let m: u64 = 1 << 1 | 1 << 3 | 1 << 6;
    pher[p.pher_index(cell, 3)] = 3 * p.tau0;
    pher[p.pher_index(cell, 0)] = 100 * p.tau0; // not a candidate
    assert_eq!(greedy_choice(&p, &pher, cell, m), 3);
    pher[p.pher_index(cell, 6)] = 3 * p.tau0;
    assert_eq!(
        greedy_choice(&p, &pher, cell, m),
        3,
        "ties go to the lower digit"
    );
    pher[p.pher_index(cell, 6)] = p.tau0;
    let mut rng = Rng::new(3);
    let mut counts = [0u32; 9];
    for _ in 0..50_000 {
        counts[roulette_choice(&p, &pher, cell, m, rng.next_u32()) as usize] += 1;
    }
    assert_eq!(counts[0] + counts[2] + counts[4] + counts[5] + counts[7], 0);
    // Expected 10,000 / 30,000 / 10,000.
    for (d, expected) in [(1, 10_000), (3, 30_000), (6, 10_000)] {
        let c = counts[d] as i64;
        assert!((c - expected).abs() < 800, "digit index {d}: {c}");
    }
    // Near-overflow pheromone still draws in proportion (the weights are shifted).
    let big = u32::MAX / 2;
    pher[p.pher_index(cell, 1)] = big;
    pher[p.pher_index(cell, 3)] = big;
    pher[p.pher_index(cell, 6)] = big;
    let mut counts = [0u32; 9];
    for _ in 0..30_000 {
        counts[roulette_choice(&p, &pher, cell, m, rng.next_u32()) as usize] += 1;
    }
    for d in [1, 3, 6] {
        assert!((9_000..11_000).contains(&counts[d]), "{counts:?}");
    }
}

#[test]
fn local_update_pulls_towards_tau0() {
    let (_, p) = small_params();
    let mut pher = vec![p.tau0; p.pher_words()];
    let i = p.pher_index(7, 2);
    pher[i] = 50 * p.tau0;
    let mut ant = Ant::new(p.cells as usize);
    ant.choice_cell = 7;
    ant.choice_digit = 2;
    let mut idle = Ant::new(p.cells as usize);
    idle.choice_cell = NO_CHOICE;
    let mut previous = pher[i];
    for _ in 0..200 {
        local_update(&p, &[ant.clone(), idle.clone()], &mut pher);
        assert!(pher[i] <= previous);
        previous = pher[i];
    }
    // (1 - 0.1)^200 of the excess is gone, up to rounding.
    assert!(pher[i] - p.tau0 < 16, "{} vs tau0 {}", pher[i], p.tau0);
    assert_eq!(pher.iter().filter(|&&t| t != p.tau0).count(), 1);
    // Two ants on the same choice apply the update twice.
    let mut twice = vec![p.tau0; p.pher_words()];
    twice[i] = 50 * p.tau0;
    local_update(&p, &[ant.clone(), ant], &mut twice);
    assert_eq!(
        twice[i],
        blend(blend(50 * p.tau0, p.tau0, p.local_q16), p.tau0, p.local_q16)
    );
}

#[test]
fn colony_update_deposits_evaporates_and_restarts() {
    let (tables, mut p) = small_params();
    p.restart_after = 3;
    let cells = p.cells as usize;
    let mut pher = vec![p.tau0; p.pher_words()];
    let mut records = vec![0u32; p.record_words as usize];
    let mut colony = Colony::default();
    let ant_with = |filled: u32| {
        let mut a = Ant::new(cells);
        a.cand.copy_from_slice(&tables.start);
        for (d, &m) in a.done.iter_mut().zip(&tables.start) {
            *d = m.count_ones() == 1;
        }
        a.filled = filled;
        a
    };
    let start = tables.start_filled;
    let ants = vec![ant_with(start), ant_with(start + 2), ant_with(start + 2)];
    colony_update(&p, &mut colony, &ants, &mut pher, &mut records);
    assert_eq!(colony.iteration, 1);
    assert_eq!(colony.iteration_best_ant, 1, "ties go to the lower ant");
    assert_eq!(colony.best_filled, start + 2);
    assert_eq!(colony.overall_best_filled, start + 2);
    assert_eq!(records[0], start + 2);
    assert_eq!(records[1 + cells], start + 2);
    let deposit = p.dtau(start + 2);
    assert_eq!(
        colony.best_value,
        deposit - mul_q16(deposit, p.evaporation_q16)
    );
    // Every given's pheromone moved towards the deposit; open cells kept tau0.
    let given = (0..cells)
        .find(|&c| tables.start[c].count_ones() == 1)
        .unwrap();
    let d = tables.start[given].trailing_zeros() as usize;
    assert_eq!(
        pher[p.pher_index(given, d)],
        blend(p.tau0, deposit, p.rho_q16)
    );
    let open = (0..cells)
        .find(|&c| tables.start[c].count_ones() > 1)
        .unwrap();
    assert!((0..9).all(|d| pher[p.pher_index(open, d)] == p.tau0));
    // Worse iterations: the best value only evaporates, then stagnation restarts the colony.
    let worse = vec![ant_with(start); 3];
    for k in 1..=3 {
        let before = colony.best_value;
        colony_update(&p, &mut colony, &worse, &mut pher, &mut records);
        if k < 3 {
            assert_eq!(colony.stagnation, k);
            assert_eq!(colony.best_filled, start + 2);
            assert_eq!(
                colony.best_value,
                before - mul_q16(before, p.evaporation_q16)
            );
        }
    }
    assert_eq!(colony.restarts, 1);
    assert_eq!((colony.best_value, colony.epoch_max_filled), (0, 0));
    // The pheromone's reset is the restart stage's.
    assert_eq!(colony.restart_pending, 1);
    assert!(pher.iter().any(|&t| t != p.tau0));
    restart(&p, &colony, &mut pher);
    assert!(pher.iter().all(|&t| t == p.tau0));
    assert_eq!(
        colony.overall_best_filled,
        start + 2,
        "kept across restarts"
    );
    // A full ant solves the colony, which then stays as it is.
    let full = vec![ant_with(p.cells)];
    colony_update(&p, &mut colony, &full, &mut pher, &mut records);
    assert_eq!(colony.solved, 1);
    let frozen = colony;
    colony_update(&p, &mut colony, &worse, &mut pher, &mut records);
    assert_eq!(colony, frozen);
    // The global update touches only a record's filled cells.
    let mut pher = vec![p.tau0; p.pher_words()];
    let mut record = vec![0u32; 1 + cells];
    record[1 + 4] = 9;
    global_update(&p, 1000 * p.tau0, &record, &mut pher);
    assert_eq!(pher.iter().filter(|&&t| t != p.tau0).count(), 1);
    assert_eq!(
        pher[p.pher_index(4, 8)],
        blend(p.tau0, 1000 * p.tau0, p.rho_q16)
    );
}

#[test]
fn a_tour_visits_every_cell_once_and_keeps_its_board_consistent() {
    let grid = lloyd_amos("inst16x16_45_0");
    let tables = AcoTables::new(&grid);
    let p = config(|c| c.ants = 4).params(&tables);
    let mut colony = Colony::default();
    let mut ants = vec![Ant::new(tables.cells); 4];
    let mut pher = vec![p.tau0; p.pher_words()];
    tour(&p, &tables, 0, &mut colony, &mut ants, &mut pher, 7);
    assert_eq!(colony.step, 7);
    tour(&p, &tables, 0, &mut colony, &mut ants, &mut pher, u32::MAX);
    assert_eq!(colony.step, p.tour_steps);
    let starts: Vec<u32> = ants.iter().map(|a| a.pointer).collect();
    assert!(starts.windows(2).any(|w| w[0] != w[1]), "random starts");
    for ant in &ants {
        assert_eq!(ant.stack_len, 0);
        assert_eq!(ant.budget_stops, 0);
        assert_eq!(ant.visits, p.cells);
        let empty = ant.cand.iter().filter(|&&m| m == 0).count();
        assert_eq!(ant.filled as usize + empty, tables.cells);
        let mut partial = grid.clone();
        for (c, d) in ant.digits().enumerate() {
            partial.set(c, d as u8);
        }
        assert_eq!(partial.first_clash(), None);
    }
    // Local updates pull towards tau0, where everything starts: nothing moves before a global
    // update.
    assert!(pher.iter().all(|&t| t == p.tau0));
}
