//! The GA's compute stages (`crates/evoku/shaders/ga/`): which files each pipeline's module is
//! made of, and its assembled WGSL (the GA's prelude, the digit masks of the board's size, then
//! the files).

use crate::gpu::shaders::{
    assemble, mask_file, ShaderFile, ASSIGN, BREED, COMMON, CROSSOVER, FITNESS, INIT, ISLAND_BEST,
    LINE_MASKS, LOCAL_SEARCH, MULTI_PARENT, MUTATION, RNG, TOURNAMENT,
};

/// A compute stage: one pipeline, one entry point, one name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Init,
    Breed,
    IslandBest,
}

impl Stage {
    pub const ALL: [Stage; 3] = [Stage::Init, Stage::Breed, Stage::IslandBest];

    /// The entry point, pipeline label and file stem.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Init => "init",
            Stage::Breed => "breed",
            Stage::IslandBest => "island_best",
        }
    }

    /// The files the stage's module is made of, in order.
    pub fn files(self) -> &'static [ShaderFile] {
        match self {
            Stage::Init => &[RNG, COMMON, FITNESS, INIT],
            Stage::Breed => &[
                RNG,
                COMMON,
                FITNESS,
                LINE_MASKS,
                INIT,
                TOURNAMENT,
                CROSSOVER,
                MULTI_PARENT,
                MUTATION,
                ASSIGN,
                LOCAL_SEARCH,
                BREED,
            ],
            Stage::IslandBest => &[COMMON, ISLAND_BEST],
        }
    }

    /// The assembled WGSL of the stage's module for boards of `geometry`: the GA's prelude,
    /// the digit masks of its size ([`mask_file`]), then its files.
    pub fn source(self, geometry: crate::board::Geometry) -> String {
        super::prelude::prelude(geometry)
            + &assemble(&[mask_file(geometry)])
            + &assemble(self.files())
    }
}
