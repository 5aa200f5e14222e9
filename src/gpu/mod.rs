//! The GPU engine: the genetic algorithm as WGSL compute shaders on any wgpu adapter.
//!
//! `shaders/ga/<stage>.wgsl` is the twin of `src/ga/cpu/<stage>.rs`: same names, same data layout,
//! same draws, so a GPU run equals the CPU run of the same seed bit for bit (`tests/gpu.rs`
//! compares them stage by stage). Set up a [`GpuContext`] once and build any number of
//! [`GpuEngine`]s on it.

pub mod device;
pub(crate) mod pipeline;
pub(crate) mod schedule;
pub mod shaders;

pub use device::{is_software, list_adapters, AdapterSummary, GpuContext, GpuOptions};
pub use schedule::SOFTWARE_LOOP_BUDGET;
pub use shaders::Stage;
