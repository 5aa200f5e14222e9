//! `evoku.rate`: each puzzle rated as `evoku rate` rates it (the technique ladder, the entropy
//! and the GA's runs), the puzzles concurrently on the CPU's threads.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::to_py;
use crate::solve::column;
use crate::{input, interrupt, json, settings};

/// The ratings of a batch, one entry per puzzle, in the puzzles' order.
#[pyclass(module = "evoku", frozen)]
pub struct RateResult {
    /// (N,) uint8: the level, 1 (easy) to 5 (extreme).
    #[pyo3(get)]
    level: Py<PyArray1<u8>>,
    /// (N,) float64: the score behind the level (Sudoku Explainer's scale).
    #[pyo3(get)]
    score: Py<PyArray1<f64>>,
    /// (N,) float64: the entropy along the search path, in bits.
    #[pyo3(get)]
    entropy: Py<PyArray1<f64>>,
    /// (N,) str: the hardest technique the ladder used ("" when none was needed).
    #[pyo3(get)]
    technique: Py<PyAny>,
    /// (N,) int64: solutions found, up to 2 (2 means two or more).
    #[pyo3(get)]
    solutions: Py<PyArray1<i64>>,
    /// (N,) int64: GA runs that solved the puzzle; -1 when the GA rating was skipped (runs=0).
    #[pyo3(get)]
    ga_solved: Py<PyArray1<i64>>,
    /// (N,) float64: mean generations of the GA's runs; NaN when skipped.
    #[pyo3(get)]
    ga_mean_generations: Py<PyArray1<f64>>,
    json: Vec<String>,
}

#[pymethods]
impl RateResult {
    /// One JSON object per puzzle, as `evoku rate --json` prints them (same fields).
    fn to_json(&self) -> Vec<String> {
        self.json.clone()
    }

    fn __len__(&self) -> usize {
        self.json.len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let levels = self.level.bind(py).to_vec().unwrap_or_default();
        format!("RateResult({} puzzles, levels {levels:?})", levels.len())
    }
}

/// Rates every puzzle of `puzzles`; see evoku.pyi for the arguments.
#[pyfunction]
#[pyo3(signature = (puzzles, *, runs=None, backend="auto", seed=1, time_limit=None, threads=None))]
pub fn rate(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    runs: Option<u32>,
    backend: &str,
    seed: u64,
    time_limit: Option<f64>,
    threads: Option<usize>,
) -> PyResult<RateResult> {
    let puzzles = input::puzzles(py, puzzles)?;
    let mut rating = evoku::RateSettings::new()
        .backend(settings::backend(backend)?)
        .seed(seed);
    if let Some(runs) = runs {
        rating = rating.ga_runs(runs);
    }
    if let Some(n) = settings::threads(threads)? {
        rating = rating.threads(n);
    }
    if let Some(limit) = time_limit {
        rating = rating.ga_time_limit(settings::seconds("time_limit", limit)?);
    }
    let pool = settings::pool(threads)?;
    let ratings = interrupt::run(py, || -> evoku::Result<Vec<evoku::Rating>> {
        let batch = || {
            puzzles
                .par_iter()
                .map(|p| evoku::rate(p, &rating))
                .collect()
        };
        match &pool {
            Some(pool) => pool.install(batch),
            None => batch(),
        }
    })?
    .map_err(to_py)?;
    let lines: Vec<String> = ratings.iter().map(|r| r.to_json()).collect();
    let reports = json::parse(&lines);
    let numpy = py.import("numpy")?;
    Ok(RateResult {
        level: column(py, ratings.iter().map(|r| r.level().number())),
        score: column(py, ratings.iter().map(|r| r.score())),
        entropy: column(py, ratings.iter().map(|r| r.entropy())),
        technique: numpy
            .call_method1("array", (json::strings(&reports, "technique"),))?
            .unbind(),
        solutions: column(py, ratings.iter().map(|r| r.solutions() as i64)),
        ga_solved: column(
            py,
            ratings.iter().map(|r| r.ga_solved().map_or(-1, i64::from)),
        ),
        ga_mean_generations: column(
            py,
            json::floats(&reports, "ga_mean_generations").into_iter(),
        ),
        json: lines,
    })
}
