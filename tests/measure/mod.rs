//! Tests: measurement — statistics, exporters, the batch of independent runs behind `evoku
//! paper` and `evoku study`, the suite's buckets, a CPU-only bench, and the SVG plots. No
//! timing is asserted: only counts, values and files.

use std::io::Write;
use std::path::PathBuf;

use evoku::device::Device;
use evoku::export::{self, ExportFormat, Table, Value};
use evoku::format::{self, ParseOptions, Puzzle};
use evoku::ga::cpu::CpuEngine;
use evoku::ga::{self, GaConfig, Preset, Problem, RunLimits};
use evoku::gpu::{GpuContext, GpuOptions};
use evoku::solve::{solve_puzzle, Algorithm, SolveOptions};
use evoku::stats::{self, Summary};
use evoku_cli::bench::{self, BenchOptions, GpuChoice};
use evoku_cli::experiment::{self, BatchOptions, OperatorSet, PaperReport, StudyParam};
use evoku_cli::plot::{self, RangeSeries, Series};
use evoku_cli::suite::{self, Bucket, Selection, SuiteOptions};

use crate::util;

mod batch;
mod commands;
mod cpu_bench;
mod exporters;
mod plots;
mod solve_plot;
mod statistics;
mod suite_buckets;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * (1.0 + b.abs())
}

fn read_puzzle(path: &str) -> Puzzle {
    let (mut puzzles, _) = format::read_puzzles(
        util::repo(path).to_str().expect("utf-8 path"),
        &ParseOptions::default(),
    )
    .expect("puzzle file");
    puzzles.remove(0)
}

/// A fresh folder under the system temp folder for this test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("evoku-measure-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The file is an SVG document: opens with `<svg`, closes with `</svg>`, and holds drawing.
fn assert_svg(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).expect("svg written");
    assert!(text.trim_start().starts_with("<svg"), "{}", path.display());
    assert!(text.trim_end().ends_with("</svg>"), "{}", path.display());
    assert!(text.contains("<text"), "{} has no labels", path.display());
    assert!(
        text.contains("<polyline") || text.contains("<path") || text.contains("<line"),
        "{} has no lines",
        path.display()
    );
    assert_eq!(
        text.matches("<svg").count(),
        text.matches("</svg>").count(),
        "{}",
        path.display()
    );
}
