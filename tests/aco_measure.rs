//! Measurements of the Ant Colony System (release build, ignored): iteration time, success, the
//! parallel speed-up, the GPU's iteration time.
//!
//! cargo test --release --test tests aco_measure:: -- --ignored --nocapture --test-threads 1
//! Settings come from the environment: ACO_LIMIT (seconds per solve, default 20), ACO_SAMPLE
//! (instances per bucket, default 10), ACO_THREADS (default all cores), ACO_ALGORITHMS (default
//! "aco,ga"), ACO_BUCKETS (default "9:45,16:45,25:40,25:45,25:50"), ACO_Q0, ACO_COLONIES,
//! ACO_RESTART.

use evoku::aco::cpu::colony_update::colony_update;
use evoku::aco::cpu::propagate::Ant;
use evoku::aco::cpu::restart::restart;
use evoku::aco::cpu::tour::tour;
use evoku::aco::cpu::CpuAco;
use evoku::aco::gpu::GpuAco;
use evoku::aco::{AcoConfig, AcoEngine, AcoTables, Colony};
use evoku::device::Device;

use crate::aco::{config, full_set};
use crate::util;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn measured_config() -> AcoConfig {
    config(|c| {
        c.q0 = env_or("ACO_Q0", c.q0);
        c.colonies = env_or("ACO_COLONIES", c.colonies);
        c.restart_after = env_or("ACO_RESTART", c.restart_after);
        c.exchange_interval = env_or("ACO_EXCHANGE", c.exchange_interval);
    })
}

/// Milliseconds per iteration of one colony of 10 ants on one thread (the authors' unit), in the
/// steady state: the stages are called directly and a solved colony is made to go on.
#[test]
#[ignore]
fn measure_iteration_time() {
    let Some(benchmarks) = util::benchmarks("aco_measure::measure_iteration_time") else {
        return;
    };
    let cases = [
        (9, 0, 4000u32),
        (9, 45, 4000),
        (16, 0, 1000),
        (16, 45, 1000),
        (25, 0, 300),
        (25, 40, 300),
        (25, 45, 300),
        (25, 50, 300),
    ];
    let q0 = env_or("ACO_Q0", 0.9);
    for (side, fill, iterations) in cases {
        let (mut total_seconds, mut total_iterations, mut solved) = (0.0, 0u64, 0);
        let mut stops = 0u64;
        for k in 0..5 {
            let grid = full_set(&benchmarks, &format!("inst{side}x{side}_{fill}_{k}"));
            let tables = AcoTables::new(&grid);
            let p = config(|c| {
                c.restart_after = 0;
                c.q0 = q0;
                c.seed = k;
            })
            .params(&tables);
            let mut colony = Colony::default();
            let mut ants = vec![Ant::new(tables.cells); 10];
            let mut pher = vec![p.tau0; p.pher_words()];
            let mut records = vec![0; p.record_words as usize];
            let start = std::time::Instant::now();
            for _ in 0..iterations {
                tour(
                    &p,
                    &tables,
                    0,
                    &mut colony,
                    &mut ants,
                    &mut pher,
                    p.tour_steps,
                );
                colony_update(&p, &mut colony, &ants, &mut pher, &mut records);
                restart(&p, &colony, &mut pher);
                stops += ants.iter().map(|a| a.budget_stops as u64).sum::<u64>();
                if colony.solved != 0 {
                    solved += 1;
                    colony.solved = 0;
                    colony.step = 0;
                    colony.iteration += 1;
                }
            }
            total_seconds += start.elapsed().as_secs_f64();
            total_iterations += iterations as u64;
        }
        println!(
            "{side}x{side} {fill} % q0 {q0}: {:.3} ms per iteration (10 ants, 1 thread, \
             {total_iterations} iterations over instances 0-4, {solved} of them solving, \
             {stops} ant steps cut short by the budget)",
            1000.0 * total_seconds / total_iterations as f64
        );
    }
}

/// Success rate and median time of the ACS and the GA on samples of Lloyd & Amos buckets.
#[test]
#[ignore]
fn measure_success() {
    use evoku::solve::{solve_puzzle, Algorithm, SolveOptions};
    let Some(benchmarks) = util::benchmarks("aco_measure::measure_success") else {
        return;
    };
    let limit = std::time::Duration::from_secs_f64(env_or("ACO_LIMIT", 20.0));
    let sample: usize = env_or("ACO_SAMPLE", 10);
    let threads: Option<usize> = std::env::var("ACO_THREADS")
        .ok()
        .and_then(|v| v.parse().ok());
    let algorithms = env_or("ACO_ALGORITHMS", "aco,ga".to_string());
    let buckets = env_or("ACO_BUCKETS", "9:45,16:45,25:40,25:45,25:50".to_string());
    let first: usize = env_or("ACO_FIRST", 0);
    let aco_config = measured_config();
    println!(
        "limit {} s, {sample} instances per bucket from #{first}, threads {threads:?}, {aco_config:?}",
        limit.as_secs_f64()
    );
    for algorithm in algorithms.split(',') {
        let algorithm = match algorithm {
            "aco" => Algorithm::Aco,
            "ga" => Algorithm::Ga,
            other => panic!("unknown algorithm {other}"),
        };
        for bucket in buckets.split(',') {
            let (side, fill) = bucket.split_once(':').unwrap();
            let mut times = Vec::new();
            let mut solved = 0;
            for k in first..first + sample {
                let name = format!("inst{side}x{side}_{fill}_{k}");
                let grid = full_set(&benchmarks, &name);
                let options = SolveOptions {
                    algorithm,
                    device: Device::Cpu,
                    ga: evoku::ga::GaConfig::preset(evoku::ga::Preset::Default),
                    aco: aco_config.clone(),
                    threads,
                    jobs: None,
                    time_limit: Some(limit),
                    unsolvable_check_nodes: 200_000,
                    preset: evoku::ga::Preset::Default,
                    fill_device: Default::default(),
                    exact_shortcut: false,
                    exact_restarts: 0,
                    exact_streams: evoku::portfolio::restarts::EXACT_STREAMS,
                };
                let puzzle = evoku::format::Puzzle {
                    name: name.clone(),
                    file: name.clone(),
                    line: 1,
                    grid,
                };
                let report = solve_puzzle(&puzzle, &options, &mut |_| {}).unwrap();
                println!(
                    "  {algorithm:?} {name}: solved {} in {:.3} s, {} iterations/generations, \
                     fitness {}",
                    report.solved,
                    report.seconds,
                    report.generations,
                    report.fitness.unwrap_or(0)
                );
                if report.solved {
                    solved += 1;
                    times.push(report.seconds);
                }
            }
            times.sort_by(|a, b| a.total_cmp(b));
            let median = if times.is_empty() {
                f64::NAN
            } else {
                times[times.len() / 2]
            };
            println!(
                "{algorithm:?} {side}x{side} {fill} %: solved {solved}/{sample}, median {median:.3} s \
                 (solved runs), max {:.3} s",
                times.last().copied().unwrap_or(f64::NAN)
            );
        }
    }
}

/// Iterations per second of the default four colonies on one thread and on every core.
#[test]
#[ignore]
fn measure_parallel_speedup() {
    let Some(benchmarks) = util::benchmarks("aco_measure::measure_parallel_speedup") else {
        return;
    };
    let grid = full_set(&benchmarks, "inst25x25_45_1");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for threads in [1, cores] {
        let c = config(|c| {
            c.seed = 1;
            c.restart_after = 0;
        });
        let mut engine = CpuAco::new(AcoTables::new(&grid), &c, Some(threads)).unwrap();
        engine.step(1).unwrap();
        let start = std::time::Instant::now();
        engine.step(200).unwrap();
        let seconds = start.elapsed().as_secs_f64();
        let solved = engine
            .colony_states()
            .iter()
            .filter(|c| c.solved != 0)
            .count();
        println!(
            "{threads} thread(s): {:.1} iterations/s of {} colonies ({solved} solved on the way)",
            200.0 / seconds,
            c.colonies
        );
    }
}

/// Milliseconds per iteration of the GPU engine (default colonies and ants) on whatever adapter
/// the tests get (lavapipe here: correctness, not speed).
#[test]
#[ignore]
fn measure_gpu_iteration_time() {
    let Some(benchmarks) = util::benchmarks("aco_measure::measure_gpu_iteration_time") else {
        return;
    };
    let Some(ctx) = crate::gpu::gpu() else { return };
    for (side, fill, iterations) in [(9, 45, 50u32), (16, 45, 5), (25, 45, 3)] {
        let grid = full_set(&benchmarks, &format!("inst{side}x{side}_{fill}_1"));
        let c = config(|c| c.restart_after = 0);
        let mut engine = GpuAco::new(&ctx, AcoTables::new(&grid), &c).unwrap();
        engine.step(1).unwrap();
        engine.colony_states().unwrap();
        let start = std::time::Instant::now();
        engine.step(iterations).unwrap();
        let states = engine.colony_states().unwrap();
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{side}x{side} {fill} % on {}: {:.2} ms per iteration of {} colonies, {} steps per \
             dispatch ({} of {} colonies solved)",
            ctx.describe(),
            1000.0 * seconds / iterations as f64,
            c.colonies,
            engine.steps_per_dispatch(),
            states.iter().filter(|s| s.solved != 0).count(),
            c.colonies
        );
    }
}
