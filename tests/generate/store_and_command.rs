//! Generation: the store's round trip and `evoku generate`, repeatable, served from the store,
//! with complete grids and bad sizes refused.

use super::*;

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("evoku-generate-{}-{name}", std::process::id()))
}

#[test]
fn the_store_round_trips_and_serves_by_level() {
    let path = temp("store.jsonl");
    let _ = std::fs::remove_file(&path);
    let mut store = Store::open(&path).unwrap();
    assert!(store.is_empty());
    let options = GenerateOptions::new(nine(), Level::HARD, 5);
    let mut added = 0;
    for o in generate(&options, 0..3, &|_| {}) {
        for g in o.byproducts.iter().chain(&o.puzzle) {
            added += usize::from(store.add(PuzzleRecord::new(g, options.seed)));
        }
    }
    assert!(added > 3, "no by-products");
    let duplicate = store.records()[0].clone();
    assert!(!store.add(duplicate));
    store.save().unwrap();
    let mut reopened = Store::open(&path).unwrap();
    assert_eq!(reopened.records(), store.records());
    let hard = reopened.count(9, Level::HARD, false);
    assert!(hard >= 3);
    let taken = reopened.take(9, Level::HARD, false, 2);
    assert_eq!(taken.len(), 2);
    assert!(taken
        .iter()
        .all(|r| r.level == 3 && r.size == 9 && !r.symmetric));
    assert_eq!(reopened.count(9, Level::HARD, false), hard - 2);
    assert!(reopened.take(9, Level::HARD, true, 5).is_empty());
    reopened.save().unwrap();
    assert_eq!(Store::open(&path).unwrap().len(), store.len() - 2);

    // A broken line is an error naming the file, line and column.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"size\": 9, oops}\n");
    std::fs::write(&path, &text).unwrap();
    let err = Store::open(&path).unwrap_err().to_string();
    let line = text.lines().count();
    assert!(err.contains(&format!(":{line}:")), "{err}");
    let _ = std::fs::remove_file(&path);
}

fn evoku(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .output()
        .expect("run evoku")
}

#[test]
fn generate_command_is_repeatable_and_serves_from_the_store() {
    let args = [
        "generate", "--level", "expert", "--count", "3", "--seed", "9", "-q",
    ];
    let first = evoku(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = String::from_utf8_lossy(&first.stdout).into_owned();
    assert_eq!(text, String::from_utf8_lossy(&evoku(&args).stdout));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let cells: Vec<u8> = line
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0) as u8)
            .collect();
        let p = Grid::from_cells(nine(), cells).unwrap();
        assert_eq!(exact::count_solutions(&p, 2).is_unique(), Some(true));
    }

    // JSON output with the rating; the store collects by-products and serves them later.
    let store = temp("cli-store.jsonl");
    let _ = std::fs::remove_file(&store);
    let store_arg = store.to_str().unwrap();
    let out = evoku(&[
        "generate", "--level", "3", "--count", "2", "--output", "json", "--store", store_arg, "-q",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["level"], 3);
        assert_eq!(v["source"], "generated");
        assert!(v["entropy"].is_number() && v["solution"].is_string());
    }
    let stored = Store::open(&store).unwrap();
    let (level, count) = [Level::EASY, Level::MEDIUM, Level::EXPERT, Level::EXTREME]
        .into_iter()
        .map(|l| (l, stored.count(9, l, false)))
        .max_by_key(|&(_, n)| n)
        .unwrap();
    assert!(count > 0, "the store got no by-products");
    let out = evoku(&[
        "generate",
        "--level",
        &level.number().to_string(),
        "--count",
        "1",
        "--output",
        "json",
        "--store",
        store_arg,
        "-q",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(v["source"], "store");
    assert_eq!(
        Store::open(&store).unwrap().count(9, level, false),
        count - 1
    );
    let _ = std::fs::remove_file(&store);
}

#[test]
fn generate_command_makes_complete_grids_and_rejects_bad_sizes() {
    let out = evoku(&["generate", "--complete", "--count", "50", "-q"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let grids: std::collections::HashSet<&str> = text.lines().collect();
    assert_eq!(grids.len(), 50);
    assert!(grids.iter().all(|l| l.len() == 81 && !l.contains('.')));

    let out = evoku(&["generate", "--size", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--size"));
    let out = evoku(&["generate", "--level", "9"]);
    assert_eq!(out.status.code(), Some(2));
}
