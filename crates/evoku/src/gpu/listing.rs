//! The adapters as `evoku devices` and Python's `evoku.devices()` list them: each one's summary,
//! whether `--backend gpu` opens it and whether its name passes `WGPU_ADAPTER_NAME`.

use super::device::{adapter_name_filter, chosen_adapter, name_matches, AdapterSummary};
use crate::error::Result;

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
