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
    // The adapter `--backend gpu` opens: the best one whose name contains WGPU_ADAPTER_NAME.
    // Every adapter is still listed (`--adapters` takes these indices); when the filter
    // matches none, the list is printed and the error `--backend gpu` would give ends it.
    let filter = evoku::gpu::adapter_name_filter(None);
    let (listed, chosen) = evoku::gpu::listed_adapters(adapters);
    for listed in &listed {
        let (a, is_chosen, matches) = (&listed.adapter, listed.chosen, listed.matches_adapter_name);
        if args.json {
            super::stdout::line(&serde_json::to_string(listed)?)?;
        } else {
            let mark = match (&filter, is_chosen, matches) {
                (_, true, _) => "\n  opened by --backend gpu".to_string(),
                (Some(f), _, false) => {
                    format!("\n  skipped: its name does not contain WGPU_ADAPTER_NAME '{f}'")
                }
                _ => String::new(),
            };
            super::stdout::line(&format!(
                "{} ({}, {}{}){mark}\n  driver: {} {}\n  max storage binding {} MiB, max buffer {} MiB, \
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
    chosen?;
    Ok(ExitCode::SUCCESS)
}
