//! Tests: the row-encoded GA and the adaptive rates on the GPU (lavapipe in CI), bit for bit the
//! CPU engine's: every buffer and island state (rates and outcome counts included) after init
//! and after each generation, at 9x9, 16x16 and 25x25. Skipped without an adapter unless
//! `EVOKU_REQUIRE_GPU=1`.

use evoku::ga::{CrossoverKind, Encoding, GaConfig, MutationKind, MutationScope, Params, Preset};

use super::gpu::{config, gpu, lloyd_amos, parity, seed_puzzle, Seen};

/// Runs every case for `generations` and checks that crossovers and mutations were counted in
/// the last generation and that an island restarted; returns the islands whose adaptive rates
/// stand away from the starting rates at the end.
fn row_cases(
    ctx: &evoku::gpu::GpuContext,
    grid: &evoku::board::Grid,
    cases: &[(&str, GaConfig)],
    generations: u32,
) -> usize {
    let (mut moved, mut restarts, mut crossovers, mut mutations) = (0, 0, 0, 0);
    for (label, config) in cases {
        let seen: Seen = parity(label, ctx, grid, config, generations);
        restarts += seen.restarts;
        if config.adaptive {
            let problem = evoku::ga::Problem::for_config(grid, config).unwrap();
            let params = Params::new(&problem, config);
            moved += seen
                .states
                .iter()
                .filter(|s| {
                    s.crossover_rate_q16 != params.crossover_rate_q16
                        || s.mutation_rate_q16 != params.mutation_rate_q16
                })
                .count();
            crossovers += seen
                .states
                .iter()
                .map(|s| s.crossover_successes)
                .sum::<u32>();
            mutations += seen
                .states
                .iter()
                .map(|s| s.mutation_improvements)
                .sum::<u32>();
        }
    }
    assert!(
        restarts > 0 && crossovers > 0 && mutations > 0,
        "{restarts} restarts, {crossovers} crossovers and {mutations} mutations in the last \
         generations"
    );
    moved
}

#[test]
fn gpu_row_encoding_matches_the_cpu_on_9x9() {
    let Some(ctx) = gpu() else { return };
    let escargot = seed_puzzle("ai-escargot");
    let cases = [
        (
            "row preset, restarts, migration",
            config(Preset::Row, |c| {
                c.population = 30;
                c.islands = 3;
                c.restart_after = 4;
                c.restart_keep = 2;
                c.migration = 3;
                c.rate_step = 0.05;
                c.seed = 1;
            }),
        ),
        (
            "row, multi-parent + swap per box + local search 3, aging, random init, presolve",
            config(Preset::Row, |c| {
                c.population = 24;
                c.islands = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 0.6;
                c.mutation = MutationKind::Swap;
                c.mutation_scope = MutationScope::Box;
                c.mutation_rate = 0.3;
                c.local_search = 3;
                c.aging = true;
                c.init = evoku::ga::InitKind::Random;
                c.presolve = true;
                c.seed = 2;
            }),
        ),
        (
            "row, uniform + first-fit + local search 4, fixed rates, tournament 3 at 0.7, 4 elites",
            config(Preset::Row, |c| {
                c.population = 25;
                c.islands = 2;
                c.elites = 4;
                c.tournament = 3;
                c.selection_rate = 0.7;
                c.adaptive = false;
                c.crossover_rate = 0.9;
                c.local_search = 4;
                c.restart_after = 3;
                c.seed = 3;
            }),
        ),
        (
            "row, uniform + directed per unit + local search 4 of directed, adaptive, restarts",
            config(Preset::Row, |c| {
                c.population = 24;
                c.islands = 2;
                c.mutation = MutationKind::Directed;
                c.mutation_scope = MutationScope::Box;
                c.mutation_rate = 0.5;
                c.crossover_rate = 0.5;
                c.local_search = 4;
                c.restart_after = 3;
                c.rate_step = 0.05;
                c.seed = 6;
            }),
        ),
        (
            "block, band + first-fit + adaptive rates + selection rate, restarts",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 2;
                c.mutation = MutationKind::FirstFit;
                c.adaptive = true;
                c.crossover_rate = 0.2;
                c.rate_step = 0.05;
                c.selection_rate = 0.8;
                c.restart_after = 3;
                c.seed = 4;
            }),
        ),
        (
            "block, uniform + directed + local search, adaptive, no presolve",
            config(Preset::Default, |c| {
                c.population = 22;
                c.islands = 2;
                c.crossover = CrossoverKind::Uniform;
                c.adaptive = true;
                c.crossover_rate = 0.5;
                c.presolve = false;
                c.seed = 5;
            }),
        ),
    ];
    assert!(cases.iter().any(|(_, c)| c.encoding == Encoding::Row));
    let moved = row_cases(&ctx, &escargot, &cases, 10);
    assert!(moved > 0, "no adaptive rate moved");
}

#[test]
fn gpu_row_encoding_matches_the_cpu_on_16x16_and_25x25() {
    let Some(ctx) = gpu() else { return };
    let sixteen = lloyd_amos("inst16x16_45_0.txt");
    let cases = [
        (
            "16x16 row preset + local search 8, restarts",
            config(Preset::Row, |c| {
                c.population = 24;
                c.islands = 2;
                c.local_search = 8;
                c.restart_after = 1;
                c.rate_step = 0.05;
                c.seed = 16;
            }),
        ),
        (
            "16x16 row, directed + local search 8 of directed",
            config(Preset::Row, |c| {
                c.population = 20;
                c.islands = 2;
                c.mutation = MutationKind::Directed;
                c.local_search = 8;
                c.restart_after = 2;
                c.seed = 18;
            }),
        ),
        (
            "16x16 row, first-fit per unit at rate 1, multi-parent",
            config(Preset::Row, |c| {
                c.population = 20;
                c.islands = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 0.6;
                c.mutation_scope = MutationScope::Box;
                c.mutation_rate = 1.0;
                c.restart_after = 4;
                c.seed = 17;
            }),
        ),
    ];
    row_cases(&ctx, &sixteen, &cases, 8);
    // The heaviest row case for lavapipe's loop limit: a first-fit scan per unit at 25x25, then
    // local search of first-fit variants.
    let twenty_five = lloyd_amos("inst25x25_45_0.txt");
    let cases = [
        (
            "25x25 row, first-fit per unit at rate 1 + local search 8, restarts",
            config(Preset::Row, |c| {
                c.population = 16;
                c.islands = 2;
                c.mutation_scope = MutationScope::Box;
                c.mutation_rate = 1.0;
                c.local_search = 8;
                c.restart_after = 1;
                c.restart_keep = 1;
                c.rate_step = 0.05;
                c.seed = 25;
            }),
        ),
        (
            "25x25 row, directed per unit at rate 1 + local search 16 of directed",
            config(Preset::Row, |c| {
                c.population = 16;
                c.islands = 2;
                c.mutation = MutationKind::Directed;
                c.mutation_scope = MutationScope::Box;
                c.mutation_rate = 1.0;
                c.local_search = 16;
                c.restart_after = 2;
                c.seed = 27;
            }),
        ),
        (
            "25x25 row preset, uniform at 0.9, tournament 2 at 0.8",
            config(Preset::Row, |c| {
                c.population = 20;
                c.islands = 2;
                c.crossover_rate = 0.9;
                c.restart_after = 3;
                c.seed = 26;
            }),
        ),
    ];
    row_cases(&ctx, &twenty_five, &cases, 6);
}
