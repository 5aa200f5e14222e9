//! Fuzzing the puzzle reader: arbitrary bytes and puzzle-like texts in every format and symbol
//! set must come back as puzzles or as an error naming a line and column, never a panic.
//!
//! The normal run tries a few hundred cases; `EVOKU_FUZZ_CASES=N` sets the count for a long
//! run (see docs/results/faults.md#faults-time-limits-signals-fuzzing for the run of record).

use evoku::format::{self, Format, ParseOptions, Symbols};
use proptest::prelude::*;

/// Cases per property: `EVOKU_FUZZ_CASES`, else 256.
pub fn cases() -> u32 {
    std::env::var("EVOKU_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

const FORMATS: [Option<Format>; 4] = [
    None,
    Some(Format::Line),
    Some(Format::Grid),
    Some(Format::LloydAmos),
];
const SYMBOLS: [Symbols; 2] = [Symbols::Standard, Symbols::Hex];

/// Every format and symbol set on `text`: each answer is puzzles that re-check, or an error.
fn read_every_way(text: &str) {
    for format in FORMATS {
        for symbols in SYMBOLS {
            let options = ParseOptions { format, symbols };
            if let Ok((puzzles, _)) = format::parse_str(text, "fuzz", &options) {
                for p in puzzles {
                    let side = p.grid.geometry().side();
                    assert!(p.grid.cells().iter().all(|&d| usize::from(d) <= side));
                }
            } else if let Err(e) = format::parse_str(text, "fuzz", &options) {
                assert!(e.to_string().starts_with("fuzz:"), "{e}");
            }
        }
    }
}

/// Texts close to puzzles: lines of digits, letters, dots, separators, comments and numbers
/// of the Lloyd & Amos header, of lengths around the square board sizes.
fn puzzle_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        "[0-9.]{1,90}",
        "[1-9A-Za-z.@#%]{16,260}",
        "[0-9A-F.]{1,16}",
        Just("\n".to_string()),
        Just(" ".to_string()),
        Just("|".to_string()),
        Just("-+-".to_string()),
        Just("# comment".to_string()),
        Just("-1".to_string()),
        "[0-9]{1,3}",
        "[0-9]{1,12}",
        Just("\r\n".to_string()),
        Just("\u{feff}".to_string()),
        Just("é".to_string()),
    ];
    prop::collection::vec(token, 0..40).prop_map(|t| t.join(""))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn reader_survives_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_every_way(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn reader_survives_puzzle_like_text(text in puzzle_like()) {
        read_every_way(&text);
    }
}
