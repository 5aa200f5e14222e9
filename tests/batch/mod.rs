//! Tests: batches. A file's puzzles (a suite's runs) are solved concurrently on the CPU, and
//! each result is the one the puzzle gets alone: the same with `--threads 1`, `--threads 2` and
//! on lavapipe, printed in input order; one puzzle's failure, or one bad file, ends nothing but
//! itself.

use std::process::{Command, Output};

use serde_json::Value;

use crate::util;

mod gpu_aco;
mod gpu_ga;

/// The 20 16x16 puzzles of `evoku generate --size 16 --fill 45 --count 20 --seed 33`.
const SIXTEEN: &str = "tests/data/batch/sixteen-45.txt";
/// A 9x9, a 36x36 and a 9x9 puzzle.
const MIXED: &str = "tests/data/batch/mixed-sizes.txt";

fn evoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "vulkan")
        .env_remove("RUST_LOG")
        .output()
        .expect("run evoku")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every `--json` line, in order, without the fields that say how long a run took or where it
/// ran (`seconds`, `backend`, `adapter`, `adapters`).
fn results(args: &[&str]) -> Vec<Value> {
    let out = evoku(args);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {}",
        stderr(&out)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|line| {
            let mut value: Value = serde_json::from_str(line).expect(line);
            let object = value.as_object_mut().expect("an object per line");
            for key in ["seconds", "backend", "adapter", "adapters"] {
                object.remove(key);
            }
            value
        })
        .collect()
}

/// The names of the puzzles of the line file `path`, as `evoku solve` names them.
fn names_in(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(util::repo(path)).expect("read");
    let stem = std::path::Path::new(path)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    (1..=text.lines().count())
        .map(|k| format!("{stem}#{k}"))
        .collect()
}

/// Asserts that `results` are those of the 16x16 file then of the puzzles `more`, in that
/// order, and that they end at `at_least` different (solved, rounds) pairs, one of them at the
/// cap `cap`: a batch ran on after some of its puzzles were done.
fn ends_apart(results: &[Value], more: &[&str], at_least: usize, cap: u64) {
    let mut expected = names_in(SIXTEEN);
    expected.extend(more.iter().map(|name| name.to_string()));
    assert_eq!(names(results), expected, "output order is input order");
    let ends: std::collections::BTreeSet<(bool, u64)> = results
        .iter()
        .map(|r| (r["solved"] == true, r["generations"].as_u64().unwrap()))
        .collect();
    assert!(ends.len() >= at_least, "{ends:?}");
    assert!(
        ends.contains(&(false, cap)),
        "a puzzle at the cap: {ends:?}"
    );
}

fn names(results: &[Value]) -> Vec<String> {
    results
        .iter()
        .map(|r| r["name"].as_str().expect("name").to_string())
        .collect()
}

/// The settings every run of the comparison shares: explicit islands and colonies (a GPU would
/// size them from the adapter otherwise) and few box assignments (lavapipe's loop budget).
const SHARED: [&str; 11] = [
    "solve",
    SIXTEEN,
    "--json",
    "-q",
    "--islands",
    "2",
    "--colonies",
    "4",
    "--assign-steps",
    "4",
    "--seed",
];

#[test]
fn one_thread_two_threads_and_lavapipe_give_the_same_results_in_input_order() {
    let run = |extra: &[&str]| results(&[&SHARED[..], &["7"], extra].concat());
    let one = run(&["--backend", "cpu", "--threads", "1"]);
    let two = run(&["--backend", "cpu", "--threads", "2"]);
    assert_eq!(one.len(), 20);
    assert_eq!(
        names(&one),
        names_in(SIXTEEN),
        "output order is input order"
    );
    assert!(one.iter().all(|r| r["solved"] == true), "{one:?}");
    // Two threads run two puzzles at once, each on one thread: the reports are the same,
    // `threads` included.
    assert_eq!(one, two);
    // Held for its turn: the binary opens lavapipe itself, beside no other GPU test.
    let Some(_lease) = crate::gpu::gpu() else {
        return;
    };
    let gpu = run(&["--backend", "gpu", "--threads", "1"]);
    assert_eq!(gpu, one);
    // Two puzzles at once on the one device, each on one thread: the same reports.
    let gpu_two = run(&["--backend", "gpu", "--threads", "2"]);
    assert_eq!(gpu_two, one);
}

#[test]
fn heuristic_runs_are_the_same_on_one_thread_and_two() {
    // The ACS alone, stopped by its iteration cap: engines built on every worker, and best grids
    // that depend on every draw.
    let run = |threads: &str| {
        results(&[
            "solve",
            SIXTEEN,
            "--json",
            "-q",
            "--backend",
            "cpu",
            "--algorithm",
            "aco",
            "--no-exact-shortcut",
            "--max-iterations",
            "3",
            "--seed",
            "3",
            "--threads",
            threads,
        ])
    };
    let one = run("1");
    assert_eq!(names(&one), names_in(SIXTEEN));
    assert!(one.iter().all(|r| r["generations"].as_u64() <= Some(3)));
    assert_eq!(one, run("2"));
}

#[test]
fn text_output_keeps_input_order() {
    let out = evoku(&["solve", SIXTEEN, "-q", "--backend", "cpu", "--threads", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let printed: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| line.split_whitespace().nth(1).expect(line).to_string())
        .collect();
    assert_eq!(printed, names_in(SIXTEEN));
}

/// A summary line on stderr without its seconds (`NAME: solved in 0.012 s on cpu, ...`).
fn without_seconds(line: &str) -> String {
    match line.split_once(" in ") {
        Some((head, tail)) => format!("{head} in{}", tail.split_once(" s on ").map_or("", |t| t.1)),
        None => line.to_string(),
    }
}

#[test]
fn every_text_output_and_summary_is_the_same_on_one_thread_and_two() {
    // Each worker writes its puzzles' text and summary lines; the printing thread only puts them
    // in input order.
    for output in ["line", "grid", "lloyd-amos"] {
        let run = |threads: &str| {
            let args = [
                &SHARED[1..2],
                &["--seed", "7", "--backend", "cpu"],
                &SHARED[4..10],
            ];
            let extra = ["--output", output, "--threads", threads];
            let out = evoku(&[&["solve"][..], &args.concat(), &extra].concat());
            assert_eq!(out.status.code(), Some(0), "{output}: {}", stderr(&out));
            let summaries: Vec<String> = stderr(&out)
                .lines()
                .filter(|line| line.starts_with("sixteen-45#"))
                .map(without_seconds)
                .collect();
            (out.stdout, summaries)
        };
        let (one, two) = (run("1"), run("2"));
        assert_eq!(one.0, two.0, "{output}: stdout");
        let names: Vec<String> = one
            .1
            .iter()
            .map(|l| l.split(':').next().unwrap().to_string())
            .collect();
        assert_eq!(
            names,
            names_in(SIXTEEN),
            "{output}: summaries in input order"
        );
        assert_eq!(one.1, two.1, "{output}: summaries");
    }
}

#[test]
fn a_board_size_an_option_cannot_run_is_refused_before_any_solving() {
    // 1,048,576 x 4 walkers fit a 9x9 but not a 36x36 (5.1 GiB). Issue 37: every option is
    // checked before the first puzzle, so the batch is refused at once, naming the 36x36's line
    // (before, the 9x9s were solved and the 36x36 got an error line).
    let out = evoku(&[
        "solve",
        MIXED,
        "--json",
        "--backend",
        "cpu",
        "--threads",
        "2",
        "--population",
        "1048576",
        "--islands",
        "4",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty(), "solved before the check: {err}");
    assert!(err.contains("--population x --islands"), "{err}");
    assert!(
        err.contains(
            "evoku: error: checking mixed-sizes#2 (tests/data/batch/mixed-sizes.txt:2) before any \
             solving"
        ),
        "{err}"
    );
}

#[test]
fn a_suite_with_options_a_size_refuses_runs_nothing() {
    // The suite used to record a failed run per refused instance and go on; options are now
    // checked on every size before the first run, as `solve` does (issue 37).
    let runs = std::env::temp_dir().join(format!("evoku-batch-{}-runs.json", std::process::id()));
    let _ = std::fs::remove_file(&runs);
    let out = evoku(&[
        "suite",
        MIXED,
        "-q",
        "--backend",
        "cpu",
        "--threads",
        "2",
        "--population",
        "1048576",
        "--islands",
        "4",
        "--export-runs",
        "json",
        runs.to_str().unwrap(),
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("checking mixed-sizes#2 (tests/data/batch/mixed-sizes.txt:2) before any run")
            && err.contains("--population x --islands"),
        "{err}"
    );
    assert!(!runs.exists(), "runs exported: {err}");
}

#[test]
fn a_bad_file_is_reported_and_the_good_file_is_still_solved() {
    let bad = std::env::temp_dir().join(format!("evoku-batch-{}-bad.txt", std::process::id()));
    std::fs::write(&bad, "1 2\n").unwrap();
    let bad_name = bad.to_str().unwrap();
    let out = evoku(&[
        "solve",
        bad_name,
        SIXTEEN,
        "-q",
        "--backend",
        "cpu",
        "--threads",
        "2",
    ]);
    let _ = std::fs::remove_file(&bad);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!("{bad_name}:1:1")), "{err}");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.lines().count(), 20, "{printed}");
    assert!(!printed.contains("unsolved"), "{printed}");
}

#[test]
fn jobs_one_solves_one_puzzle_at_a_time_with_every_thread() {
    let run = |extra: &[&str]| {
        let fixed = ["7", "--backend", "cpu", "--threads", "2"];
        results(&[&SHARED[..], &fixed, extra].concat())
    };
    let one_at_a_time = run(&["--jobs", "1"]);
    let two_at_once = run(&[]);
    // Alone, a puzzle has both threads; two at once, one each.
    assert!(
        one_at_a_time.iter().all(|r| r["threads"] == 2),
        "{one_at_a_time:?}"
    );
    assert!(
        two_at_once.iter().all(|r| r["threads"] == 1),
        "{two_at_once:?}"
    );
    // Nothing else differs: a run does not depend on its threads.
    let without_threads = |reports: Vec<Value>| -> Vec<Value> {
        reports
            .into_iter()
            .map(|mut r| {
                r.as_object_mut().expect("object").remove("threads");
                r
            })
            .collect()
    };
    assert_eq!(without_threads(one_at_a_time), without_threads(two_at_once));
    let out = evoku(&["solve", SIXTEEN, "--jobs", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--jobs"), "{}", stderr(&out));
}

#[test]
fn a_batch_leaves_each_puzzle_the_threads_its_exact_streams_keep_busy() {
    use evoku::board::{Geometry, Grid};
    use evoku::ga::{GaConfig, Preset};
    use evoku::plan::{Algorithm, SolveOptions};
    use evoku::solve::batch::{plan_for, BatchPlan};
    let options = |algorithm: Algorithm, jobs: Option<usize>| {
        SolveOptions::new(
            algorithm,
            Preset::Walk,
            GaConfig::preset(Preset::Walk),
            evoku::aco::AcoConfig::default(),
        )
        .unwrap()
        .threads(Some(4))
        .jobs(jobs)
    };
    let grids = |box_size: usize| -> Vec<Grid> {
        (0..6)
            .map(|_| Grid::empty(Geometry::new(box_size).unwrap()))
            .collect()
    };
    let plan = |grids: &[Grid], options: &SolveOptions| plan_for(grids.iter(), options);
    let at_once = |width: usize| BatchPlan {
        width,
        threads_each: 4 / width,
    };
    // From 36x36 the default solver's exact member runs two streams, each a search on a thread
    // of its own: two puzzles at once on four threads, not four on one thread each (under a
    // time limit a puzzle on one thread gets through half the rounds).
    assert_eq!(plan(&grids(6), &options(Algorithm::Auto, None)), at_once(2));
    // Below 36x36, and for the exact solver alone (one search), a thread per puzzle.
    assert_eq!(plan(&grids(5), &options(Algorithm::Auto, None)), at_once(4));
    assert_eq!(
        plan(&grids(6), &options(Algorithm::Exact, None)),
        at_once(4)
    );
    // A batch with one 36x36 among smaller boards keeps the 36x36's two threads.
    let mut mixed = grids(3);
    mixed.push(Grid::empty(Geometry::new(6).unwrap()));
    assert_eq!(plan(&mixed, &options(Algorithm::Auto, None)), at_once(2));
    // `--jobs` is what it says, and `--exact-streams` sets what a puzzle keeps busy.
    assert_eq!(
        plan(&grids(6), &options(Algorithm::Auto, Some(4))),
        at_once(4)
    );
    let base = options(Algorithm::Auto, None);
    let four_streams = base
        .clone()
        .exact(base.exact_shortcut, base.exact_restarts, 4)
        .unwrap();
    assert_eq!(plan(&grids(6), &four_streams), at_once(1));
}
