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

mod grid;
mod line;
mod lloyd_amos;

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::board::{digit_symbol, symbol_digit, Geometry, Grid, MAX_BOX_SIZE, MIN_BOX_SIZE};
use crate::error::{Error, IoAction, Result};

/// A puzzle file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Format {
    /// One puzzle per line: `n*n` symbols, then optionally a name.
    #[value(name = "line")]
    Line,
    /// `n` rows of `n` values (or of `n` contiguous symbols) per puzzle.
    #[value(name = "grid")]
    Grid,
    /// Lloyd & Amos: box size, an unused `1`, then `n` rows of `n` tab-separated values, `-1` empty.
    #[value(name = "lloyd-amos")]
    LloydAmos,
}

impl Format {
    /// Every format, in the order of the command-line help.
    pub const ALL: [Format; 3] = [Format::Line, Format::Grid, Format::LloydAmos];

    /// The command-line name: `line`, `grid` or `lloyd-amos`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::LloydAmos => "lloyd-amos",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown format '{s}': expected line, grid or lloyd-amos"))
    }
}

/// How digits are written as single characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Symbols {
    /// `1-9`, then `A-Z` (read case-insensitively on boards up to 35x35), then `a-z`, `@`, `#`, `%`
    ///; `.` or `0` is an empty cell.
    #[default]
    #[value(name = "standard")]
    Standard,
    /// Hexadecimal, for boards up to 16x16: `0` is digit 1, ..., `F` digit 16; only `.` is empty.
    #[value(name = "hex")]
    Hex,
}

impl Symbols {
    /// The command-line name: `standard` or `hex`.
    pub fn name(self) -> &'static str {
        match self {
            Symbols::Standard => "standard",
            Symbols::Hex => "hex",
        }
    }

    /// The character for `digit` (0 = empty, written `.`) on a board of side `side`.
    ///
    /// Hex symbols only exist up to 16x16; larger boards fall back to [`Symbols::Standard`].
    pub fn symbol(self, digit: u8, side: usize) -> char {
        match self {
            Symbols::Hex if side <= 16 && digit != 0 => char::from_digit(u32::from(digit) - 1, 16)
                .map(|c| c.to_ascii_uppercase())
                .unwrap_or('?'),
            _ => digit_symbol(digit),
        }
    }

    /// The digit a symbol stands for on a board of side `side` (0 for an empty cell), or a message
    /// saying what was expected.
    pub fn digit(self, symbol: char, side: usize) -> std::result::Result<u8, String> {
        let shown = shown_char(symbol);
        match self {
            Symbols::Standard => {
                if symbol == '.' || symbol == '0' {
                    return Ok(0);
                }
                let folded = if side <= 35 {
                    symbol.to_ascii_uppercase()
                } else {
                    symbol
                };
                match symbol_digit(folded) {
                    Some(d) if usize::from(d) <= side => Ok(d),
                    Some(d) => Err(format!(
                        "symbol {shown} stands for {d}, too big for a {side}x{side} board \
                         (expected {}, or '.' or '0' for an empty cell)",
                        self.range(side)
                    )),
                    None => Err(format!(
                        "unknown symbol {shown}: expected {}, or '.' or '0' for an empty cell",
                        self.range(side)
                    )),
                }
            }
            Symbols::Hex => {
                if side > 16 {
                    return Err(format!(
                        "hex symbols only describe boards up to 16x16, this one is {side}x{side}"
                    ));
                }
                if symbol == '.' {
                    return Ok(0);
                }
                match symbol.to_digit(16) {
                    Some(v) if (v as usize) < side => Ok(v as u8 + 1),
                    Some(v) => Err(format!(
                        "hex symbol {shown} stands for {}, too big for a {side}x{side} board \
                         (expected {}, or '.' for an empty cell)",
                        v + 1,
                        self.range(side)
                    )),
                    None => Err(format!(
                        "unknown symbol {shown}: expected a hex symbol {}, or '.' for an empty cell",
                        self.range(side)
                    )),
                }
            }
        }
    }

    /// The symbols of a board of side `side`, for messages: `1-9`, `1-9 and A-G`, `0-F`, ...
    fn range(self, side: usize) -> String {
        match self {
            Symbols::Hex => format!("0-{}", Symbols::Hex.symbol(side.min(16) as u8, 16)),
            Symbols::Standard => {
                let last = digit_symbol(side as u8);
                match side {
                    0..=9 => format!("1-{last}"),
                    10 => "1-9 and A".to_string(),
                    11..=35 => format!("1-9 and A-{last}"),
                    36 => "1-9, A-Z and a".to_string(),
                    37..=61 => format!("1-9, A-Z and a-{last}"),
                    _ => "1-9, A-Z, a-z, @, # and %".to_string(),
                }
            }
        }
    }
}

impl FromStr for Symbols {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Symbols, String> {
        [Symbols::Standard, Symbols::Hex]
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown symbol set '{s}': expected standard or hex"))
    }
}

impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How to read a puzzle file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// `None`: detect the format from the text (see [`detect`]).
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
    let format = options.format.unwrap_or_else(|| detect(text));
    let lines = source_lines(text);
    let ctx = Ctx {
        file,
        symbols: options.symbols,
    };
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

/// Reads a puzzle file, or standard input when `path` is `-` (named `<stdin>` in messages).
pub fn read_puzzles(path: &str, options: &ParseOptions) -> Result<(Vec<Puzzle>, Format)> {
    let (bytes, file) = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|source| Error::Io {
                action: IoAction::Read,
                path: PathBuf::from("<stdin>"),
                source,
            })?;
        (bytes, "<stdin>")
    } else {
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            action: IoAction::Read,
            path: PathBuf::from(path),
            source,
        })?;
        (bytes, path)
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
    parse_str(&text, file, options)
}

/// The 1-based line and column of the first sign that `bytes` are not text (a byte that is not
/// UTF-8, or a control character other than tab, line feed, carriage return and form feed), and
/// what it is.
fn first_binary(bytes: &[u8]) -> Option<(usize, usize, String)> {
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

/// Guesses the format of `text` from its first non-blank, non-comment line(s):
///
/// - a lone integer of one or two digits (in a valid file, the box size, followed by a line
///   holding the unused `1`): Lloyd & Amos;
/// - a first word whose length is a valid cell count (16, 81, 256, ...): line format, except a
///   16-symbol row that cannot be a 4x4 puzzle (it uses digits above 4), which is grid format;
/// - a box separator line (`+-----+-----+`), several words (not counting a `// comment`), or a
///   lone word whose length is a valid side (4, 9, 16, ...) followed by another such line: grid
///   format;
/// - anything else: line format (whose errors then say what a line should hold).
pub fn detect(text: &str) -> Format {
    let lines = source_lines(text);
    let mut content = lines
        .iter()
        .map(|l| l.text)
        .filter(|t| !is_blank_or_comment(t))
        .map(strip_trailing_comment);
    let Some(first) = content.next() else {
        return Format::Line;
    };
    if grid::is_separator(first) {
        // `+-------+-------+` above the first row.
        return Format::Grid;
    }
    let second = content.next();
    let words: Vec<&str> = first.split_whitespace().collect();
    let Some(&head) = words.first() else {
        // Only a `// comment`: cannot happen after the filter, but stay total.
        return Format::Line;
    };
    // A lone number of one or two digits is no line puzzle and no grid row (4 symbols at
    // least): it is a box size, even when what follows is wrong (the errors then say what).
    if words.len() == 1 && head.len() <= 2 && head.bytes().all(|b| b.is_ascii_digit()) {
        return Format::LloydAmos;
    }
    let head_len = head.chars().count();
    if Geometry::from_cell_count(head_len).is_some() {
        if head_len == 16 && words.len() == 1 && !could_be_4x4(head) {
            return Format::Grid;
        }
        return Format::Line;
    }
    // Grid rows may use `|` between boxes.
    let grid_words = first
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty())
        .count();
    if grid_words > 1 {
        return if head_len <= 16 || Geometry::from_side(head_len).is_some() {
            Format::Grid
        } else {
            Format::Line
        };
    }
    if Geometry::from_side(head_len).is_some() {
        let same = second.is_some_and(|s| {
            let mut w = s.split_whitespace();
            matches!((w.next(), w.next()), (Some(x), None) if x.chars().count() == head_len)
        });
        if same {
            return Format::Grid;
        }
    }
    Format::Line
}

/// True when every character of a 16-symbol word could be a cell of a 4x4 puzzle.
fn could_be_4x4(word: &str) -> bool {
    word.chars().all(|c| matches!(c, '.' | '0'..='4'))
}

// ---------------------------------------------------------------------------------------------
// Shared by the format modules.

/// One line of input without its line end; `number` is 1-based.
#[derive(Clone, Copy, Debug)]
struct SourceLine<'a> {
    number: usize,
    text: &'a str,
}

/// Splits on `\n`, drops a `\r` before it and a byte-order mark at the start.
fn source_lines(text: &str) -> Vec<SourceLine<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .enumerate()
        .map(|(i, t)| SourceLine {
            number: i + 1,
            text: t.strip_suffix('\r').unwrap_or(t),
        })
        .collect()
}

/// A whitespace-separated word of a line and the 1-based column of its first character.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    text: &'a str,
    column: usize,
}

impl Token<'_> {
    fn chars(&self) -> usize {
        self.text.chars().count()
    }

    /// Column just after the token.
    fn end_column(&self) -> usize {
        self.column + self.chars()
    }
}

/// The words of `text` separated by whitespace or by characters for which `sep` is true.
fn tokens(text: &str, sep: impl Fn(char) -> bool) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (byte, c) in text.char_indices() {
        column += 1;
        let is_sep = c.is_whitespace() || sep(c);
        match (is_sep, start) {
            (true, Some((b, col))) => {
                out.push(Token {
                    text: &text[b..byte],
                    column: col,
                });
                start = None;
            }
            (false, None) => start = Some((byte, column)),
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        out.push(Token {
            text: &text[b..],
            column: col,
        });
    }
    out
}

/// The column just after the last non-whitespace character of `text` (1 for a blank text).
fn end_column(text: &str) -> usize {
    text.trim_end().chars().count() + 1
}

/// Blank lines, `#` comment lines and `//` comment lines.
///
/// A line starting with `#` is a puzzle line, not a comment, when its first word is exactly 64 or
/// 4096 characters and not all `#`: a 64x64 row or puzzle whose first cell is digit 63 (`#`).
fn is_blank_or_comment(text: &str) -> bool {
    let t = text.trim_start();
    if t.is_empty() || t.starts_with("//") {
        return true;
    }
    if let Some(rest) = t.strip_prefix('#') {
        let word = t.split_whitespace().next().unwrap_or("");
        let len = word.chars().count();
        let cells_like = (len == 64 || len == 4096) && rest.chars().take(len - 1).any(|c| c != '#');
        return !cells_like;
    }
    false
}

/// The text before a `//` comment.
fn strip_trailing_comment(text: &str) -> &str {
    text.find("//").map_or(text, |i| &text[..i])
}

/// The text after a `//` comment marker, trimmed, if not empty.
fn trailing_comment(text: &str) -> Option<String> {
    let i = text.find("//")?;
    let name = text[i + 2..].trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// What the format modules need to know about the input.
struct Ctx<'a> {
    file: &'a str,
    symbols: Symbols,
}

impl Ctx<'_> {
    fn error(&self, line: usize, column: usize, message: impl Into<String>) -> Error {
        Error::Parse {
            file: self.file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// A puzzle as read, before the clash check: its cells and where each was written.
struct Raw {
    geometry: Geometry,
    cells: Vec<u8>,
    /// (line, column) of each cell in the source text.
    positions: Vec<(usize, usize)>,
    name: Option<String>,
    line: usize,
}

/// The digit a whitespace-separated value stands for (0 for empty), or what was expected.
///
/// Standard symbols: decimal numbers `0..=n` (0 empty), a single symbol, `.`, `-` or `-1`.
/// Hex symbols: a single hex symbol, `.`, `-` or `-1`.
fn value_digit(token: &str, side: usize, symbols: Symbols) -> std::result::Result<u8, String> {
    if matches!(token, "." | "-" | "-1") {
        return Ok(0);
    }
    let mut chars = token.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if symbols == Symbols::Standard && c.is_ascii_digit() {
            // Decimal, below.
        } else {
            return symbols.digit(c, side);
        }
    }
    let shown = shown_str(token);
    if symbols == Symbols::Hex {
        return Err(format!(
            "unknown value {shown}: expected one hex symbol {}, or '.', '-' or '-1' for an empty cell",
            Symbols::Hex.range(side)
        ));
    }
    if token.bytes().all(|b| b.is_ascii_digit()) {
        let value = token.parse::<u64>().unwrap_or(u64::MAX);
        return match value {
            0 => Ok(0),
            v if v <= side as u64 => Ok(v as u8),
            _ => Err(format!(
                "value {shown} is too big for a {side}x{side} board (expected 1-{side}, or \
                 '.', '0', '-' or '-1' for an empty cell)"
            )),
        };
    }
    Err(format!(
        "unknown value {shown}: expected a number 1-{side} or a symbol {}, or '.', '0', '-' or \
         '-1' for an empty cell",
        Symbols::Standard.range(side)
    ))
}

/// `'x'` for messages, with control and odd characters escaped.
fn shown_char(c: char) -> String {
    format!("'{}'", c.escape_debug())
}

/// `'word'` for messages, escaped and cut to a sane length.
fn shown_str(s: &str) -> String {
    let cut: String = s.chars().take(24).collect();
    let more = if s.chars().count() > 24 { "..." } else { "" };
    format!("'{}{more}'", cut.escape_debug())
}

/// The valid sides, for messages: `4, 9, 16, 25, 36, 49 or 64`.
fn valid_sides() -> String {
    let sides: Vec<String> = (MIN_BOX_SIZE..=MAX_BOX_SIZE)
        .map(|b| (b * b).to_string())
        .collect();
    join_or(&sides)
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The file stem used in puzzle names: `ai-escargot` for `puzzles/ai-escargot.txt`.
fn file_stem(file: &str) -> String {
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
fn finish(raws: Vec<Raw>, ctx: &Ctx<'_>) -> Result<Vec<Puzzle>> {
    let stem = file_stem(ctx.file);
    let count = raws.len();
    let mut puzzles = Vec::with_capacity(count);
    for (k, raw) in raws.into_iter().enumerate() {
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
            let (line, column) = raw
                .positions
                .get(clash.second)
                .copied()
                .unwrap_or((raw.line, 1));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(format: Option<Format>, symbols: Symbols) -> ParseOptions {
        ParseOptions { format, symbols }
    }

    #[test]
    fn tokens_report_char_columns() {
        let t = tokens("  ab\tcé d|e", |c| c == '|');
        let got: Vec<(&str, usize)> = t.iter().map(|t| (t.text, t.column)).collect();
        assert_eq!(got, vec![("ab", 3), ("cé", 6), ("d", 9), ("e", 11)]);
        assert_eq!(t[1].end_column(), 8);
    }

    #[test]
    fn symbols_decode_and_encode() {
        let s = Symbols::Standard;
        assert_eq!(s.digit('.', 9), Ok(0));
        assert_eq!(s.digit('0', 9), Ok(0));
        assert_eq!(s.digit('g', 16), Ok(16));
        assert_eq!(s.digit('G', 16), Ok(16));
        assert_eq!(s.digit('a', 36), Ok(36));
        assert_eq!(s.digit('A', 36), Ok(10));
        assert!(s.digit('G', 9).unwrap_err().contains("too big for a 9x9"));
        assert!(s.digit('?', 9).unwrap_err().contains("unknown symbol '?'"));
        let h = Symbols::Hex;
        assert_eq!(h.digit('0', 16), Ok(1));
        assert_eq!(h.digit('f', 16), Ok(16));
        assert_eq!(h.digit('.', 16), Ok(0));
        assert!(h.digit('4', 4).is_err());
        assert!(h.digit('1', 25).unwrap_err().contains("up to 16x16"));
        for side in [4usize, 9, 16] {
            for d in 0..=side as u8 {
                assert_eq!(h.digit(h.symbol(d, side), side), Ok(d));
            }
        }
        for side in [4usize, 9, 16, 25, 36, 49, 64] {
            for d in 0..=side as u8 {
                assert_eq!(s.digit(s.symbol(d, side), side), Ok(d));
            }
        }
        assert_eq!(Symbols::Standard.range(16), "1-9 and A-G");
        assert_eq!(Symbols::Standard.range(64), "1-9, A-Z, a-z, @, # and %");
        assert_eq!(Symbols::Hex.range(16), "0-F");
        assert_eq!(Symbols::Hex.range(9), "0-8");
    }

    #[test]
    fn values_decode() {
        let s = Symbols::Standard;
        assert_eq!(value_digit("-1", 9, s), Ok(0));
        assert_eq!(value_digit("0", 9, s), Ok(0));
        assert_eq!(value_digit("16", 16, s), Ok(16));
        assert_eq!(value_digit("G", 16, s), Ok(16));
        assert!(value_digit("17", 16, s).unwrap_err().contains("too big"));
        assert!(value_digit("99999999999999999999999", 16, s).is_err());
        assert!(value_digit("1x", 16, s)
            .unwrap_err()
            .contains("unknown value"));
        assert_eq!(value_digit("0", 16, Symbols::Hex), Ok(1));
        assert!(value_digit("10", 16, Symbols::Hex).is_err());
    }

    #[test]
    fn detect_each_kind() {
        let line =
            ".4..1.9.88.5...7.........1..2...5..4..16......3...8..2.......6.3.4...8...8..9.4.3";
        assert_eq!(detect(line), Format::Line);
        assert_eq!(detect(&format!("# c\n\n{line} // name\n")), Format::Line);
        assert_eq!(detect("3\r\n1\r\n-1\t2\t"), Format::LloydAmos);
        assert_eq!(detect("# c\n 12\n"), Format::LloydAmos);
        assert_eq!(detect("123\n1\n"), Format::Line);
        assert_eq!(detect("1 2 . .\n. . 1 2\n"), Format::Grid);
        assert_eq!(detect("53..7....\n6..195...\n"), Format::Grid);
        assert_eq!(detect("53..7....\n"), Format::Line);
        assert_eq!(detect("123456789ABCDEFG\n"), Format::Grid);
        assert_eq!(detect("1234............\n"), Format::Line);
        assert_eq!(detect("53. .7. ...\n"), Format::Grid);
        assert_eq!(detect("+-------+-------+-------+\n"), Format::Grid);
        assert_eq!(detect(""), Format::Line);
        assert_eq!(detect("# only\n"), Format::Line);
        assert_eq!(
            detect(&format!("{} name\n", &line[..80])),
            Format::Line,
            "a short line with a name is still a line"
        );
    }

    #[test]
    fn hash_lines_are_comments_unless_cells() {
        assert!(is_blank_or_comment("#"));
        assert!(is_blank_or_comment("  # From somewhere"));
        assert!(is_blank_or_comment(&"#".repeat(64)));
        assert!(!is_blank_or_comment(&format!("#{}", ".".repeat(63))));
        assert!(!is_blank_or_comment(&format!("#{}", ".".repeat(4095))));
        assert!(is_blank_or_comment("// x"));
        assert!(!is_blank_or_comment("1234"));
    }

    #[test]
    fn stems() {
        assert_eq!(file_stem("puzzles/ai-escargot.txt"), "ai-escargot");
        assert_eq!(file_stem("<stdin>"), "stdin");
        assert_eq!(file_stem("x"), "x");
    }

    #[test]
    fn parse_one_rejects_two() {
        let p = "1234341221434321\n1234341221434321\n";
        let err = parse_one(p, &opts(None, Symbols::Standard)).unwrap_err();
        assert!(matches!(err, Error::Parse { line: 2, .. }), "{err}");
        let g = parse_one("1234341221434321", &ParseOptions::default()).unwrap();
        assert_eq!(g.givens(), 16);
    }

    #[test]
    fn format_names() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
            assert_eq!(f.to_string(), f.name());
        }
        assert!("xml".parse::<Format>().is_err());
        use clap::ValueEnum;
        assert_eq!(
            <Format as ValueEnum>::from_str("lloyd-amos", false).ok(),
            Some(Format::LloydAmos)
        );
        assert_eq!(
            <Symbols as ValueEnum>::from_str("hex", false).ok(),
            Some(Symbols::Hex)
        );
        assert_eq!("Standard".parse::<Symbols>(), Ok(Symbols::Standard));
        assert!("octal".parse::<Symbols>().is_err());
    }
}
