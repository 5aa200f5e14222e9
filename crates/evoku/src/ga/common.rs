//! The run parameters as the stages read them: plain integers, one layout for CPU and GPU.
//!
//! The Rust twin of `crates/evoku/shaders/ga/common.wgsl`: its structs `Params` and `Island` are generated
//! from [`Params`] and [`Island`] here (`gpu_struct!`), and its operator codes, workgroup sizes,
//! array bounds and bindings from their Rust homes, into the prelude (`crates/evoku/src/ga/prelude.rs`); its
//! mask and cell helpers are the CPU stages' own (`crates/evoku/src/ga/cpu/`).

use super::config::{GaConfig, MAX_ELITES, MUTATION_TARGET};
use super::problem::Problem;
use crate::rng::rate_q16;

crate::gpu_struct! {
/// Everything a stage needs to know about the run, as `u32`s.
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
    pub tournament: u32,
    pub crossover_kind: u32,
    pub crossover_rate_q16: u32,
    pub mutation_kind: u32,
    pub mutation_rate_q16: u32,
    pub local_search: u32,
    pub aging: u32,
    pub restart_after: u32,
    pub restart_keep: u32,
    pub migration: u32,
    pub seed_lo: u32,
    pub seed_hi: u32,
    pub mutation_scope: u32,
    pub assign_steps: u32,
    pub assign_noise: u32,
    /// The global number of this engine's first island: 0, unless the islands are split across
    /// devices (`GpuEngine::new_part`); random streams are keyed by global island numbers.
    pub island_offset: u32,
    /// Islands of the whole run (the migration ring); `islands` when one engine holds them all.
    pub islands_total: u32,
    /// Islands of each puzzle this engine holds: `islands`, unless the engine solves a batch of
    /// puzzles at once (`GpuEngine::new_batch`), where island `i` belongs to puzzle
    /// `i / puzzle_islands`, reads that puzzle's tables, draws from the streams of its number
    /// within the puzzle and meets only its puzzle's islands at migrations.
    pub puzzle_islands: u32,
    /// `Encoding` code: 0 block, 1 row.
    pub encoding: u32,
    /// Probability that a tournament's fittest wins (else its weakest); 65536 = always, and
    /// then no draw is spent on it.
    pub selection_rate_q16: u32,
    /// 1: the adaptive rates (`Island::crossover_rate_q16` and `mutation_rate_q16` replace
    /// the fixed ones) and the elite pairs' fallback of `breed`.
    pub adaptive: u32,
    pub crossover_max_q16: u32,
    /// Share of crossovers that should succeed, per mille.
    pub crossover_target_pm: u32,
    pub mutation_min_q16: u32,
    /// Share of mutations that should improve the child, per mille (the report's 30 %).
    pub mutation_target_pm: u32,
    pub rate_step_q16: u32,
    /// The most free cells of any genome unit (a box in the block encoding): the size of the
    /// box assignment's matching, which bounds its loops (`assign::loop_bound`). The host's
    /// count for the software adapters' loop budget; no stage reads it.
    pub assign_free: u32,
    /// The individual a `breed` or `init` dispatch starts at: 0, unless a software adapter runs
    /// a generation in pieces (`crates/evoku/src/ga/gpu/pieces.rs`). No CPU stage reads it.
    pub first_individual: u32,
}
}

impl Params {
    pub fn new(problem: &Problem, config: &GaConfig) -> Params {
        Params {
            box_size: problem.geometry().box_size() as u32,
            side: problem.side() as u32,
            cells: problem.cells() as u32,
            genome_words: problem.genome_words() as u32,
            population: config.population,
            islands: config.islands,
            elites: config.elites,
            tournament: config.tournament,
            crossover_kind: config.crossover as u32,
            crossover_rate_q16: rate_q16(config.crossover_rate),
            mutation_kind: config.mutation as u32,
            mutation_rate_q16: rate_q16(config.mutation_rate),
            local_search: config.local_search,
            aging: config.aging as u32,
            restart_after: config.restart_after,
            restart_keep: config.restart_keep,
            migration: config.migration,
            seed_lo: config.seed as u32,
            seed_hi: (config.seed >> 32) as u32,
            mutation_scope: config.mutation_scope as u32,
            assign_steps: config.assign_steps,
            assign_noise: config.assign_noise,
            island_offset: 0,
            islands_total: config.islands,
            puzzle_islands: config.islands,
            encoding: config.encoding as u32,
            selection_rate_q16: rate_q16(config.selection_rate),
            adaptive: config.adaptive as u32,
            crossover_max_q16: rate_q16(config.crossover_max),
            crossover_target_pm: per_mille(config.crossover_target),
            mutation_min_q16: rate_q16(config.mutation_min),
            mutation_target_pm: per_mille(MUTATION_TARGET),
            rate_step_q16: rate_q16(config.rate_step),
            assign_free: problem.most_free_in_a_unit() as u32,
            first_individual: 0,
        }
    }

    /// Whether this engine holds only part of the run's islands (the others on other devices).
    pub fn is_part(&self) -> bool {
        self.puzzle_islands != self.islands_total
    }

    /// Puzzles this engine holds (1 unless it solves a batch).
    pub fn puzzles(&self) -> u32 {
        self.islands / self.puzzle_islands.max(1)
    }

    pub fn seed(&self) -> u64 {
        (self.seed_hi as u64) << 32 | self.seed_lo as u64
    }

    /// Bytes per genome in the CPU engine's byte layout (the GPU's words, little-endian).
    pub fn genome_bytes(&self) -> usize {
        self.genome_words as usize * 4
    }
}

/// A share in thousandths, for integer comparisons of counts on both engines.
fn per_mille(share: f64) -> u32 {
    (share.clamp(0.0, 1.0) * 1000.0).round() as u32
}

crate::gpu_struct! {
/// Per-island bookkeeping, written by the `island_best` stage and read by `breed` and the host.
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
    pub elite_slots: [u32; MAX_ELITES as usize],
    /// The adaptive rates now in force (`Params::adaptive`; else the fixed rates), set to the
    /// starting rates at generation 0 and at every restart.
    pub crossover_rate_q16: u32,
    pub mutation_rate_q16: u32,
    /// What the last generation's children did (`outcome` bits, summed by `island_best`):
    /// crossovers, those that succeeded, mutations, those that improved the child.
    pub crossovers: u32,
    pub crossover_successes: u32,
    pub mutations: u32,
    pub mutation_improvements: u32,
}
}

/// What one child's breeding did, as bits of the per-individual outcome word `breed` writes and
/// `island_best` sums (the prelude declares them as `OUTCOME_*`).
pub mod outcome {
    /// The child was crossed over.
    pub const CROSSED: u32 = 1;
    /// ... and came out fitter than its parents' mean.
    pub const CROSS_SUCCESS: u32 = 2;
    /// At least one mutation swap was made.
    pub const MUTATED: u32 = 4;
    /// ... and the swaps left the child fitter than before them.
    pub const MUTATION_IMPROVED: u32 = 8;
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
            elite_slots: [0; MAX_ELITES as usize],
            crossover_rate_q16: 0,
            mutation_rate_q16: 0,
            crossovers: 0,
            crossover_successes: 0,
            mutations: 0,
            mutation_improvements: 0,
        }
    }
}

/// The `solved` value of an island whose puzzle's result the host has taken (a batch's puzzle
/// that is solved or out of generations): `breed` leaves it alone and `island_best` skips it, so
/// the puzzle's islands do no more work while the rest of the batch runs on.
pub const ISLAND_FROZEN: u32 = 2;

/// Invocations per workgroup of the per-individual stages (`init`, `breed`).
pub const WORKGROUP_SIZE: u32 = 64;
/// Invocations per workgroup of `island_best` (one workgroup per island).
pub const ISLAND_BEST_WORKGROUP: u32 = 64;
/// Invocations per workgroup of `breed_wide` (one workgroup per individual).
pub const WIDE_WORKGROUP: u32 = 64;
