//! What a GPU ACS gives back: the full read-backs for the tests, and the run loop's view of the
//! engine (`AcoEngine`), which reads only the colony states and one record.

use super::GpuAco;
use crate::aco::common::{AcoParams, AcoTables, Colony};
use crate::aco::AcoEngine;
use crate::error::{Error, Result};

impl GpuAco {
    /// Every ant of every colony (tests).
    pub fn ant_words(&self) -> Result<Vec<u32>> {
        self.schedule
            .read_words(&self.ctx, &self.ants, self.sizes.ants)
    }

    /// Every colony's pheromone (tests).
    pub fn pheromone(&self) -> Result<Vec<u32>> {
        self.schedule
            .read_words(&self.ctx, &self.pheromone, self.sizes.pheromone)
    }

    /// Every colony's records (tests).
    pub fn records(&self) -> Result<Vec<u32>> {
        self.schedule
            .read_words(&self.ctx, &self.records, self.sizes.records)
    }

    /// Every colony's state, through the persistent staging buffer.
    pub fn colony_states(&self) -> Result<Vec<Colony>> {
        let bytes = self.schedule.read(
            &self.ctx,
            &self.colonies,
            0,
            self.sizes.colonies,
            Some(&self.colonies_staging),
        )?;
        Ok(bytemuck::pod_collect_to_vec(&bytes))
    }
}

impl AcoEngine for GpuAco {
    fn step(&mut self, iterations: u32) -> Result<()> {
        self.step_in_pieces(iterations, &|| false).map(drop)
    }

    fn step_or_cut(&mut self, iterations: u32, cut: &dyn Fn() -> bool) -> Result<u32> {
        self.step_in_pieces(iterations, cut)
    }

    fn colonies(&mut self) -> Result<Vec<Colony>> {
        self.colony_states()
    }

    fn overall_best(&mut self, colony: u32) -> Result<Vec<u8>> {
        if colony >= self.params.colonies {
            return Err(Error::Internal(format!("no colony {colony}")));
        }
        let words = self.params.record_words as u64;
        let cells = self.params.cells as u64;
        let offset = (colony as u64 * words + 2 + cells) * 4;
        let bytes = self
            .schedule
            .read(&self.ctx, &self.records, offset, cells * 4, None)?;
        let digits: Vec<u32> = bytemuck::pod_collect_to_vec(&bytes);
        Ok(digits.into_iter().map(|d| d as u8).collect())
    }

    fn params(&self) -> &AcoParams {
        &self.params
    }

    fn tables(&self) -> &AcoTables {
        &self.tables
    }

    fn iterations_per_step(&self) -> u32 {
        self.schedule.rounds_per_step()
    }
}
