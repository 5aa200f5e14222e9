//! Batches of the ACS on a GPU: several puzzles in one engine (`GpuAco::new_batch`), each with
//! its own colonies, and each puzzle's result exactly the one the CPU engine gives it alone.

use evoku::aco::common::COLONY_FROZEN;
use evoku::aco::gpu::{run_batch, GpuAco};

use super::*;

/// Solves `grids` as one batch on the GPU and each alone on the CPU, and asserts every puzzle's
/// two results are the same (and, for a puzzle that ran to the cap, its colonies and pheromone
/// word for word); returns the batch's results.
fn batch_matches_solo_runs(
    label: &str,
    grids: &[Grid],
    config: &AcoConfig,
    max: u32,
) -> Vec<AcoOutcome> {
    let Some(ctx) = crate::gpu::gpu() else {
        return Vec::new();
    };
    let puzzles: Vec<(Grid, AcoTables)> = grids
        .iter()
        .map(|g| (g.clone(), AcoTables::new(g)))
        .collect();
    let tables: Vec<AcoTables> = puzzles.iter().map(|(_, t)| t.clone()).collect();
    let mut batch = GpuAco::new_batch(&ctx, &tables, config).unwrap();
    assert_eq!(batch.puzzles() as usize, grids.len());
    let limits = AcoLimits {
        max_iterations: max,
        time_limit: None,
    };
    let batched = run_batch(&mut batch, &puzzles, limits).unwrap();
    assert_eq!(batched.len(), grids.len());
    let states = batch.colony_states().unwrap();
    let pheromone = batch.pheromone().unwrap();
    let per = config.colonies as usize;
    for (k, ((grid, tables), in_batch)) in puzzles.iter().zip(&batched).enumerate() {
        let label = format!("{label} puzzle {k}");
        let mut cpu = CpuAco::new(tables.clone(), config, Some(1)).unwrap();
        let alone = run_engine(&mut cpu, grid, max);
        same_outcome(&format!("{label}: batch and cpu alone"), &alone, in_batch);
        let counts = |o: &AcoOutcome| (o.ant_tours, o.presolved_cells, o.stopped_by_time);
        assert_eq!(
            counts(&alone),
            counts(in_batch),
            "{label}: tours, presolved"
        );
        // Every colony of the puzzle is frozen now, its state otherwise untouched.
        let own = &states[k * per..(k + 1) * per];
        assert!(
            own.iter().all(|c| c.solved == COLONY_FROZEN),
            "{label}: {own:?}"
        );
        if !alone.solved {
            // Ran to the cap: every colony, and its pheromone, as the CPU left it.
            let thawed: Vec<Colony> = own.iter().map(|c| Colony { solved: 0, ..*c }).collect();
            assert_eq!(thawed, cpu.colony_states(), "{label}: colony states");
            let words = cpu.params().pher_words() * per;
            assert!(
                pheromone[k * words..(k + 1) * words] == cpu.pheromone()[..],
                "{label}: pheromone"
            );
        }
    }
    batched
}

/// Colonies of one ant, so that the puzzles take a few iterations: (colonies, restart after,
/// exchange interval, seed).
fn one_ant_colonies(settings: (u32, u32, u32, u64)) -> AcoConfig {
    let (colonies, restart_after, exchange_interval, seed) = settings;
    AcoConfig {
        colonies,
        ants: 1,
        restart_after,
        exchange_interval,
        seed,
        ..AcoConfig::default()
    }
}

#[test]
fn a_batch_of_nine_by_nine_puzzles_gives_each_its_solo_result() {
    let names = [
        "mantere-no29",
        "ai-escargot",
        "fig1-kashan",
        "mantere-no106",
        "fig1-mantere",
    ];
    let grids: Vec<Grid> = names.iter().map(|name| repo_puzzle(name)).collect();
    let config = one_ant_colonies((3, 6, 2, 11));
    let batched = batch_matches_solo_runs("9x9", &grids, &config, 8);
    if batched.is_empty() {
        return;
    }
    // The puzzles end at different iterations (some solved, one at the cap at least), so the
    // batch froze some while others ran on.
    let mut ends: Vec<(bool, u32)> = batched.iter().map(|o| (o.solved, o.iterations)).collect();
    ends.sort();
    ends.dedup();
    assert!(ends.len() >= 3, "puzzles should end apart: {ends:?}");
    assert!(ends.iter().any(|&(solved, _)| solved), "{ends:?}");
    assert!(ends.contains(&(false, 8)), "a puzzle at the cap: {ends:?}");
}

#[test]
fn a_batch_of_sixteen_by_sixteen_puzzles_gives_each_its_solo_result() {
    let names = ["inst16x16_40_7", "inst16x16_100_0", "inst16x16_0_0"];
    let grids: Vec<Grid> = names.iter().map(|name| lloyd_amos(name)).collect();
    let batched = batch_matches_solo_runs("16x16", &grids, &one_ant_colonies((2, 3, 1, 16)), 3);
    // The full grid is solved by the first iteration, the empty one not within the cap.
    if let [first, full, empty] = &batched[..] {
        assert_eq!((full.solved, full.iterations), (true, 1));
        assert!(first.solved && first.iterations > 1, "{first:?}");
        assert!(!empty.solved, "{empty:?}");
    }
}

#[test]
fn a_batch_refuses_puzzles_of_two_sizes() {
    let Some(ctx) = crate::gpu::gpu() else { return };
    let tables = [
        AcoTables::new(&repo_puzzle("ai-escargot")),
        AcoTables::new(&lloyd_amos("inst16x16_70_0")),
    ];
    match GpuAco::new_batch(&ctx, &tables, &config(|_| {})) {
        Err(e) => assert!(e.to_string().contains("one board size"), "{e}"),
        Ok(_) => panic!("a batch of two sizes was accepted"),
    }
}
