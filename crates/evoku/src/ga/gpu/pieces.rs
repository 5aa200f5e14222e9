//! How the GA's GPU engine submits its work: whole generations per command buffer on hardware,
//! and on a software adapter each generation's `breed` (and the first `init`) in pieces of
//! about a tenth of a second, with a stop check between two pieces.
//!
//! On lavapipe one 64x64 generation of the walk's 4,096 individuals takes tens of seconds, and
//! `init` about ten, and a submit cannot be cut short: a stop request or the time limit waited
//! for them (issue 37). Every individual's child depends only on the current population, so a
//! dispatch may cover any range of individuals (`Params::first_individual`), and the pieces of
//! a generation may be spread over several submits and over steps: a generation cut short is
//! finished by the next step, and where a run is cut changes nothing else.

use std::time::Instant;

use super::GpuEngine;
use crate::error::Result;
use crate::ga::common::WORKGROUP_SIZE;
use crate::ga::Params;
use crate::gpu::pipeline;

/// The stage a piece runs.
#[derive(Clone, Copy)]
enum Piece {
    Init,
    Breed,
}

impl GpuEngine {
    /// `init` into population 0 (through bind group 1, which writes it), then `island_best`;
    /// on a software adapter in pieces, returning `false`, between two, once `cut()` says so.
    pub(super) fn init_in_pieces(&mut self, cut: &dyn Fn() -> bool) -> Result<bool> {
        if !self.ctx.is_software() {
            let (p, groups) = (&self.pipelines, self.individual_groups);
            let (islands, bind_group) = (self.island_groups, &self.bind_groups[1]);
            pipeline::submit_pass(&self.ctx, "running init", "init", |pass| {
                pass.set_bind_group(0, bind_group, &[]);
                pass.set_pipeline(&p.init);
                pass.dispatch_workgroups(groups.0, groups.1, 1);
                pass.set_pipeline(&p.island_best);
                pass.dispatch_workgroups(islands.0, islands.1, 1);
            })?;
        } else {
            if !self.run_pieces(Piece::Init, 1, cut)? {
                return Ok(false);
            }
            self.island_best(1)?;
        }
        self.current = 0;
        Ok(true)
    }

    /// Runs `generations` whole generations; on a software adapter in pieces, returning early,
    /// between two pieces, once `cut()` says so. Returns the generations finished; the pieces
    /// of one cut short are kept, and the next call finishes that generation first.
    pub(super) fn step_in_pieces(
        &mut self,
        generations: u32,
        cut: &dyn Fn() -> bool,
    ) -> Result<u32> {
        if !self.ctx.is_software() {
            let schedule = self.schedule;
            schedule.run(generations, |now| self.submit(now))?;
            return Ok(generations);
        }
        for done in 0..generations {
            if !self.run_pieces(Piece::Breed, self.current, cut)? {
                return Ok(done);
            }
            self.island_best(self.current)?;
            self.current = 1 - self.current;
        }
        Ok(generations)
    }

    /// Records and submits `generations` generations in one command buffer.
    fn submit(&mut self, generations: u32) -> Result<()> {
        let (p, islands) = (&self.pipelines, self.island_groups);
        let (breed, _, groups) = self.breed_dispatch();
        let bind_groups = &self.bind_groups;
        let mut current = self.current;
        pipeline::submit_pass(&self.ctx, "running generations", "generations", |pass| {
            for _ in 0..generations {
                pass.set_bind_group(0, &bind_groups[current], &[]);
                pass.set_pipeline(breed);
                pass.dispatch_workgroups(groups.0, groups.1, 1);
                pass.set_pipeline(&p.island_best);
                pass.dispatch_workgroups(islands.0, islands.1, 1);
                current = 1 - current;
            }
        })?;
        self.current = current;
        Ok(())
    }

    /// `island_best` through bind group `k`.
    fn island_best(&self, k: usize) -> Result<()> {
        let (p, islands) = (&self.pipelines, self.island_groups);
        pipeline::submit_pass(&self.ctx, "running island_best", "island_best", |pass| {
            pass.set_bind_group(0, &self.bind_groups[k], &[]);
            pass.set_pipeline(&p.island_best);
            pass.dispatch_workgroups(islands.0, islands.1, 1);
        })
        .map(drop)
    }

    /// Runs the workgroups of `piece` not yet run, through bind group `k`, a piece per submit;
    /// `false` when `cut()` said so before one.
    fn run_pieces(&mut self, piece: Piece, k: usize, cut: &dyn Fn() -> bool) -> Result<bool> {
        let (pipeline, per_group) = match piece {
            Piece::Init => (&self.pipelines.init, WORKGROUP_SIZE),
            Piece::Breed => {
                let (breed, per_group, _) = self.breed_dispatch();
                (breed, per_group)
            }
        };
        let pipeline = pipeline.clone();
        let total = self.sizes.individuals.div_ceil(per_group as u64) as u32;
        let most = self.ctx.limits.max_compute_workgroups_per_dimension;
        while let Some(now) = self.pieces.next(total, most) {
            if cut() {
                return Ok(false);
            }
            self.set_first_individual(self.pieces.done() * per_group)?;
            let started = Instant::now();
            let submission =
                pipeline::submit_pass(&self.ctx, "running a piece", "piece", |pass| {
                    pass.set_bind_group(0, &self.bind_groups[k], &[]);
                    pass.set_pipeline(&pipeline);
                    pass.dispatch_workgroups(now, 1, 1);
                })?;
            // Cut while it runs: the piece is not counted, and runs again when the generation
            // resumes, giving the same children (each depends on the current population only).
            if !self.schedule.wait_or_cut(&self.ctx, submission, cut)? {
                return Ok(false);
            }
            self.pieces.ran(now, started.elapsed(), total);
        }
        // No reset of `first_individual`: on a software adapter every `init` and `breed`
        // dispatch is a piece, which writes its own; `island_best` does not read it.
        self.pieces.finish();
        Ok(true)
    }

    /// Writes `first` into the parameters the next submit reads (`Params::first_individual`).
    fn set_first_individual(&self, first: u32) -> Result<()> {
        let offset = std::mem::offset_of!(Params, first_individual) as u64;
        let (queue, params) = (&self.ctx.queue, &self.buffers.params);
        self.ctx.scoped("writing the parameters", || {
            queue.write_buffer(params, offset, bytemuck::bytes_of(&first));
        })
    }
}
