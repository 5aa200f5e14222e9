//! [`SolveOptions`]: what a solve is asked for (the algorithm, the device, the engines'
//! settings), built by one constructor that the command line (`solve`, `suite`) and
//! [`crate::api::Solver`] share, so that every entry point checks the same things the same way.

use std::time::Duration;

use serde::Serialize;

use crate::aco::AcoConfig;
use crate::choice::choice_enum;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::ga::{GaConfig, Preset};

/// The independent streams of the portfolio's exact member from 36x36 on, by default
/// ([`crate::portfolio::restarts`]; each a search at a time on its own thread when there are two).
pub const EXACT_STREAMS: u32 = 2;
/// Box size from which the portfolio's exact member runs [`EXACT_STREAMS`] restarted streams
/// (36x36 and up; `crate::portfolio::restarts`).
pub const RESTARTS_FROM_BOX: usize = 6;
/// The most streams `--exact-streams` takes: one per core of a large workstation, with room.
pub const MAX_EXACT_STREAMS: u32 = 64;

choice_enum! {
    /// Which solver runs.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Algorithm ("algorithm") {
        /// The strongest measured at every size: a portfolio of the exact solver (fastest on hard
        /// 9x9 and easy fills), the Ant Colony System (fastest on 16x16 and 25x25) and the
        /// box-assignment walk (where the ACS stalls), in lock-step rounds (`crates/evoku/src/portfolio/`).
        Auto => "auto",
        /// The GA engine (Mantere & Koljonen with Sato & Inoue's crossover, and the box-assignment
        /// walk): the walk preset unless `--preset` names another.
        Ga => "ga",
        /// The exact solver (propagation and backtracking).
        Exact => "exact",
        /// The Ant Colony System of Lloyd & Amos.
        Aco => "aco",
    }
}

/// Nodes the exact solver may spend, by default, proving a puzzle has no solution before a
/// heuristic run ([`SolveOptions::unsolvable_check_nodes`]).
pub const UNSOLVABLE_CHECK_NODES: u64 = 200_000;

/// Everything `solve_puzzle` needs besides the puzzle.
#[derive(Clone)]
pub struct SolveOptions {
    pub algorithm: Algorithm,
    pub device: Device,
    pub ga: GaConfig,
    /// Ant Colony System settings; its seed is `ga.seed` (one `--seed` for every algorithm).
    pub aco: crate::aco::AcoConfig,
    /// CPU threads; `None` = all cores.
    pub threads: Option<usize>,
    /// The most puzzles of a batch in progress at once (`--jobs`; `None`: as many as the
    /// threads and memory allow, each with the threads it keeps busy,
    /// [`crate::solve::batch::plan_for`]). Results do not depend on it, except which runs a
    /// time limit cuts short.
    pub jobs: Option<usize>,
    pub time_limit: Option<Duration>,
    /// Nodes the exact solver may spend proving a puzzle has no solution before a GA run.
    pub unsolvable_check_nodes: u64,
    /// The preset `ga` started from (named in the report).
    pub preset: Preset,
    /// Which group counts a GPU run sizes from the adapter instead of taking them from `ga`
    /// and `aco` (`--islands auto`, the default on a GPU).
    pub fill_device: FillDevice,
    /// A solution the GA's no-solution check finds is the answer (`solved_by: "exact"`); off,
    /// the GA runs anyway (to measure it alone).
    pub exact_shortcut: bool,
    /// `--algorithm exact`: 0 runs one deterministic search; N > 0 runs randomized searches
    /// restarted with Luby budgets of N nodes each unit ([`crate::exact::restarts`]), seeded by `ga.seed`.
    pub exact_restarts: u64,
    /// Streams of the portfolio's exact member from 36x36 on
    /// ([`crate::portfolio::restarts::RestartsMember`]; default [`EXACT_STREAMS`]): more keep
    /// more cores busy, and change the run (the threads never do).
    pub exact_streams: u32,
}

/// Whether GA islands and ACS colonies are sized from the GPU adapter
/// ([`super::sizing::gpu_islands`], [`super::sizing::gpu_colonies`]); no effect on the CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillDevice {
    pub islands: bool,
    pub colonies: bool,
}

impl FillDevice {
    /// Both sized from the adapter (the default, and what [`crate::api::Solver`] does).
    pub const BOTH: FillDevice = FillDevice {
        islands: true,
        colonies: true,
    };
}

impl SolveOptions {
    /// The options of a solve by `algorithm` with `ga` (started from `preset`) and `aco`, both
    /// checked (the error names the option to change); the ACS takes the GA's seed (one
    /// `--seed`). The rest is what `evoku solve` does without options: the CPU (until
    /// [`SolveOptions::on`]), every core, no time limit (the batch sets the board's), islands and
    /// colonies sized from a GPU adapter, the exact shortcut on, one deterministic exact search,
    /// [`EXACT_STREAMS`] streams.
    pub fn new(
        algorithm: Algorithm,
        preset: Preset,
        ga: GaConfig,
        aco: AcoConfig,
    ) -> Result<SolveOptions> {
        ga.validate()?;
        aco.validate()?;
        let aco = AcoConfig {
            seed: ga.seed,
            ..aco
        };
        Ok(SolveOptions {
            algorithm,
            device: Device::Cpu,
            ga,
            aco,
            threads: None,
            jobs: None,
            time_limit: None,
            unsolvable_check_nodes: UNSOLVABLE_CHECK_NODES,
            preset,
            fill_device: FillDevice::BOTH,
            exact_shortcut: true,
            exact_restarts: 0,
            exact_streams: EXACT_STREAMS,
        })
    }

    /// These options on `device`.
    pub fn on(mut self, device: Device) -> SolveOptions {
        self.device = device;
        self
    }

    /// CPU threads (`None`: every core).
    pub fn threads(mut self, threads: Option<usize>) -> SolveOptions {
        self.threads = threads;
        self
    }

    /// The most puzzles of a batch in progress at once (`None`: as many as fit).
    pub fn jobs(mut self, jobs: Option<usize>) -> SolveOptions {
        self.jobs = jobs;
        self
    }

    /// Which group counts a GPU sizes ([`FillDevice`]).
    pub fn fill_device(mut self, fill: FillDevice) -> SolveOptions {
        self.fill_device = fill;
        self
    }

    /// The exact solver's part: whether the pre-check's solution is the answer (`shortcut`),
    /// `--exact-restarts` and `--exact-streams` (checked: 1 to [`MAX_EXACT_STREAMS`]).
    pub fn exact(mut self, shortcut: bool, restarts: u64, streams: u32) -> Result<SolveOptions> {
        if !(1..=MAX_EXACT_STREAMS).contains(&streams) {
            return Err(Error::invalid_option(
                "--exact-streams",
                streams,
                format!("1..={MAX_EXACT_STREAMS}"),
            ));
        }
        self.exact_shortcut = shortcut;
        self.exact_restarts = restarts;
        self.exact_streams = streams;
        Ok(self)
    }
}
