//! Tests: Lloyd & Amos-style instance sets (`evoku generate --fill`) and how `evoku suite` reads
//! them.

use std::process::Command;
use std::time::Duration;

use evoku::board::Geometry;
use evoku::format::{self, ParseOptions};
use evoku::instances::{givens_for, make_instances, Instance};
use evoku_cli::suite::{self, default_time_limit, parse_instance_name, Bucket, Selection};

use crate::util;

fn geometry(side: usize) -> Geometry {
    Geometry::from_side(side).expect("a square side")
}

/// Exactly the asked givens, every one taken from a valid complete grid.
fn assert_consistent(i: &Instance) {
    let g = i.puzzle.geometry();
    assert_eq!(
        i.puzzle.givens(),
        givens_for(g, i.fill),
        "{}",
        i.file_name()
    );
    assert!(i.solution.is_complete(), "{}", i.file_name());
    assert!(i.solution.first_clash().is_none(), "{}", i.file_name());
    assert!(i.solution.solves(&i.puzzle), "{}", i.file_name());
}

fn in_pool<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(work)
}

#[test]
fn instances_are_givens_of_a_valid_grid_and_repeatable() {
    let g = geometry(16);
    let make = |fills: &[u32], count, seed| make_instances(g, fills, count, seed, &|_| {}).unwrap();
    let one = in_pool(1, || make(&[30, 45], 3, 7));
    let two = in_pool(2, || make(&[30, 45], 3, 7));
    assert_eq!(one, two, "the thread count changed the instances");
    assert_eq!(one.len(), 6);
    for i in &one {
        assert_consistent(i);
    }
    let keys: Vec<(u32, u64)> = one.iter().map(|i| (i.fill, i.index)).collect();
    assert_eq!(keys, [(30, 0), (30, 1), (30, 2), (45, 0), (45, 1), (45, 2)]);
    // Every instance has its own grid.
    for (a, i) in one.iter().enumerate() {
        for j in &one[a + 1..] {
            assert_ne!(i.solution, j.solution);
        }
    }
    // An instance does not depend on the other fills or counts asked.
    let alone = make(&[45], 2, 7);
    assert_eq!(alone[..], one[3..5]);
    // Another seed, other instances.
    assert_ne!(make(&[45], 1, 8)[0], one[3]);
}

#[test]
fn large_instances_count_their_fill_exactly() {
    // 36x36: 1,296 cells; 45 % is 583.2, rounded up to 584 as Lloyd & Amos round.
    let instances = make_instances(geometry(36), &[45], 1, 1, &|_| {}).unwrap();
    assert_eq!(instances[0].puzzle.givens(), 584);
    assert_consistent(&instances[0]);
    let edges = make_instances(geometry(9), &[0, 100], 1, 1, &|_| {}).unwrap();
    assert_eq!(edges[0].puzzle.givens(), 0);
    assert_eq!(edges[1].puzzle, edges[1].solution);
    assert!(make_instances(geometry(9), &[101], 1, 1, &|_| {}).is_err());
}

#[test]
fn instance_files_are_lloyd_amos_files_the_suite_buckets() {
    let instances = make_instances(geometry(25), &[40], 2, 3, &|_| {}).unwrap();
    let name = instances[1].file_name();
    assert_eq!(name, "inst25x25_40_1.txt");
    assert_eq!(parse_instance_name(&name), Some((25, 40, 1)));
    let parsed = format::parse_str(&instances[1].text(), &name, &ParseOptions::default()).unwrap();
    assert_eq!(parsed.1, format::Format::LloydAmos);
    assert_eq!(parsed.0[0].grid, instances[1].puzzle);
}

#[test]
fn suite_limits_by_size() {
    let secs = |side| default_time_limit(side);
    assert_eq!(secs(9), Duration::from_secs(20));
    assert_eq!(secs(16), Duration::from_secs(20));
    assert_eq!(secs(25), Duration::from_secs(20));
    assert_eq!(secs(36), Duration::from_secs(60));
    assert_eq!(secs(49), Duration::from_secs(120));
    assert_eq!(secs(64), Duration::from_secs(120));
    assert!(evoku::defaults::default_time_limit_text().contains("60 s at 36x36"));
}

fn evoku(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .output()
        .expect("run evoku")
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("evoku-instances-{}-{name}", std::process::id()))
}

#[test]
fn generate_fill_writes_the_same_files_and_suite_buckets_them() {
    let dirs = [temp("a"), temp("b")];
    for dir in &dirs {
        let _ = std::fs::remove_dir_all(dir);
        let out = evoku(&[
            "generate",
            "--size",
            "16",
            "--fill",
            "40,45",
            "--count",
            "2",
            "--seed",
            "9",
            "--quiet",
            "--out-dir",
            dir.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{out:?}");
    }
    let mut names: Vec<String> = std::fs::read_dir(&dirs[0])
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "inst16x16_40_0.txt",
            "inst16x16_40_1.txt",
            "inst16x16_45_0.txt",
            "inst16x16_45_1.txt"
        ]
    );
    for name in &names {
        let a = std::fs::read(dirs[0].join(name)).unwrap();
        assert_eq!(a, std::fs::read(dirs[1].join(name)).unwrap(), "{name}");
    }
    // The suite buckets them by their names, two per fill.
    let instances =
        suite::collect(&dirs[..1], &Selection::default(), &mut |w| panic!("{w}")).unwrap();
    let buckets: Vec<Bucket> = instances.iter().map(|i| i.bucket).collect();
    let b = |fill| Bucket { side: 16, fill };
    assert_eq!(buckets, [b(40), b(40), b(45), b(45)]);
    let csv = temp("suite.csv");
    let out = evoku(&[
        "suite",
        dirs[0].to_str().unwrap(),
        "--algorithm",
        "exact",
        "--quiet",
        "--export",
        "csv",
        csv.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let table = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<&str> = table.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{table}");
    assert!(rows[0].starts_with("16,40,2,2,2,1,"), "{table}");
    assert!(rows[1].starts_with("16,45,2,2,2,1,"), "{table}");

    // Printed in line format: one instance per line with the fill's givens.
    let out = evoku(&["generate", "--fill", "45", "--count", "3", "--quiet"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines
        .iter()
        .all(|l| l.len() == 81 && l.chars().filter(|c| *c != '.').count() == 37));
    for dir in &dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
    let _ = std::fs::remove_file(&csv);
}

#[test]
fn the_committed_sample_is_what_the_documented_command_makes() {
    // puzzles/large/ holds instances of `scripts/make-large-sets.sh` (seed 1).
    let made = make_instances(geometry(36), &[45], 1, 1, &|_| {}).unwrap();
    let path = util::repo("puzzles/large/inst36x36_45_0.txt");
    assert_eq!(made[0].text(), std::fs::read_to_string(path).unwrap());
}
