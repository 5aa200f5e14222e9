//! Stage-by-stage parity at 16x16, at 25x25 with heavy local search, at 36x36 (64-bit digit
//! masks), and with a 2-D dispatch.

use super::*;

#[test]
fn gpu_stages_match_the_cpu_on_16x16() {
    let Some(ctx) = gpu() else { return };
    let grid = lloyd_amos("inst16x16_45_0.txt");
    let cases = [
        (
            "16x16 box assignment 2 steps without noise + band, no local search, candidates without presolve",
            config(Preset::Default, |c| {
                c.population = 16;
                c.islands = 2;
                c.assign_steps = 2;
                c.assign_noise = 0;
                c.local_search = 0;
                c.presolve = false;
                c.seed = 15;
            }),
        ),
        (
            "16x16 band + directed + local search 8, restarts, migration",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 2;
                c.local_search = 8;
                c.restart_after = 2;
                c.restart_keep = 2;
                c.migration = 2;
                c.seed = 16;
            }),
        ),
        (
            "16x16 multi-parent + swap, aging, random init",
            config(Preset::Paper, |c| {
                c.population = 22;
                c.islands = 3;
                c.elites = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 0.9;
                c.aging = true;
                c.migration = 2;
                c.mutation = MutationKind::Swap;
                c.seed = 17;
            }),
        ),
        (
            "16x16 band + candidate + local search 8, presolve, restarts",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 2;
                c.mutation = MutationKind::Candidate;
                c.mutation_rate = 1.0;
                c.local_search = 8;
                c.restart_after = 3;
                c.restart_keep = 1;
                c.seed = 18;
            }),
        ),
    ];
    for (label, config) in &cases {
        parity(label, &ctx, &grid, config, 10);
    }
}

/// The largest per-invocation work: 25x25 with 64 local-search children of directed mutation
/// after a three-parent crossover. lavapipe silently cuts a shader's loops after 65,535
/// iterations in total, which this case would show as a mismatch.
#[test]
fn gpu_stages_match_the_cpu_on_25x25_with_heavy_local_search() {
    let Some(ctx) = gpu() else { return };
    let grid = lloyd_amos("inst25x25_45_0.txt");
    let cases = [
        (
            "25x25 multi-parent + directed + local search 64",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 1.0;
                c.mutation_rate = 1.0;
                c.local_search = 64;
                c.presolve = false;
                c.migration = 2;
                c.seed = 25;
            }),
        ),
        (
            "25x25 box assignment 4 steps (the most that fit lavapipe's loop limit on this puzzle) + band + directed, presolve",
            config(Preset::Default, |c| {
                c.population = 12;
                c.islands = 2;
                c.assign_steps = 4;
                c.local_search = 0;
                c.seed = 24;
            }),
        ),
        (
            "25x25 band + directed once per box at rate 1 + local search 8",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.mutation_rate = 1.0;
                c.mutation_scope = MutationScope::Box;
                c.local_search = 8;
                c.seed = 26;
            }),
        ),
        (
            "25x25 uniform + swap + local search 16, aging, random init",
            config(Preset::Paper, |c| {
                c.population = 24;
                c.islands = 3;
                c.elites = 3;
                c.crossover = CrossoverKind::Uniform;
                c.local_search = 16;
                c.aging = true;
                c.migration = 2;
                c.mutation = MutationKind::Swap;
                c.seed = 27;
            }),
        ),
        (
            "25x25 band + directed + local search 64, restarts",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.crossover_rate = 1.0;
                c.local_search = 64;
                c.restart_after = 2;
                c.restart_keep = 1;
                c.seed = 26;
            }),
        ),
        (
            "25x25 multi-parent + candidate + local search 64, presolve",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 1.0;
                c.mutation = MutationKind::Candidate;
                c.mutation_rate = 1.0;
                c.local_search = 64;
                c.migration = 2;
                c.seed = 28;
            }),
        ),
        (
            "25x25 band + candidate + local search 8, candidates without presolve",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 2;
                c.mutation = MutationKind::Candidate;
                c.local_search = 8;
                c.presolve = false;
                c.seed = 29;
            }),
        ),
    ];
    for (label, config) in &cases {
        parity(label, &ctx, &grid, config, 8);
    }
}

/// From 36x36 on the shaders hold digit masks in 64 bits (crates/evoku/shaders/ga/mask_wide.wgsl); up to 25x25
/// in one word (mask_narrow.wgsl). Every operator that reads masks, at 36x36, in both encodings.
#[test]
fn gpu_stages_match_the_cpu_on_36x36_with_64_bit_masks() {
    let Some(ctx) = gpu() else { return };
    let grid = large("inst36x36_45_0.txt");
    let cases = [
        (
            "36x36 band + directed once per box at rate 1 + local search 2, presolve",
            config(Preset::Default, |c| {
                c.population = 8;
                c.islands = 2;
                c.mutation_rate = 1.0;
                c.mutation_scope = MutationScope::Box;
                c.local_search = 2;
                c.seed = 36;
            }),
        ),
        (
            "36x36 multi-parent + candidate + local search 2, restarts, random init",
            config(Preset::Paper, |c| {
                c.population = 8;
                c.islands = 2;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 1.0;
                c.mutation = MutationKind::Candidate;
                c.mutation_rate = 1.0;
                c.local_search = 2;
                c.restart_after = 2;
                c.restart_keep = 1;
                c.seed = 37;
            }),
        ),
        (
            "36x36 row encoding, first-fit",
            config(Preset::Row, |c| {
                c.population = 8;
                c.islands = 2;
                c.seed = 38;
            }),
        ),
        (
            "36x36 row encoding, directed",
            config(Preset::Row, |c| {
                c.population = 8;
                c.islands = 2;
                c.mutation = MutationKind::Directed;
                c.mutation_rate = 1.0;
                c.seed = 39;
            }),
        ),
    ];
    for (label, config) in &cases {
        parity(label, &ctx, &grid, config, 4);
    }
}

/// 49x49 and 64x64 (box sizes 7 and 8, the largest digit masks): the block operators on the
/// sample instances at 45 %, and the box assignment (the walk's move) from 36x36 on, on boards
/// generated full enough that one or two assignments of their fullest box fit lavapipe's loop
/// limit (`GpuEngine::new` refuses a run that would not; an empty 36x36 box alone would not).
#[test]
fn gpu_stages_match_the_cpu_on_49x49_and_64x64_and_the_walk_past_25x25() {
    let Some(ctx) = gpu() else { return };
    let cases = [
        (
            "49x49 band + directed once per box at rate 1 + local search 1, presolve",
            large("inst49x49_45_0.txt"),
            config(Preset::Default, |c| {
                c.population = 6;
                c.islands = 2;
                c.assign_steps = 0;
                c.mutation_rate = 1.0;
                c.mutation_scope = MutationScope::Box;
                c.local_search = 1;
                c.seed = 49;
            }),
        ),
        (
            "64x64 uniform + swap once per child, aging, random init",
            large("inst64x64_45_0.txt"),
            config(Preset::Paper, |c| {
                c.mutation_scope = MutationScope::Child;
                c.population = 6;
                c.islands = 2;
                c.elites = 2;
                c.crossover = CrossoverKind::Uniform;
                c.crossover_rate = 0.9;
                c.mutation = MutationKind::Swap;
                c.aging = true;
                c.migration = 2;
                c.seed = 64;
            }),
        ),
        (
            "64x64 multi-parent + candidate + local search 1, restarts",
            large("inst64x64_45_0.txt"),
            config(Preset::Default, |c| {
                c.population = 6;
                c.islands = 2;
                c.assign_steps = 0;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 1.0;
                c.mutation = MutationKind::Candidate;
                c.mutation_rate = 1.0;
                c.local_search = 1;
                c.restart_after = 2;
                c.restart_keep = 1;
                c.seed = 65;
            }),
        ),
    ];
    for (label, grid, config) in &cases {
        parity(label, &ctx, grid, config, 4);
    }
    for (b, fill, steps) in [(6, 75, 2), (7, 80, 1), (8, 85, 1)] {
        let walk = config(Preset::Walk, |c| {
            c.population = 4;
            c.islands = 2;
            c.assign_steps = steps;
            c.seed = b as u64;
        });
        let label = format!(
            "{0}x{0} at {fill} %, the walk with {steps} box assignments",
            b * b
        );
        parity(&label, &ctx, &generated(b, fill), &walk, 4);
    }
}

/// More workgroups than one dispatch row holds: the engine then dispatches a 2-D grid and the
/// shaders rebuild each individual's and island's index from (x, y). An adapter allows 65,535
/// or more per row, which takes millions of individuals to exceed; a context narrowed to 3 per
/// row reaches the same path with 420 individuals (7 workgroups, 3 x 3 with 2 idle) and 7
/// islands (3 x 3 with 2 idle), and must still match the CPU bit for bit.
#[test]
fn gpu_stages_match_the_cpu_with_a_2d_dispatch() {
    let Some(ctx) = gpu() else { return };
    let narrow = ctx.with_max_workgroups_per_dimension(3);
    assert_eq!(narrow.limits.max_compute_workgroups_per_dimension, 3);
    let config = config(Preset::Default, |c| {
        c.population = 60;
        c.islands = 7;
        c.local_search = 2;
        c.restart_after = 3;
        c.restart_keep = 2;
        c.migration = 2;
        c.seed = 65_535;
    });
    let individuals = u64::from(config.population) * u64::from(config.islands);
    let groups = individuals.div_ceil(u64::from(evoku::ga::common::WORKGROUP_SIZE));
    assert!(groups > 3 && config.islands > 3, "not a 2-D dispatch");
    parity(
        "2-D dispatch, 7 islands of 60",
        &narrow,
        &seed_puzzle("ai-escargot"),
        &config,
        6,
    );
}
