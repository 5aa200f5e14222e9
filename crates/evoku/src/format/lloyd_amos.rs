//! Lloyd & Amos format: box size, an unused integer (1), then `n` rows of `n` tab-separated values.
//!
//! `-1` is an empty cell (`0`, `.` and `-` are accepted too); the original files end each value
//! with a tab and each line with CRLF. Several puzzles may follow one another in one text;
//! blank and `#` comment lines are allowed before each puzzle, not inside one.

use super::{
    end_column, is_blank_or_comment, tokens, value_digit, Ctx, Positions, Raw, SourceLine, Symbols,
    Token,
};
use crate::board::{Geometry, Grid, MAX_BOX_SIZE, MIN_BOX_SIZE};
use crate::error::{Error, Result};

enum State {
    /// Before a puzzle: blank and comment lines are skipped.
    BoxSize,
    /// After the box size line, at `line`.
    Unused { geometry: Geometry, line: usize },
    Rows {
        raw: Raw,
        rows: usize,
        last_line: usize,
    },
}

pub(super) fn parse(lines: &[SourceLine<'_>], ctx: &Ctx<'_>) -> Result<Vec<Raw>> {
    let mut raws = Vec::new();
    let mut state = State::BoxSize;
    for line in lines {
        let blank = is_blank_or_comment(line.text);
        let words = tokens(line.text, |_| false);
        state = match state {
            State::BoxSize if blank => State::BoxSize,
            State::BoxSize => State::Unused {
                geometry: box_size(&words, line, ctx)?,
                line: line.number,
            },
            State::Unused { line: start, .. } if blank => {
                return Err(unused_error(&words, line, start, ctx));
            }
            State::Unused {
                geometry,
                line: start,
            } => {
                let is_int = |t: &Token<'_>| t.text.parse::<i64>().is_ok();
                if words.len() != 1 || !is_int(&words[0]) {
                    return Err(unused_error(&words, line, start, ctx));
                }
                let cells = geometry.cells();
                State::Rows {
                    raw: Raw {
                        geometry,
                        cells: Vec::with_capacity(cells),
                        positions: Positions::each(cells),
                        name: None,
                        line: start,
                    },
                    rows: 0,
                    last_line: line.number,
                }
            }
            State::Rows { raw, rows, .. } if blank => {
                return Err(missing_rows(&raw, rows, line.number, ctx));
            }
            State::Rows { mut raw, rows, .. } => {
                read_row(&words, line, &mut raw, ctx)?;
                if rows + 1 == raw.geometry.side() {
                    raws.push(raw);
                    State::BoxSize
                } else {
                    State::Rows {
                        raw,
                        rows: rows + 1,
                        last_line: line.number,
                    }
                }
            }
        };
    }
    match state {
        State::BoxSize => Ok(raws),
        State::Unused { line, .. } => Err(ctx.error(
            line + 1,
            1,
            "expected a line holding one integer (unused, normally 1) after the box size",
        )),
        State::Rows {
            raw,
            rows,
            last_line,
        } => Err(missing_rows(&raw, rows, last_line + 1, ctx)),
    }
}

fn box_size(words: &[Token<'_>], line: &SourceLine<'_>, ctx: &Ctx<'_>) -> Result<Geometry> {
    let expected = format!(
        "expected the box size ({MIN_BOX_SIZE}-{MAX_BOX_SIZE}, e.g. 3 for 9x9) alone on the first \
         line of a Lloyd & Amos puzzle"
    );
    let first = words.first().copied().unwrap_or(Token {
        text: "",
        column: 1,
    });
    if let Some(extra) = words.get(1) {
        return Err(ctx.error(
            line.number,
            extra.column,
            format!("{expected}, found more: {}", super::shown_str(extra.text)),
        ));
    }
    match first.text.parse::<i64>() {
        Ok(b) => usize::try_from(b)
            .ok()
            .and_then(Geometry::new)
            .ok_or_else(|| {
                ctx.error(
                    line.number,
                    first.column,
                    format!(
                        "box size {b} is not supported: expected {MIN_BOX_SIZE}-{MAX_BOX_SIZE} \
                         (boards 4x4 to 64x64)"
                    ),
                )
            }),
        Err(_) => Err(ctx.error(
            line.number,
            first.column,
            format!("{expected}, found {}", super::shown_str(first.text)),
        )),
    }
}

fn unused_error(words: &[Token<'_>], line: &SourceLine<'_>, start: usize, ctx: &Ctx<'_>) -> Error {
    let (column, found) = match words {
        [] => (1, "an empty line".to_string()),
        [one] => (one.column, super::shown_str(one.text)),
        [_, second, ..] => (second.column, format!("{} values", words.len())),
    };
    ctx.error(
        line.number,
        column,
        format!(
            "expected a line holding one integer (unused, normally 1) after the box size on line \
             {start}, found {found}"
        ),
    )
}

fn missing_rows(raw: &Raw, rows: usize, line: usize, ctx: &Ctx<'_>) -> Error {
    let side = raw.geometry.side();
    ctx.error(
        line,
        1,
        format!(
            "expected {side} rows for the {side}x{side} Lloyd & Amos puzzle starting at line {}, \
             found {rows}",
            raw.line
        ),
    )
}

fn read_row(
    words: &[Token<'_>],
    line: &SourceLine<'_>,
    raw: &mut Raw,
    ctx: &Ctx<'_>,
) -> Result<()> {
    let side = raw.geometry.side();
    if words.len() != side {
        let column = words.get(side).map_or(end_column(line.text), |t| t.column);
        return Err(ctx.error(
            line.number,
            column,
            format!(
                "expected {side} tab-separated values (-1 for empty) in this row, found {}",
                words.len()
            ),
        ));
    }
    for t in words {
        let d = value_digit(t.text, side, Symbols::Standard)
            .map_err(|m| ctx.error(line.number, t.column, m))?;
        raw.cells.push(d);
        raw.positions.push((line.number, t.column));
    }
    Ok(())
}

/// The exact Lloyd & Amos text: `b`, `1`, then rows of values each followed by a tab, `-1` for
/// empty, every line ending in CRLF.
pub(super) fn write(grid: &Grid) -> String {
    let g = grid.geometry();
    let mut out = format!("{}\r\n1\r\n", g.box_size());
    for row in grid.cells().chunks(g.side()) {
        for &d in row {
            if d == 0 {
                out.push_str("-1");
            } else {
                out.push_str(&d.to_string());
            }
            out.push('\t');
        }
        out.push_str("\r\n");
    }
    out
}
