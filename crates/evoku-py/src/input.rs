//! The puzzles a function is given: a numpy array (or anything `numpy.asarray` takes) of shape
//! (N, n*n) or (N, n, n) and any integer dtype, a list of strings in evoku's line format, or a
//! path (`str` or `os.PathLike`) to a file in any format `evoku solve` reads.

use numpy::PyReadonlyArrayDyn;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::errors::{to_py, value_error};
use evoku::Puzzle;

/// The puzzles of `object`, all of one side, at least one.
pub fn puzzles(py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<Vec<Puzzle>> {
    let puzzles = if object.is_instance_of::<PyString>() || is_path(py, object)? {
        let path: std::path::PathBuf = object.extract()?;
        Puzzle::read(&path).map_err(to_py)?
    } else if object.is_instance_of::<PyList>() || object.is_instance_of::<PyTuple>() {
        let items: Vec<Bound<'_, PyAny>> = object.extract()?;
        if items
            .first()
            .is_some_and(|first| first.is_instance_of::<PyString>())
        {
            from_strings(&items)?
        } else {
            from_array(py, object)?
        }
    } else {
        from_array(py, object)?
    };
    if puzzles.is_empty() {
        return Err(value_error("no puzzles given"));
    }
    let side = puzzles[0].side();
    if let Some((i, p)) = puzzles.iter().enumerate().find(|(_, p)| p.side() != side) {
        return Err(value_error(format!(
            "puzzle {i} is {n}x{n} but puzzle 0 is {side}x{side}: one board size per call",
            n = p.side()
        )));
    }
    Ok(puzzles)
}

fn is_path(py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<bool> {
    let path_like = py.import("os")?.getattr("PathLike")?;
    object.is_instance(&path_like)
}

/// Strings in the line format (any format `evoku solve` reads, one puzzle each).
fn from_strings(items: &[Bound<'_, PyAny>]) -> PyResult<Vec<Puzzle>> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let text: String = item.extract().map_err(|_| {
                value_error(format!(
                    "puzzle {i}: a string expected, like the others, got {}",
                    type_name(item)
                ))
            })?;
            Puzzle::parse(&text).map_err(|e| match e {
                evoku::Error::Parse {
                    line,
                    column,
                    message,
                    ..
                } => value_error(format!(
                    "puzzle {i}, line {line}, column {column}: {message}"
                )),
                other => to_py(other),
            })
        })
        .collect()
}

/// An integer array of shape (N, n*n) or (N, n, n), 0 for an empty cell, else a digit 1..=n.
fn from_array(py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<Vec<Puzzle>> {
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (object,)).map_err(|e| {
        value_error(format!(
            "puzzles must be an integer array, a list of strings or a path, got {} ({e})",
            type_name(object)
        ))
    })?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        let dtype = array.getattr("dtype")?.str()?.to_string();
        return Err(value_error(format!(
            "puzzles must be an array of integers (0 empty, 1..n digits), got dtype {dtype}"
        )));
    }
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let (count, side) = match shape[..] {
        [count, cells] => (count, side_of(cells, &shape)?),
        [count, rows, columns] if rows == columns => {
            side_of(rows * columns, &shape)?;
            (count, rows)
        }
        _ => {
            return Err(value_error(format!(
                "puzzles must have shape (N, n*n) or (N, n, n) with n = 4, 9, 16, 25, ... 64, got {shape:?}"
            )))
        }
    };
    // Any integer dtype, read as 64-bit: values beyond u8 are refused below, not wrapped.
    let wide = array.call_method1("astype", ("int64",))?;
    let wide: PyReadonlyArrayDyn<'_, i64> = wide.extract()?;
    let values = wide.as_array();
    let cells_per = side * side;
    let flat: Vec<i64> = values.iter().copied().collect();
    (0..count)
        .map(|i| {
            let cells = &flat[i * cells_per..(i + 1) * cells_per];
            let mut bytes = Vec::with_capacity(cells_per);
            for (k, &v) in cells.iter().enumerate() {
                if !(0..=side as i64).contains(&v) {
                    return Err(value_error(format!(
                        "puzzle {i}, line {}, column {}: {v} is not a cell (0 for empty, 1..={side} a digit)",
                        k / side + 1,
                        k % side + 1
                    )));
                }
                bytes.push(v as u8);
            }
            Puzzle::from_cells(side, &bytes)
                .ok_or_else(|| value_error(format!("puzzle {i}: not a {side}x{side} board")))
        })
        .collect()
}

/// The side n of a board of `cells` cells.
fn side_of(cells: usize, shape: &[usize]) -> PyResult<usize> {
    evoku::board::Geometry::from_cell_count(cells)
        .map(|g| g.side())
        .ok_or_else(|| {
            value_error(format!(
                "puzzles must have shape (N, n*n) or (N, n, n) with n = 4, 9, 16, 25, ... 64, \
                 got {shape:?} ({cells} cells is not a board)"
            ))
        })
}

fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}
