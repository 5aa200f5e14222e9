//! The genetic algorithm of Mantere & Koljonen with Sato & Inoue's crossover: settings, the
//! prepared puzzle, the stage parameters, and the run loop shared by the CPU and GPU engines.

pub mod config;
pub mod params;
pub mod problem;
pub mod run;

pub use config::{
    CrossoverKind, Encoding, GaConfig, InitKind, MutationKind, MutationScope, Preset, MAX_ELITES,
    MUTATION_TARGET,
};
pub use params::{Island, Params};
pub use problem::{Problem, Unsolvable};
pub use run::{run, Engine, GaOutcome, Progress, RunLimits};
