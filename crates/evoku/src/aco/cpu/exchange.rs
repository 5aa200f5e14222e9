//! Every `exchange_interval` iterations each colony adopts the overall best of its ring neighbour
//! (colony `c - 1`) as its best-so-far solution when that is fuller than its own, at the full,
//! unevaporated deposit: the colonies of a parallel ACS sharing their best.
//!
//! Twin of `crates/evoku/shaders/aco/exchange.wgsl`. It reads only the neighbours' overall-best records, which
//! only `colony_update` writes, and writes only the colony's own state and best-so-far record, so
//! all colonies can run it at once.

use crate::aco::common::{AcoParams, Colony};

/// `own_best` is the colony's best-so-far record, `neighbour_overall` the neighbour's overall best
/// (each `filled` then one digit per cell): on a GPU holding part of a run's colonies, the first
/// colony's neighbour lives on another device and comes from the ghost record the host fills.
pub fn exchange(
    p: &AcoParams,
    colony: &mut Colony,
    own_best: &mut [u32],
    neighbour_overall: &[u32],
) {
    if p.exchange_interval == 0
        || p.run_colonies < 2
        || colony.solved != 0
        || !colony.iteration.is_multiple_of(p.exchange_interval)
    {
        return;
    }
    let filled = neighbour_overall[0];
    if filled > colony.best_filled {
        own_best.copy_from_slice(neighbour_overall);
        colony.best_filled = filled;
        colony.best_value = p.dtau(filled);
        colony.exchanges += 1;
    }
}
