//! Measurement: the commands' exports and plots, and their exit code 2 on bad input.

use super::*;

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
        csv.starts_with("size,name,generations,cpu_median,"),
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
