//! `evoku.solve`: a batch of puzzles solved concurrently on the CPU's threads, each exactly as
//! `evoku solve` solves it alone (a run is a function of the puzzle, the settings and the seed),
//! the reports as arrays.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::to_py;
use crate::{input, interrupt, settings};

/// The reports of a batch, one row per puzzle, in the puzzles' order.
#[pyclass(module = "evoku", frozen)]
pub struct SolveResult {
    /// (N, n*n) uint8: each solution, row by row; 0 in every cell of an unsolved puzzle.
    #[pyo3(get)]
    solutions: Py<PyArray2<u8>>,
    /// (N,) bool: whether the puzzle was solved.
    #[pyo3(get)]
    solved: Py<PyArray1<bool>>,
    /// (N,) float64: wall time of each solve, in seconds.
    #[pyo3(get)]
    seconds: Py<PyArray1<f64>>,
    /// (N,) str: what found the solution (`exact`, `presolve`, `aco`, `walk`, ...); "" unsolved.
    #[pyo3(get)]
    solved_by: Py<PyAny>,
    /// (N,) uint64: GA generations or ACS iterations.
    #[pyo3(get)]
    generations: Py<PyArray1<u64>>,
    /// (N,) uint64: individual-generations, ant tours or search nodes.
    #[pyo3(get)]
    evaluations: Py<PyArray1<u64>>,
    /// (N, n*n) uint8: the best grid found (the solution when solved); 0s when no run was made.
    #[pyo3(get)]
    best: Py<PyArray2<u8>>,
    /// The reports, turned into JSON only when asked for (`to_json`): a batch's serial tail.
    reports: Vec<evoku::Report>,
}

#[pymethods]
impl SolveResult {
    /// One JSON object per puzzle, as `evoku solve --json` prints them (same fields).
    fn to_json(&self) -> Vec<String> {
        self.reports.iter().map(evoku::Report::to_json).collect()
    }

    fn __len__(&self) -> usize {
        self.reports.len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let solved = self.solved.bind(py).to_vec().unwrap_or_default();
        format!(
            "SolveResult({} of {} solved)",
            solved.iter().filter(|&&s| s).count(),
            solved.len()
        )
    }
}

/// Solves every puzzle of `puzzles`; see evoku.pyi for the arguments.
#[pyfunction]
#[pyo3(signature = (puzzles, *, backend="auto", seed=1, time_limit=None, algorithm=None,
                    threads=None, adapter=None, exact_streams=None, no_exact_shortcut=false,
                    preset=None, **named))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    backend: &str,
    seed: u64,
    time_limit: Option<f64>,
    algorithm: Option<&str>,
    threads: Option<usize>,
    adapter: Option<String>,
    exact_streams: Option<u32>,
    no_exact_shortcut: bool,
    preset: Option<&str>,
    named: Option<&Bound<'_, PyDict>>,
) -> PyResult<SolveResult> {
    let puzzles = input::puzzles(py, puzzles)?;
    let settings = settings::solve(
        backend,
        seed,
        time_limit,
        algorithm,
        threads,
        adapter,
        exact_streams,
        no_exact_shortcut,
    )?;
    let settings = settings::named(settings, algorithm.is_some(), preset, named)?;
    // The command's batch (`evoku::Solver::solve_batch`): the same plan, the same threads per
    // puzzle, so the same reports as `evoku solve --json`.
    let reports = interrupt::run(py, || -> evoku::Result<Vec<evoku::Report>> {
        let solver = evoku::Solver::new(&settings)?;
        let reports = solver.solve_batch(&puzzles).into_iter().collect();
        interrupt::drop_unless_stopped(solver);
        reports
    })?
    .map_err(to_py)?;
    if reports.len() < puzzles.len() {
        return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
            "evoku.solve was interrupted",
        ));
    }
    let cells = puzzles[0].side() * puzzles[0].side();
    // One (N, n*n) array of `f`'s grids, 0 where there is none, built flat and reshaped.
    let grid = |f: &dyn Fn(&evoku::Report) -> Option<&[u8]>| -> PyResult<Py<PyArray2<u8>>> {
        let mut flat = Vec::with_capacity(reports.len() * cells);
        for report in &reports {
            match f(report) {
                Some(grid) => flat.extend_from_slice(grid),
                None => flat.resize(flat.len() + cells, 0),
            }
        }
        Ok(PyArray1::from_vec(py, flat)
            .reshape([reports.len(), cells])?
            .unbind())
    };
    let solved_by: Vec<&str> = reports
        .iter()
        .map(|r| r.solved_by().unwrap_or(""))
        .collect();
    let numpy = py.import("numpy")?;
    Ok(SolveResult {
        solutions: grid(&|r| r.solution())?,
        solved: column(py, reports.iter().map(|r| r.solved())),
        seconds: column(py, reports.iter().map(|r| r.seconds())),
        solved_by: numpy.call_method1("array", (solved_by,))?.unbind(),
        generations: column(py, reports.iter().map(|r| r.generations())),
        evaluations: column(py, reports.iter().map(|r| r.evaluations())),
        best: grid(&|r| r.best())?,
        reports,
    })
}

/// A (N,) array.
pub fn column<T: numpy::Element>(
    py: Python<'_>,
    values: impl Iterator<Item = T>,
) -> Py<PyArray1<T>> {
    PyArray1::from_vec(py, values.collect()).unbind()
}

/// A (N, n*n) array of equally long rows.
pub fn rows(py: Python<'_>, rows: &[Vec<u8>]) -> PyResult<Py<PyArray2<u8>>> {
    PyArray2::from_vec2(py, rows)
        .map(Bound::unbind)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
}
