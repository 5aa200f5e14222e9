//! `evoku devices`: the GPU adapters wgpu sees and the limits that matter to evoku.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

#[derive(Args, Debug)]
pub struct DevicesArgs {
    /// One JSON object per adapter per line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: DevicesArgs) -> Result<ExitCode> {
    let adapters = evoku::gpu::list_adapters()?;
    if adapters.is_empty() {
        eprintln!("no GPU adapter found; `evoku solve --backend cpu` runs on the CPU");
        return Ok(ExitCode::from(2));
    }
    for a in &adapters {
        if args.json {
            super::stdout::line(&serde_json::to_string(a)?)?;
        } else {
            super::stdout::line(&format!(
                "{} ({}, {}{})\n  driver: {} {}\n  max storage binding {} MiB, max buffer {} MiB, \
                 workgroups per dimension {}, invocations per workgroup {}, workgroup memory {} KiB",
                a.name,
                a.backend,
                a.device_type,
                if a.software {
                    ", software: for correctness, not speed"
                } else {
                    ""
                },
                a.driver,
                a.driver_info,
                a.max_storage_buffer_binding_size >> 20,
                a.max_buffer_size >> 20,
                a.max_compute_workgroups_per_dimension,
                a.max_compute_invocations_per_workgroup,
                a.max_compute_workgroup_storage_size >> 10
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
