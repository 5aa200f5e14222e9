//! The GPU engine's buffers: their layouts, their sizes checked against the adapter's limits
//! before anything is allocated, and their creation. Their bindings are the table
//! `crate::ga::prelude::BINDINGS`, in its order.

use wgpu::util::DeviceExt;

use crate::error::{Error, Result};
use crate::ga::{Island, Params, Problem};

/// Bytes of one [`Island`] (`struct Island` in WGSL).
pub const ISLAND_BYTES: u64 = std::mem::size_of::<Island>() as u64;

/// The problem tables in one `u32` array (binding 1, `tables` in WGSL):
/// `[0, cells)`: per genome cell `help | line_a << 8 | line_b << 16` (the scored lines: row and
/// column in the block encoding, column and box in the row encoding);
/// `[cells, 3 cells)`: per genome cell the candidate mask as (low, high) words;
/// `[3 cells, 5 cells)`: the genome indices of each scored line (A, then B), `side` per line;
/// `[5 cells, 5 cells + 2 side)`: per unit (genome block of `side` cells) its free positions
/// ([`Problem::free_mask`]) as (low, high) words, so that the mutations and the box assignment
/// iterate a unit's free cells without reading the help value of every cell.
/// [`table_words`] words in all; a batch's puzzles follow each other.
pub fn tables(problem: &Problem) -> Vec<u32> {
    let cells = problem.cells();
    let side = problem.side();
    let mut t = Vec::with_capacity(table_words(cells, side));
    t.extend((0..cells).map(|g| {
        problem.help()[g] as u32
            | (problem.line_a_of()[g] as u32) << 8
            | (problem.line_b_of()[g] as u32) << 16
    }));
    for &c in problem.candidates() {
        t.push(c as u32);
        t.push((c >> 32) as u32);
    }
    t.extend(problem.line_cells().iter().map(|&g| g as u32));
    for unit in 0..side {
        let free = problem.free_mask(unit);
        t.push(free as u32);
        t.push((free >> 32) as u32);
    }
    debug_assert_eq!(t.len(), table_words(cells, side));
    t
}

/// Words of one puzzle's [`tables`] (`TABLE_WORDS` in WGSL).
pub const fn table_words(cells: usize, side: usize) -> usize {
    5 * cells + 2 * side
}

/// Buffer sizes of a run, in bytes.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    pub individuals: u64,
    /// One population's genomes (there are two: current and next).
    pub population: u64,
    /// One population's (penalty, age) pairs.
    pub scores: u64,
    /// One outcome word per individual.
    pub outcomes: u64,
    pub islands: u64,
    /// Epoch-best and overall-best genome of every island.
    pub records: u64,
    /// Bytes of one island's genomes, scores and state: what a ghost island (the previous
    /// part's migrant, when the islands are split across devices) adds to each buffer.
    pub ghost_population: u64,
    pub ghost_scores: u64,
    pub ghost_island: u64,
}

impl Sizes {
    pub fn new(params: &Params) -> Sizes {
        let individuals = params.islands as u64 * params.population as u64;
        let genome = params.genome_words as u64 * 4;
        Sizes {
            individuals,
            population: individuals * genome,
            scores: individuals * 8,
            outcomes: individuals * 4,
            islands: params.islands as u64 * ISLAND_BYTES,
            records: params.islands as u64 * 2 * genome,
            ghost_population: params.population as u64 * genome,
            ghost_scores: params.population as u64 * 8,
            ghost_island: ISLAND_BYTES,
        }
    }

    /// `(genomes, scores, islands)` bytes to allocate: one ghost island more than the engine's
    /// own when it holds only part of the run's islands.
    fn allocated(&self, params: &Params) -> (u64, u64, u64) {
        let ghosts = u64::from(params.is_part());
        (
            self.population + ghosts * self.ghost_population,
            self.scores + ghosts * self.ghost_scores,
            self.islands + ghosts * self.ghost_island,
        )
    }

    /// Checks every buffer against `limits` (and the shaders' `u32` indices), so that a run too
    /// large for the adapter is refused before anything is allocated.
    pub fn check(&self, params: &Params, limits: &wgpu::Limits, adapter: &str) -> Result<()> {
        let binding = limits
            .max_storage_buffer_binding_size
            .min(limits.max_buffer_size);
        // Word indices into a population are `u32` in WGSL.
        let largest = binding.min(u32::MAX as u64 * 4);
        let genome = params.genome_words as u64 * 4;
        let (population, scores, islands) = self.allocated(params);
        if population > largest || self.records > largest {
            let fits = largest / genome.max(1);
            return Err(Error::gpu(
                Some(adapter.to_string()),
                "size the buffers",
                format!(
                "population {} x islands {} of {}-cell genomes needs a {} MiB buffer; {adapter} \
                 allows {} MiB per storage buffer: lower --population or --islands (at most {fits} \
                 individuals in all), or use --backend cpu",
                params.population,
                params.islands,
                params.cells,
                population.div_ceil(1 << 20),
                largest >> 20,
            ),
            ));
        }
        if scores > binding || islands > binding {
            return Err(Error::gpu(
                Some(adapter.to_string()),
                "size the buffers",
                format!(
                "population {} x islands {} exceeds {adapter}'s storage buffer limit of {} bytes: \
                 lower --population or --islands",
                params.population, params.islands, binding
            ),
            ));
        }
        let max_groups = limits.max_compute_workgroups_per_dimension as u64;
        let groups = self
            .individuals
            .div_ceil(crate::ga::common::WORKGROUP_SIZE as u64);
        if groups > max_groups * max_groups || params.islands as u64 > max_groups * max_groups {
            return Err(Error::gpu(
                Some(adapter.to_string()),
                "size the buffers",
                format!(
                "population {} x islands {} needs {groups} workgroups; {adapter} dispatches at \
                 most {max_groups} x {max_groups}: lower --population or --islands",
                params.population, params.islands
            ),
            ));
        }
        Ok(())
    }
}

/// Every buffer of a run. Populations ping-pong: `genomes[k]` and `scores[k]` are current when
/// `k` is the engine's `current`, and the next generation is written into the other pair.
#[derive(Debug)]
pub struct Buffers {
    pub params: wgpu::Buffer,
    pub tables: wgpu::Buffer,
    pub genomes: [wgpu::Buffer; 2],
    pub scores: [wgpu::Buffer; 2],
    pub islands: wgpu::Buffer,
    pub records: wgpu::Buffer,
    /// What each child's breeding did, from `breed` to `island_best` of the same generation.
    pub outcomes: wgpu::Buffer,
    /// Where `islands()` lands: the only read-back of a normal run.
    pub islands_staging: wgpu::Buffer,
}

impl Buffers {
    /// The buffers of `problems` (one, or a batch's puzzles of one board size, whose tables
    /// follow one another).
    pub fn new(
        device: &wgpu::Device,
        params: &Params,
        problems: &[Problem],
        sizes: &Sizes,
    ) -> Buffers {
        let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
        let init = |label: &str, contents: &[u8], usage| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some(label),
                contents,
                usage,
            })
        };
        // wgpu zero-fills new buffers: genome padding cells start (and stay) 0, as on the CPU.
        let zeroed = |label: &str, size: u64, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: size.max(4),
                usage,
                mapped_at_creation: false,
            })
        };
        let (population, scores, _) = sizes.allocated(params);
        let ghosts = usize::from(params.is_part());
        let fresh = vec![Island::fresh(); params.islands as usize + ghosts];
        Buffers {
            params: init(
                "params",
                bytemuck::bytes_of(params),
                // Written again for a generation in pieces (`first_individual`).
                wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            ),
            tables: init(
                "tables",
                bytemuck::cast_slice(&problems.iter().flat_map(tables).collect::<Vec<_>>()),
                wgpu::BufferUsages::STORAGE,
            ),
            genomes: [
                zeroed(
                    "genomes 0",
                    population,
                    storage | wgpu::BufferUsages::COPY_DST,
                ),
                zeroed(
                    "genomes 1",
                    population,
                    storage | wgpu::BufferUsages::COPY_DST,
                ),
            ],
            scores: [
                zeroed("scores 0", scores, storage | wgpu::BufferUsages::COPY_DST),
                zeroed("scores 1", scores, storage | wgpu::BufferUsages::COPY_DST),
            ],
            islands: init(
                "islands",
                bytemuck::cast_slice(&fresh),
                storage | wgpu::BufferUsages::COPY_DST,
            ),
            records: zeroed("records", sizes.records, storage),
            outcomes: zeroed("outcomes", sizes.outcomes, storage),
            islands_staging: zeroed(
                "islands staging",
                sizes.islands,
                wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            ),
        }
    }
}
