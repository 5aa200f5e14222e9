//! What an adapter allows a GPU ACS: on a software adapter its loop budget, which also sets
//! the ant steps of one tour dispatch, and everywhere its buffer and dispatch limits. Checked
//! when an engine is built, and before a batch's first puzzle ([`check`]), allocating nothing.

use std::ops::Range;

use super::super::common::{AcoParams, AcoTables, Colony, TOUR_WORKGROUP};
use super::super::cpu::{colony_update, restart, tour};
use super::super::AcoConfig;
use super::Sizes;
use crate::error::{Error, Result};
use crate::gpu::GpuContext;
use crate::gpu::SOFTWARE_LOOP_BUDGET;

/// An engine's parameters and buffer sizes on one adapter.
pub(super) struct Layout {
    pub params: AcoParams,
    pub sizes: Sizes,
    /// A part's ghost record: its first colony's neighbour, on another device.
    pub ghost_bytes: u64,
    /// Workgroups of a tour dispatch.
    pub tour_groups: u64,
}

/// Whether [`super::GpuAco::new`] would accept `config` for `tables`' board on `ctx`, without
/// building anything: what a batch checks before its first puzzle.
pub fn check(ctx: &GpuContext, tables: &AcoTables, config: &AcoConfig) -> Result<()> {
    layout(ctx, tables, config, 1, 0..config.colonies).map(drop)
}

/// How many of `wanted` puzzles of `tables`' board one engine on `ctx` holds ([`super::GpuAco::new_batch`]),
/// each with `config.colonies` colonies: as many as its buffers allow (at least 1). A batch of
/// that many passes every check one puzzle passes ([`check`]): the loop budgets are an
/// invocation's, and only the buffers grow with the puzzles.
pub fn batch_puzzles(ctx: &GpuContext, tables: &AcoTables, config: &AcoConfig, wanted: u32) -> u32 {
    let Ok(one) = layout(ctx, tables, config, 1, 0..config.colonies) else {
        return 1;
    };
    let Sizes {
        ants,
        pheromone,
        records,
        tables: table_bytes,
        ..
    } = one.sizes;
    let largest = [ants, pheromone, records, table_bytes].into_iter().max();
    let fit = ctx.largest_binding() / largest.unwrap_or(1).max(1);
    (fit.min(wanted as u64) as u32).max(1)
}

/// The parameters and buffer sizes of the engine holding colonies `part` of `puzzles` runs of
/// `config` (one after another, puzzle `p`'s colonies `p * config.colonies ..`) on boards of
/// `tables`' size, or why `ctx` cannot run it.
pub(super) fn layout(
    ctx: &GpuContext,
    tables: &AcoTables,
    config: &AcoConfig,
    puzzles: u32,
    part: Range<u32>,
) -> Result<Layout> {
    config.validate()?;
    let all = config.colonies.checked_mul(puzzles).ok_or_else(|| {
        Error::Config(format!(
            "{puzzles} puzzles of {} colonies are too many",
            config.colonies
        ))
    })?;
    if part.is_empty() || part.end > all {
        return Err(Error::Internal(format!(
            "colonies {part:?} of {puzzles} runs of {}",
            config.colonies
        )));
    }
    let adapter = ctx.describe();
    let mut params = config.params(tables);
    params.first_colony = part.start;
    params.colonies = part.len() as u32;
    params.colonies_per_group = (TOUR_WORKGROUP / params.ants).max(1);
    params.steps_per_dispatch = if ctx.is_software() {
        let one = tour::loop_bound(&params, 1);
        let per_step = tour::loop_bound(&params, 2) - one;
        if one > SOFTWARE_LOOP_BUDGET {
            return Err(Error::gpu(
                Some(adapter.clone()),
                "check the loop budget",
                format!(
                    "{adapter} cuts shader loops short after 65,535 iterations and one ant step \
                 may need {one}: lower the step budget, or use --backend cpu"
                ),
            ));
        }
        (1 + (SOFTWARE_LOOP_BUDGET - one) / per_step).min(params.tour_steps as u64) as u32
    } else {
        params.tour_steps
    };
    let per_colony = colony_update::loop_bound(&params).max(restart::loop_bound(&params));
    if ctx.is_software() && per_colony > SOFTWARE_LOOP_BUDGET {
        return Err(Error::gpu(
            Some(adapter.clone()),
            "check the loop budget",
            format!(
                "{adapter} cuts shader loops short after 65,535 iterations and a colony \
                 update of this board may need {per_colony}: use --backend cpu"
            ),
        ));
    }
    let colonies = params.colonies as u64;
    // A part's ghost record: its first colony's neighbour, on another device.
    let ghost_bytes = if params.colonies < params.run_colonies {
        params.record_words as u64 * 4
    } else {
        0
    };
    let ants = colonies * params.ants as u64;
    let sizes = Sizes {
        ants: ants * params.ant_words as u64 * 4,
        pheromone: colonies * params.pher_words() as u64 * 4,
        colonies: colonies * std::mem::size_of::<Colony>() as u64,
        records: colonies * params.record_words as u64 * 4,
        tables: (tables.word_count() + (puzzles as usize - 1) * tables.start_words()) as u64 * 4,
    };
    let binding = ctx.largest_binding();
    for (what, size) in [
        ("ant boards", sizes.ants),
        ("pheromone", sizes.pheromone),
        ("records", sizes.records + ghost_bytes),
        ("tables", sizes.tables),
    ] {
        if size > binding {
            return Err(Error::gpu(
                Some(adapter.clone()),
                "size the buffers",
                format!(
                    "{} colonies of {} ants on {} need {} MiB of {what}; {adapter} allows {} MiB \
                 per storage buffer: lower --colonies or --ants, or use --backend cpu",
                    params.colonies,
                    params.ants,
                    tables.geometry.name(),
                    size.div_ceil(1 << 20),
                    binding >> 20
                ),
            ));
        }
    }
    let max = ctx.limits.max_compute_workgroups_per_dimension;
    let tour_groups = colonies.div_ceil(params.colonies_per_group as u64);
    let most_groups = tour_groups.max(colonies);
    if most_groups > max as u64 * max as u64 {
        return Err(Error::gpu(
            Some(adapter.clone()),
            "size the buffers",
            format!(
                "{} colonies need {most_groups} workgroups; {adapter} dispatches at most {max} x \
             {max}: lower --colonies",
                params.colonies
            ),
        ));
    }
    Ok(Layout {
        params,
        sizes,
        ghost_bytes,
        tour_groups,
    })
}

/// The bytes of GPU memory the engine [`check`] accepts takes (ant boards, pheromone, colony
/// states, records, tables), or why `ctx` cannot run it: what puzzles solved at once on one GPU
/// add up ([`crate::solve::batch`]).
pub fn device_bytes(ctx: &GpuContext, tables: &AcoTables, config: &AcoConfig) -> Result<u64> {
    let sizes = layout(ctx, tables, config, 1, 0..config.colonies)?.sizes;
    Ok(sizes.ants + sizes.pheromone + sizes.colonies + sizes.records + sizes.tables)
}
