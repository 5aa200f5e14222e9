//! The genetic algorithm of Mantere & Koljonen with Sato & Inoue's crossover: settings, the
//! prepared puzzle, the stage parameters (`common`, twin of `crates/evoku/shaders/ga/common.wgsl`), the run loop,
//! and the engines that run it: the CPU's (`cpu/`) and the GPU's (`gpu`).

pub mod common;
pub mod config;
pub mod cpu;
pub mod gpu;
pub mod prelude;
mod presets;
pub mod problem;
pub mod run;
pub mod stages;
pub mod trace;

pub use common::{Island, Params};
pub use config::{
    CrossoverKind, Encoding, GaConfig, InitKind, MutationKind, MutationScope, Preset, MAX_ELITES,
    MUTATION_TARGET,
};
pub use problem::{Problem, Unsolvable};
pub use run::{run, run_after_setup, Engine, GaOutcome, Progress, RunLimits};
