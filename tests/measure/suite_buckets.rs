//! Measurement: the suite's buckets, read from Lloyd & Amos file names or measured, and its
//! instance selection.

use super::*;

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
            jobs: None,
            time_limit: None,
            unsolvable_check_nodes: 1000,
            preset: evoku::ga::Preset::Default,
            fill_device: Default::default(),
            exact_shortcut: false,
            exact_restarts: 0,
            exact_streams: evoku::portfolio::restarts::EXACT_STREAMS,
        },
        time_limit: None,
        runs: 2,
        shard: evoku::shard::Shard::ALL,
    };
    let plan = suite::batch_plan(&instances, &options);
    let runs = suite::run_suite(&instances, &options, &plan, &mut |_, _| {}).unwrap();
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
