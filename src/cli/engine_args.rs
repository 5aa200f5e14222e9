//! The options `solve` and `suite` share: where the engines run and with which settings, and
//! the [`SolveOptions`] both build from them.

use anyhow::Result;
use clap::Args;

use evoku::ga::Preset;
use evoku::solve::{Algorithm, FillDevice, SolveOptions};

use super::aco_args::AcoArgs;
use super::device_args::DeviceArgs;
use super::exact_args::ExactArgs;
use super::ga_args::GaArgs;

/// The device, the GA's and the ACS's options of `solve` and `suite` (the fuzz test parses
/// them too).
#[derive(Args, Debug)]
pub struct EngineArgs {
    #[command(flatten)]
    pub device: DeviceArgs,
    #[command(flatten)]
    pub ga: GaArgs,
    #[command(flatten)]
    pub aco: AcoArgs,
    /// The most puzzles (suite: runs) in progress at once (default: as many as the threads and
    /// memory allow, leaving each puzzle the threads it keeps busy: both exact streams from
    /// 36x36). `--jobs 1` solves one at a time, each with every thread. Results do not depend on
    /// it, except which runs a time limit cuts short.
    #[arg(long, value_parser = super::values::jobs)]
    pub jobs: Option<usize>,
}

impl EngineArgs {
    /// The algorithm that runs (`given`, else `ga` when `--preset` is given, else `auto`;
    /// `--preset` refused with an algorithm that runs no GA) and the options it runs with
    /// ([`SolveOptions::new`], the constructor `evoku::Solver` uses too; every setting
    /// checked), on the CPU until the device is chosen.
    pub fn solve_options(
        &self,
        given: Option<Algorithm>,
        exact: &ExactArgs,
        no_exact_shortcut: bool,
    ) -> Result<(Algorithm, SolveOptions)> {
        refuse_preset_conflict(given, &self.ga)?;
        let algorithm = given.unwrap_or(if self.ga.preset_given() {
            Algorithm::Ga
        } else {
            Algorithm::Auto
        });
        let config = self.ga.config_or(Preset::Walk);
        let aco = self.aco.config(config.seed);
        let options = SolveOptions::new(algorithm, self.ga.preset_or(Preset::Walk), config, aco)?
            .threads(self.device.threads)
            .jobs(self.jobs)
            .fill_device(FillDevice {
                islands: self.ga.islands_auto(),
                colonies: self.aco.colonies_auto(),
            })
            .exact(
                !no_exact_shortcut,
                exact.exact_restarts,
                exact.exact_streams,
            )?;
        Ok((algorithm, options))
    }
}

/// Refuses `--preset` with an `--algorithm` that runs no GA (`exact`, `aco`), which would
/// otherwise be ignored without a word.
fn refuse_preset_conflict(given: Option<Algorithm>, ga: &GaArgs) -> Result<()> {
    match given {
        Some(a @ (Algorithm::Exact | Algorithm::Aco)) if ga.preset_given() => anyhow::bail!(
            "--preset sets the GA's settings and --algorithm {} runs no GA: give one of \
             --preset and --algorithm {}, not both",
            format!("{a:?}").to_lowercase(),
            format!("{a:?}").to_lowercase()
        ),
        _ => Ok(()),
    }
}
