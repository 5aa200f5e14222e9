//! Keyword arguments into the library's settings: the names are the command line's options
//! (`backend`, `seed`, `time_limit`, ...), parsed and checked by the library as the command
//! line's are; unset ones keep the library's defaults.

use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

use crate::errors::{to_py, value_error};
use evoku::ga::Preset;
use evoku::{Algorithm, Backend};

/// The most CPU threads, as `--threads` allows.
const MAX_THREADS: usize = 256;

pub fn backend(name: &str) -> PyResult<Backend> {
    evoku::choice::parse::<Backend>(name).map_err(to_py)
}

pub fn algorithm(name: &str) -> PyResult<Algorithm> {
    evoku::choice::parse::<Algorithm>(name).map_err(to_py)
}

/// `--threads`: 1 to 256.
pub fn threads(threads: Option<usize>) -> PyResult<Option<usize>> {
    match threads {
        Some(n) if !(1..=MAX_THREADS).contains(&n) => Err(value_error(format!(
            "invalid configuration: threads must be 1..={MAX_THREADS}, got {n}"
        ))),
        other => Ok(other),
    }
}

/// A time in seconds: finite and not negative.
pub fn seconds(option: &str, seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        value_error(format!(
            "invalid configuration: {option} must be a number of seconds >= 0, got {seconds}"
        ))
    })
}

/// The solve settings of the keyword arguments.
#[allow(clippy::too_many_arguments)]
pub fn solve(
    backend_name: &str,
    seed: u64,
    time_limit: Option<f64>,
    algorithm_name: Option<&str>,
    threads_count: Option<usize>,
    adapter: Option<String>,
    exact_streams: Option<u32>,
    no_exact_shortcut: bool,
) -> PyResult<evoku::Settings> {
    let mut settings = evoku::Settings::new()
        .backend(backend(backend_name)?)
        .algorithm(algorithm(algorithm_name.unwrap_or("auto"))?)
        .seed(seed)
        .exact_shortcut(!no_exact_shortcut);
    if let Some(n) = threads(threads_count)? {
        settings = settings.threads(n);
    }
    if let Some(limit) = time_limit {
        // 0 is no limit, as `--time-limit 0`.
        let limit = seconds("time_limit", limit)?;
        settings = if limit.is_zero() {
            settings.no_time_limit()
        } else {
            settings.time_limit(limit)
        };
    }
    if let Some(name) = adapter {
        settings = settings.adapter(name);
    }
    if let Some(streams) = exact_streams {
        settings = settings.exact_streams(streams);
    }
    Ok(settings)
}

/// `preset` and the GA and ACS settings passed as keywords (`population=400`, `q0=0.1`), by the
/// command line's option names without dashes, each value read as that option reads it. A preset
/// without an algorithm runs the GA, as `evoku solve --preset` does.
pub fn named(
    mut settings: evoku::Settings,
    algorithm_given: bool,
    preset: Option<&str>,
    named: Option<&Bound<'_, PyDict>>,
) -> PyResult<evoku::Settings> {
    if let Some(name) = preset {
        settings = settings.preset(evoku::choice::parse::<Preset>(name).map_err(to_py)?);
        if !algorithm_given {
            settings = settings.algorithm(Algorithm::Ga);
        }
    }
    for (key, value) in named.into_iter().flat_map(|d| d.iter()) {
        let key: String = key.extract()?;
        let text = if value.is_instance_of::<PyBool>() {
            value.extract::<bool>()?.to_string()
        } else {
            value.str()?.to_string()
        };
        settings = settings.set(&key, &text).map_err(to_py)?;
    }
    Ok(settings)
}

/// A rayon pool of `threads` threads, or `None` for the global one (every core).
pub fn pool(threads: Option<usize>) -> PyResult<Option<rayon::ThreadPool>> {
    threads
        .map(|n| {
            evoku::threads::pool(n)
                .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
        })
        .transpose()
}
