//! Tests: `--shard I/N` on the batch commands. Shards 1/3, 2/3 and 3/3 of a tiny batch, their
//! JSON lines concatenated, must be the unsharded run's lines as a multiset (timings removed).

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

use crate::util;

/// Fields that hold wall-clock times: the only ones allowed to differ between runs.
const TIMINGS: &[&str] = &["seconds", "ga_seconds", "wall_s", "time_limit_s"];

fn evoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .output()
        .expect("run evoku")
}

/// The first `count` easy 9x9 puzzles, which the paper preset solves in some runs of a few
/// hundred generations and not in others: results that differ from seed to seed, so a wrong
/// seed shows.
fn easy_puzzles(count: usize) -> String {
    let all = std::fs::read_to_string(util::data("nine/easy50.txt")).expect("easy50");
    let path = temp(&format!("easy{count}.txt"));
    let some: Vec<&str> = all.lines().take(count).collect();
    std::fs::write(&path, some.join("\n") + "\n").expect("write the puzzles");
    path.display().to_string()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("evoku-shard-{}-{name}", std::process::id()))
}

/// The JSON lines of `text`, each with its timing fields removed, printed back and sorted.
fn lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            for key in TIMINGS {
                v.as_object_mut().expect("an object per line").remove(*key);
            }
            v.to_string()
        })
        .collect();
    lines.sort();
    lines
}

/// Runs `args` plus `--shard` for each shard of 3 (and without), reading the JSON lines from
/// stdout or, when `file` names an option, from the file that option writes (FORMAT `jsonl`).
/// Returns the sharded lines, the unsharded ones, and the stderr of shard 2/3.
fn run_shards(
    args: &[&str],
    file: Option<&[&str]>,
    label: &str,
) -> (Vec<String>, Vec<String>, String) {
    let run = |shard: Option<&str>| {
        let path = temp(&format!(
            "{label}-{}.jsonl",
            shard.unwrap_or("all").replace('/', "of")
        ));
        let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        if let Some(option) = file {
            all.extend(option.iter().map(|a| a.to_string()));
            all.push("jsonl".into());
            all.push(path.display().to_string());
        }
        if let Some(s) = shard {
            all.extend(["--shard".to_string(), s.to_string()]);
        }
        let out = evoku(&all.iter().map(String::as_str).collect::<Vec<_>>());
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{label} {shard:?}: {stderr}");
        let text = match file {
            Some(_) => std::fs::read_to_string(&path).expect("the jsonl file"),
            None => String::from_utf8_lossy(&out.stdout).into_owned(),
        };
        let _ = std::fs::remove_file(&path);
        (lines(&text), stderr)
    };
    let mut sharded = Vec::new();
    let mut second = String::new();
    for s in ["1/3", "2/3", "3/3"] {
        let (mut part, stderr) = run(Some(s));
        // No shard may be empty in these workloads: each has at least 3 items.
        assert!(!part.is_empty(), "{label} shard {s} ran nothing");
        if s == "2/3" {
            second = stderr;
        }
        sharded.append(&mut part);
    }
    sharded.sort();
    let (whole, _) = run(None);
    (sharded, whole, second)
}

#[test]
fn suite_shards_concatenate_to_the_whole_suite() {
    let folder = util::data("lloyd-amos/general").display().to_string();
    let args = [
        "suite",
        &folder,
        "--size",
        "9",
        "--fill",
        "45",
        "--per-bucket",
        "3",
        "--runs",
        "2",
        "--algorithm",
        "ga",
        "--preset",
        "paper",
        "--backend",
        "cpu",
        "--max-generations",
        "200",
        "--time-limit",
        "600",
        "--threads",
        "1",
    ];
    let (sharded, whole, stderr) = run_shards(&args, Some(&["--export-runs"]), "suite");
    assert!(whole.len() >= 6, "{whole:?}");
    assert_eq!(sharded, whole);
    assert!(stderr.contains("shard 2/3: solved"), "{stderr}");
}

#[test]
fn rate_shards_concatenate_to_the_whole_rating() {
    let file = easy_puzzles(3);
    let more = easy_puzzles(6);
    let args = [
        "rate",
        &file,
        &more,
        "--runs",
        "3",
        "--max-generations",
        "100",
        "--backend",
        "cpu",
        "--json",
        "--threads",
        "1",
        "--preset",
        "paper",
    ];
    let (sharded, whole, stderr) = run_shards(&args, None, "rate");
    assert_eq!(whole.len(), 9);
    assert_eq!(sharded, whole);
    assert!(
        stderr.contains("shard 2/3: rating 3 puzzles of 9"),
        "{stderr}"
    );
}

#[test]
fn paper_shards_concatenate_to_the_whole_experiment() {
    let file = easy_puzzles(3);
    let args = [
        "paper",
        &file,
        "--only-files",
        "--runs",
        "3",
        "--max-generations",
        "300",
        "--backend",
        "cpu",
        "--threads",
        "1",
        "--quiet",
    ];
    let (sharded, whole, _) = run_shards(&args, Some(&["--export"]), "paper");
    assert_eq!(whole.len(), 9);
    assert_eq!(sharded, whole);
    // The table and the plot of a shard say which shard they cover.
    let svg = temp("paper-means.svg");
    let svg_arg = svg.display().to_string();
    let out = evoku(&[&args[..], &["--shard", "2/3", "--plot-means", &svg_arg]].concat());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("shard: 2/3"), "{stdout}");
    let plot = std::fs::read_to_string(&svg).expect("the plot");
    let _ = std::fs::remove_file(&svg);
    assert!(
        plot.contains("(shard 2/3)"),
        "the plot's title names the shard"
    );
}

#[test]
fn study_shards_concatenate_to_the_whole_study() {
    let file = easy_puzzles(3);
    let args = [
        "study",
        &file,
        "--param",
        "population",
        "--values",
        "50,100",
        "--runs",
        "2",
        "--max-generations",
        "200",
        "--backend",
        "cpu",
        "--threads",
        "1",
        "--quiet",
    ];
    let (sharded, whole, _) = run_shards(&args, Some(&["--export"]), "study");
    assert_eq!(whole.len(), 6);
    assert_eq!(sharded, whole);
}

#[test]
fn generate_shards_concatenate_to_the_whole_batch() {
    let puzzles = ["generate", "--count", "5", "--json", "--threads", "1"];
    let (sharded, whole, stderr) = run_shards(&puzzles, None, "generate");
    assert_eq!(whole.len(), 5);
    assert_eq!(sharded, whole);
    assert!(
        stderr.contains("shard 2/3: 2 unique 9x9 puzzles of 5"),
        "{stderr}"
    );
    let instances = ["generate", "--fill", "30,40", "--count", "2", "--json"];
    let (sharded, whole, _) = run_shards(&instances, None, "instances");
    assert_eq!(whole.len(), 4);
    assert_eq!(sharded, whole);
}

#[test]
fn bad_shards_are_refused_with_the_accepted_form() {
    for bad in ["0/3", "4/3", "2", "1/0"] {
        let out = evoku(&["generate", "--shard", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("1 <= I <= N"), "{bad}: {stderr}");
    }
    let out = evoku(&["generate", "--complete", "--shard", "1/2"]);
    assert_eq!(out.status.code(), Some(2));
}
