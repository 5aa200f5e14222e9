//! The run parameters as the stages read them: plain integers, one layout for CPU and GPU.
//!
//! The Rust twin of `shaders/ga/common.wgsl`: its structs `Params` and `Island` are [`Params`]
//! and [`Island`] here, its `WG` is [`WORKGROUP_SIZE`]. Its bindings and the `tables` layout
//! are built in `src/ga/gpu/buffers.rs`; its operator codes are `src/ga/config.rs`'s; its mask
//! and cell helpers are the CPU stages' own (`src/ga/cpu/`).
//!
//! Keep in sync with `struct Params` in `shaders/ga/common.wgsl`.

use super::config::GaConfig;
use super::problem::Problem;
use crate::rng::rate_q16;

/// Invocations per workgroup of `init` and `breed` (`WG` in `shaders/ga/common.wgsl`).
pub const WORKGROUP_SIZE: u32 = 64;

/// Everything a stage needs to know about the run, as `u32`s.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Params {
    pub box_size: u32,
    pub side: u32,
    pub cells: u32,
    /// `u32` words per genome (four cells a word, padded).
    pub genome_words: u32,
    pub population: u32,
    pub islands: u32,
    pub elites: u32,
    pub tournament_size: u32,
    pub crossover_kind: u32,
    pub crossover_rate_q16: u32,
    pub mutation_kind: u32,
    pub mutation_rate_q16: u32,
    pub local_search_children: u32,
    pub aging: u32,
    pub restart_after: u32,
    pub restart_keep: u32,
    pub migration_interval: u32,
    pub seed_lo: u32,
    pub seed_hi: u32,
    pub mutation_scope: u32,
    pub assign_steps: u32,
    pub assign_noise: u32,
    pub _pad: [u32; 2],
}

impl Params {
    pub fn new(problem: &Problem, config: &GaConfig) -> Params {
        Params {
            box_size: problem.geometry().box_size() as u32,
            side: problem.side() as u32,
            cells: problem.cells() as u32,
            genome_words: problem.genome_words() as u32,
            population: config.population_size,
            islands: config.islands,
            elites: config.elites,
            tournament_size: config.tournament_size,
            crossover_kind: config.crossover as u32,
            crossover_rate_q16: rate_q16(config.crossover_rate),
            mutation_kind: config.mutation as u32,
            mutation_rate_q16: rate_q16(config.mutation_rate),
            local_search_children: config.local_search_children,
            aging: config.aging as u32,
            restart_after: config.restart_after,
            restart_keep: config.restart_keep,
            migration_interval: config.migration_interval,
            seed_lo: config.seed as u32,
            seed_hi: (config.seed >> 32) as u32,
            mutation_scope: config.mutation_scope as u32,
            assign_steps: config.assign_steps,
            assign_noise: config.assign_noise,
            _pad: [0; 2],
        }
    }

    pub fn seed(&self) -> u64 {
        (self.seed_hi as u64) << 32 | self.seed_lo as u64
    }

    /// Bytes per genome in the CPU engine's byte layout (the GPU's words, little-endian).
    pub fn genome_bytes(&self) -> usize {
        self.genome_words as usize * 4
    }
}

/// Per-island bookkeeping, written by the `island_best` stage and read by `breed` and the host.
///
/// Keep in sync with `struct Island` in `shaders/ga/common.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Island {
    /// Generation of the population now held; starts at `u32::MAX` so the first
    /// `island_best` (after `init`) makes it 0.
    pub generation: u32,
    pub solved: u32,
    /// Set by `island_best` when the island stagnated; the next `breed` restarts it.
    pub restart_pending: u32,
    pub restarts: u32,
    /// Generations since the best of this epoch (since the last restart) improved.
    pub stagnation: u32,
    /// Slot and penalty of the lowest-penalty individual of the current generation.
    pub best_slot: u32,
    pub best_penalty: u32,
    pub epoch_best_penalty: u32,
    pub overall_best_penalty: u32,
    pub overall_best_generation: u32,
    pub elite_slots: [u32; 4],
    pub _pad: [u32; 2],
}

impl Island {
    /// The state the host uploads before `init`.
    pub fn fresh() -> Island {
        Island {
            generation: u32::MAX,
            solved: 0,
            restart_pending: 0,
            restarts: 0,
            stagnation: 0,
            best_slot: 0,
            best_penalty: u32::MAX,
            epoch_best_penalty: u32::MAX,
            overall_best_penalty: u32::MAX,
            overall_best_generation: 0,
            elite_slots: [0; 4],
            _pad: [0; 2],
        }
    }
}
