//! How digits are written as single characters: standard and hex symbols.

use crate::board::{digit_symbol, symbol_digit};
use crate::choice::choice_enum;

choice_enum! {
    /// How digits are written as single characters.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Symbols ("symbols") {
        /// `1-9`, then `A-Z` (read case-insensitively on boards up to 35x35), then `a-z`, `@`, `#`,
        /// `%`; `.` or `0` is an empty cell.
        Standard => "standard",
        /// Hexadecimal, for boards up to 16x16: `0` is digit 1, ..., `F` digit 16; only `.` is empty.
        Hex => "hex",
    }
}

// Written out: `choice_enum!` takes no `#[default]` on a variant.
#[allow(clippy::derivable_impls)]
impl Default for Symbols {
    fn default() -> Symbols {
        Symbols::Standard
    }
}

impl Symbols {
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
        // Built only for a message: this runs once per cell of every puzzle read.
        let shown = || shown_char(symbol);
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
                    other => Err(self.refusal(&shown(), other.map(u32::from), side)),
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
                    other => Err(self.refusal(&shown(), other.map(|v| v + 1), side)),
                }
            }
        }
    }

    /// Why the symbol `shown` is refused on a board of side `side`: it stands for `digit`, too
    /// big for the board, or (`None`) for no digit.
    fn refusal(self, shown: &str, digit: Option<u32>, side: usize) -> String {
        let range = self.range(side);
        let (name, empty, known) = match self {
            Symbols::Standard => ("symbol", "'.' or '0'", range.clone()),
            Symbols::Hex => ("hex symbol", "'.'", format!("a hex symbol {range}")),
        };
        match digit {
            Some(d) => format!(
                "{name} {shown} stands for {d}, too big for a {side}x{side} board \
                 (expected {range}, or {empty} for an empty cell)"
            ),
            None => {
                format!("unknown symbol {shown}: expected {known}, or {empty} for an empty cell")
            }
        }
    }

    /// The symbols of a board of side `side`, for messages: `1-9`, `1-9 and A-G`, `0-F`, ...
    pub(super) fn range(self, side: usize) -> String {
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

/// `'x'` for messages, with control and odd characters escaped.
pub(super) fn shown_char(c: char) -> String {
    format!("'{}'", c.escape_debug())
}

#[cfg(test)]
mod tests {
    use super::Symbols;

    #[test]
    fn refused_symbols_say_why_and_what_is_expected() {
        let cases = [
            (Symbols::Standard, 'x', 9, "symbol 'x' stands for 33, too big for a 9x9 board (expected 1-9, or '.' or '0' for an empty cell)"),
            (Symbols::Standard, '?', 16, "unknown symbol '?': expected 1-9 and A-G, or '.' or '0' for an empty cell"),
            (Symbols::Hex, 'C', 9, "hex symbol 'C' stands for 13, too big for a 9x9 board (expected 0-8, or '.' for an empty cell)"),
            (Symbols::Hex, 'G', 16, "unknown symbol 'G': expected a hex symbol 0-F, or '.' for an empty cell"),
        ];
        for (symbols, symbol, side, message) in cases {
            assert_eq!(symbols.digit(symbol, side), Err(message.to_string()));
        }
    }
}
