//! Formats: nothing panics, whatever the text.

use super::*;

/// Text made mostly of the characters the formats use, so the parser goes deep.
fn format_like_text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just("\t".to_string()),
        Just(" ".to_string()),
        Just("#".to_string()),
        Just("//".to_string()),
        Just("-1".to_string()),
        Just(".".to_string()),
        Just("|".to_string()),
        Just("+".to_string()),
        "[0-9]{1,3}",
        "[0-9A-Za-z.]{1,20}",
        Just(".".repeat(80)),
        Just(".".repeat(81)),
        Just("3\r\n1\r\n".to_string()),
        Just("\u{feff}".to_string()),
        any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec(pieces, 0..60).prop_map(|v| v.concat())
}

fn check_no_panic(text: &str) -> Result<(), TestCaseError> {
    let line_count = text.split('\n').count();
    for format in [
        None,
        Some(Format::Line),
        Some(Format::Grid),
        Some(Format::LloydAmos),
    ] {
        for symbols in [Symbols::Standard, Symbols::Hex] {
            let options = ParseOptions { format, symbols };
            match parse_str(text, "fuzz", &options) {
                Ok((puzzles, _)) => {
                    prop_assert!(!puzzles.is_empty());
                    for p in &puzzles {
                        prop_assert!(p.grid.first_clash().is_none());
                        prop_assert!(p.line >= 1 && p.line <= line_count);
                    }
                }
                Err(Error::Parse { line, column, .. }) => {
                    prop_assert!(line >= 1 && line <= line_count + 1, "line {}", line);
                    prop_assert!(column >= 1);
                }
                Err(e) => prop_assert!(false, "unexpected error {}", e),
            }
        }
    }
    let _ = detect(text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_strings_never_panic(text in ".{0,300}") {
        check_no_panic(&text)?;
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check_no_panic(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn format_like_text_never_panics(text in format_like_text()) {
        check_no_panic(&text)?;
    }

    #[test]
    fn mutated_puzzles_never_panic(
        box_size in 2usize..=4,
        seed in any::<u64>(),
        format_index in 0usize..3,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<char>(), 0u8..3), 1..6),
    ) {
        let grid = random_grid(box_size, seed, 50);
        let mut chars: Vec<char> = write_grid(&grid, Format::ALL[format_index], Symbols::Standard)
            .chars()
            .collect();
        for (at, c, kind) in edits {
            let i = at.index(chars.len().max(1));
            match kind {
                0 if i < chars.len() => chars[i] = c,
                1 => chars.insert(i.min(chars.len()), c),
                _ if i < chars.len() => {
                    chars.remove(i);
                }
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        check_no_panic(&text)?;
    }
}
