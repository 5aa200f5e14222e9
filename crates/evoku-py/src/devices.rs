//! `evoku.devices()`: the GPU adapters wgpu sees, as `evoku devices --json` lists them.

use pyo3::prelude::*;

use crate::errors::to_py;

/// One dict per adapter, the keys of `evoku devices --json`; an empty list when there is none.
#[pyfunction]
pub fn devices(py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
    let adapters = py.detach(evoku::gpu::list_adapters).map_err(to_py)?;
    let json = py.import("json")?;
    adapters
        .iter()
        .map(|a| {
            let text = serde_json::to_string(a)
                .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
            Ok(json.call_method1("loads", (text,))?.unbind())
        })
        .collect()
}
