//! The device options shared by every command that solves: backend, adapter and CPU threads.

use clap::Args;
use evoku::device::{Backend, Device};
use evoku::error::Result;

#[derive(Args, Debug, Clone)]
pub struct DeviceArgs {
    /// `auto` uses the CPU engine unless a hardware GPU is present.
    #[arg(long, value_enum, default_value = "auto")]
    pub backend: Backend,
    /// Pick a GPU adapter whose name contains this text.
    #[arg(long)]
    pub adapter: Option<String>,
    /// CPU threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = super::values::threads)]
    pub threads: Option<usize>,
}

impl DeviceArgs {
    /// The device `--backend` and `--adapter` name. With `--backend auto`, one line on stderr
    /// says what was chosen and why, unless `quiet`.
    pub fn select(&self, quiet: bool) -> Result<Device> {
        let (device, note) = Device::choose(self.backend, self.adapter.as_deref())?;
        if let (Some(note), false) = (note, quiet) {
            eprintln!("evoku: {note}");
        }
        Ok(device)
    }
}
