//! The GA's compute stages (`crates/evoku/shaders/ga/`): which files each pipeline's module is
//! made of, and its assembled WGSL (the GA's prelude, the digit masks of the board's size, then
//! the files).

use crate::gpu::shaders::{
    assemble, mask_file, ShaderFile, ASSIGN, BREED, BREED_WIDE, CHILD_PRIVATE, CHILD_WORKGROUP,
    COMMON, CROSSOVER, FITNESS, INIT, ISLAND_BEST, LINE_MASKS, LOCAL_SEARCH, MULTI_PARENT,
    MUTATION, RNG, TOURNAMENT,
};

/// The files of `breed`'s module after the child's declaration (`BREED_WIDE`'s too).
const BREEDING: [ShaderFile; 10] = [
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
];

/// A compute stage: one pipeline, one entry point, one name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Init,
    Breed,
    /// `breed` with a workgroup of [`WIDE_WORKGROUP`](super::common::WIDE_WORKGROUP) lanes
    /// per individual (`crate::ga::gpu::BreedKernel::Wide`): the same children, the same CPU
    /// twin (`ga::cpu::breed`).
    BreedWide,
    IslandBest,
}

impl Stage {
    pub const ALL: [Stage; 4] = [
        Stage::Init,
        Stage::Breed,
        Stage::BreedWide,
        Stage::IslandBest,
    ];

    /// The entry point, pipeline label and file stem.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Init => "init",
            Stage::Breed => "breed",
            Stage::BreedWide => "breed_wide",
            Stage::IslandBest => "island_best",
        }
    }

    /// The files the stage's module is made of, in order.
    pub fn files(self) -> Vec<ShaderFile> {
        match self {
            Stage::Init => vec![RNG, COMMON, CHILD_PRIVATE, FITNESS, INIT],
            Stage::Breed => [&[RNG, COMMON, CHILD_PRIVATE][..], &BREEDING].concat(),
            Stage::BreedWide => [
                &[RNG, COMMON, CHILD_WORKGROUP][..],
                &BREEDING,
                &[BREED_WIDE],
            ]
            .concat(),
            Stage::IslandBest => vec![COMMON, CHILD_PRIVATE, ISLAND_BEST],
        }
    }

    /// The assembled WGSL of the stage's module for boards of `geometry`: the GA's prelude,
    /// the digit masks of its size ([`mask_file`]), then its files.
    pub fn source(self, geometry: crate::board::Geometry) -> String {
        super::prelude::prelude(geometry)
            + &assemble(&[mask_file(geometry)])
            + &assemble(&self.files())
    }
}
