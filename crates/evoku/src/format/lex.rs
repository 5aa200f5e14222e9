//! Lexing shared by the format readers: source lines, tokens with their columns, comments, the
//! digit a value stands for, and the quoting of input in messages.

use super::symbols::Symbols;
use crate::board::{Geometry, MAX_BOX_SIZE, MIN_BOX_SIZE};
use crate::error::{Error, Result};

/// One line of input without its line end; `number` is 1-based.
#[derive(Clone, Copy, Debug)]
pub(super) struct SourceLine<'a> {
    pub(super) number: usize,
    pub(super) text: &'a str,
}

/// Splits on `\n`, drops a `\r` before it and a byte-order mark at the start.
pub(super) fn source_lines(text: &str) -> Vec<SourceLine<'_>> {
    each_source_line(text).collect()
}

/// [`source_lines`] one at a time (format detection reads only the first few).
pub(super) fn each_source_line(text: &str) -> impl Iterator<Item = SourceLine<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n').enumerate().map(|(i, t)| SourceLine {
        number: i + 1,
        text: t.strip_suffix('\r').unwrap_or(t),
    })
}

/// A whitespace-separated word of a line and the 1-based column of its first character.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token<'a> {
    pub(super) text: &'a str,
    pub(super) column: usize,
}

impl Token<'_> {
    pub(super) fn chars(&self) -> usize {
        self.text.chars().count()
    }

    /// Column just after the token.
    pub(super) fn end_column(&self) -> usize {
        self.column + self.chars()
    }
}

/// The words of `text` separated by whitespace or by characters for which `sep` is true.
pub(super) fn tokens(text: &str, sep: impl Fn(char) -> bool) -> Vec<Token<'_>> {
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

/// The first whitespace-separated word of `text` ([`tokens`]'s first, without building the rest).
pub(super) fn first_token(text: &str) -> Option<Token<'_>> {
    let (column, (start, _)) = text
        .char_indices()
        .enumerate()
        .find(|(_, (_, c))| !c.is_whitespace())?;
    let rest = &text[start..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    Some(Token {
        text: &rest[..end],
        column: column + 1,
    })
}

/// The column just after the last non-whitespace character of `text` (1 for a blank text).
pub(super) fn end_column(text: &str) -> usize {
    text.trim_end().chars().count() + 1
}

/// Blank lines, `#` comment lines and `//` comment lines.
///
/// A line starting with `#` is a puzzle line, not a comment, when its first word is exactly 64 or
/// 4096 characters and not all `#`: a 64x64 row or puzzle whose first cell is digit 63 (`#`).
pub(super) fn is_blank_or_comment(text: &str) -> bool {
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
pub(super) fn strip_trailing_comment(text: &str) -> &str {
    text.find("//").map_or(text, |i| &text[..i])
}

/// The text after a `//` comment marker, trimmed, if not empty.
pub(super) fn trailing_comment(text: &str) -> Option<String> {
    let i = text.find("//")?;
    let name = text[i + 2..].trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// What the format modules need to know about the input.
pub(super) struct Ctx<'a> {
    pub(super) file: &'a str,
    pub(super) symbols: Symbols,
}

impl Ctx<'_> {
    pub(super) fn error(&self, line: usize, column: usize, message: impl Into<String>) -> Error {
        Error::Parse {
            file: self.file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    /// Reads `token` on line `line` one symbol a cell, for a board of side `side`: each cell's
    /// digit appended to `cells` and where it was written to `positions`.
    pub(super) fn read_symbols(
        &self,
        token: &Token<'_>,
        line: usize,
        side: usize,
        cells: &mut Vec<u8>,
        positions: &mut Positions,
    ) -> Result<()> {
        for (i, c) in token.text.chars().enumerate() {
            let column = token.column + i;
            let digit = self
                .symbols
                .digit(c, side)
                .map_err(|m| self.error(line, column, m))?;
            cells.push(digit);
            positions.push((line, column));
        }
        Ok(())
    }
}

/// A puzzle as read, before the clash check: its cells and where each was written.
pub(super) struct Raw {
    pub(super) geometry: Geometry,
    pub(super) cells: Vec<u8>,
    pub(super) positions: Positions,
    pub(super) name: Option<String>,
    pub(super) line: usize,
}

/// Where a puzzle's cells were written in the source text.
pub(super) enum Positions {
    /// Each cell's (line, column).
    Each(Vec<(usize, usize)>),
    /// One run of characters, a cell each, on a line from a column: a line-format puzzle
    /// (nothing stored per cell for a batch of thousands).
    Run { line: usize, column: usize },
}

impl Positions {
    /// Cell by cell, as many as the board has.
    pub(super) fn each(cells: usize) -> Positions {
        Positions::Each(Vec::with_capacity(cells))
    }

    /// Records the next cell's place (nothing to record in a run).
    pub(super) fn push(&mut self, place: (usize, usize)) {
        if let Positions::Each(places) = self {
            places.push(place);
        }
    }

    /// The (line, column) of `cell`, if it was recorded.
    pub(super) fn of(&self, cell: usize) -> Option<(usize, usize)> {
        match self {
            Positions::Each(places) => places.get(cell).copied(),
            Positions::Run { line, column } => Some((*line, column + cell)),
        }
    }
}

/// The digit a whitespace-separated value stands for (0 for empty), or what was expected.
///
/// Standard symbols: decimal numbers `0..=n` (0 empty), a single symbol, `.`, `-` or `-1`.
/// Hex symbols: a single hex symbol, `.`, `-` or `-1`.
pub(super) fn value_digit(
    token: &str,
    side: usize,
    symbols: Symbols,
) -> std::result::Result<u8, String> {
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

/// `'word'` for messages, escaped and cut to a sane length.
pub(super) fn shown_str(s: &str) -> String {
    let cut: String = s.chars().take(24).collect();
    let more = if s.chars().count() > 24 { "..." } else { "" };
    format!("'{}{more}'", cut.escape_debug())
}

/// The valid sides, for messages: `4, 9, 16, 25, 36, 49 or 64`.
pub(super) fn valid_sides() -> String {
    let sides: Vec<String> = (MIN_BOX_SIZE..=MAX_BOX_SIZE)
        .map(|b| (b * b).to_string())
        .collect();
    join_or(&sides)
}

pub(super) fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
