//! The adapters as `evoku devices` and Python's `evoku.devices()` list them: each one's summary,
//! whether `--backend gpu` opens it and whether its name passes `WGPU_ADAPTER_NAME`.

use super::backends::{backends, instance, is_software, rank};
use crate::error::{Error, Result};

/// One adapter as `evoku devices` prints it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AdapterSummary {
    pub name: String,
    pub backend: String,
    pub device_type: String,
    pub driver: String,
    pub driver_info: String,
    /// A CPU implementation (lavapipe, llvmpipe, SwiftShader, WARP): correct but slow.
    pub software: bool,
    pub max_storage_buffer_binding_size: u64,
    pub max_buffer_size: u64,
    pub max_compute_workgroups_per_dimension: u32,
    pub max_compute_invocations_per_workgroup: u32,
    /// Workgroup memory per workgroup, in bytes.
    pub max_compute_workgroup_storage_size: u32,
}

impl AdapterSummary {
    pub(super) fn new(info: &wgpu::AdapterInfo, limits: &wgpu::Limits) -> AdapterSummary {
        AdapterSummary {
            name: info.name.clone(),
            backend: info.backend.to_str().to_string(),
            device_type: format!("{:?}", info.device_type),
            driver: info.driver.clone(),
            driver_info: info.driver_info.clone(),
            software: is_software(info),
            max_storage_buffer_binding_size: limits.max_storage_buffer_binding_size,
            max_buffer_size: limits.max_buffer_size,
            max_compute_workgroups_per_dimension: limits.max_compute_workgroups_per_dimension,
            max_compute_invocations_per_workgroup: limits.max_compute_invocations_per_workgroup,
            max_compute_workgroup_storage_size: limits.max_compute_workgroup_storage_size,
        }
    }
}

/// The adapter name filter `--backend gpu` applies: `explicit` (`--adapter`), else
/// `WGPU_ADAPTER_NAME`; `None` when neither names anything.
pub fn adapter_name_filter(explicit: Option<&str>) -> Option<String> {
    explicit
        .map(str::to_string)
        .or_else(|| std::env::var("WGPU_ADAPTER_NAME").ok())
        .filter(|f| !f.trim().is_empty())
}

/// Whether an adapter called `name` passes `filter`: the name contains it, case-insensitive.
pub fn name_matches(name: &str, filter: &str) -> bool {
    name.to_lowercase().contains(&filter.trim().to_lowercase())
}

pub(super) fn no_adapter_matches(filter: &str, found: &[String]) -> Error {
    let backend_env = std::env::var("WGPU_BACKEND").unwrap_or_else(|_| "unset".into());
    Error::gpu(
        None,
        "choose an adapter",
        format!(
            "no GPU adapter matches '{filter}' (WGPU_BACKEND={backend_env}); found: {}; see \
             `evoku devices`",
            found.join(", ")
        ),
    )
}

/// Which of `adapters` (best first, as [`list_adapters`] gives them) `--backend gpu` opens: the
/// first whose name passes [`adapter_name_filter`] (`WGPU_ADAPTER_NAME`); `None` when there is
/// none, and the error `--backend gpu` gives when the filter matches none of them.
pub fn chosen_adapter(adapters: &[AdapterSummary]) -> Result<Option<usize>> {
    let Some(filter) = adapter_name_filter(None) else {
        return Ok((!adapters.is_empty()).then_some(0));
    };
    match adapters.iter().position(|a| name_matches(&a.name, &filter)) {
        Some(index) => Ok(Some(index)),
        None if adapters.is_empty() => Ok(None),
        None => {
            let names: Vec<String> = adapters.iter().map(|a| a.name.clone()).collect();
            Err(no_adapter_matches(&filter, &names))
        }
    }
}

/// Every adapter of the backends `WGPU_BACKEND` selects (all when unset), best first; an error
/// when `WGPU_BACKEND` names no backend.
pub fn list_adapters() -> Result<Vec<AdapterSummary>> {
    let backends = backends(None)?;
    let instance = instance(backends);
    let mut adapters = pollster::block_on(instance.enumerate_adapters(backends));
    adapters.sort_by_key(|a| rank(&a.get_info()));
    Ok(adapters
        .iter()
        .map(|a| AdapterSummary::new(&a.get_info(), &a.limits()))
        .collect())
}

/// One adapter of the listing (`evoku devices --json` prints one per line).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ListedAdapter {
    #[serde(flatten)]
    pub adapter: AdapterSummary,
    /// `--backend gpu` opens this one.
    pub chosen: bool,
    /// Its name passes `WGPU_ADAPTER_NAME` (true when that is unset).
    pub matches_adapter_name: bool,
}

/// Every one of `adapters` (best first, as [`super::list_adapters`] gives them), marked; with
/// the error `--backend gpu` gives when `WGPU_ADAPTER_NAME` matches none of them. Every adapter
/// is listed even then (`--adapters` takes these indices).
pub fn listed_adapters(adapters: Vec<AdapterSummary>) -> (Vec<ListedAdapter>, Result<()>) {
    let chosen = chosen_adapter(&adapters);
    let filter = adapter_name_filter(None);
    let listed = adapters
        .into_iter()
        .enumerate()
        .map(|(index, adapter)| ListedAdapter {
            chosen: matches!(chosen, Ok(Some(c)) if c == index),
            matches_adapter_name: filter
                .as_deref()
                .is_none_or(|f| name_matches(&adapter.name, f)),
            adapter,
        })
        .collect();
    (listed, chosen.map(|_| ()))
}
