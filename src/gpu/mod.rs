//! What the GA's and the ACS's GPU engines share: the device, shader assembly, pipelines and
//! bind groups, and the submit schedule.
//!
//! `shaders/ga/<stage>.wgsl` is the twin of `src/ga/cpu/<stage>.rs` and `shaders/aco/<stage>.wgsl`
//! of `src/aco/cpu/<stage>.rs`: same names, same data layout, same draws, so a GPU run equals the
//! CPU run of the same seed bit for bit (`tests/gpu.rs` and `tests/aco.rs` compare them stage by
//! stage). Set up a [`GpuContext`] once and build any number of engines on it
//! ([`crate::ga::gpu::GpuEngine`], [`crate::aco::gpu::GpuAco`]).

pub mod device;
pub(crate) mod pipeline;
pub(crate) mod schedule;
pub mod shaders;

pub use device::{is_software, list_adapters, AdapterSummary, GpuContext, GpuOptions};
pub use schedule::SOFTWARE_LOOP_BUDGET;
pub use shaders::Stage;
