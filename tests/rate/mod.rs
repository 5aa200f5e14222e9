//! Tests: rating — entropy, the technique ladder and its level against Sudoku Explainer, the GA
//! rating's determinism, and `evoku rate`.

use std::process::Command;

use evoku::board::{Geometry, Grid};
use evoku::device::Device;
use evoku::exact;
use evoku::ga::cpu::CpuEngine;
use evoku::ga::{GaConfig, Preset, Problem};
use evoku::rate::{
    self, entropy_level, ga_rating, rate_engine, rating_config, spearman, GaRating,
    GaRatingOptions, Level, RateError, Rater, Technique,
};

use crate::util;

mod agreement;
mod command;
mod ga_rating;
mod ladder;

/// A rated puzzle of `tests/data/ratings/`: the grid, its SE rating and QQWing's label (if any).
struct Rated {
    grid: Grid,
    se: f64,
    label: String,
}

fn rated(file: &str) -> Vec<Rated> {
    let path = util::data(&format!("ratings/{file}"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let se = col("se_rating").expect("se_rating column");
    let label = col("qqwing_difficulty");
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            Rated {
                grid: grid81(f[0]),
                se: f[se].parse().expect("SE rating"),
                label: label.map_or(String::new(), |i| f[i].to_string()),
            }
        })
        .collect()
}

fn grid81(line: &str) -> Grid {
    let cells = line
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    Grid::from_cells(Geometry::new(3).unwrap(), cells).expect("81 cells")
}

fn both_sets() -> Vec<Rated> {
    let mut all = rated("qqwing-100-se-rated.csv");
    all.extend(rated("se-rated-hard.csv"));
    all
}

fn mean(v: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = v.collect();
    v.iter().sum::<f64>() / v.len() as f64
}
