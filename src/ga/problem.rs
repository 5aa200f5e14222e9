//! One puzzle prepared for the GA: the help array, candidates and lookup tables in genome order.
//!
//! A genome stores the board box by box (block encoding): genome index `box * n + pos`, with
//! `pos` row-major inside the box. Every table here is what the GPU engine uploads once per run.

use crate::board::{Geometry, Grid};

use super::config::InitKind;

#[derive(Clone, Debug)]
pub struct Problem {
    geometry: Geometry,
    /// The puzzle as given, row-major.
    puzzle: Grid,
    /// Givens plus cells fixed by presolve, row-major.
    fixed: Grid,
    /// Cells presolve fixed beyond the givens.
    presolved_cells: usize,
    /// Genome order: the fixed digit, or 0 for a free cell (the paper's help array).
    help: Vec<u8>,
    /// Genome order: the digits `init` prefers for each cell (bit `d-1` for digit `d`).
    candidates: Vec<u64>,
    /// Genome index of every row-major cell.
    genome_of_cell: Vec<u16>,
    /// Rows `0..n` then columns `n..2n`: the genome indices of each line, `n` each.
    line_cells: Vec<u16>,
    /// Row and column (line numbers `0..n`) of each genome index.
    row_of: Vec<u8>,
    col_of: Vec<u8>,
}

/// Presolve found the puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable(pub String);

impl Problem {
    /// Prepares `puzzle`. With `presolve`, singles are propagated first and the forced cells join
    /// the help array; a contradiction found there means the puzzle has no solution.
    pub fn new(puzzle: &Grid, init: InitKind, presolve: bool) -> Result<Problem, Unsolvable> {
        let geometry = puzzle.geometry();
        let n = geometry.side();
        if let Some(clash) = puzzle.first_clash() {
            return Err(Unsolvable(format!(
                "givens clash: digit {} at cells {} and {}",
                clash.digit, clash.first, clash.second
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
        for bx in 0..n {
            for pos in 0..n {
                let cell = geometry.box_cell(bx, pos);
                genome_of_cell[cell] = (bx * n + pos) as u16;
                cell_of_genome[bx * n + pos] = cell as u16;
            }
        }
        let help: Vec<u8> = cell_of_genome
            .iter()
            .map(|&c| fixed.get(c as usize))
            .collect();
        let candidates = cell_of_genome
            .iter()
            .map(|&c| match init {
                InitKind::Random => geometry.all_digits(),
                InitKind::Candidates => row_major_candidates[c as usize],
            })
            .collect();
        let mut line_cells = vec![0u16; 2 * n * n];
        for r in 0..n {
            for c in 0..n {
                line_cells[r * n + c] = genome_of_cell[r * n + c];
                line_cells[(n + c) * n + r] = genome_of_cell[r * n + c];
            }
        }
        let row_of = cell_of_genome
            .iter()
            .map(|&c| geometry.row_of(c as usize) as u8)
            .collect();
        let col_of = cell_of_genome
            .iter()
            .map(|&c| geometry.col_of(c as usize) as u8)
            .collect();
        Ok(Problem {
            geometry,
            puzzle: puzzle.clone(),
            fixed,
            presolved_cells,
            help,
            candidates,
            genome_of_cell,
            line_cells,
            row_of,
            col_of,
        })
    }

    pub fn geometry(&self) -> Geometry {
        self.geometry
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
    pub fn candidates(&self) -> &[u64] {
        &self.candidates
    }
    pub fn line_cells(&self) -> &[u16] {
        &self.line_cells
    }
    pub fn row_of(&self) -> &[u8] {
        &self.row_of
    }
    pub fn col_of(&self) -> &[u8] {
        &self.col_of
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
