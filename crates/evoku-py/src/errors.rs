//! evoku's errors as Python exceptions: bad input and bad settings are `ValueError`, a file that
//! cannot be read `OSError`, anything else `RuntimeError`.

use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::PyErr;

/// The exception for `error`, its message the command line's.
pub fn to_py(error: evoku::Error) -> PyErr {
    let message = error.to_string();
    match error {
        evoku::Error::Parse { .. }
        | evoku::Error::InvalidOption { .. }
        | evoku::Error::Config(_)
        | evoku::Error::NoSolution { .. } => PyValueError::new_err(message),
        evoku::Error::Io { source, .. } => PyOSError::new_err(format!("{message}: {source}")),
        _ => PyRuntimeError::new_err(message),
    }
}

/// A `ValueError` with `message`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
