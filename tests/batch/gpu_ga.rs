//! The GA's batches on a GPU: `evoku solve FILE --algorithm ga --backend gpu` solves a file's
//! puzzles in shared launches, and every puzzle's JSON line is the one it gets alone.

use std::io::Write;
use std::process::Stdio;

use serde_json::Value;

use super::{ends_apart, results, SIXTEEN};
use crate::util;

/// One 9x9 instance and one 16x16 one, after the 16x16 file: the batch breaks into runs of one
/// board size.
const NINE: &str = "tests/data/lloyd-amos/general/inst9x9_70_0.txt";
const SIXTEEN_ONE: &str = "tests/data/lloyd-amos/general/inst16x16_70_0.txt";

/// Explicit islands (a hardware GPU would size them from the adapter), few box assignments
/// (lavapipe's loop budget), the GA run even where the exact check solves the puzzle, and a
/// generation cap some puzzles reach.
const SETTINGS: [&str; 14] = [
    "--json",
    "-q",
    "--algorithm",
    "ga",
    "--islands",
    "2",
    "--assign-steps",
    "4",
    "--no-exact-shortcut",
    "--max-generations",
    "500",
    "--seed",
    "7",
    "--threads",
];

/// `evoku solve - <settings>` with `puzzle` on standard input: the puzzle alone.
fn alone(puzzle: &str, backend: &str) -> Value {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args([&["solve", "-"], &SETTINGS[..], &["1", "--backend", backend]].concat())
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "vulkan")
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run evoku");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(puzzle.as_bytes())
        .expect("write the puzzle");
    drop(stdin);
    let out = child.wait_with_output().expect("evoku's output");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let line = text
        .lines()
        .next()
        .unwrap_or_else(|| panic!("no result: {}", String::from_utf8_lossy(&out.stderr)));
    without_origin(serde_json::from_str(line).expect("a JSON line"))
}

/// A result without the puzzle's name and file (a puzzle alone comes from standard input) and
/// the fields that say how long it took and where (removed by `results`).
fn without_origin(mut value: Value) -> Value {
    let object = value.as_object_mut().expect("an object");
    for key in ["name", "file", "seconds", "backend", "adapter", "adapters"] {
        object.remove(key);
    }
    value
}

#[test]
fn a_file_on_a_gpu_gives_every_puzzle_its_solo_result_in_input_order() {
    let Some(_lease) = crate::gpu::gpu() else {
        return;
    };
    let files = [SIXTEEN, NINE, SIXTEEN_ONE];
    let batch = |backend: &str| {
        results(
            &[
                &["solve"],
                &files[..],
                &SETTINGS[..],
                &["1", "--backend", backend],
            ]
            .concat(),
        )
    };
    let on_gpu = batch("gpu");
    // Some puzzles solve early, some late, some reach the cap.
    ends_apart(&on_gpu, &["inst9x9_70_0", "inst16x16_70_0"], 10, 500);
    // The CPU's batch gives the same lines.
    assert_eq!(batch("cpu"), on_gpu);
    // And each puzzle alone on the GPU gives its line.
    let text = std::fs::read_to_string(util::repo(SIXTEEN)).expect("read");
    let mut puzzles: Vec<String> = text.lines().map(|l| format!("{l}\n")).collect();
    for file in [NINE, SIXTEEN_ONE] {
        puzzles.push(std::fs::read_to_string(util::repo(file)).expect("read"));
    }
    assert_eq!(puzzles.len(), on_gpu.len());
    for (k, (puzzle, in_batch)) in puzzles.iter().zip(&on_gpu).enumerate() {
        assert_eq!(
            alone(puzzle, "gpu"),
            without_origin(in_batch.clone()),
            "puzzle {k} alone on the GPU"
        );
    }
}

#[test]
fn a_puzzle_beyond_the_loop_budget_refuses_the_batch_before_any_solving() {
    let Some(_lease) = crate::gpu::gpu() else {
        return;
    };
    // Ten box assignments fit lavapipe's loop budget for the 70 % instance, not for the empty
    // board (whose boxes are all free). Issue 37: every option a board can refuse is checked
    // before the first puzzle (on the emptiest puzzle of each size), so nothing is solved and
    // the empty board's file:line is named.
    let empty = "tests/data/lloyd-amos/general/inst16x16_0_0.txt";
    let mut settings = SETTINGS.to_vec();
    assert_eq!(settings[6..8], ["--assign-steps", "4"]);
    settings[7] = "10";
    settings.extend(["1", "--backend", "gpu"]);
    let out = super::evoku(&[&["solve", SIXTEEN_ONE, empty, SIXTEEN_ONE], &settings[..]].concat());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty(), "solved before the check: {stderr}");
    assert!(
        stderr.contains("inst16x16_0_0.txt:1) before any solving") && stderr.contains("65,535"),
        "{stderr}"
    );
}

/// `EVOKU_BREED=wide` breeds with `breed_wide` (a workgroup per individual): the batch's lines
/// are the ones `breed` gives, and a kernel it does not name is a clear error.
#[test]
fn the_wide_breeding_kernel_gives_the_same_lines() {
    let Some(_lease) = crate::gpu::gpu() else {
        return;
    };
    let files = [SIXTEEN, NINE, SIXTEEN_ONE];
    let args = [
        &["solve"],
        &files[..],
        &SETTINGS[..],
        &["1", "--backend", "gpu"],
    ]
    .concat();
    let with_kernel = |kernel: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_evoku"))
            .args(&args)
            .current_dir(util::repo(""))
            .env("WGPU_BACKEND", "vulkan")
            .env("EVOKU_BREED", kernel)
            .env_remove("RUST_LOG")
            .output()
            .expect("run evoku")
    };
    let lines = |kernel: &str| {
        let out = with_kernel(kernel);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.code().is_some_and(|c| c <= 1),
            "{kernel}: {stderr}"
        );
        String::from_utf8(out.stdout)
            .expect("utf-8")
            .lines()
            .map(|line| without_origin(serde_json::from_str(line).expect(line)))
            .collect::<Vec<_>>()
    };
    let narrow = lines("narrow");
    assert_eq!(narrow.len(), 22);
    assert_eq!(lines("wide"), narrow);
    let out = with_kernel("wider");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("EVOKU_BREED=\"wider\": expected `narrow` or `wide`"),
        "{stderr}"
    );
}
