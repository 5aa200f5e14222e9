//! How a GPU ACS records its stages and submits them: whole iterations per command buffer on
//! hardware, and on a software adapter an iteration's tour dispatches in pieces of about a tenth
//! of a second, with a stop check between two pieces.
//!
//! On lavapipe one 64x64 iteration is thousands of tour dispatches, about 14 s, and a submit
//! cannot be cut short: a stop request or the time limit waited for it (issue 37). A tour
//! dispatch carries on from the step each colony records (`tour.wgsl`), so the dispatches of an
//! iteration may be spread over several submits, and over steps: an iteration cut short is
//! finished by the next step, and where a run is cut changes nothing else.

use std::time::Instant;

use super::{AcoStage, GpuAco};
use crate::error::Result;
use crate::gpu::pipeline;

/// The stages after an iteration's tours.
const AFTER_TOURS: [AcoStage; 3] = [
    AcoStage::ColonyUpdate,
    AcoStage::Restart,
    AcoStage::Exchange,
];

impl GpuAco {
    /// Tour dispatches of one iteration.
    fn tours(&self) -> u32 {
        self.params
            .tour_steps
            .div_ceil(self.params.steps_per_dispatch)
    }

    /// Records `iterations` iterations' worth of the chosen stages and submits them.
    pub(super) fn submit(
        &self,
        iterations: u32,
        stages: &[AcoStage],
    ) -> Result<wgpu::SubmissionIndex> {
        let tours = self.tours();
        pipeline::submit_pass(
            &self.ctx,
            "running ACS iterations",
            "aco iterations",
            |pass| {
                pass.set_bind_group(0, &self.bind_group, &[]);
                for _ in 0..iterations {
                    for &stage in stages {
                        self.record(pass, stage, tours);
                    }
                }
            },
        )
    }

    /// Records one stage (`tours` dispatches of `tour`).
    fn record(&self, pass: &mut wgpu::ComputePass, stage: AcoStage, tours: u32) {
        let p = &self.pipelines;
        let (pipeline, groups, count) = match stage {
            AcoStage::Tour => (&p.tour, self.tour_groups, tours),
            AcoStage::ColonyUpdate => (&p.colony_update, self.colony_groups, 1),
            AcoStage::Restart if self.params.restart_after != 0 => {
                (&p.restart, self.restart_groups, 1)
            }
            AcoStage::Exchange if self.params.exchange_interval != 0 => {
                (&p.exchange, self.colony_groups, 1)
            }
            AcoStage::Restart | AcoStage::Exchange => return,
        };
        pass.set_pipeline(pipeline);
        for _ in 0..count {
            pass.dispatch_workgroups(groups.0, groups.1, 1);
        }
    }

    /// Runs `iterations` whole iterations; on a software adapter in pieces, returning early,
    /// between two pieces, once `cut()` says so. Returns the iterations finished; the tours of
    /// one cut short are kept, and the next call finishes that iteration first.
    pub(super) fn step_in_pieces(
        &mut self,
        iterations: u32,
        cut: &dyn Fn() -> bool,
    ) -> Result<u32> {
        if !self.ctx.is_software() {
            let stages = [
                AcoStage::Tour,
                AcoStage::ColonyUpdate,
                AcoStage::Restart,
                AcoStage::Exchange,
            ];
            self.schedule
                .run(iterations, |now| self.submit(now, &stages).map(drop))?;
            return Ok(iterations);
        }
        let tours = self.tours();
        for done in 0..iterations {
            while let Some(now) = self.pieces.next(tours, u32::MAX) {
                if cut() {
                    return Ok(done);
                }
                let started = Instant::now();
                let submission =
                    pipeline::submit_pass(&self.ctx, "running ACS tours", "aco tours", |pass| {
                        pass.set_bind_group(0, &self.bind_group, &[]);
                        self.record(pass, AcoStage::Tour, now);
                    })?;
                // Cut while it runs: the piece is not counted and the next step waits for it
                // (a tour dispatch carries on from the step each colony records, so none repeats).
                if !self.schedule.wait_or_cut(&self.ctx, submission, cut)? {
                    return Ok(done);
                }
                self.pieces.ran(now, started.elapsed(), tours);
            }
            self.submit(1, &AFTER_TOURS)?;
            self.pieces.finish();
        }
        Ok(iterations)
    }
}
