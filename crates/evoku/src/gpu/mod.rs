//! What the GA's and the ACS's GPU engines share: the device, shader assembly, pipelines and
//! bind groups, and the submit schedule.
//!
//! `crates/evoku/shaders/ga/<stage>.wgsl` is the twin of `crates/evoku/src/ga/cpu/<stage>.rs` and `crates/evoku/shaders/aco/<stage>.wgsl`
//! of `crates/evoku/src/aco/cpu/<stage>.rs`: same names, same data layout, same draws, so a GPU run equals the
//! CPU run of the same seed bit for bit (`tests/gpu/` and `tests/aco_gpu.rs` compare them stage by
//! stage). Set up a [`GpuContext`] once and build any number of engines on it
//! ([`crate::ga::gpu::GpuEngine`], [`crate::aco::gpu::GpuAco`]).

pub mod adapters;
mod backends;
pub mod device;
mod listing;
pub(crate) mod pipeline;
pub mod prelude;
pub(crate) mod schedule;
pub mod shaders;
pub mod split;

pub use adapters::{open_adapters, AdapterList, AdapterPick};
pub use device::{is_software, GpuContext, GpuOptions};
pub use listing::{
    adapter_name_filter, chosen_adapter, list_adapters, listed_adapters, name_matches,
    AdapterSummary, ListedAdapter,
};
pub use schedule::SOFTWARE_LOOP_BUDGET;
pub use split::split_evenly;

/// A WGSL loop of `iterations` iterations as lavapipe's limiter counts it: two more. lavapipe
/// ends every loop of an invocation once 65,535 iterations have run in all, so each stage's CPU
/// twin states the bound of its GPU loops (`loop_bound`) beside its CPU code, and the engines
/// sum them by stage.
pub const fn loop_run(iterations: u64) -> u64 {
    iterations + 2
}
