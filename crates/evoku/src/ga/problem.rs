//! One puzzle prepared for the GA: the help array, candidates and lookup tables in genome order.
//!
//! A genome stores the board unit by unit, a unit being the part every operator keeps a
//! permutation of `1..=n` (docs/ALGORITHMS.md sections 2 and 3): genome index `unit * n + pos`.
//! In the block encoding a unit is a box (`pos` row-major inside it) and the scored lines are
//! the rows (lines A) and the columns (lines B); in the row encoding a unit is a row (`pos` its
//! column) and the scored lines are the columns (A) and the boxes (B). Every table here is what
//! the GPU engine uploads once per run, so the stages that read only these tables serve both
//! encodings.

use crate::board::{Geometry, Grid};

use super::config::{Encoding, GaConfig, InitKind};

#[derive(Clone, Debug)]
pub struct Problem {
    geometry: Geometry,
    encoding: Encoding,
    /// The puzzle as given, row-major.
    puzzle: Grid,
    /// Givens plus cells fixed by presolve, row-major.
    fixed: Grid,
    /// Cells presolve fixed beyond the givens.
    presolved_cells: usize,
    /// Genome order: the fixed digit, or 0 for a free cell (the paper's help array).
    help: Vec<u8>,
    /// The free cells of each unit, bit `p` for position `p` (read from `help`).
    free_masks: Vec<u64>,
    /// The most free cells of any unit (the largest `free_masks` entry's count).
    most_free: usize,
    /// Genome order: the digits `init` prefers for each cell (bit `d-1` for digit `d`).
    candidates: Vec<u64>,
    /// Genome index of every row-major cell.
    genome_of_cell: Vec<u16>,
    /// Scored lines A `0..n` then B `n..2n`: the genome indices of each line, `n` each.
    line_cells: Vec<u16>,
    /// Line A and line B (line numbers `0..n`) of each genome index.
    line_a_of: Vec<u8>,
    line_b_of: Vec<u8>,
}

/// Presolve found the puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable(pub String);

impl Problem {
    /// Prepares `puzzle` in the block encoding. With `presolve`, singles are propagated first
    /// and the forced cells join the help array; a contradiction found there means the puzzle
    /// has no solution.
    pub fn new(puzzle: &Grid, init: InitKind, presolve: bool) -> Result<Problem, Unsolvable> {
        Problem::with_encoding(puzzle, init, presolve, Encoding::Block)
    }

    /// Prepares `puzzle` as `config` runs it: its encoding, first population and presolve.
    pub fn for_config(puzzle: &Grid, config: &GaConfig) -> Result<Problem, Unsolvable> {
        Problem::with_encoding(puzzle, config.init, config.presolve, config.encoding)
    }

    /// Prepares `puzzle` in `encoding` (see `new`).
    pub fn with_encoding(
        puzzle: &Grid,
        init: InitKind,
        presolve: bool,
        encoding: Encoding,
    ) -> Result<Problem, Unsolvable> {
        let geometry = puzzle.geometry();
        let n = geometry.side();
        if let Some(clash) = puzzle.first_clash() {
            return Err(Unsolvable(format!(
                "givens clash: digit {} at {} and {}",
                clash.digit,
                crate::board::cell_name(clash.first, n),
                crate::board::cell_name(clash.second, n)
            )));
        }
        let (fixed, row_major_candidates) = if presolve {
            let propagated =
                crate::exact::propagate(puzzle).map_err(|c| Unsolvable(c.to_string()))?;
            (propagated.grid, propagated.candidates)
        } else {
            (puzzle.clone(), given_candidates(puzzle))
        };
        let presolved_cells = fixed.givens() - puzzle.givens();

        let cells = geometry.cells();
        let mut genome_of_cell = vec![0u16; cells];
        let mut cell_of_genome = vec![0u16; cells];
        for unit in 0..n {
            for pos in 0..n {
                let cell = match encoding {
                    Encoding::Block => geometry.box_cell(unit, pos),
                    Encoding::Row => unit * n + pos,
                };
                genome_of_cell[cell] = (unit * n + pos) as u16;
                cell_of_genome[unit * n + pos] = cell as u16;
            }
        }
        let help: Vec<u8> = cell_of_genome
            .iter()
            .map(|&c| fixed.get(c as usize))
            .collect();
        let free_masks = help
            .chunks_exact(n)
            .map(|unit| {
                (unit.iter().enumerate())
                    .filter(|&(_, &digit)| digit == 0)
                    .fold(0u64, |mask, (p, _)| mask | 1 << p)
            })
            .collect::<Vec<u64>>();
        let most_free = (free_masks.iter())
            .map(|mask| mask.count_ones() as usize)
            .fold(0, usize::max);
        let candidates = cell_of_genome
            .iter()
            .map(|&c| match init {
                InitKind::Random => geometry.all_digits(),
                InitKind::Candidates => row_major_candidates[c as usize],
            })
            .collect();
        // The scored lines of a row-major cell, and its position along each (row-major order
        // inside each line, so the block encoding's tables are what they always were).
        let lines = |cell: usize| match encoding {
            Encoding::Block => [geometry.row_of(cell), geometry.col_of(cell)],
            Encoding::Row => [geometry.col_of(cell), geometry.box_of(cell)],
        };
        let mut line_cells = vec![0u16; 2 * n * n];
        let mut filled = vec![0usize; 2 * n];
        for (cell, &g) in genome_of_cell.iter().enumerate() {
            let [a, b] = lines(cell);
            for line in [a, n + b] {
                line_cells[line * n + filled[line]] = g;
                filled[line] += 1;
            }
        }
        let line_a_of = cell_of_genome
            .iter()
            .map(|&c| lines(c as usize)[0] as u8)
            .collect();
        let line_b_of = cell_of_genome
            .iter()
            .map(|&c| lines(c as usize)[1] as u8)
            .collect();
        Ok(Problem {
            geometry,
            encoding,
            puzzle: puzzle.clone(),
            fixed,
            presolved_cells,
            help,
            free_masks,
            most_free,
            candidates,
            genome_of_cell,
            line_cells,
            line_a_of,
            line_b_of,
        })
    }

    pub fn geometry(&self) -> Geometry {
        self.geometry
    }
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }
    pub fn side(&self) -> usize {
        self.geometry.side()
    }
    pub fn cells(&self) -> usize {
        self.geometry.cells()
    }
    /// `u32` words per genome: four cells a word.
    pub fn genome_words(&self) -> usize {
        genome_words(self.cells())
    }
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }
    /// Givens plus presolve's forced cells.
    pub fn fixed(&self) -> &Grid {
        &self.fixed
    }
    pub fn presolved_cells(&self) -> usize {
        self.presolved_cells
    }
    pub fn help(&self) -> &[u8] {
        &self.help
    }
    /// The free cells of unit `unit` as a mask of its positions (bit `p`: position `p`).
    #[inline]
    pub fn free_mask(&self, unit: usize) -> u64 {
        self.free_masks[unit]
    }
    /// The most free cells of any unit: the largest box a box assignment matches.
    pub fn most_free_in_a_unit(&self) -> usize {
        self.most_free
    }
    pub fn candidates(&self) -> &[u64] {
        &self.candidates
    }
    pub fn line_cells(&self) -> &[u16] {
        &self.line_cells
    }
    /// Scored line A (`0..n`) of each genome index: its row in the block encoding, its
    /// column in the row encoding.
    pub fn line_a_of(&self) -> &[u8] {
        &self.line_a_of
    }
    /// Scored line B (`0..n`, line `n + b` of `line_cells`) of each genome index: its column in
    /// the block encoding, its box in the row encoding.
    pub fn line_b_of(&self) -> &[u8] {
        &self.line_b_of
    }
    pub fn genome_of_cell(&self) -> &[u16] {
        &self.genome_of_cell
    }

    /// The row-major grid a genome encodes.
    pub fn to_grid(&self, genome: &[u8]) -> Grid {
        let cells = self
            .genome_of_cell
            .iter()
            .map(|&g| genome[g as usize])
            .collect();
        Grid::from_cells(self.geometry, cells).unwrap_or_else(|| Grid::empty(self.geometry))
    }

    /// The genome (with `genome_words * 4` bytes, zero padded) of a row-major grid.
    pub fn to_genome(&self, grid: &Grid) -> Vec<u8> {
        let mut genome = vec![0u8; self.genome_words() * 4];
        for (cell, &g) in self.genome_of_cell.iter().enumerate() {
            genome[g as usize] = grid.get(cell);
        }
        genome
    }
}

/// An engine's check that `problem` was prepared in `config`'s encoding
/// (`Problem::for_config`).
pub fn check_encoding(problem: &Problem, config: &GaConfig) -> crate::error::Result<()> {
    if problem.encoding() == config.encoding {
        return Ok(());
    }
    Err(crate::error::Error::Config(format!(
        "the puzzle was prepared in the {:?} encoding but the run asks for {:?}: build it \
         with Problem::for_config",
        problem.encoding(),
        config.encoding
    )))
}

/// Row-major candidates after removing the digits of each empty cell's given peers.
fn given_candidates(puzzle: &Grid) -> Vec<u64> {
    let g = puzzle.geometry();
    let n = g.side();
    let mut rows = vec![0u64; n];
    let mut cols = vec![0u64; n];
    let mut boxes = vec![0u64; n];
    for cell in 0..g.cells() {
        let d = puzzle.get(cell);
        if d != 0 {
            let bit = 1u64 << (d - 1);
            rows[g.row_of(cell)] |= bit;
            cols[g.col_of(cell)] |= bit;
            boxes[g.box_of(cell)] |= bit;
        }
    }
    (0..g.cells())
        .map(|cell| match puzzle.get(cell) {
            0 => {
                g.all_digits()
                    & !(rows[g.row_of(cell)] | cols[g.col_of(cell)] | boxes[g.box_of(cell)])
            }
            d => 1u64 << (d - 1),
        })
        .collect()
}

/// `u32` words per genome of a board of `cells` cells: four cells a word.
pub fn genome_words(cells: usize) -> usize {
    cells.div_ceil(4)
}
