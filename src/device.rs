//! Where a GA run goes: the backend asked for on the command line and the device chosen from it,
//! decided once per command.

use std::sync::Arc;

use serde::Serialize;

use crate::error::Result;
use crate::ga::cpu::CpuEngine;
use crate::ga::gpu::GpuEngine;
use crate::ga::{Engine, GaConfig, Problem};
use crate::gpu::{AdapterSummary, GpuContext, GpuOptions};

/// Where the GA runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Backend {
    Cpu,
    Gpu,
    /// A hardware GPU if there is one, else the CPU.
    Auto,
}

/// Where a GA run actually goes, decided once per command.
#[derive(Clone)]
pub enum Device {
    Cpu,
    Gpu(Arc<GpuContext>),
}

impl Device {
    /// `Cpu` and `Gpu` are taken as asked (a missing adapter is an error for `Gpu`); `Auto`
    /// takes a hardware GPU when there is one, else the CPU engine. A software adapter
    /// (lavapipe, llvmpipe, WARP) is slower than the CPU engine, so `Auto` uses one only when it
    /// was asked for by name. The note says what `Auto` chose and why, for the user (one line).
    pub fn choose(backend: Backend, adapter: Option<&str>) -> Result<(Device, Option<String>)> {
        // `auto` probes only the primary backends (Vulkan, Metal, DX12) unless WGPU_BACKEND says
        // otherwise: a GL adapter is almost always a software one, and probing it is noisy.
        let backends = match (backend, std::env::var_os("WGPU_BACKEND")) {
            (Backend::Auto, None) => Some(wgpu::Backends::PRIMARY),
            _ => None,
        };
        let options = GpuOptions {
            adapter_name: adapter.map(str::to_string),
            backends,
        };
        match backend {
            Backend::Cpu => Ok((Device::Cpu, None)),
            Backend::Gpu => Ok((Device::Gpu(Arc::new(GpuContext::new(&options)?)), None)),
            Backend::Auto => match GpuContext::new(&options) {
                Ok(ctx) if !ctx.is_software() || adapter.is_some() => {
                    let note = format!("running on the GPU {}", ctx.describe());
                    Ok((Device::Gpu(Arc::new(ctx)), Some(note)))
                }
                Ok(ctx) => {
                    let note = format!(
                        "running on the CPU engine: the GPU adapter found, {} ({}), is a \
                         software one, slower than the CPU (--backend gpu takes it anyway)",
                        ctx.info.name,
                        ctx.info.backend.to_str()
                    );
                    Ok((Device::Cpu, Some(note)))
                }
                Err(e) => Ok((
                    Device::Cpu,
                    Some(format!("running on the CPU engine ({e})")),
                )),
            },
        }
    }

    /// [`Device::choose`], with its note logged at `info` level.
    pub fn select(backend: Backend, adapter: Option<&str>) -> Result<Device> {
        let (device, note) = Device::choose(backend, adapter)?;
        if let Some(note) = note {
            log::info!("{note}");
        }
        Ok(device)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Device::Cpu => "cpu",
            Device::Gpu(_) => "gpu",
        }
    }

    /// "CPU engine", or "GPU engine on <adapter>", for reports.
    pub fn describe(&self) -> String {
        match self {
            Device::Cpu => "CPU engine".to_string(),
            Device::Gpu(ctx) => format!("GPU engine on {}", ctx.describe()),
        }
    }

    pub fn adapter(&self) -> Option<AdapterSummary> {
        match self {
            Device::Cpu => None,
            Device::Gpu(ctx) => Some(ctx.summary()),
        }
    }

    /// A GA engine for `problem` on this device.
    pub fn engine(
        &self,
        problem: Problem,
        config: &GaConfig,
        threads: Option<usize>,
    ) -> Result<Box<dyn Engine>> {
        Ok(match self {
            Device::Cpu => Box::new(CpuEngine::new(problem, config, threads)?),
            Device::Gpu(ctx) => Box::new(GpuEngine::new(ctx, problem, config)?),
        })
    }
}
