//! Tests: the library's stable API (`evoku::Puzzle`, `solve`, `rate`, `generate`) gives what the
//! commands give with the same settings.

use std::process::Command;

use evoku::{
    generate, rate, solve, Algorithm, Backend, GenerateSettings, Level, Puzzle, RateSettings,
    Settings,
};
use serde_json::Value;

use crate::util;

/// The JSON lines `evoku ARGS` prints, run from the repository.
fn evoku_json(args: &[&str]) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .expect("run evoku");
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// `json` without the keys that measure time or name where the puzzle was read from.
fn without(mut json: Value, keys: &[&str]) -> Value {
    let object = json.as_object_mut().expect("a JSON object");
    for key in keys {
        assert!(object.remove(*key).is_some(), "no key {key}");
    }
    json
}

#[test]
fn solve_reports_what_the_command_prints() {
    let file = "tests/data/lloyd-amos/general/inst16x16_45_0.txt";
    let cli = evoku_json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--threads",
        "2",
        "--seed",
        "4",
        file,
    ]);
    let puzzle = Puzzle::read(util::repo(file)).unwrap().remove(0);
    let settings = Settings::new().backend(Backend::Cpu).threads(2).seed(4);
    let report = solve(&puzzle, &settings).unwrap();
    assert!(report.solved());
    assert!(puzzle.is_solved_by(report.solution().unwrap()));
    let library: Value = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(library["algorithm"], "auto", "the default is the portfolio");
    assert_eq!(
        without(library, &["seconds", "file"]),
        without(cli[0].clone(), &["seconds", "file"])
    );
}

/// A batch through the library is the command's batch: the same reports, line for line and in
/// order, for a file of several puzzles on two threads (each puzzle then on one).
#[test]
fn a_batch_reports_what_the_command_prints_for_a_file() {
    let file = "tests/data/batch/sixteen-45.txt";
    let cli = evoku_json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--threads",
        "2",
        "--seed",
        "4",
        file,
    ]);
    let puzzles: Vec<Puzzle> = Puzzle::read(util::repo(file))
        .unwrap()
        .into_iter()
        .take(6)
        .collect();
    let settings = Settings::new().backend(Backend::Cpu).threads(2).seed(4);
    let solver = evoku::Solver::new(&settings).unwrap();
    let reports = solver.solve_batch(&puzzles);
    assert_eq!(reports.len(), puzzles.len());
    for (index, report) in reports.into_iter().enumerate() {
        let library: Value = serde_json::from_str(&report.unwrap().to_json()).unwrap();
        assert_eq!(
            library["threads"], 1,
            "two puzzles at once, one thread each"
        );
        assert_eq!(
            without(library, &["seconds", "file"]),
            without(cli[index].clone(), &["seconds", "file"]),
            "puzzle {index}"
        );
    }
}

#[test]
fn a_ga_or_acs_batch_on_a_gpu_gives_each_puzzle_its_solo_report() {
    // Held for its turn: the solver opens lavapipe itself, beside no other GPU test.
    let Some(_lease) = crate::gpu::gpu() else {
        return;
    };
    let puzzles: Vec<Puzzle> = Puzzle::read(util::repo("tests/data/batch/sixteen-45.txt"))
        .unwrap()
        .into_iter()
        .take(6)
        .collect();
    let ga = [
        ("islands", "3"),
        ("assign_steps", "4"),
        ("max_generations", "300"),
    ];
    // Colonies of one ant, so that the puzzles end at different iterations.
    let aco = [("colonies", "2"), ("ants", "1"), ("max_iterations", "4")];
    for (algorithm, named) in [(Algorithm::Ga, &ga), (Algorithm::Aco, &aco)] {
        let settings = Settings::new()
            .algorithm(algorithm)
            .backend(Backend::Gpu)
            .threads(1)
            .seed(3)
            .exact_shortcut(false);
        let settings = named
            .iter()
            .fold(settings, |s, (name, value)| s.set(name, value).unwrap());
        let solver = evoku::Solver::new(&settings).unwrap();
        let reports = solver.solve_batch(&puzzles);
        assert_eq!(reports.len(), puzzles.len());
        for (index, (puzzle, report)) in puzzles.iter().zip(reports).enumerate() {
            let json = |report: evoku::Report| -> Value {
                without(
                    serde_json::from_str(&report.to_json()).unwrap(),
                    &["seconds"],
                )
            };
            let alone = json(solver.solve(puzzle).unwrap());
            assert_eq!(json(report.unwrap()), alone, "{algorithm:?} puzzle {index}");
        }
    }
}

#[test]
fn exact_streams_reach_the_large_board_member_as_on_the_command_line() {
    let file = "puzzles/large/inst36x36_45_0.txt";
    let cli = evoku_json(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--exact-streams",
        "3",
        file,
    ]);
    let puzzle = Puzzle::read(util::repo(file)).unwrap().remove(0);
    let settings = Settings::new().backend(Backend::Cpu).exact_streams(3);
    let report = solve(&puzzle, &settings).unwrap();
    assert!(report.solved());
    let library: Value = serde_json::from_str(&report.to_json()).unwrap();
    let exact = &library["members"][0];
    assert_eq!(
        (&exact["name"], &exact["islands"]),
        (&"exact".into(), &3.into()),
        "{library}"
    );
    assert_eq!(
        without(library, &["seconds", "file"]),
        without(cli[0].clone(), &["seconds", "file"])
    );
    for streams in [0, evoku::portfolio::restarts::MAX_EXACT_STREAMS + 1] {
        let error = solve(&puzzle, &Settings::new().exact_streams(streams)).unwrap_err();
        assert!(error.to_string().contains("--exact-streams"), "{error}");
    }
}

#[test]
fn an_unsolvable_puzzle_is_reported_not_solved() {
    // The first cell has no candidate left: its row holds 2, 3, 4 and its column 1.
    let puzzle: Puzzle = ".234....1.......".parse().unwrap();
    let settings = Settings::new().algorithm(Algorithm::Exact);
    let report = solve(&puzzle, &settings).unwrap();
    assert!(!report.solved());
    assert!(report.solution().is_none());
    assert!(report.unsolvable().is_some());
}

#[test]
fn rate_reports_what_the_command_prints() {
    let file = "tests/data/nine/easy50.txt";
    let cli = evoku_json(&[
        "rate",
        "--json",
        "--runs",
        "2",
        "--backend",
        "cpu",
        "--seed",
        "3",
        file,
    ]);
    let puzzle = Puzzle::read(util::repo(file)).unwrap().remove(0);
    let settings = RateSettings::new().ga_runs(2).backend(Backend::Cpu).seed(3);
    let rating = rate(&puzzle, &settings).unwrap();
    assert_eq!(rating.ga_solved(), Some(2));
    assert_eq!(rating.solutions(), 1);
    let library: Value = serde_json::from_str(&rating.to_json()).unwrap();
    let keys = ["seconds", "ga_seconds", "file"];
    assert_eq!(without(library, &keys), without(cli[0].clone(), &keys));
}

#[test]
fn generate_gives_the_command_s_puzzles() {
    let cli = evoku_json(&[
        "generate", "--json", "--count", "2", "--level", "hard", "--seed", "9",
    ]);
    let settings = GenerateSettings::new().count(2).level(Level::HARD).seed(9);
    let made = generate(&settings).unwrap();
    assert_eq!(made.len(), 2);
    for (g, line) in made.iter().zip(&cli) {
        assert_eq!(g.level(), Level::HARD);
        assert!(g.puzzle().is_solved_by(g.solution()));
        let library: Value = serde_json::from_str(&g.to_json()).unwrap();
        assert_eq!(library, without(line.clone(), &["source"]));
    }
}

#[test]
fn bad_settings_are_typed_errors() {
    match generate(&GenerateSettings::new().side(10)) {
        Err(evoku::Error::InvalidOption { option, value, .. }) => {
            assert_eq!((option.as_str(), value.as_str()), ("--size", "10"))
        }
        other => panic!("{:?}", other.map(|v| v.len())),
    }
}

/// The library crate depends on no command-line, terminal, plotting, progress-bar or signal
/// crate: those belong to `evoku-cli` (the compiler then keeps the library's code off them).
#[test]
fn the_library_depends_on_no_command_line_crate() {
    let manifest = std::fs::read_to_string(util::repo("crates/evoku/Cargo.toml")).unwrap();
    let dependencies: Vec<&str> = manifest
        .lines()
        .skip_while(|line| !line.starts_with("[dependencies]"))
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .filter_map(|line| line.split(['=', '.']).next())
        .map(str::trim)
        .filter(|name| !name.is_empty() && !name.starts_with('#'))
        .collect();
    assert!(dependencies.contains(&"wgpu"), "{dependencies:?}");
    for forbidden in [
        "clap",
        "ratatui",
        "crossterm",
        "plotters",
        "indicatif",
        "ctrlc",
        "env_logger",
    ] {
        assert!(
            !dependencies.contains(&forbidden),
            "{forbidden} in {dependencies:?}"
        );
    }
}
