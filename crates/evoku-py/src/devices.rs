//! `evoku.devices()`: the GPU adapters wgpu sees, as `evoku devices --json` lists them.

use pyo3::prelude::*;

use crate::errors::to_py;

/// One dict per adapter, the keys of `evoku devices --json` (`chosen`: `--backend gpu` opens it;
/// `matches_adapter_name`: its name passes `WGPU_ADAPTER_NAME`); an empty list when there is none.
#[pyfunction]
pub fn devices(py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
    let adapters = py.detach(evoku::gpu::list_adapters).map_err(to_py)?;
    // Marked as the command marks them; every adapter is listed, whatever WGPU_ADAPTER_NAME says.
    let (adapters, _) = evoku::gpu::listed_adapters(adapters);
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
