//! `evoku.run_ga`: one GA run's fitness per generation (best, mean, best so far, restarts), the
//! trace `evoku solve --plot` draws, as arrays.

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{to_py, value_error};
use crate::solve::column;
use crate::{input, interrupt, settings};
use evoku::ga::{GaConfig, Preset};

/// Samples of the trace at most (as `evoku solve --plot`).
const MAX_POINTS: u32 = 2000;

/// The GA's trace on one puzzle; see evoku.pyi for the arguments.
#[pyfunction]
#[pyo3(signature = (puzzle, preset="paper", generations=None, seed=1, *, backend="cpu",
                    threads=None, max_points=MAX_POINTS))]
#[allow(clippy::too_many_arguments)]
pub fn run_ga<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    preset: &str,
    generations: Option<u64>,
    seed: u64,
    backend: &str,
    threads: Option<usize>,
    max_points: u32,
) -> PyResult<Bound<'py, PyDict>> {
    // One puzzle: a string, a 1-D or 2-D grid, or a batch of one.
    let strings = puzzle.is_instance_of::<pyo3::types::PyList>()
        || puzzle.is_instance_of::<pyo3::types::PyTuple>();
    let one = if puzzle.is_instance_of::<pyo3::types::PyString>() {
        pyo3::types::PyList::new(py, [puzzle])?.into_any()
    } else if strings
        && puzzle
            .get_item(0)
            .is_ok_and(|first| first.is_instance_of::<pyo3::types::PyString>())
    {
        puzzle.clone()
    } else {
        let array = py.import("numpy")?.call_method1("asarray", (puzzle,))?;
        let ndim: usize = array.getattr("ndim")?.extract()?;
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        let square = shape.len() == 2 && shape[0] == shape[1] && shape[0] > 1;
        if ndim == 1 || square {
            array.call_method1("reshape", ((1, -1),))?
        } else {
            array
        }
    };
    let puzzles = input::puzzles(py, &one)?;
    if puzzles.len() != 1 {
        return Err(value_error(format!(
            "run_ga traces one puzzle, got {}",
            puzzles.len()
        )));
    }
    let preset: Preset = evoku::choice::parse(preset).map_err(to_py)?;
    let config = GaConfig {
        seed,
        ..GaConfig::preset(preset)
    };
    config.validate().map_err(to_py)?;
    let generations = generations.unwrap_or(u64::from(config.max_generations));
    let threads = settings::threads(threads)?;
    let device = evoku::device::Device::select(settings::backend(backend)?, None).map_err(to_py)?;
    let cells = puzzles[0].cells().to_vec();
    let side = puzzles[0].side();
    let grid = evoku::board::Geometry::from_side(side)
        .and_then(|g| evoku::board::Grid::from_cells(g, cells))
        .ok_or_else(|| value_error("not a board"))?;
    let inner = evoku::format::Puzzle {
        name: "<cells>".into(),
        grid,
        file: "<cells>".into(),
        line: 1,
    };
    let trace = interrupt::run(py, || {
        let trace = evoku::ga::trace::trace_ga(
            &inner,
            &config,
            &device,
            threads,
            generations,
            max_points,
            evoku::stop::Stop::on_request(),
        );
        interrupt::drop_unless_stopped(device);
        trace
    })?
    .map_err(to_py)?;
    let points = &trace.points;
    let out = PyDict::new(py);
    out.set_item(
        "generation",
        column(py, points.iter().map(|p| p.generation)),
    )?;
    out.set_item("best", column(py, points.iter().map(|p| p.best)))?;
    out.set_item("mean", column(py, points.iter().map(|p| p.mean)))?;
    out.set_item(
        "best_so_far",
        column(py, points.iter().map(|p| p.best_so_far)),
    )?;
    out.set_item("restarts", column(py, points.iter().map(|p| p.restarts)))?;
    let restarts: Py<PyArray1<u32>> = column(py, trace.restarts.iter().copied());
    out.set_item("restart_generations", restarts)?;
    out.set_item("solved", points.last().is_some_and(|p| p.best == 0))?;
    Ok(out)
}
