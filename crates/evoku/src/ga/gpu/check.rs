//! Whether a GA run fits a GPU, checked before anything is built: the buffer sizes against the
//! adapter's limits and, on a software adapter, lavapipe's loop budget.

use super::buffers::Sizes;
use crate::error::{Error, Result};
use crate::ga::cpu;
use crate::ga::stages::Stage;
use crate::ga::{GaConfig, Params, Problem};
use crate::gpu::device::GpuContext;
use crate::gpu::SOFTWARE_LOOP_BUDGET;

/// An upper bound of the loop iterations (as lavapipe counts them) one invocation of `stage`
/// runs: the sum of the bounds its operators state beside their CPU twins.
pub fn stage_loop_bound(stage: Stage, params: &Params) -> u64 {
    match stage {
        Stage::Init => cpu::init::loop_bound(params),
        // Lane 0 of `breed_wide` runs `breed`'s loops but the mask build and the store, which
        // its lanes share.
        Stage::Breed | Stage::BreedWide => cpu::breed::loop_bound(params),
        Stage::IslandBest => cpu::island_best::loop_bound(params),
    }
}

/// The bound of the heaviest stage: what a software adapter's loop limit must allow.
pub fn loop_bound(params: &Params) -> u64 {
    Stage::ALL
        .iter()
        .map(|&stage| stage_loop_bound(stage, params))
        .max()
        .unwrap_or(0)
}

/// Whether the run `config` describes fits `ctx` for `problem`, checked without building
/// anything: the settings, the buffer sizes against the adapter's limits, and on a software
/// adapter the loop budget (lavapipe cuts shader loops after 65,535 iterations). `solve` makes
/// this check for every board size of a batch before the first puzzle.
pub fn check(ctx: &GpuContext, problem: &Problem, config: &GaConfig) -> Result<()> {
    checked_sizes(ctx, problem, config).map(drop)
}

/// [`check`], and the buffer sizes it checked.
fn checked_sizes(ctx: &GpuContext, problem: &Problem, config: &GaConfig) -> Result<Sizes> {
    config.validate()?;
    crate::ga::problem::check_encoding(problem, config)?;
    check_params(ctx, &Params::new(problem, config))
}

/// The buffer sizes of `params` checked against `ctx`'s limits, and the loop budget.
pub(super) fn check_params(ctx: &GpuContext, params: &Params) -> Result<Sizes> {
    let sizes = Sizes::new(params);
    sizes.check(params, &ctx.limits, &ctx.describe())?;
    let iterations = loop_bound(params);
    if ctx.is_software() && iterations > SOFTWARE_LOOP_BUDGET {
        // The most box assignments that would fit with everything else unchanged.
        let fitting_steps = (0..params.assign_steps).rev().find(|&steps| {
            let fewer = Params {
                assign_steps: steps,
                ..*params
            };
            loop_bound(&fewer) <= SOFTWARE_LOOP_BUDGET
        });
        let steps = match fitting_steps {
            Some(steps) => format!(" (--assign-steps {steps} would fit)"),
            None => String::new(),
        };
        return Err(Error::gpu(
            Some(ctx.describe()),
            "check the loop budget",
            format!(
                "{adapter} cuts shader loops short after 65,535 iterations and this run needs up \
             to {iterations} per invocation ({side}x{side}, local search {children}, box \
             assignments {assigns}): lower --local-search or --assign-steps{steps}, use \
             --mutation-scope child, or use --backend cpu",
                adapter = ctx.describe(),
                side = params.side,
                children = params.local_search,
                assigns = params.assign_steps,
            ),
        ));
    }
    Ok(sizes)
}

/// The bytes of GPU memory the run `config` describes takes for `problem` on `ctx` (both
/// populations and their scores, the outcomes, island states and records, the tables), or why
/// `ctx` cannot run it: what puzzles solved at once on one GPU add up ([`crate::solve::batch`]).
pub fn device_bytes(ctx: &GpuContext, problem: &Problem, config: &GaConfig) -> Result<u64> {
    let sizes = checked_sizes(ctx, problem, config)?;
    let tables = super::buffers::tables(problem).len() as u64 * 4;
    Ok(2 * sizes.population
        + 2 * sizes.scores
        + sizes.outcomes
        + 2 * sizes.islands
        + sizes.records
        + tables)
}
