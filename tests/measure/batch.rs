//! Measurement: the batch of independent runs behind `evoku paper` and `evoku study`, its
//! independence from step size, threads and device, the paper report and the parameter study.

use super::*;

/// Fast-solving settings: the default operators without presolve, on Medium No. 29.
fn batch_setup() -> (Puzzle, GaConfig) {
    let mut config = GaConfig::preset(Preset::Default);
    config.presolve = false;
    config.seed = 7;
    (read_puzzle("puzzles/mantere-no29.txt"), config)
}

fn batch(
    config: &GaConfig,
    runs: u32,
    step: Option<u32>,
    threads: Option<usize>,
) -> Vec<Option<u32>> {
    let (puzzle, _) = batch_setup();
    let options = BatchOptions {
        runs,
        max_generations: 3000,
        device: Device::Cpu,
        threads,
        step,
    };
    experiment::run_runs(&puzzle, config, &options, &mut |_| {})
        .expect("batch runs")
        .generations
}

#[test]
fn batch_generations_do_not_depend_on_step_size_or_threads() {
    let (_, config) = batch_setup();
    let reference = batch(&config, 6, Some(1), Some(1));
    assert!(
        reference.iter().filter(|g| g.is_some()).count() >= 3,
        "most runs should solve: {reference:?}"
    );
    assert_eq!(batch(&config, 6, Some(7), Some(2)), reference);
    assert_eq!(batch(&config, 6, None, None), reference);
}

#[test]
fn batch_progress_counts_solved_runs() {
    let (puzzle, config) = batch_setup();
    let options = BatchOptions {
        runs: 5,
        max_generations: 3000,
        device: Device::Cpu,
        threads: None,
        step: Some(50),
    };
    let mut reports = Vec::new();
    let outcome =
        experiment::run_runs(&puzzle, &config, &options, &mut |p| reports.push(*p)).unwrap();
    let last = reports.last().expect("at least one step");
    assert_eq!(last.runs, 5);
    assert_eq!(last.solved, outcome.solved());
    assert_eq!(last.generation, outcome.generations_run);
    assert!(reports
        .windows(2)
        .all(|w| w[0].solved <= w[1].solved && w[1].generation == w[0].generation + 50));
    let progress = last.progress();
    assert_eq!(
        (progress.generation, progress.restarts),
        (last.generation, last.restarts)
    );
}

#[test]
fn batch_run_zero_is_the_single_island_run_of_the_seed() {
    let (puzzle, config) = batch_setup();
    let runs = batch(&config, 4, None, None);
    let mut single = config.clone();
    single.islands = 1;
    single.max_generations = 3000;
    let problem = Problem::for_config(&puzzle.grid, &single).unwrap();
    let mut engine = CpuEngine::new(problem.clone(), &single, None).unwrap();
    let limits = RunLimits {
        max_generations: 3000,
        time_limit: None,
    };
    let outcome = ga::run(&mut engine, &problem, limits, &mut |_| {}).unwrap();
    assert_eq!(runs[0], outcome.solved.then_some(outcome.generations));
}

#[test]
fn batch_on_a_gpu_matches_the_cpu() {
    let ctx = match GpuContext::new(&GpuOptions::default()) {
        Ok(ctx) => std::sync::Arc::new(ctx),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "SKIPPED: no GPU adapter ({e})");
            return;
        }
    };
    let (puzzle, mut config) = batch_setup();
    config.local_search = 1;
    let run_on = |device: Device| {
        let options = BatchOptions {
            runs: 4,
            max_generations: 200,
            device,
            threads: None,
            step: None,
        };
        experiment::run_runs(&puzzle, &config, &options, &mut |_| {}).expect("batch runs")
    };
    let cpu = run_on(Device::Cpu);
    let gpu = run_on(Device::Gpu(ctx));
    assert_eq!(gpu.generations, cpu.generations);
    assert_eq!(gpu.restarts, cpu.restarts);
}

#[test]
fn operator_sets_switch_the_paper_operators() {
    let paper = GaConfig::preset(Preset::Paper);
    let m = OperatorSet::Mutation.apply(&paper, 4);
    assert_eq!(m.crossover, ga::CrossoverKind::None);
    assert_eq!(m.local_search, 0);
    let mc = OperatorSet::MutationCrossover.apply(&paper, 4);
    assert_eq!(mc.crossover, ga::CrossoverKind::Band);
    assert_eq!(mc.local_search, 0);
    assert_eq!(OperatorSet::Hybrid.apply(&paper, 4).local_search, 4);
    let default = GaConfig::preset(Preset::Default);
    assert_eq!(
        OperatorSet::Hybrid.apply(&default, 9).local_search,
        default.local_search
    );
    assert_eq!(m.mutation, paper.mutation);
    let row = experiment::paper_row("mantere-no106").expect("in the table");
    assert_eq!(row.figure(OperatorSet::Mutation).solved, 9);
    assert_eq!(experiment::seed_puzzles().unwrap().len(), 6);
}

#[test]
fn paper_report_table_and_figures() {
    let (puzzle, config) = batch_setup();
    let options = BatchOptions {
        runs: 3,
        max_generations: 2000,
        device: Device::Cpu,
        threads: None,
        step: None,
    };
    let mut puzzles = vec![puzzle];
    puzzles.push(read_puzzle("puzzles/mantere-no77.txt"));
    let sets = [OperatorSet::Hybrid, OperatorSet::MutationCrossover];
    let cells =
        experiment::paper_experiment(&puzzles, &sets, &config, 4, &options, &mut |_, _, _| {})
            .unwrap();
    assert_eq!(cells.len(), 4);
    for c in &cells {
        assert_eq!(c.stats.runs, 3);
        assert_eq!(c.generations.len(), 3);
        assert!(c.stats.mean_capped <= 2000.0);
        assert!(c.paper.is_some(), "{} is in the paper's table", c.puzzle);
    }
    let report = PaperReport {
        preset: "test".into(),
        config,
        runs: 3,
        max_generations: 2000,
        hybrid_children: 4,
        device: "CPU".into(),
        machine: "test".into(),
        cells,
        shard: evoku::shard::Shard::ALL,
    };
    let table = report.table();
    assert_eq!(table.rows.len(), 4);
    assert_eq!(table.get(0, "paper_solved"), Some(&Value::Int(100)));
    assert_eq!(
        table.get(1, "paper_mean_generations"),
        Some(&Value::Int(6609))
    );
    let dir = temp_dir("paper");
    report.plot_means(&dir.join("means.svg")).unwrap();
    report.plot_range(&dir.join("range.svg")).unwrap();
    assert_svg(&dir.join("means.svg"));
    assert_svg(&dir.join("range.svg"));
}

#[test]
fn parameter_study_has_a_point_per_value_and_plots() {
    let (puzzle, config) = batch_setup();
    let options = BatchOptions {
        runs: 3,
        max_generations: 1500,
        device: Device::Cpu,
        threads: None,
        step: None,
    };
    let plan = vec![
        (StudyParam::Population, vec![20.0, 40.0]),
        (StudyParam::MutationRate, vec![0.3, 0.6]),
    ];
    let points = experiment::parameter_study(
        std::slice::from_ref(&puzzle),
        &plan,
        &config,
        &options,
        &mut |_, _, _, _| {},
    )
    .unwrap();
    assert_eq!(points.len(), 4);
    assert!(points.iter().all(|p| p.stats.runs == 3));
    let table = experiment::study_table(&points, &[]);
    assert_eq!(table.get(1, "value"), Some(&Value::Num(40.0)));
    assert!(StudyParam::Population.apply(&config, 2.5).is_err());
    assert!(StudyParam::MutationRate.apply(&config, 1.5).is_err());
    let dir = temp_dir("study");
    experiment::plot_study(&points, &dir.join("study.svg")).unwrap();
    assert_svg(&dir.join("study.svg"));
}
