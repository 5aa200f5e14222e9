//! Where a run goes: the backend asked for on the command line and the device chosen from it,
//! decided once per command. A plain value: the engines are built and sized from a device in
//! `crate::plan` (this module imports no engine).

use std::sync::Arc;

use serde::Serialize;

use crate::choice::choice_enum;
use crate::error::Result;
use crate::gpu::{
    open_adapters, split_evenly, AdapterList, AdapterSummary, GpuContext, GpuOptions,
};

choice_enum! {
    /// Where the GA runs.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Backend ("backend") {
        /// The CPU engine, on every core (or `--threads`).
        Cpu => "cpu",
        /// A GPU adapter through wgpu; an error when there is none.
        Gpu => "gpu",
        /// A hardware GPU if there is one, else the CPU.
        Auto => "auto",
    }
}

/// Where a GA run actually goes, decided once per command.
#[derive(Clone)]
pub enum Device {
    Cpu,
    Gpu(Arc<GpuContext>),
    /// Several devices (`--adapters`): a GA run splits its islands over them
    /// ([`crate::ga::gpu::MultiGpuEngine`]), an ACS run its colonies ([`crate::aco::gpu::MultiGpuAco`]), each
    /// bit for bit the one-device run; traces use the first.
    Gpus(Arc<[GpuContext]>),
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

    /// The devices of `--adapters`: one adapter is the plain one-device [`Device::Gpu`].
    pub fn with_adapters(list: &AdapterList) -> Result<Device> {
        let mut contexts = open_adapters(list)?;
        Ok(match contexts.len() {
            1 => Device::Gpu(Arc::new(contexts.remove(0))),
            _ => Device::Gpus(contexts.into()),
        })
    }

    /// Which adapter runs how many of a run's GA `islands` and ACS `colonies` (each split over
    /// the devices as the engines split them); adapters left with neither are left out, and
    /// there is none on the CPU.
    pub fn adapter_shares(&self, islands: Option<u32>, colonies: Option<u32>) -> Vec<AdapterShare> {
        let contexts = match self {
            Device::Cpu => return Vec::new(),
            Device::Gpu(ctx) => std::slice::from_ref(&**ctx),
            Device::Gpus(contexts) => contexts,
        };
        let share = |count: Option<u32>, i: usize| {
            count.and_then(|count| {
                split_evenly(count, contexts.len())
                    .get(i)
                    .map(|r| r.len() as u32)
            })
        };
        contexts
            .iter()
            .enumerate()
            .map(|(i, ctx)| AdapterShare {
                adapter: ctx.describe(),
                islands: share(islands, i),
                colonies: share(colonies, i),
            })
            .filter(|s| s.islands.is_some() || s.colonies.is_some())
            .collect()
    }

    pub fn name(&self) -> &'static str {
        match self {
            Device::Cpu => "cpu",
            Device::Gpu(_) | Device::Gpus(_) => "gpu",
        }
    }

    /// "CPU engine", or "GPU engine on <adapter>", for reports.
    pub fn describe(&self) -> String {
        match self {
            Device::Cpu => "CPU engine".to_string(),
            Device::Gpu(ctx) => format!("GPU engine on {}", ctx.describe()),
            Device::Gpus(contexts) => format!(
                "GPU engine on {} devices: {}",
                contexts.len(),
                contexts
                    .iter()
                    .map(GpuContext::describe)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        }
    }

    pub fn adapter(&self) -> Option<AdapterSummary> {
        match self {
            Device::Cpu => None,
            Device::Gpu(ctx) => Some(ctx.summary()),
            Device::Gpus(contexts) => Some(contexts[0].summary()),
        }
    }
}

/// One adapter's share of a run, as `solve --json` reports it: the GA's islands and the ACS's
/// colonies it ran (each left out when none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AdapterShare {
    /// The adapter's description (`name (backend, device type)`).
    pub adapter: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub islands: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colonies: Option<u32>,
}
