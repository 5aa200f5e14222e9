//! Line format: one puzzle per line, `n*n` symbols, then optionally whitespace and a name.

use super::{first_token, is_blank_or_comment, Ctx, Positions, Raw, SourceLine, Symbols};
use crate::board::{Geometry, Grid, MAX_BOX_SIZE, MIN_BOX_SIZE};
use crate::error::Result;

/// Reads every puzzle line; blank lines and `#` or `//` comment lines are skipped.
pub(super) fn parse(lines: &[SourceLine<'_>], ctx: &Ctx<'_>) -> Result<Vec<Raw>> {
    let mut raws = Vec::new();
    let mut previous: Option<Geometry> = None;
    for line in lines {
        if is_blank_or_comment(line.text) {
            continue;
        }
        let Some(cells) = first_token(line.text) else {
            continue;
        };
        let count = cells.chars();
        let Some(geometry) = Geometry::from_cell_count(count) else {
            if previous.is_none() && count > max_cells() {
                return Err(ctx.error(
                    line.number,
                    cells.column + max_cells(),
                    format!("{count} cells: {}", too_big(count)),
                ));
            }
            let expected = previous.map_or_else(|| nearest_cell_count(count), |g| g.cells());
            let side = (expected as f64).sqrt().round() as usize;
            return Err(ctx.error(
                line.number,
                cells.column + count.min(expected),
                format!(
                    "expected {expected} cells ({side}x{side}) but found {count}; a puzzle line \
                     holds {} cells ('.' or '0' for an empty cell), then optionally a name",
                    valid_counts()
                ),
            ));
        };
        let side = geometry.side();
        let mut digits = Vec::with_capacity(geometry.cells());
        let mut positions = Positions::Run {
            line: line.number,
            column: cells.column,
        };
        ctx.read_symbols(&cells, line.number, side, &mut digits, &mut positions)?;
        // Everything after the cells (and the whitespace that ends them) names the puzzle.
        let rest = line
            .text
            .char_indices()
            .nth(cells.end_column() - 1)
            .map_or("", |(byte, _)| &line.text[byte..]);
        let rest = rest.trim();
        let name = rest.strip_prefix("//").unwrap_or(rest).trim();
        raws.push(Raw {
            geometry,
            cells: digits,
            positions,
            name: (!name.is_empty()).then(|| name.to_string()),
            line: line.number,
        });
        previous = Some(geometry);
    }
    Ok(raws)
}

/// `n*n` symbols on one line, `.` for empty, then a newline.
pub(super) fn write(grid: &Grid, symbols: Symbols) -> String {
    let side = grid.geometry().side();
    let mut out: String = grid
        .cells()
        .iter()
        .map(|&d| symbols.symbol(d, side))
        .collect();
    out.push('\n');
    out
}

fn max_cells() -> usize {
    MAX_BOX_SIZE.pow(4)
}

/// Why a line of `count` cells, more than the largest board holds, cannot be read.
fn too_big(count: usize) -> String {
    let max = MAX_BOX_SIZE * MAX_BOX_SIZE;
    let side = (count as f64).sqrt().round() as usize;
    if side * side == count {
        format!("{side}x{side}, above the {max}x{max} maximum")
    } else {
        format!(
            "more than the {} of a {max}x{max} board, the largest evoku solves",
            max_cells()
        )
    }
}

/// The valid cell count closest to `count`.
fn nearest_cell_count(count: usize) -> usize {
    (MIN_BOX_SIZE..=MAX_BOX_SIZE)
        .map(|b| b.pow(4))
        .min_by_key(|&c| c.abs_diff(count))
        .unwrap_or(81)
}

/// `16 (4x4), 81 (9x9), ... or 4096 (64x64)`.
fn valid_counts() -> String {
    let counts: Vec<String> = (MIN_BOX_SIZE..=MAX_BOX_SIZE)
        .map(|b| format!("{} ({1}x{1})", b.pow(4), b * b))
        .collect();
    super::join_or(&counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_count() {
        assert_eq!(nearest_cell_count(80), 81);
        assert_eq!(nearest_cell_count(0), 16);
        assert_eq!(nearest_cell_count(200), 256);
        assert_eq!(nearest_cell_count(100_000), 4096);
        assert!(valid_counts().starts_with("16 (4x4), 81 (9x9)"));
        assert!(valid_counts().ends_with("or 4096 (64x64)"));
    }
}
