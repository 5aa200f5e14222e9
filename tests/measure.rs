//! Tests: measurement — statistics, exporters, the batch of independent runs behind `evoku
//! paper` and `evoku study`, the suite's buckets, a CPU-only bench, and the SVG plots. No
//! timing is asserted: only counts, values and files.

use std::io::Write;
use std::path::PathBuf;

use evoku::bench::{self, BenchOptions, GpuChoice};
use evoku::device::Device;
use evoku::experiment::{self, BatchOptions, OperatorSet, PaperReport, StudyParam};
use evoku::export::{self, ExportFormat, Table, Value};
use evoku::format::{self, ParseOptions, Puzzle};
use evoku::ga::cpu::CpuEngine;
use evoku::ga::{self, GaConfig, Preset, Problem, RunLimits};
use evoku::gpu::{GpuContext, GpuOptions};
use evoku::plot::{self, RangeSeries, Series};
use evoku::solve::{solve_puzzle, Algorithm, SolveOptions};
use evoku::stats::{self, Summary};
use evoku::suite::{self, Bucket, Selection, SuiteOptions};

use crate::util;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * (1.0 + b.abs())
}

fn read_puzzle(path: &str) -> Puzzle {
    let (mut puzzles, _) = format::read_puzzles(
        util::repo(path).to_str().expect("utf-8 path"),
        &ParseOptions::default(),
    )
    .expect("puzzle file");
    puzzles.remove(0)
}

/// A fresh folder under the system temp folder for this test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("evoku-measure-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The file is an SVG document: opens with `<svg`, closes with `</svg>`, and holds drawing.
fn assert_svg(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).expect("svg written");
    assert!(text.trim_start().starts_with("<svg"), "{}", path.display());
    assert!(text.trim_end().ends_with("</svg>"), "{}", path.display());
    assert!(text.contains("<text"), "{} has no labels", path.display());
    assert!(
        text.contains("<polyline") || text.contains("<path") || text.contains("<line"),
        "{} has no lines",
        path.display()
    );
    assert_eq!(
        text.matches("<svg").count(),
        text.matches("</svg>").count(),
        "{}",
        path.display()
    );
}

// ---- statistics ----

#[test]
fn stats_match_known_values() {
    let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
    assert_eq!(stats::mean(&xs), Some(5.0));
    assert_eq!(stats::median(&xs), Some(4.5));
    assert!(close(stats::std_dev(&xs).unwrap(), (32.0f64 / 7.0).sqrt()));
    assert_eq!(stats::min(&xs), Some(2.0));
    assert_eq!(stats::max(&xs), Some(9.0));
    assert_eq!(stats::median(&[3.0, 1.0, 2.0]), Some(2.0));
    assert_eq!(stats::std_dev(&[7.0]), Some(0.0));
    assert_eq!(stats::mean(&[]), None);
    assert_eq!(stats::median(&[]), None);
    assert_eq!(Summary::of(&[]), None);
    let s = Summary::of(&[1.0, 2.0, 3.0, 10.0]).unwrap();
    assert_eq!(
        (s.count, s.mean, s.median, s.min, s.max),
        (4, 4.0, 2.5, 1.0, 10.0)
    );
}

#[test]
fn ranks_share_ties_and_spearman_matches_hand_computation() {
    assert_eq!(
        stats::ranks(&[10.0, 20.0, 20.0, 5.0]),
        vec![2.0, 3.5, 3.5, 1.0]
    );
    let xs = [1.0, 2.0, 3.0, 4.0, 5.0];
    assert!(close(
        stats::spearman(&xs, &[2.0, 4.0, 8.0, 16.0, 32.0]).unwrap(),
        1.0
    ));
    assert!(close(
        stats::spearman(&xs, &[5.0, 4.0, 3.0, 2.0, 1.0]).unwrap(),
        -1.0
    ));
    // Without ties rho = 1 - 6 sum d^2 / (n (n^2 - 1)): d = (0, 0, 1, -1, 0), so 1 - 12/120.
    assert!(close(
        stats::spearman(&xs, &[1.0, 2.0, 4.0, 3.0, 5.0]).unwrap(),
        0.9
    ));
    assert_eq!(stats::spearman(&xs, &[1.0; 5]), None);
    assert_eq!(stats::spearman(&xs, &[1.0, 2.0]), None);
}

// ---- exporters ----

fn sample_table() -> Table {
    let mut t = Table::new("sample", &["name", "runs", "rate", "note"]);
    t.meta("machine", "test");
    t.push(vec!["a, b".into(), 3u32.into(), 0.25.into(), Value::Empty]);
    t.push(vec![
        "quote \"q\"".into(),
        10u32.into(),
        1234.5.into(),
        "x|y".into(),
    ]);
    t
}

#[test]
fn json_export_round_trips() {
    let t = sample_table();
    let back = Table::from_json(&t.to_json()).expect("parses");
    assert_eq!(back, t);
    let json: serde_json::Value = serde_json::from_str(&t.to_json()).unwrap();
    assert_eq!(json["rows"][0]["runs"], 3);
    assert_eq!(json["rows"][0]["note"], serde_json::Value::Null);
    assert_eq!(json["meta"]["machine"], "test");
}

#[test]
fn csv_export_has_the_columns_and_quotes_fields() {
    let csv = sample_table().to_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "name,runs,rate,note");
    assert_eq!(lines[1], "\"a, b\",3,0.25,");
    assert_eq!(lines[2], "\"quote \"\"q\"\"\",10,1234.5,x|y");
    assert_eq!(lines.len(), 3);
}

#[test]
fn markdown_and_text_exports_have_every_row() {
    let t = sample_table();
    let md = t.to_markdown();
    assert!(md.contains("| name | runs | rate | note |"));
    assert!(md.contains("|---|---:|---:|---|"));
    assert!(md.contains("x\\|y"), "pipes escaped: {md}");
    assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), 3);
    let text = t.to_text();
    assert!(text.contains("machine: test"));
    assert_eq!(text.lines().count(), 1 + 1 + 1 + 2);
    let dir = temp_dir("export");
    let exports = export::parse_exports(&[
        "csv".into(),
        dir.join("t.csv").to_string_lossy().into_owned(),
        "markdown".into(),
        dir.join("t.md").to_string_lossy().into_owned(),
    ])
    .unwrap();
    assert_eq!(exports[0].0, ExportFormat::Csv);
    export::write_all(&t, &exports).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("t.csv")).unwrap(),
        t.to_csv()
    );
    assert!(export::parse_exports(&["xml".into(), "f".into()]).is_err());
    assert!(export::parse_exports(&["csv".into()]).is_err());
}

// ---- the batch of independent runs ----

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

// ---- the suite ----

#[test]
fn suite_buckets_come_from_lloyd_amos_file_names() {
    assert_eq!(
        suite::parse_instance_name("inst25x25_45_3.txt"),
        Some((25, 45, 3))
    );
    assert_eq!(
        suite::parse_instance_name("inst9x9_100_99.txt"),
        Some((9, 100, 99))
    );
    assert_eq!(
        suite::parse_instance_name("inst16x16_0_10.txt"),
        Some((16, 0, 10))
    );
    assert_eq!(suite::parse_instance_name("inst9x16_5_1.txt"), None);
    assert_eq!(suite::parse_instance_name("inst9x9_45.txt"), None);
    assert_eq!(suite::parse_instance_name("aiescargot.txt"), None);
    assert_eq!(suite::parse_instance_name("inst9x9_45_1.csv"), None);
    let b25 = |fill| Bucket { side: 25, fill };
    assert_eq!(suite::acs_reference(b25(45)), Some(0.8));
    assert_eq!(suite::acs_reference(b25(35)), Some(1.0));
    assert_eq!(suite::acs_reference(b25(20)), None);
    assert_eq!(
        suite::acs_reference(Bucket { side: 16, fill: 45 }),
        Some(1.0)
    );
    assert_eq!(suite::default_time_limit(9).as_secs(), 20);
    assert_eq!(suite::default_time_limit(16).as_secs(), 20);
    assert_eq!(suite::default_time_limit(25).as_secs(), 20);
    assert_eq!(suite::default_time_limit(36).as_secs(), 60);
}

#[test]
fn suite_selects_instances_by_size_fill_and_count() {
    let general = util::data("lloyd-amos/general");
    let selection = Selection {
        sizes: vec![9, 16],
        fills: vec![45],
        per_bucket: Some(3),
    };
    let instances = suite::collect(&[general], &selection, &mut |w| panic!("{w}")).unwrap();
    let found: Vec<(Bucket, Option<u32>)> = instances.iter().map(|i| (i.bucket, i.index)).collect();
    let b = |side| Bucket { side, fill: 45 };
    assert_eq!(
        found,
        vec![
            (b(9), Some(0)),
            (b(9), Some(1)),
            (b(9), Some(2)),
            (b(16), Some(0)),
            (b(16), Some(1)),
            (b(16), Some(2)),
        ]
    );
    // The file's givens agree with the fill in its name (45 % of 81 is 36.45).
    assert!((36..=37).contains(&instances[0].puzzle.grid.givens()));

    let options = SuiteOptions {
        solve: SolveOptions {
            algorithm: Algorithm::Exact,
            device: Device::Cpu,
            ga: GaConfig::preset(Preset::Default),
            aco: Default::default(),
            threads: None,
            time_limit: None,
            unsolvable_check_nodes: 1000,
            preset: evoku::ga::Preset::Default,
            fill_device: Default::default(),
            exact_shortcut: false,
            exact_restarts: 0,
        },
        time_limit: None,
        runs: 2,
        shard: evoku::shard::Shard::ALL,
    };
    let runs = suite::run_suite(&instances, &options, &mut |_, _, _| {}, &mut |_, _| {}).unwrap();
    assert_eq!(runs.len(), 12);
    assert_eq!(runs[1].seed, runs[0].seed + 1);
    let summaries = suite::summarize(&runs);
    assert_eq!(summaries.len(), 2);
    assert_eq!((summaries[0].instances, summaries[0].runs), (3, 6));
    assert_eq!(
        summaries[0].solved, 6,
        "the exact solver solves every 9x9 instance"
    );
    // The default limits of evoku::defaults: 20 s up to 25x25.
    assert_eq!(summaries[0].time_limit, 20.0);
    assert_eq!(summaries[1].time_limit, 20.0);
    let table = suite::bucket_table(&summaries, &[]);
    assert_eq!(table.get(1, "size"), Some(&Value::Int(16)));
    assert_eq!(table.get(0, "acs_success_rate"), Some(&Value::Num(1.0)));
    assert_eq!(suite::runs_table(&runs, &[]).rows.len(), 12);
}

#[test]
fn suite_buckets_other_collections_by_measured_fill() {
    let dir = temp_dir("suite");
    let easy =
        ".1.5.6.2.3.......6..91.45...9..1..4..7.3.2.5..3..8..6...32.71..9.......2.5.6.1.8.\n";
    std::fs::write(dir.join("one.txt"), easy).unwrap();
    std::fs::write(dir.join("notes.md"), "not a puzzle").unwrap();
    std::fs::write(dir.join("broken.txt"), "12345").unwrap();
    let mut warnings = Vec::new();
    let instances =
        suite::collect(&[dir], &Selection::default(), &mut |w| warnings.push(w)).unwrap();
    assert_eq!(instances.len(), 1);
    let givens = instances[0].puzzle.grid.givens() as f64;
    let fill = ((100.0 * givens / 81.0 / 5.0).round() * 5.0) as u32;
    assert_eq!(instances[0].bucket, Bucket { side: 9, fill });
    assert_eq!(instances[0].index, None);
    assert_eq!(
        warnings.len(),
        1,
        "broken.txt is skipped with a warning: {warnings:?}"
    );
}

// ---- bench ----

#[test]
fn bench_without_gpu_counts_cpu_work() {
    let mut config = GaConfig::preset(Preset::Paper);
    config.islands = 2;
    config.population = 10;
    let options = BenchOptions {
        config,
        preset: "paper".into(),
        puzzles: vec![bench::default_puzzle(3).unwrap()],
        generations: Some(3),
        repetitions: 2,
        threads: Some(1),
        gpu: GpuChoice::Skip("test: CPU only".into()),
        islands_auto: true,
    };
    let mut lines = 0;
    let report = bench::run(&options, &mut |_| lines += 1).unwrap();
    assert!(lines > 0);
    assert_eq!(report.rows.len(), 1);
    let row = &report.rows[0];
    assert_eq!((row.size, row.generations), (9, 3));
    // Without a GPU column `islands_auto` keeps the configured islands and launches nothing.
    assert_eq!(row.islands, 2);
    assert!(row.gpu_invocations.is_empty());
    assert_eq!(row.cpu.rates.len(), 2);
    assert_eq!(row.cpu.solved_islands, 0);
    // 2 islands x 10 individuals x 3 generations x 2 repetitions.
    assert_eq!(row.cpu.individual_generations, 120);
    assert!(row.cpu.median > 0.0 && row.cpu.min <= row.cpu.median && row.cpu.median <= row.cpu.max);
    assert!(row.gpu.is_none() && row.gpu_cpu_ratio.is_none());
    assert_eq!(report.gpu_note.as_deref(), Some("test: CPU only"));
    assert_eq!(
        (report.islands, report.population, report.cpu_threads),
        (2, 10, 1)
    );
    let table = report.table();
    assert_eq!(table.get(0, "gpu_median"), Some(&Value::Empty));
    assert_eq!(table.get(0, "size"), Some(&Value::Int(9)));
    assert!(table
        .meta
        .iter()
        .any(|(k, v)| k == "gpu" && v.contains("test: CPU only")));
    // The built-in puzzles carry one wrong given, so no island ever solves and stops breeding.
    let nine = bench::default_puzzle(3).unwrap();
    assert!(nine.name.contains("wrong given"), "{}", nine.name);
    assert!(evoku::exact::solve(&nine.grid, &Default::default()).has_no_solution());
    assert!(evoku::exact::propagate(&nine.grid).is_ok());
    assert_eq!(bench::default_puzzle(4).unwrap().grid.geometry().side(), 16);
    assert_eq!(bench::default_puzzle(5).unwrap().grid.geometry().side(), 25);
}

// ---- plots ----

#[test]
fn charts_are_written_as_svg() {
    let dir = temp_dir("charts");
    let series = vec![
        Series {
            label: "a".into(),
            points: vec![(24.0, 100.0), (28.0, 2000.0), (30.0, 50_000.0)],
        },
        Series {
            label: "b".into(),
            points: vec![(24.0, 10.0)],
        },
    ];
    plot::line_chart(&dir.join("log.svg"), "t", "x", "y", &series, true, true).unwrap();
    plot::line_chart(&dir.join("lin.svg"), "t", "x", "y", &series, false, false).unwrap();
    plot::line_chart(&dir.join("empty.svg"), "t", "x", "y", &[], true, true).unwrap();
    let ranges = vec![RangeSeries {
        label: "r".into(),
        ranges: vec![Some((3.0, 300.0)), None],
    }];
    plot::range_chart(
        &dir.join("range.svg"),
        "t",
        "x",
        "y",
        &["p".into(), "q".into()],
        &ranges,
    )
    .unwrap();
    for f in ["log.svg", "lin.svg", "empty.svg", "range.svg"] {
        assert_svg(&dir.join(f));
    }
    assert!(plot::line_chart(
        &dir.join("no/such/dir.svg"),
        "t",
        "x",
        "y",
        &series,
        true,
        true
    )
    .is_err());
    assert_eq!(
        plot::path_for(&dir.join("f.svg"), "no 29", true),
        dir.join("f-no_29.svg")
    );
}

#[test]
fn fitness_trace_replays_the_solved_run() {
    let puzzle = read_puzzle("puzzles/mantere-no106.txt");
    let mut config = GaConfig::preset(Preset::Default);
    config.seed = 3;
    let options = SolveOptions {
        algorithm: Algorithm::Ga,
        device: Device::Cpu,
        ga: config,
        aco: Default::default(),
        threads: None,
        time_limit: None,
        unsolvable_check_nodes: 1000,
        preset: evoku::ga::Preset::Default,
        fill_device: Default::default(),
        exact_shortcut: false,
        exact_restarts: 0,
    };
    let report = solve_puzzle(&puzzle, &options, &mut |_| {}).unwrap();
    assert!(report.solved);
    let trace = plot::trace_run(&puzzle, &options, report.generations, 2000).unwrap();
    let last = trace.points.last().unwrap();
    assert_eq!(last.generation as u64, report.generations);
    assert_eq!((last.best, last.best_so_far), (0, 0));
    assert_eq!(trace.points[0].generation, 0);
    assert!(trace.points.iter().all(|p| p.mean >= p.best as f64));
    let path = temp_dir("trace").join("fitness.svg");
    plot::fitness_chart(&path, "no106", &trace).unwrap();
    assert_svg(&path);
}

// ---- the commands ----

fn evoku(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .env("WGPU_BACKEND", "none-such")
        .output()
        .expect("evoku runs")
}

#[test]
fn commands_write_their_exports_and_plots() {
    let dir = temp_dir("commands");
    let path = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let out = evoku(&[
        "bench",
        "--backend",
        "cpu",
        "--sizes",
        "9",
        "--generations",
        "2",
        "--repetitions",
        "1",
        "--export",
        "csv",
        &path("bench.csv"),
        "-q",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(dir.join("bench.csv")).unwrap();
    assert!(
        csv.starts_with("size,name,generations,islands,cpu_median,"),
        "{csv}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("CPU column only"));

    let no29 = util::repo("puzzles/mantere-no29.txt");
    let out = evoku(&[
        "paper",
        "--only-files",
        no29.to_str().unwrap(),
        "--runs",
        "2",
        "--max-generations",
        "50",
        "--operators",
        "hybrid,mutation",
        "--backend",
        "cpu",
        "--preset",
        "paper",
        "--export",
        "json",
        &path("paper.json"),
        "--plot-means",
        &path("means.svg"),
        "-q",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table =
        Table::from_json(&std::fs::read_to_string(dir.join("paper.json")).unwrap()).unwrap();
    assert_eq!(table.rows.len(), 2);
    assert_eq!(table.get(0, "runs"), Some(&Value::Int(2)));
    assert_svg(&dir.join("means.svg"));

    let out = evoku(&[
        "solve",
        "--backend",
        "cpu",
        no29.to_str().unwrap(),
        "--algorithm",
        "ga",
        "--no-exact-shortcut",
        "--no-presolve",
        "--plot",
        &path("fitness.svg"),
        "-q",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_svg(&dir.join("fitness.svg"));
}

#[test]
fn commands_fail_with_exit_code_2() {
    let no29 = util::repo("puzzles/mantere-no29.txt");
    let no29 = no29.to_str().unwrap();
    for args in [
        vec!["suite", "/no/such/folder"],
        vec!["solve", "--algorithm", "exact", no29, "--plot", "x.svg"],
        vec!["bench", "--sizes", "10", "--backend", "cpu"],
        vec!["paper", "--export", "xml", "f.xml", "--runs", "1"],
        vec![
            "study",
            "--param",
            "population,mutation-rate",
            "--values",
            "1,2",
        ],
    ] {
        let out = evoku(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
