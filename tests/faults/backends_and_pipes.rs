//! Faults: the GL backend refused rather than hung, a broken pipe ended quietly, the GPU's limits
//! checked before the no-solution check.

use super::*;

#[test]
fn gl_backend_is_refused_not_hung() {
    // Before: WGPU_BACKEND=gl --backend gpu ran a 9x9 on llvmpipe for 4 minutes, no output.
    let child = gpu_command(&[
        "solve",
        "--backend",
        "gpu",
        "--time-limit",
        "5",
        "puzzles/mantere-no29.txt",
    ])
    .env("WGPU_BACKEND", "gl")
    .spawn()
    .expect("spawn");
    let out = wait_bounded(child, Duration::from_secs(30), "GL backend");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot run evoku's compute shaders") || stderr.contains("no GPU adapter"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn broken_pipe_exits_quietly() {
    // Before: `evoku solve ... | head -1` printed "evoku: error: Broken pipe".
    let mut child = command(&[
        "solve",
        "--backend",
        "cpu",
        "--output",
        "grid",
        "puzzles/mantere-no29.txt",
        "puzzles/mantere-no77.txt",
        "puzzles/mantere-no106.txt",
    ])
    .spawn()
    .expect("spawn");
    drop(child.stdout.take());
    let out = wait_bounded(child, Duration::from_secs(60), "solve into a closed pipe");
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("error"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn gpu_limits_are_checked_before_the_no_solution_check() {
    // Before: the 200,000-node exact check ran first (about 10 s at 49x49 here), and only then
    // the engine said the population does not fit the adapter.
    let path = pattern_puzzle(7, 500, "gpu-limits-49.txt");
    let start = Instant::now();
    let out = gpu_command(&[
        "solve",
        "--backend",
        "gpu",
        "--population",
        "1000000",
        path.to_str().unwrap(),
    ])
    .output()
    .expect("run evoku");
    let took = start.elapsed();
    let stderr = text(&out.stderr);
    let _ = std::fs::remove_file(path);
    if skipped_without_gpu(&stderr) {
        return;
    }
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--population"), "{stderr}");
    assert!(took < Duration::from_secs(5), "refused after {took:?}");
}

/// Solves the 9x9 and then the 64x64 with `options` on the GPU, where the 64x64 is beyond what
/// the adapter allows (`limit` is in the message): the batch must be refused at once, naming
/// the 64x64's file:line and `advice`, with nothing solved. Skipped where the adapter allows it
/// (a hardware GPU has no loop budget and larger buffers).
fn refused_before_the_first_puzzle(options: &[&str], limit: &str, advice: &str) {
    let mut args = vec!["solve", "-q", "--backend", "gpu"];
    args.extend(options);
    args.extend([
        "puzzles/mantere-no29.txt",
        "puzzles/large/inst64x64_45_0.txt",
    ]);
    let out = gpu_command(&args).output().expect("run evoku");
    let stderr = text(&out.stderr);
    if skipped_without_gpu(&stderr) {
        return;
    }
    if !stderr.contains(limit) {
        eprintln!("skipped: this adapter allows {options:?} at 64x64: {stderr}");
        return;
    }
    assert_eq!(out.status.code(), Some(2), "{options:?}: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "{options:?}: a puzzle was solved first: {stderr}"
    );
    assert!(
        stderr.contains("inst64x64_45_0.txt:1) before any solving") && stderr.contains(advice),
        "{options:?}: {stderr}"
    );
}

#[test]
fn the_lavapipe_loop_budget_is_checked_for_every_size_before_the_first_puzzle() {
    // Before: the 9x9 was solved, then the 64x64 failed its GPU build (lavapipe cuts shader
    // loops after 65,535 iterations) with an error line. Now the batch is refused at once.
    refused_before_the_first_puzzle(
        &["--algorithm", "ga", "--local-search", "64"],
        "65,535",
        "--local-search",
    );
}

/// The JSON of `evoku solve --json ARGS --backend BACKEND`.
fn solved_json(args: &[&str], backend: &str) -> (serde_json::Value, String) {
    let mut all = vec!["solve", "--json", "--backend", backend];
    all.extend(args);
    let out = gpu_command(&all).output().expect("run evoku");
    let stderr = text(&out.stderr);
    let v = serde_json::from_str(text(&out.stdout).trim()).unwrap_or(serde_json::Value::Null);
    (v, stderr)
}

#[test]
fn the_default_solver_runs_a_member_a_software_gpu_cannot_take_on_the_cpu() {
    // Before: on lavapipe the default solver's walk (50 box assignments a child) passes the
    // 65,535 loop iterations an invocation may run, from 9x9 on, and every puzzle that reached
    // the walk's first turn failed with an error. Now the walk runs on the CPU, where its run is
    // the same bit for bit, and the report says why. One round of a 25x25 reaches the walk;
    // the time limit only keeps a slow machine from ending the run before that round does (on
    // a loaded 2-core machine the ACS's round on lavapipe once took past 20 s).
    let args = [
        "--max-generations",
        "1",
        "--time-limit",
        "600",
        "tests/data/lloyd-amos/general/inst25x25_45_57.txt",
    ];
    let (gpu, stderr) = solved_json(&args, "gpu");
    if skipped_without_gpu(&stderr) {
        return;
    }
    let (cpu, _) = solved_json(&args, "cpu");
    assert!(gpu.is_object(), "{stderr}");
    let walk = &gpu["members"][2];
    assert_eq!(walk["name"], "walk", "{gpu}");
    assert!(
        walk["work"].as_u64() > Some(0),
        "the walk took no turn: {gpu}"
    );
    if gpu["adapter"]["software"] == true {
        let why = walk["on_cpu"].as_str().unwrap_or_default();
        assert!(why.contains("65,535"), "{gpu}");
    }
    // Everything else as on the CPU (timings, the backend and the adapter aside).
    let (mut gpu, mut cpu) = (gpu, cpu);
    for member in gpu["members"].as_array_mut().expect("members") {
        member.as_object_mut().expect("member").remove("on_cpu");
    }
    for v in [&mut gpu, &mut cpu] {
        for key in ["seconds", "backend", "adapter", "adapters"] {
            v.as_object_mut().expect("an object").remove(key);
        }
    }
    assert_eq!(gpu, cpu);
}

#[test]
fn the_acs_buffer_limits_are_checked_for_every_size_before_the_first_puzzle() {
    // Before: the ACS's GPU limits were checked when each puzzle's engine was built, so the 9x9
    // was solved and the 64x64 got an error line. 200 colonies of 16 ants need 201 MiB of ant
    // boards at 64x64; lavapipe allows 128 MiB per storage buffer.
    refused_before_the_first_puzzle(
        &["--algorithm", "aco", "--colonies", "200", "--ants", "16"],
        "per storage buffer",
        "lower --colonies or --ants",
    );
}
