//! The Ant Colony System options of `evoku solve --algorithm aco` (the seed is the shared
//! `--seed`).

use clap::Args;
use evoku::aco::AcoConfig;

/// Every ACS setting, defaulting to the authors' (see `evoku::aco`).
#[derive(Args, Debug, Clone)]
pub struct AcoArgs {
    /// Ants per colony.
    #[arg(long)]
    ants: Option<u32>,
    /// Probability of the greedy choice (the paper's meaning, default 0.9). The authors'
    /// published code is greedy with probability 1 - q0: `--q0 0.1` reproduces it.
    #[arg(long)]
    q0: Option<f64>,
    /// Global pheromone update rate.
    #[arg(long)]
    rho: Option<f64>,
    /// Best-value evaporation per iteration.
    #[arg(long)]
    evaporation: Option<f64>,
    /// Local pheromone update rate.
    #[arg(long)]
    local_update: Option<f64>,
    /// Independent colonies (results do not depend on --threads; default 4 on the CPU, sized
    /// from the adapter on a GPU).
    #[arg(long)]
    colonies: Option<u32>,
    /// Restart a colony after N iterations without a fuller ant (0 = never).
    #[arg(long)]
    stagnation: Option<u32>,
    /// Each colony adopts its neighbour's best every N iterations (0 = never).
    #[arg(long)]
    exchange: Option<u32>,
    /// Iterations per puzzle at most (besides --time-limit).
    #[arg(long)]
    max_iterations: Option<u32>,
}

impl AcoArgs {
    /// Whether colonies are to be sized from the adapter (no `--colonies N`).
    pub fn colonies_auto(&self) -> bool {
        self.colonies.is_none()
    }

    /// The defaults with every option given on the command line applied.
    pub fn config(&self, seed: u64) -> AcoConfig {
        let mut c = AcoConfig {
            seed,
            ..AcoConfig::default()
        };
        macro_rules! set {
            ($($field:ident <- $arg:ident),*) => {$(if let Some(v) = self.$arg { c.$field = v; })*};
        }
        set!(ants <- ants, q0 <- q0, rho <- rho, evaporation <- evaporation,
             local_update <- local_update, colonies <- colonies, restart_after <- stagnation,
             exchange_interval <- exchange, max_iterations <- max_iterations);
        c
    }
}
