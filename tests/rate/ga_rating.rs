//! Rating: the GA rating's determinism over threads, step sizes, run counts and devices.

use super::*;

/// A puzzle presolve does not finish (qqwing Expert, SE 6.7), and a small GA for it.
fn ga_case() -> (Grid, GaConfig) {
    let grid =
        grid81("3....8.421.6..........9.3.6.5.81.4..9.1.26.....2.45.......3...4......6192.....53.");
    let mut config = GaConfig::preset(Preset::Default);
    config.population = 24;
    config.local_search = 2;
    config.restart_after = 60;
    config.seed = 9;
    (grid, config)
}

fn ga_options(runs: u32, threads: Option<usize>, step: Option<u32>) -> GaRatingOptions {
    GaRatingOptions {
        runs,
        max_generations: 300,
        threads,
        generations_per_step: step,
        time_limit: None,
    }
}

fn cpu_rating(grid: &Grid, config: &GaConfig, options: &GaRatingOptions) -> GaRating {
    ga_rating(grid, &Device::Cpu, config, options, &mut |_| {}).expect("GA rating")
}

#[test]
fn ga_rating_does_not_depend_on_threads_or_step_size() {
    let (grid, config) = ga_case();
    let reference = cpu_rating(&grid, &config, &ga_options(8, Some(1), Some(1)));
    assert_eq!(reference.runs, 8);
    assert_eq!(reference.generations.len(), 8);
    // Runs that differ (some solved early, some late or not at all) make the comparison bite.
    assert!(
        reference
            .generations
            .iter()
            .any(|&g| g != reference.generations[0]),
        "{:?}",
        reference.generations
    );
    for (threads, step) in [(Some(2), Some(7)), (None, None), (Some(1), Some(300))] {
        let other = cpu_rating(&grid, &config, &ga_options(8, threads, step));
        assert_eq!(
            other.generations, reference.generations,
            "{threads:?} {step:?}"
        );
        assert_eq!(other.solved, reference.solved);
    }
    let solved = reference.generations.iter().filter(|&&g| g < 300).count() as u32;
    assert_eq!(solved, reference.solved);
    let mut sorted = reference.generations.clone();
    sorted.sort_unstable();
    assert_eq!(
        reference.median_generations,
        f64::from(sorted[3] + sorted[4]) / 2.0
    );
    // Another seed, other runs.
    let mut other_seed = config.clone();
    other_seed.seed = 10;
    assert_ne!(
        cpu_rating(&grid, &other_seed, &ga_options(8, None, None)).generations,
        reference.generations
    );
}

#[test]
fn ga_rating_runs_are_independent_of_how_many_are_made() {
    // Run k is island k with its own draws and no migration: asking for more runs leaves the
    // first ones as they were.
    let (grid, config) = ga_case();
    let few = cpu_rating(&grid, &config, &ga_options(3, None, None));
    let more = cpu_rating(&grid, &config, &ga_options(6, None, None));
    assert_eq!(few.generations[..], more.generations[..3]);
    let mut migrating = config.clone();
    migrating.migration = 5;
    assert_eq!(
        rating_config(&migrating, &ga_options(6, None, None)).migration,
        0
    );
}

#[test]
fn ga_rating_on_the_gpu_matches_the_cpu() {
    let Some(ctx) = crate::gpu::gpu() else {
        return;
    };
    let (grid, config) = ga_case();
    let options = GaRatingOptions {
        max_generations: 120,
        ..ga_options(4, None, Some(40))
    };
    let rated_config = rating_config(&config, &options);
    let problem = Problem::for_config(&grid, &rated_config).unwrap();
    let mut gpu = evoku::ga::gpu::GpuEngine::new(&ctx, problem.clone(), &rated_config).unwrap();
    let on_gpu = rate_engine(&mut gpu, &options, &mut |_| {}).unwrap();
    let mut cpu = CpuEngine::new(problem, &rated_config, None).unwrap();
    let on_cpu = rate_engine(&mut cpu, &options, &mut |_| {}).unwrap();
    assert_eq!(on_gpu.generations, on_cpu.generations);
}
