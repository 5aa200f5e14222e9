//! Detection of a text's format from its first lines.

use super::grid;
use super::lex::{each_source_line, is_blank_or_comment, strip_trailing_comment};
use super::Format;
use crate::board::Geometry;

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
    let mut content = each_source_line(text)
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
pub(super) fn could_be_4x4(word: &str) -> bool {
    word.chars().all(|c| matches!(c, '.' | '0'..='4'))
}

// ---------------------------------------------------------------------------------------------
// Shared by the format modules.
