//! GPU.

use super::*;

#[test]
fn every_aco_pipeline_validates_with_naga() {
    for stage in AcoStage::ALL {
        let module = util::validate_wgsl(stage.name(), &stage.source());
        let entry = module
            .entry_points
            .iter()
            .find(|e| e.name == stage.name())
            .unwrap_or_else(|| panic!("{} has no entry point of its name", stage.name()));
        let size = if stage == AcoStage::Tour {
            common::TOUR_WORKGROUP
        } else {
            evoku::aco::gpu::COLONY_WORKGROUP
        };
        assert_eq!(entry.workgroup_size, [size, 1, 1], "{}", stage.name());
    }
}
