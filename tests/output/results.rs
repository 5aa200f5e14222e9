//! Output: the shape of results: the same JSON fields and names across commands, help text on
//! every flag, singular counts, and the defaults of the measuring commands.

use super::*;

#[test]
fn size_is_the_board_side_as_a_number_in_every_json() {
    let solve = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "--json",
        "puzzles/mantere-no29.txt",
    ]);
    let solve: serde_json::Value = serde_json::from_str(text(&solve.stdout).trim()).unwrap();
    assert_eq!(solve["size"], 9);
    let rate = evoku(&["rate", "--runs", "0", "--json", "puzzles/mantere-no29.txt"]);
    let rate: serde_json::Value = serde_json::from_str(text(&rate.stdout).trim()).unwrap();
    assert_eq!(rate["size"], 9);
    let generate = evoku(&["generate", "--size", "4", "--level", "easy", "--json"]);
    let generate: serde_json::Value = serde_json::from_str(text(&generate.stdout).trim()).unwrap();
    assert_eq!(generate["size"], 4);
    let suite = evoku(&[
        "suite",
        "--backend",
        "cpu",
        "-q",
        "--preset",
        "default",
        "--json",
        "puzzles/mantere-no29.txt",
    ]);
    assert_eq!(suite.status.code(), Some(0), "{}", text(&suite.stderr));
    let suite: serde_json::Value = serde_json::from_str(&text(&suite.stdout)).unwrap();
    assert_eq!(suite["rows"][0]["size"], 9, "{suite}");
    // Settings spelled as the command line takes them.
    let settings = suite["meta"]["settings"].as_str().unwrap();
    assert!(settings.contains("crossover band 0.3"), "{settings}");
    assert!(settings.contains(" per child"), "{settings}");
    assert!(
        !settings.contains("Band") && !settings.contains("Child"),
        "{settings}"
    );
}

#[test]
fn suite_runs_export_has_booleans_and_names_like_solve() {
    let path = std::env::temp_dir().join(format!("evoku-output-{}-runs.json", std::process::id()));
    let out = evoku(&[
        "suite",
        "--backend",
        "cpu",
        "-q",
        "--export-runs",
        "json",
        path.to_str().unwrap(),
        "puzzles/mantere-no29.txt",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let runs: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let row = &runs["rows"][0];
    assert_eq!(row["solved"], true, "{row}");
    assert_eq!(row["name"], "mantere-no29", "{row}");
    assert_eq!(row["size"], 9, "{row}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn every_flag_of_every_command_has_help_text() {
    let commands = [
        "solve", "devices", "bench", "paper", "suite", "study", "rate", "generate",
    ];
    for command in commands {
        let out = evoku(&[command, "--help"]);
        let help = text(&out.stdout);
        assert!(
            !help.contains("[`"),
            "{command}: a rustdoc link in the help:\n{help}"
        );
        let lines: Vec<&str> = help.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            // Long help: an option line, its text on the following lines.
            if !(t.starts_with("--") || t.starts_with("-q,") || t.starts_with("-V,")) {
                continue;
            }
            let next = lines.get(i + 1).map_or("", |l| l.trim());
            assert!(
                !(next.is_empty() || next.starts_with("Possible values") || next.starts_with('[')),
                "{command}: no help text for {t}"
            );
        }
    }
}

#[test]
fn every_command_that_prints_results_takes_json() {
    let out = evoku(&[
        "generate", "--size", "4", "--level", "easy", "--count", "2", "--json",
    ]);
    let alias = evoku(&[
        "generate", "--size", "4", "--level", "easy", "--count", "2", "--output", "json",
    ]);
    assert_eq!(out.stdout, alias.stdout);
    assert_eq!(text(&out.stdout).lines().count(), 2);
    let out = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "--output",
        "json",
        "puzzles/mantere-no29.txt",
    ]);
    assert!(text(&out.stdout).starts_with('{'));
    for command in ["suite", "paper", "study", "bench", "rate", "devices"] {
        let out = evoku(&[command, "--help"]);
        assert!(
            text(&out.stdout).contains("--json"),
            "{command} has no --json"
        );
    }
}

#[test]
fn counts_of_one_are_singular() {
    let out = evoku(&["generate", "--size", "4", "--level", "easy", "--count", "1"]);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("1 unique 4x4 puzzle at"), "{stderr}");
    let out = evoku(&["solve", "--backend", "cpu", "puzzles/mantere-no29.txt"]);
    assert!(!text(&out.stderr).contains(" 1 presolved cells"));
}

#[test]
fn rate_table_and_json_name_the_same_technique() {
    let table = evoku(&["rate", "--runs", "0", "puzzles/ai-escargot.txt"]);
    let json = evoku(&["rate", "--runs", "0", "--json", "puzzles/ai-escargot.txt"]);
    let v: serde_json::Value = serde_json::from_str(text(&json.stdout).trim()).unwrap();
    let technique = v["technique"].as_str().unwrap_or("none");
    let row = text(&table.stdout).lines().nth(1).unwrap_or("").to_string();
    assert!(row.contains(technique), "{technique} not in {row}");
    assert_eq!(
        row.contains("stuck"),
        v["logic_solved"] == false,
        "{row} / {v}"
    );
}

#[test]
fn study_and_paper_default_to_settings_that_measure_generations() {
    for command in ["study", "paper"] {
        let help = text(&evoku(&[command, "--help"]).stdout);
        assert!(
            help.contains("default here: the paper's"),
            "{command}: {help}"
        );
    }
    // No. 29 under the default settings: presolve solves it before generation 1.
    let out = evoku(&[
        "paper",
        "--only-files",
        "--backend",
        "cpu",
        "--runs",
        "2",
        "--operators",
        "hybrid",
        "--json",
        "-q",
        "puzzles/mantere-no29.txt",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let mean = v["rows"][0]["mean_generations"].as_f64().unwrap_or(0.0);
    assert!(mean > 0.0, "{v}");
}

#[test]
fn restarts_are_one_count_in_json_summary_and_plot() {
    let svg = std::env::temp_dir().join(format!("evoku-output-{}-plot.svg", std::process::id()));
    let out = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "--preset",
        "default",
        "--no-exact-shortcut",
        "--json",
        "--plot",
        svg.to_str().unwrap(),
        "puzzles/ai-escargot.txt",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    // The count of the island the result comes from (a sum over islands would depend on the
    // step size once one island solves).
    let restarts = v["restarts"].as_u64().unwrap();
    let count = format!("{restarts} restart");
    assert!(text(&out.stderr).contains(&count), "{}", text(&out.stderr));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains(&count), "the plot's title lacks '{count}'");
    let _ = std::fs::remove_file(svg);
}
