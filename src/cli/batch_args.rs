//! The options `paper` and `study` share: the device, the GA's settings (the paper's preset and
//! generation cap unless given), the exports and the shard.

use anyhow::Result;
use clap::Args;

use crate::experiment::{self, BatchOptions};
use evoku::ga::GaConfig;

use super::device_args::DeviceArgs;
use super::export_args::ExportArgs;
use super::ga_args::GaArgs;
use super::shard_args::ShardArgs;

/// `--preset` of `paper` and `study`: the paper's settings by default (no presolve, random first
/// population, as the paper ran): the default preset's presolve finishes the easier seed puzzles
/// before generation 1, which leaves nothing to measure.
fn paper_preset(arg: clap::Arg) -> clap::Arg {
    arg.default_value("paper").help(
        "Named GA settings that the options below override (default here: the paper's, \
         without presolve, so the GA does the solving that is measured)",
    )
}

/// The device, GA, export and shard options of a batch command (`paper`, `study`). The
/// generation cap is `--max-generations`, 100,000 (the paper's) unless given.
#[derive(Args, Debug)]
#[command(mut_arg("preset", paper_preset))]
pub struct BatchArgs {
    #[command(flatten)]
    pub device: DeviceArgs,
    #[command(flatten)]
    pub ga: GaArgs,
    #[command(flatten)]
    pub export: ExportArgs,
    #[command(flatten)]
    pub shard: ShardArgs,
}

impl BatchArgs {
    /// The GA settings, checked: the generation cap is `--max-generations` when given, else the
    /// paper's 100,000 (not the default preset's 1,000,000, which with 100 runs could take
    /// hours).
    pub fn config(&self) -> Result<GaConfig> {
        let mut config = self.ga.config();
        if !self.ga.max_generations_given() {
            config.max_generations = experiment::PAPER_MAX_GENERATIONS;
        }
        config.validate()?;
        Ok(config)
    }

    /// `runs` runs of `config` on the chosen device, with the device's description for the
    /// report.
    pub fn options(
        &self,
        runs: u32,
        config: &GaConfig,
        quiet: bool,
    ) -> Result<(BatchOptions, String)> {
        evoku::ga::config::check_runs(runs, false)?;
        let selected = self.device.select(quiet)?;
        let name = selected.describe();
        let options = BatchOptions {
            runs,
            max_generations: config.max_generations,
            device: selected,
            threads: self.device.threads,
            step: None,
        };
        Ok((options, name))
    }
}
