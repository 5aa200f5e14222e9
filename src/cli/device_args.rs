//! The device options shared by every command that solves: backend, adapter(s) and CPU threads.

use clap::Args;

use super::choices::choice;
use evoku::device::{Backend, Device};
use evoku::error::Result;
use evoku::gpu::AdapterList;
use evoku::solve::Algorithm;

#[derive(Args, Debug, Clone)]
pub struct DeviceArgs {
    /// `auto`: the default solver and the exact solver on the CPU engine (measured faster there),
    /// the GA and the ACS alone on a hardware GPU if there is one, else the CPU engine.
    #[arg(long, value_parser = choice::<Backend>(), default_value = "auto")]
    pub backend: Backend,
    /// Pick a GPU adapter whose name contains this text.
    #[arg(long, conflicts_with = "adapters")]
    pub adapter: Option<String>,
    /// Split the GA's islands and the ACS's colonies over several GPU adapters, each its own
    /// device and queue, with results bit for bit those of one device: `all` (every hardware
    /// adapter of the best backend), or a comma-separated list of names (a part of one) and
    /// indices as `evoku devices` lists them, from 0 (`0,1`; an adapter listed twice is opened
    /// twice). One adapter is the one-device run. Implies `--backend gpu`.
    #[arg(long, value_name = "all|LIST", value_parser = AdapterList::parse)]
    pub adapters: Option<AdapterList>,
    /// CPU threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = super::values::threads)]
    pub threads: Option<usize>,
}

impl DeviceArgs {
    /// The device `--backend` and `--adapter` name for a solve by `algorithm`
    /// ([`evoku::solve::choose_device`]: the exact solver on the CPU, the default solver on the
    /// CPU under `auto`). With `--backend auto`, one line on stderr says what was chosen and why,
    /// unless `quiet`.
    pub fn select_for(&self, algorithm: Algorithm, quiet: bool) -> Result<Device> {
        if self.adapters.is_some() || algorithm != Algorithm::Auto {
            return match algorithm {
                Algorithm::Exact => Ok(Device::Cpu),
                _ => self.select(quiet),
            };
        }
        let (device, note) =
            evoku::solve::choose_device(self.backend, self.adapter.as_deref(), algorithm)?;
        if let (Some(note), false) = (note, quiet) {
            eprintln!("evoku: {note}");
        }
        Ok(kept(device))
    }

    /// The device `--backend` and `--adapter` name. With `--backend auto`, one line on stderr
    /// says what was chosen and why, unless `quiet`.
    pub fn select(&self, quiet: bool) -> Result<Device> {
        if let Some(list) = &self.adapters {
            if self.backend == Backend::Cpu {
                return Err(evoku::error::Error::Config(
                    "--adapters runs on GPU adapters: drop --backend cpu".into(),
                ));
            }
            let device = Device::with_adapters(list)?;
            if !quiet {
                eprintln!("evoku: running on the {}", device.describe());
            }
            return Ok(kept(device));
        }
        let (device, note) = Device::choose(self.backend, self.adapter.as_deref())?;
        if let (Some(note), false) = (note, quiet) {
            eprintln!("evoku: {note}");
        }
        Ok(kept(device))
    }
}

/// `device`, its GPU contexts kept until the process ends: dropping one waits for the GPU to be
/// idle, and after a stop request or the time limit a software adapter may still be compiling
/// a pipeline for seconds (lavapipe, the 64x64 GA's `breed`: about 15 s), long after the
/// results are printed. The command ends right after, and the system frees the device.
fn kept(device: Device) -> Device {
    std::mem::forget(device.clone());
    device
}
