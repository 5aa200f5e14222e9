//! `evoku.generate`: puzzles with one solution at a level, as `evoku generate` makes them, or
//! (with `fill`) Lloyd & Amos-style instances, as `evoku generate --fill` makes them.

use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;

use crate::errors::{to_py, value_error};
use crate::solve::{column, rows};
use crate::{interrupt, json, settings};

/// The puzzles made, one row per puzzle.
#[pyclass(module = "evoku", frozen)]
pub struct GenerateResult {
    /// (N, n*n) uint8: the puzzles, row by row, 0 for an empty cell.
    #[pyo3(get)]
    puzzles: Py<PyArray2<u8>>,
    /// (N, n*n) uint8: their solutions (the one solution of a unique puzzle; for an instance,
    /// the complete grid its givens were taken from).
    #[pyo3(get)]
    solutions: Py<PyArray2<u8>>,
    /// (N,) uint8: the level, 1 to 5; 0 for instances (not rated).
    #[pyo3(get)]
    level: Py<PyArray1<u8>>,
    /// (N,) float64: the ladder's score; NaN for instances.
    #[pyo3(get)]
    score: Py<PyArray1<f64>>,
    /// (N,) float64: the entropy in bits; NaN for instances.
    #[pyo3(get)]
    entropy: Py<PyArray1<f64>>,
    /// (N,) str: the hardest technique the ladder used; "" for instances.
    #[pyo3(get)]
    technique: Py<PyAny>,
    json: Vec<String>,
}

#[pymethods]
impl GenerateResult {
    /// One JSON object per puzzle, as `evoku generate --json` prints them (without `source`);
    /// an empty list for instances (`fill`), which that command prints as files.
    fn to_json(&self) -> Vec<String> {
        self.json.clone()
    }

    fn __len__(&self) -> usize {
        self.json.len().max(Python::attach(|py| {
            self.puzzles.bind(py).len().unwrap_or(0)
        }))
    }
}

/// Generates puzzles; see evoku.pyi for the arguments.
#[pyfunction]
#[pyo3(signature = (size=9, level=None, fill=None, count=1, seed=1, unique=true, *,
                    symmetric=false, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    size: usize,
    level: Option<&Bound<'_, PyAny>>,
    fill: Option<u32>,
    count: usize,
    seed: u64,
    unique: bool,
    symmetric: bool,
    threads: Option<usize>,
) -> PyResult<GenerateResult> {
    let pool = settings::pool(settings::threads(threads)?)?;
    let install = |work: &(dyn Fn() -> evoku::Result<Made> + Sync)| match &pool {
        Some(pool) => pool.install(work),
        None => work(),
    };
    let made = match fill {
        Some(fill) => {
            if unique || level.is_some() || symmetric {
                return Err(value_error(
                    "fill makes Lloyd & Amos instances (cells removed at random, solutions not \
                     necessarily unique, not rated): pass unique=False, without level or symmetric",
                ));
            }
            evoku::instances::check_fill(fill).map_err(to_py)?;
            let geometry = evoku::board::Geometry::from_side(size).ok_or_else(|| {
                value_error(format!(
                    "invalid configuration: --size must be the square of a box size 2..=8 (4, 9, 16, 25, ...), got {size}"
                ))
            })?;
            interrupt::run(py, || {
                install(&|| {
                    let instances = evoku::instances::make_instances(
                        geometry,
                        &[fill],
                        count as u64,
                        seed,
                        &|_| {},
                    )?;
                    Ok(Made {
                        puzzles: instances.iter().map(|i| i.puzzle.cells().to_vec()).collect(),
                        solutions: instances
                            .iter()
                            .map(|i| i.solution.cells().to_vec())
                            .collect(),
                        json: Vec::new(),
                    })
                })
            })?
        }
        None => {
            if !unique {
                return Err(value_error(
                    "unique=False makes Lloyd & Amos instances: give their fill (percent of cells given)",
                ));
            }
            let mut settings = evoku::GenerateSettings::new()
                .side(size)
                .count(count)
                .seed(seed)
                .symmetric(symmetric);
            if let Some(level) = level {
                let text = level.str()?.to_string();
                let level: evoku::Level = text.parse().map_err(|e| {
                    value_error(format!("invalid configuration: level: {e}"))
                })?;
                settings = settings.level(level);
            }
            interrupt::run(py, || {
                install(&|| {
                    let made = evoku::generate(&settings)?;
                    Ok(Made {
                        puzzles: made.iter().map(|g| g.puzzle().cells().to_vec()).collect(),
                        solutions: made.iter().map(|g| g.solution().to_vec()).collect(),
                        json: made.iter().map(|g| g.to_json()).collect(),
                    })
                })
            })?
        }
    }
    .map_err(to_py)?;
    let cells = size * size;
    let reports = json::parse(&made.json);
    let n = made.puzzles.len();
    let rated = !made.json.is_empty() || n == 0;
    let numpy = py.import("numpy")?;
    let (level, score, entropy, technique) = if rated {
        (
            json::ints(&reports, "level", 0)
                .into_iter()
                .map(|l| l as u8)
                .collect(),
            json::floats(&reports, "score"),
            json::floats(&reports, "entropy"),
            json::strings(&reports, "technique"),
        )
    } else {
        (
            vec![0; n],
            vec![f64::NAN; n],
            vec![f64::NAN; n],
            vec![String::new(); n],
        )
    };
    let empty = |grids: Vec<Vec<u8>>| -> PyResult<Py<PyArray2<u8>>> {
        if grids.is_empty() {
            Ok(numpy
                .call_method1("zeros", ((0, cells), "uint8"))?
                .cast_into::<PyArray2<u8>>()?
                .unbind())
        } else {
            rows(py, &grids)
        }
    };
    Ok(GenerateResult {
        puzzles: empty(made.puzzles)?,
        solutions: empty(made.solutions)?,
        level: column(py, level.into_iter()),
        score: column(py, score.into_iter()),
        entropy: column(py, entropy.into_iter()),
        technique: numpy.call_method1("array", (technique, "U"))?.unbind(),
        json: made.json,
    })
}

struct Made {
    puzzles: Vec<Vec<u8>>,
    solutions: Vec<Vec<u8>>,
    json: Vec<String>,
}
