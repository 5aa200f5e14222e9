//! Puzzle files: reading and writing the line, grid and Lloyd & Amos formats, with auto-detection.
//!
//! - [`Format::Line`]: one puzzle per line, `n*n` symbols (`.` or `0` empty), optionally followed by
//!   whitespace and a name (`// comment`). Lines starting with `#` and blank lines are skipped.
//! - [`Format::Grid`]: `n` rows of `n` whitespace-separated values (numbers `1..=n` or symbols; `.`,
//!   `0`, `-` or `-1` empty), or rows of `n` contiguous symbols; grids follow one another, optionally
//!   separated by blank or `#` comment lines. Box separators such as `|` and `------+------` are
//!   ignored.
//! - [`Format::LloydAmos`]: the files of Lloyd & Amos's ant colony solver: the box size, an unused
//!   integer (1), then `n` rows of `n` tab-separated values, `-1` empty, CRLF line ends.
//!
//! Every parse error is an [`Error::Parse`] naming the file, the 1-based line and column of the
//! offending character and what was expected. Nothing here panics, whatever the input.

mod detect;
mod finish;
mod grid;
mod lex;
mod line;
mod lloyd_amos;
mod split;
mod symbols;

use std::io::Read;
use std::path::PathBuf;

use crate::board::Grid;
use crate::choice::choice_enum;
use crate::error::{Error, IoAction, Result};

pub use detect::detect;
#[cfg(test)]
use finish::file_stem;
use finish::finish;
use lex::{
    end_column, first_token, is_blank_or_comment, join_or, shown_str, source_lines,
    strip_trailing_comment, tokens, trailing_comment, valid_sides, value_digit, Ctx, Positions,
    Raw, SourceLine, Token,
};
pub use symbols::Symbols;

choice_enum! {
    /// A puzzle file format.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Format ("format") {
        /// One puzzle per line: `n*n` symbols, then optionally a name.
        Line => "line",
        /// `n` rows of `n` values (or of `n` contiguous symbols) per puzzle.
        Grid => "grid",
        /// Lloyd & Amos: box size, an unused `1`, then `n` rows of `n` tab-separated values, `-1` empty.
        LloydAmos => "lloyd-amos",
    }
}

impl Format {
    /// Every format, in the order of the command-line help.
    pub const ALL: [Format; 3] = [Format::Line, Format::Grid, Format::LloydAmos];
}

/// How to read a puzzle file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// `None`: detect the format from the text (see [`detect`](crate::format::detect::detect)).
    pub format: Option<Format>,
    pub symbols: Symbols,
}

/// One puzzle read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The name written beside the puzzle, else the file stem (`ai-escargot`), else `<stem>#<k>`
    /// (k 1-based) when the file holds several puzzles.
    pub name: String,
    pub grid: Grid,
    /// The file name as given (`<stdin>` for standard input).
    pub file: String,
    /// 1-based line where the puzzle starts.
    pub line: usize,
}

/// Reads every puzzle of `text`; `file` names it in error messages and puzzle names.
///
/// Returns the puzzles in file order and the format used (the detected one when
/// `options.format` is `None`). A text without any puzzle is an error.
pub fn parse_str(text: &str, file: &str, options: &ParseOptions) -> Result<(Vec<Puzzle>, Format)> {
    parse_str_on(text, file, options, 1)
}

/// [`parse_str`] with a long line-format text read on up to `threads` threads: the same puzzles,
/// names and errors.
pub fn parse_str_on(
    text: &str,
    file: &str,
    options: &ParseOptions,
    threads: usize,
) -> Result<(Vec<Puzzle>, Format)> {
    let format = options.format.unwrap_or_else(|| detect(text));
    let lines = source_lines(text);
    let ctx = Ctx {
        file,
        symbols: options.symbols,
    };
    if format == Format::Line {
        if let Some(puzzles) = split::parse_line_format(&lines, &ctx, threads) {
            return Ok((puzzles, format));
        }
    }
    let raws = match format {
        Format::Line => line::parse(&lines, &ctx)?,
        Format::Grid => grid::parse(&lines, &ctx)?,
        Format::LloydAmos => lloyd_amos::parse(&lines, &ctx)?,
    };
    if raws.is_empty() {
        return Err(ctx.error(
            1,
            1,
            format!(
                "no puzzle found (the text is empty or holds only blank and comment lines; \
                 read as {format} format)"
            ),
        ));
    }
    let puzzles = finish(raws, &ctx)?;
    Ok((puzzles, format))
}

/// The most bytes read from one puzzle input: 256 MiB, about 60,000 64x64 puzzles in line
/// format (4 KiB each), so that a huge or endless input (`/dev/zero`) ends with an error instead
/// of filling the memory.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// All of `reader`, at most [`MAX_INPUT_BYTES`]; a longer input is an error naming `name`.
fn read_capped(reader: impl Read, name: &str) -> Result<Vec<u8>> {
    let error = |source| Error::Io {
        action: IoAction::Read,
        path: PathBuf::from(name),
        source,
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(error)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(error(std::io::Error::other(format!(
            "larger than {} MiB, the most evoku reads from one input (about 60,000 64x64 \
             puzzles); split it into several files",
            MAX_INPUT_BYTES >> 20
        ))));
    }
    Ok(bytes)
}

/// Reads a puzzle file, or standard input when `path` is `-` (named `<stdin>` in messages), at
/// most [`MAX_INPUT_BYTES`].
pub fn read_puzzles(path: &str, options: &ParseOptions) -> Result<(Vec<Puzzle>, Format)> {
    read_puzzles_on(path, options, 1)
}

/// [`read_puzzles`] with a long line-format file read on up to `threads` threads
/// ([`parse_str_on`]).
pub fn read_puzzles_on(
    path: &str,
    options: &ParseOptions,
    threads: usize,
) -> Result<(Vec<Puzzle>, Format)> {
    let (bytes, file) = if path == "-" {
        (read_capped(std::io::stdin().lock(), "<stdin>")?, "<stdin>")
    } else {
        let file = std::fs::File::open(path).map_err(|source| Error::Io {
            action: IoAction::Read,
            path: PathBuf::from(path),
            source,
        })?;
        (read_capped(file, path)?, path)
    };
    if let Some((line, column, what)) = first_binary(&bytes) {
        return Err(Error::Parse {
            file: file.to_string(),
            line,
            column,
            message: format!("not a puzzle file: {what} (puzzle files are text)"),
        });
    }
    let text = String::from_utf8_lossy(&bytes);
    parse_str_on(&text, file, options, threads)
}

/// The 1-based line and column of the first sign that `bytes` are not text (a byte that is not
/// UTF-8, or a control character other than tab, line feed, carriage return and form feed), and
/// what it is.
fn first_binary(bytes: &[u8]) -> Option<(usize, usize, String)> {
    // Printable ASCII, tabs, line and form feeds: text (a file of 50,000 puzzles is read whole).
    if bytes
        .iter()
        .all(|&b| (0x20..0x7f).contains(&b) || matches!(b, b'\t' | b'\n' | b'\r' | 0x0c))
    {
        return None;
    }
    let (valid, bad) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => (
            // The prefix up to the error is valid UTF-8 by definition.
            std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or(""),
            Some(bytes[e.valid_up_to()]),
        ),
    };
    let (mut line, mut column) = (1, 0);
    for c in valid.chars() {
        if c == '\n' {
            (line, column) = (line + 1, 0);
            continue;
        }
        column += 1;
        if c.is_control() && !matches!(c, '\t' | '\r' | '\u{c}') {
            return Some((line, column, format!("control character {:?}", c)));
        }
    }
    bad.map(|b| {
        (
            line,
            column + 1,
            format!("byte 0x{b:02x} is not UTF-8 text"),
        )
    })
}

/// A one-line warning when 16x16 puzzles read with standard symbols look written in hex (`0-F`):
/// no given is 16 (`G`) although each digit is usually given several times, so `0` (hex for 1)
/// was probably read as an empty cell. Names the first such puzzle's file and line and the
/// option that reads it right.
pub fn hex_warning(puzzles: &[Puzzle], symbols: Symbols) -> Option<String> {
    if symbols != Symbols::Standard {
        return None;
    }
    let suspect = puzzles.iter().find(|p| {
        let g = p.grid.geometry();
        g.side() == 16 && p.grid.givens() >= 16 && !p.grid.cells().contains(&16)
    })?;
    Some(format!(
        "{}:{}: this 16x16 puzzle gives no 16 (G): if it is written 0-F, its 0s were read as \
         empty cells; read it with --symbols hex",
        suspect.file, suspect.line
    ))
}

/// Reads text that holds exactly one puzzle (for tests and small tools; messages name `<string>`).
pub fn parse_one(text: &str, options: &ParseOptions) -> Result<Grid> {
    let (mut puzzles, _) = parse_str(text, "<string>", options)?;
    if puzzles.len() > 1 {
        let second = &puzzles[1];
        return Err(Error::Parse {
            file: "<string>".to_string(),
            line: second.line,
            column: 1,
            message: format!("expected one puzzle, found {}", puzzles.len()),
        });
    }
    Ok(puzzles.remove(0).grid)
}

/// The text of one puzzle (or solution) in `format`, ending in a newline.
///
/// - `Line`: the `n*n` symbols on one line, `.` for empty.
/// - `Grid`: `n` rows; boards up to 9x9 (and any board with hex symbols) as space-separated
///   symbols with `.` for empty, larger ones as space-separated decimal numbers, `0` for empty,
///   right-aligned.
/// - `LloydAmos`: exactly the Lloyd & Amos file text (box size, `1`, rows of tab-terminated
///   values with `-1` for empty, CRLF line ends).
///
/// Hex symbols only exist up to 16x16; larger boards are written with standard symbols.
pub fn write_grid(grid: &Grid, format: Format, symbols: Symbols) -> String {
    match format {
        Format::Line => line::write(grid, symbols),
        Format::Grid => grid::write(grid, symbols),
        Format::LloydAmos => lloyd_amos::write(grid),
    }
}

/// Several grids in one text that [`parse_str`] reads back in the same order. Grids are
/// separated by a blank line in grid format.
pub fn write_grids<'a>(
    grids: impl IntoIterator<Item = &'a Grid>,
    format: Format,
    symbols: Symbols,
) -> String {
    let mut out = String::new();
    for (k, g) in grids.into_iter().enumerate() {
        if k > 0 && format == Format::Grid {
            out.push('\n');
        }
        out.push_str(&write_grid(g, format, symbols));
    }
    out
}

#[cfg(test)]
mod tests;
