//! Batches: several puzzles in one GPU engine, each exactly as when solved alone.

use evoku::ga::gpu::run_batch;

use super::*;

/// Solves `grids` as one batch on the GPU and each alone on the GPU and on the CPU, and asserts
/// every puzzle's three results are the same; returns the batch's results.
fn batch_matches_solo_runs(
    label: &str,
    grids: &[Grid],
    config: &GaConfig,
    max: u32,
) -> Vec<GaOutcome> {
    let Some(ctx) = gpu() else { return Vec::new() };
    let problems: Vec<Problem> = grids
        .iter()
        .map(|g| Problem::for_config(g, config).unwrap())
        .collect();
    let mut batch = GpuEngine::new_batch(&ctx, &problems, config).unwrap();
    assert_eq!(batch.puzzles() as usize, grids.len());
    // Short submits and steps, so that puzzles finish in different steps of the batch.
    batch.set_generations_per_submit(3);
    let limits = RunLimits {
        max_generations: max,
        time_limit: None,
    };
    let batched = run_batch(&mut batch, &problems, limits).unwrap();
    assert_eq!(batched.len(), grids.len());
    for (k, (problem, in_batch)) in problems.iter().zip(&batched).enumerate() {
        let label = format!("{label} puzzle {k}");
        let mut alone = GpuEngine::new(&ctx, problem.clone(), config).unwrap();
        let on_gpu = solve(&mut alone, problem, max);
        same_outcome(&format!("{label}: batch and gpu alone"), &on_gpu, in_batch);
        let mut cpu = CpuEngine::new(problem.clone(), config, Some(1)).unwrap();
        let on_cpu = solve(&mut cpu, problem, max);
        same_outcome(&format!("{label}: batch and cpu alone"), &on_cpu, in_batch);
        assert_eq!(
            on_cpu.evaluations, in_batch.evaluations,
            "{label}: evaluations"
        );
        assert_eq!(
            on_gpu.evaluations, in_batch.evaluations,
            "{label}: evaluations"
        );
    }
    batched
}

#[test]
fn a_batch_of_nine_by_nine_puzzles_gives_each_its_solo_result() {
    let grids: Vec<Grid> = [0, 1, 3, 4, 2].iter().map(|&k| easy_puzzle(k)).collect();
    let config = config(Preset::Default, |c| {
        c.population = 30;
        c.islands = 3;
        c.presolve = false;
        c.restart_after = 15;
        c.restart_keep = 2;
        c.migration = 3;
        c.seed = 1;
    });
    let batched = batch_matches_solo_runs("easy50", &grids, &config, 200);
    if batched.is_empty() {
        return;
    }
    // The puzzles end at different generations (some solved, some at the cap), so the batch
    // froze some while others ran on.
    let mut ends: Vec<(bool, u32)> = batched.iter().map(|o| (o.solved, o.generations)).collect();
    ends.sort();
    ends.dedup();
    assert!(ends.len() >= 3, "puzzles should end apart: {ends:?}");
    assert!(batched.iter().any(|o| o.solved), "{ends:?}");
}

#[test]
fn a_batch_of_sixteen_by_sixteen_puzzles_gives_each_its_solo_result() {
    let grids: Vec<Grid> = [
        "inst16x16_70_0.txt",
        "inst16x16_100_0.txt",
        "inst16x16_45_3.txt",
    ]
    .iter()
    .map(|f| lloyd_amos(f))
    .collect();
    let config = config(Preset::Default, |c| {
        c.population = 30;
        c.islands = 2;
        c.presolve = false;
        c.migration = 4;
        c.seed = 7;
    });
    let batched = batch_matches_solo_runs("16x16", &grids, &config, 150);
    if batched.is_empty() {
        return;
    }
    // The full grid is solved by its first population, the others later or not at all.
    assert_eq!((batched[1].solved, batched[1].generations), (true, 0));
    assert!(batched[0].generations > 0);
}

#[test]
fn a_batch_refuses_puzzles_of_two_sizes() {
    let Some(ctx) = gpu() else { return };
    let config = config(Preset::Default, |c| c.presolve = false);
    let problems = vec![
        Problem::for_config(&easy_puzzle(0), &config).unwrap(),
        Problem::for_config(&lloyd_amos("inst16x16_70_0.txt"), &config).unwrap(),
    ];
    match GpuEngine::new_batch(&ctx, &problems, &config) {
        Err(e) => assert!(e.to_string().contains("one board size"), "{e}"),
        Ok(_) => panic!("a batch of two sizes was accepted"),
    }
}

#[test]
fn the_default_solver_on_one_gpu_runs_a_puzzle_per_thread_at_once() {
    use evoku::device::Device;
    use evoku::plan::{Algorithm, SolveOptions};
    use evoku::solve::batch::{plan_for, BatchPlan};
    let Some(ctx) = gpu() else { return };
    let grids: Vec<Grid> = (0..3).map(easy_puzzle).collect();
    let options = SolveOptions::new(
        Algorithm::Auto,
        Preset::Walk,
        GaConfig::preset(Preset::Walk),
        evoku::aco::AcoConfig::default(),
    )
    .unwrap()
    .threads(Some(2));
    let on = |device: Device| plan_for(grids.iter(), &options.clone().on(device));
    let shared = BatchPlan {
        width: 2,
        threads_each: 1,
    };
    // The puzzles share the device as they share the cores: each result is its solo run's
    // (`batch::one_thread_two_threads_and_lavapipe_give_the_same_results_in_input_order`).
    assert_eq!(on(Device::Gpu(ctx.arc())), shared);
    assert_eq!(on(Device::Cpu), shared);
    // Split over several adapters, one puzzle at a time.
    let two: std::sync::Arc<[GpuContext]> = vec![(*ctx).clone(), (*ctx).clone()].into();
    assert_eq!(on(Device::Gpus(two)).width, 1);
}
