//! Tests: default_solver. What `evoku solve` runs without options (the portfolio of
//! `crates/evoku/src/portfolio/`), what it reports, that it is a pure function of (puzzle, config, seed)
//! whatever the thread count or backend, that a solution found on the way is kept, and the
//! default time limit. The helpers here are shared with `multi_gpu_aco`, `portfolio_overlap` and
//! `measure::solve_plot`.

mod command_line;
mod determinism;
mod large_boards;

use std::process::{Command, Output};

use evoku::board::Grid;
use evoku::device::Device;
use evoku::format::{self, ParseOptions, Puzzle};
use evoku::ga::{GaConfig, Preset};
use evoku::portfolio::{self, MemberKind};
use evoku::solve::{Algorithm, FillDevice, SolveOptions};

use crate::util;

fn evoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "metal") // the CPU engine, without probing adapters
        .output()
        .expect("run evoku")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = evoku(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| {
        panic!(
            "{e}: {stdout}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

pub(crate) fn read_puzzle(path: &str) -> Puzzle {
    let (mut puzzles, _) = format::read_puzzles(
        util::repo(path).to_str().expect("utf-8 path"),
        &ParseOptions::default(),
    )
    .expect("puzzle file");
    puzzles.remove(0)
}

/// A portfolio run of `kinds` on `puzzle` from now, with no progress output.
fn run_portfolio(
    puzzle: &Grid,
    kinds: &[MemberKind],
    options: &SolveOptions,
) -> portfolio::PortfolioOutcome {
    let plan = evoku::plan::RunPlan::new(puzzle, options).expect("a run plan");
    let (turns, start) = (portfolio::Turns::Overlapped, std::time::Instant::now());
    portfolio::solve(puzzle, kinds, &plan, &mut |_| {}, start, turns).expect("portfolio run")
}

pub(crate) fn options(device: Device, threads: usize, seed: u64) -> SolveOptions {
    let mut ga = GaConfig::preset(Preset::Walk);
    ga.seed = seed;
    SolveOptions {
        algorithm: Algorithm::Auto,
        device,
        ga,
        aco: Default::default(),
        threads: Some(threads),
        jobs: None,
        time_limit: None,
        unsolvable_check_nodes: 200_000,
        preset: Preset::Walk,
        fill_device: FillDevice::default(),
        exact_shortcut: true,
        exact_restarts: 0,
        exact_streams: evoku::portfolio::restarts::EXACT_STREAMS,
    }
}
