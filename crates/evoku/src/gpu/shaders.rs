//! WGSL assembly: WGSL has no includes, so each pipeline's source is its algorithm's prelude
//! (generated from Rust, `crate::gpu::prelude`) and its files concatenated. The GA's stages are
//! `crate::ga::stages::Stage`, the ACS's `crate::aco::gpu::AcoStage`.
//! Every file of `crates/evoku/shaders/`, the GA's and the ACS's, is named here once.
//!
//! `crates/evoku/shaders/ga/<stage>.wgsl` is the twin of `crates/evoku/src/ga/cpu/<stage>.rs` (the ACS's: `crates/evoku/shaders/aco/`,
//! `crates/evoku/src/aco/cpu/`); the entry point and pipeline label of a stage are its name.
//! Two GA files are not stages of their own: `breed_wide.wgsl` is a second kernel of `breed`
//! (a workgroup per individual; its twin is `cpu/breed.rs` too), and `child_private.wgsl` /
//! `child_workgroup.wgsl` declare where the child being built lives.

/// One WGSL file of `crates/evoku/shaders/`.
#[derive(Clone, Copy, Debug)]
pub struct ShaderFile {
    pub name: &'static str,
    pub source: &'static str,
}

macro_rules! shader_file {
    ($name:literal) => {
        ShaderFile {
            name: $name,
            source: include_str!(concat!("../../shaders/", $name)),
        }
    };
}

pub const RNG: ShaderFile = shader_file!("rng.wgsl");
pub const COMMON: ShaderFile = shader_file!("ga/common.wgsl");
pub const CHILD_PRIVATE: ShaderFile = shader_file!("ga/child_private.wgsl");
pub const CHILD_WORKGROUP: ShaderFile = shader_file!("ga/child_workgroup.wgsl");
pub const MASK_NARROW: ShaderFile = shader_file!("ga/mask_narrow.wgsl");
pub const MASK_WIDE: ShaderFile = shader_file!("ga/mask_wide.wgsl");
pub const FITNESS: ShaderFile = shader_file!("ga/fitness.wgsl");
pub const LINE_MASKS: ShaderFile = shader_file!("ga/line_masks.wgsl");
pub const INIT: ShaderFile = shader_file!("ga/init.wgsl");
pub const TOURNAMENT: ShaderFile = shader_file!("ga/tournament.wgsl");
pub const CROSSOVER: ShaderFile = shader_file!("ga/crossover.wgsl");
pub const MULTI_PARENT: ShaderFile = shader_file!("ga/multi_parent.wgsl");
pub const MUTATION: ShaderFile = shader_file!("ga/mutation.wgsl");
pub const ASSIGN: ShaderFile = shader_file!("ga/assign.wgsl");
pub const LOCAL_SEARCH: ShaderFile = shader_file!("ga/local_search.wgsl");
pub const BREED: ShaderFile = shader_file!("ga/breed.wgsl");
pub const BREED_WIDE: ShaderFile = shader_file!("ga/breed_wide.wgsl");
pub const ISLAND_BEST: ShaderFile = shader_file!("ga/island_best.wgsl");

// The Ant Colony System's (`crate::aco::gpu`).
pub const ACO_COMMON: ShaderFile = shader_file!("aco/common.wgsl");
pub const ACO_PROPAGATE: ShaderFile = shader_file!("aco/propagate.wgsl");
pub const ACO_TOUR: ShaderFile = shader_file!("aco/tour.wgsl");
pub const ACO_COLONY_UPDATE: ShaderFile = shader_file!("aco/colony_update.wgsl");
pub const ACO_EXCHANGE: ShaderFile = shader_file!("aco/exchange.wgsl");
pub const ACO_RESTART: ShaderFile = shader_file!("aco/restart.wgsl");

/// The GA's digit masks for boards of `geometry`: one u32 up to 25x25 (sides up to 32), a
/// `vec2<u32>` of 64 bits from 36x36 on.
pub fn mask_file(geometry: crate::board::Geometry) -> ShaderFile {
    if geometry.side() <= 32 {
        MASK_NARROW
    } else {
        MASK_WIDE
    }
}

/// Concatenates `files`, each after a `// ---- crates/evoku/shaders/<name> ----` line so that an error's
/// line number can be traced back to its file.
pub fn assemble(files: &[ShaderFile]) -> String {
    let mut source = String::new();
    for file in files {
        source.push_str("// ---- crates/evoku/shaders/");
        source.push_str(file.name);
        source.push_str(" ----\n");
        source.push_str(file.source);
        if !file.source.ends_with('\n') {
            source.push('\n');
        }
    }
    source
}
