//! The exact solver's options shared by `solve` and `suite`.

use clap::Args;

use evoku::portfolio::restarts::EXACT_STREAMS;

#[derive(Args, Debug, Clone)]
pub struct ExactArgs {
    /// `--algorithm exact` only: restart randomized searches with Luby node budgets of this
    /// many nodes per unit (1, 1, 2, 1, 1, 2, 4, ... units); 0 (default): one deterministic search.
    #[arg(long, default_value_t = 0, value_name = "NODES")]
    pub exact_restarts: u64,
    /// The default solver from 36x36 on: streams of its exact member (independent searches
    /// trading short learned clauses, each a thread's work). More streams keep more cores busy
    /// and change the run; the thread count never does.
    #[arg(long, default_value_t = EXACT_STREAMS, value_name = "N", value_parser = super::values::exact_streams)]
    pub exact_streams: u32,
}
