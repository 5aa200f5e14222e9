//! Grid format: `n` rows of `n` whitespace-separated values, or of `n` contiguous symbols, per puzzle.
//!
//! Grids follow one another, optionally separated by blank or `#` comment lines; a blank or comment
//! line inside a grid is an error (a row is missing). `|` between boxes and separator lines such as
//! `------+------` are ignored. A `// comment` at the end of a grid's first row names the puzzle.

use super::{
    end_column, is_blank_or_comment, strip_trailing_comment, tokens, trailing_comment, valid_sides,
    value_digit, Ctx, Positions, Raw, SourceLine, Symbols, Token,
};
use crate::board::{Geometry, Grid};
use crate::error::Result;

/// How a row writes its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// One whitespace-separated value per cell.
    Values,
    /// One symbol per cell, possibly in groups (`53. .7. ...`).
    Symbols,
}

/// A grid being read.
struct Building {
    raw: Raw,
    rows: usize,
    last_line: usize,
}

impl Building {
    fn missing_rows_message(&self) -> String {
        let side = self.raw.geometry.side();
        format!(
            "expected {side} rows for the {side}x{side} grid starting at line {}, found {}",
            self.raw.line, self.rows
        )
    }
}

pub(super) fn parse(lines: &[SourceLine<'_>], ctx: &Ctx<'_>) -> Result<Vec<Raw>> {
    let mut raws = Vec::new();
    let mut current: Option<Building> = None;
    for line in lines {
        let content = strip_trailing_comment(line.text);
        if is_blank_or_comment(line.text) || content.trim().is_empty() {
            if let Some(b) = &current {
                return Err(ctx.error(line.number, 1, b.missing_rows_message()));
            }
            continue;
        }
        if is_separator(content) {
            continue;
        }
        let row = tokens(content, |c| c == '|');
        let mut building = match current.take() {
            Some(b) => b,
            None => {
                let geometry = first_row_geometry(&row, line, ctx)?;
                let cells = geometry.cells();
                Building {
                    raw: Raw {
                        geometry,
                        cells: Vec::with_capacity(cells),
                        positions: Positions::each(cells),
                        name: trailing_comment(line.text),
                        line: line.number,
                    },
                    rows: 0,
                    last_line: line.number,
                }
            }
        };
        read_row(&row, content, line, &mut building.raw, ctx)?;
        building.rows += 1;
        building.last_line = line.number;
        if building.rows == building.raw.geometry.side() {
            raws.push(building.raw);
        } else {
            current = Some(building);
        }
    }
    if let Some(b) = current {
        return Err(ctx.error(b.last_line + 1, 1, b.missing_rows_message()));
    }
    Ok(raws)
}

/// A line of box separators: only `-`, `+`, `=` and `|`, and not a row of `-` empties.
pub(super) fn is_separator(content: &str) -> bool {
    let only_rules = content
        .chars()
        .all(|c| c.is_whitespace() || matches!(c, '-' | '+' | '=' | '|'));
    only_rules
        && (content.contains(['+', '='])
            || content
                .split(|c: char| c.is_whitespace() || c == '|')
                .any(|w| w.len() >= 2))
}

/// The mode of a row of `side` cells, or `None` when it holds neither `side` values nor `side`
/// symbols.
fn row_mode(row: &[Token<'_>], side: usize) -> Option<Mode> {
    if row.len() == side {
        Some(Mode::Values)
    } else if row.iter().map(Token::chars).sum::<usize>() == side {
        Some(Mode::Symbols)
    } else {
        None
    }
}

/// Decides the board size from a grid's first row: `n` values, or `n` symbols.
fn first_row_geometry(row: &[Token<'_>], line: &SourceLine<'_>, ctx: &Ctx<'_>) -> Result<Geometry> {
    let values = Geometry::from_side(row.len());
    let chars: usize = row.iter().map(Token::chars).sum();
    let symbols = Geometry::from_side(chars);
    let decodes = |g: Geometry, mode: Mode| {
        let mut scratch = Raw {
            geometry: g,
            cells: Vec::new(),
            positions: Positions::each(0),
            name: None,
            line: line.number,
        };
        decode_row(row, mode, line, &mut scratch, ctx)
    };
    // Prefer values; fall back to symbols (`1234 3412 ...` is a 16x16 row in groups of 4).
    let value_result = values.map(|g| decodes(g, Mode::Values).map(|_| g));
    if let Some(Ok(g)) = value_result {
        return Ok(g);
    }
    if let Some(g) = symbols.filter(|_| row.len() != chars || values.is_none()) {
        let symbol_result = decodes(g, Mode::Symbols).map(|_| g);
        if symbol_result.is_ok() || value_result.is_none() {
            return symbol_result;
        }
    }
    if let Some(result) = value_result {
        return result;
    }
    let width = if row.len() == 1 { chars } else { row.len() };
    let mut found = if row.len() == 1 {
        format!("a row of {chars} symbols")
    } else {
        format!("{} values", row.len())
    };
    let max = crate::board::MAX_BOX_SIZE * crate::board::MAX_BOX_SIZE;
    if width > max && crate::board::Geometry::from_side(width).is_none() {
        let b = (width as f64).sqrt().round() as usize;
        if b * b == width {
            found.push_str(&format!(
                " ({width}x{width} is above the {max}x{max} maximum)"
            ));
        }
    }
    Err(ctx.error(
        line.number,
        row.first().map_or(1, |t| t.column),
        format!(
            "a grid row holds {} values separated by spaces (or as many symbols written \
             together), found {found}",
            valid_sides()
        ),
    ))
}

/// Appends one row of cells to `raw`.
fn read_row(
    row: &[Token<'_>],
    content: &str,
    line: &SourceLine<'_>,
    raw: &mut Raw,
    ctx: &Ctx<'_>,
) -> Result<()> {
    let side = raw.geometry.side();
    let Some(mode) = row_mode(row, side) else {
        let chars: usize = row.iter().map(Token::chars).sum();
        let (column, message) = if row.len() > side {
            (
                row[side].column,
                format!("expected {side} values in this row, found {}", row.len()),
            )
        } else if chars > side {
            (
                nth_symbol_column(row, side).unwrap_or(1),
                format!("expected a row of {side} symbols, found {chars}"),
            )
        } else if row.len() == 1 {
            (
                end_column(content),
                format!("expected a row of {side} symbols, found {chars}"),
            )
        } else {
            (
                end_column(content),
                format!("expected {side} values in this row, found {}", row.len()),
            )
        };
        return Err(ctx.error(line.number, column, message));
    };
    decode_row(row, mode, line, raw, ctx)
}

/// The column of the symbol with 0-based index `n` across the row's tokens.
fn nth_symbol_column(row: &[Token<'_>], mut n: usize) -> Option<usize> {
    for t in row {
        let len = t.chars();
        if n < len {
            return Some(t.column + n);
        }
        n -= len;
    }
    None
}

fn decode_row(
    row: &[Token<'_>],
    mode: Mode,
    line: &SourceLine<'_>,
    raw: &mut Raw,
    ctx: &Ctx<'_>,
) -> Result<()> {
    let side = raw.geometry.side();
    match mode {
        Mode::Values => {
            for t in row {
                let d = value_digit(t.text, side, ctx.symbols)
                    .map_err(|m| ctx.error(line.number, t.column, m))?;
                raw.cells.push(d);
                raw.positions.push((line.number, t.column));
            }
        }
        Mode::Symbols => {
            for t in row {
                ctx.read_symbols(t, line.number, side, &mut raw.cells, &mut raw.positions)?;
            }
        }
    }
    Ok(())
}

/// `n` rows: symbols (`.` empty) up to 9x9 or with hex symbols, else right-aligned decimal
/// numbers (`0` empty); values separated by one space or more.
pub(super) fn write(grid: &Grid, symbols: Symbols) -> String {
    let side = grid.geometry().side();
    let use_symbols = side <= 9 || (symbols == Symbols::Hex && side <= 16);
    let width = side.to_string().len();
    let mut out = String::new();
    for row in grid.cells().chunks(side) {
        let texts: Vec<String> = row
            .iter()
            .map(|&d| {
                if use_symbols {
                    symbols.symbol(d, side).to_string()
                } else {
                    format!("{d:>width$}")
                }
            })
            .collect();
        out.push_str(&texts.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators() {
        assert!(is_separator("------+-------+------"));
        assert!(is_separator("+---+---+"));
        assert!(is_separator("|-----|-----|"));
        assert!(is_separator("===="));
        assert!(!is_separator("- - | - -"));
        assert!(!is_separator("- - - -"));
        assert!(!is_separator("-1 -1 -1 -1"));
    }
}
