//! A restarted colony's fresh pheromone: `tau0` everywhere, after the `colony_update` that
//! restarted it (`Colony::restart_pending`).
//!
//! Twin of `crates/evoku/shaders/aco/restart.wgsl`, where a workgroup shares one colony's table so that no
//! invocation loops over all of it (262,144 words at 64x64, beyond lavapipe's loop limit).

use crate::aco::common::{AcoParams, Colony, COLONY_WORKGROUP};

/// Resets `pheromone`, the colony's, when its last update restarted it (never that of a solved
/// colony, nor of one a batch froze).
pub fn restart(p: &AcoParams, colony: &Colony, pheromone: &mut [u32]) {
    if colony.restart_pending != 0 && colony.solved == 0 {
        pheromone.fill(p.tau0);
    }
}

/// The loop iterations (as lavapipe counts them, [`crate::gpu::loop_run`]) of one GPU
/// `restart` invocation: its share of the colony's pheromone words.
pub fn loop_bound(p: &AcoParams) -> u64 {
    crate::gpu::loop_run((p.pher_words() as u64).div_ceil(COLONY_WORKGROUP as u64))
}
