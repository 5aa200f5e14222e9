//! The GPU engine: the genetic algorithm as WGSL compute shaders on any wgpu adapter.
//!
//! `shaders/<stage>.wgsl` is the twin of `src/cpu/<stage>.rs`: same names, same data layout,
//! same draws, so a GPU run equals the CPU run of the same seed bit for bit (`tests/gpu.rs`
//! compares them stage by stage). Set up a [`GpuContext`] once and build any number of
//! [`GpuEngine`]s on it.

pub mod adapters;
pub mod buffers;
pub mod device;
pub mod engine;
pub mod multi;
pub(crate) mod pipeline;
pub(crate) mod schedule;
pub mod shaders;

pub use adapters::{open_adapters, AdapterList, AdapterPick};
pub use device::{is_software, list_adapters, AdapterSummary, GpuContext, GpuOptions};
pub use engine::GpuEngine;
pub use multi::{split_islands, MultiGpuEngine};
pub use shaders::Stage;
