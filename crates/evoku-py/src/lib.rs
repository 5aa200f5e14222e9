//! The `evoku` Python module: the solver, rater and generator of the `evoku` library crate,
//! numpy arrays in and out. Each function is a thin layer over `evoku`'s stable API
//! (`evoku::solve`, `evoku::rate`, `evoku::generate`): the settings, their defaults and their
//! checks are the library's, the same as the command line's.

use pyo3::prelude::*;

mod devices;
mod errors;
mod generate;
mod input;
mod interrupt;
mod json;
mod rate;
mod settings;
mod solve;
mod trace;

#[pymodule]
fn evoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<solve::SolveResult>()?;
    m.add_class::<rate::RateResult>()?;
    m.add_class::<generate::GenerateResult>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(rate::rate, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(devices::devices, m)?)?;
    m.add_function(wrap_pyfunction!(trace::run_ga, m)?)?;
    Ok(())
}
