//! The ACS's compute stages (one pipeline, one entry point and one WGSL module each) and their
//! pipelines, built once per device.

use crate::aco::prelude::BINDINGS;
use crate::gpu::pipeline;
use crate::gpu::shaders::{
    assemble, ShaderFile, ACO_COLONY_UPDATE, ACO_COMMON, ACO_EXCHANGE, ACO_PROPAGATE, ACO_RESTART,
    ACO_TOUR, RNG,
};

/// A compute stage of the ACS: one pipeline, one entry point, one name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AcoStage {
    Tour,
    ColonyUpdate,
    Restart,
    Exchange,
}

impl AcoStage {
    pub const ALL: [AcoStage; 4] = [
        AcoStage::Tour,
        AcoStage::ColonyUpdate,
        AcoStage::Restart,
        AcoStage::Exchange,
    ];

    /// The entry point and pipeline label.
    pub fn name(self) -> &'static str {
        match self {
            AcoStage::Tour => "tour",
            AcoStage::ColonyUpdate => "colony_update",
            AcoStage::Restart => "restart",
            AcoStage::Exchange => "exchange",
        }
    }

    pub fn files(self) -> &'static [ShaderFile] {
        match self {
            AcoStage::Tour => &[RNG, ACO_COMMON, ACO_PROPAGATE, ACO_TOUR],
            AcoStage::ColonyUpdate => &[ACO_COMMON, ACO_COLONY_UPDATE],
            AcoStage::Restart => &[ACO_COMMON, ACO_RESTART],
            AcoStage::Exchange => &[ACO_COMMON, ACO_EXCHANGE],
        }
    }

    /// The assembled WGSL of the stage's module: the ACS's prelude, then its files.
    pub fn source(self) -> String {
        crate::aco::prelude::prelude() + &assemble(self.files())
    }
}

/// The four pipelines and their bind group layout, built once per device.
#[derive(Debug)]
pub(super) struct Pipelines {
    pub(super) layout: wgpu::BindGroupLayout,
    pub(super) tour: wgpu::ComputePipeline,
    pub(super) colony_update: wgpu::ComputePipeline,
    pub(super) restart: wgpu::ComputePipeline,
    pub(super) exchange: wgpu::ComputePipeline,
}

impl Pipelines {
    pub(super) fn new(device: &wgpu::Device) -> Pipelines {
        let (layout, pipeline_layout) = pipeline::layouts(device, "aco", &BINDINGS);
        let pipeline = |stage: AcoStage| {
            pipeline::compute_pipeline(device, &pipeline_layout, stage.name(), stage.source())
        };
        Pipelines {
            tour: pipeline(AcoStage::Tour),
            colony_update: pipeline(AcoStage::ColonyUpdate),
            restart: pipeline(AcoStage::Restart),
            exchange: pipeline(AcoStage::Exchange),
            layout,
        }
    }
}
