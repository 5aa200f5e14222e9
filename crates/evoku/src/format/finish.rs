//! From what a reader found to puzzles: the givens checked, the grids built, the puzzles named.

use std::path::Path;

use super::lex::{Ctx, Raw};
use super::Puzzle;
use crate::board::Grid;
use crate::error::Result;

/// The file stem used in puzzle names: `ai-escargot` for `puzzles/ai-escargot.txt`.
pub(super) fn file_stem(file: &str) -> String {
    if file == "<stdin>" || file == "-" {
        return "stdin".to_string();
    }
    Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| file.to_string())
}

/// Checks the givens, builds the grids and names the puzzles.
pub(super) fn finish(raws: Vec<Raw>, ctx: &Ctx<'_>) -> Result<Vec<Puzzle>> {
    let count = raws.len();
    finish_part(raws, ctx, 0, count)
}

/// [`finish`] for a part of a file's puzzles: the first is the file's puzzle `first` (0-based)
/// of `count`.
pub(super) fn finish_part(
    raws: Vec<Raw>,
    ctx: &Ctx<'_>,
    first: usize,
    count: usize,
) -> Result<Vec<Puzzle>> {
    let stem = file_stem(ctx.file);
    let mut puzzles = Vec::with_capacity(raws.len());
    for (k, raw) in (first..).zip(raws) {
        let grid = Grid::from_cells(raw.geometry, raw.cells).ok_or_else(|| {
            // Cannot happen: every digit was checked against the side while reading.
            ctx.error(raw.line, 1, "internal error: digit out of range")
        })?;
        if let Some(clash) = grid.first_clash() {
            let g = raw.geometry;
            let unit = if g.row_of(clash.first) == g.row_of(clash.second) {
                "row"
            } else if g.col_of(clash.first) == g.col_of(clash.second) {
                "column"
            } else {
                "box"
            };
            let (r1, c1) = grid.position(clash.first);
            let (r2, c2) = grid.position(clash.second);
            let (line, column) = raw.positions.of(clash.second).unwrap_or((raw.line, 1));
            return Err(ctx.error(
                line,
                column,
                format!(
                    "givens clash: digit {} at r{r1}c{c1} and r{r2}c{c2} are in the same {unit}",
                    clash.digit
                ),
            ));
        }
        let name = raw.name.unwrap_or_else(|| {
            if count == 1 {
                stem.clone()
            } else {
                format!("{stem}#{}", k + 1)
            }
        });
        puzzles.push(Puzzle {
            name,
            grid,
            file: ctx.file.to_string(),
            line: raw.line,
        });
    }
    Ok(puzzles)
}
