//! The GPU engine: the genetic algorithm as WGSL compute shaders on any wgpu adapter.
//!
//! `shaders/<stage>.wgsl` is the twin of `src/cpu/<stage>.rs`: same names, same data layout,
//! same draws, so a GPU run equals the CPU run of the same seed bit for bit (`tests/gpu.rs`
//! compares them stage by stage). Set up a [`GpuContext`] once and build any number of
//! [`GpuEngine`]s on it.

pub mod buffers;
pub mod device;
pub mod engine;
pub(crate) mod pipeline;
pub mod prelude;
pub(crate) mod schedule;
pub mod shaders;

pub use device::{is_software, list_adapters, AdapterSummary, GpuContext, GpuOptions};
pub use engine::GpuEngine;
pub use shaders::Stage;

/// A WGSL loop of `iterations` iterations as lavapipe's limiter counts it: two more. lavapipe
/// ends every loop of an invocation once 65,535 iterations have run in all, so each stage's CPU
/// twin states the bound of its GPU loops (`loop_bound`) beside its CPU code, and the engines
/// sum them by stage.
pub const fn loop_run(iterations: u64) -> u64 {
    iterations + 2
}
