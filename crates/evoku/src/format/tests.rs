//! Tests of the format module: reading, detecting and writing puzzles.

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
    let line = ".4..1.9.88.5...7.........1..2...5..4..16......3...8..2.......6.3.4...8...8..9.4.3";
    assert_eq!(detect(line), Format::Line);
    assert_eq!(detect(&format!("# c\n\n{line} // name\n")), Format::Line);
    for (text, format) in [
        ("3\r\n1\r\n-1\t2\t", Format::LloydAmos),
        ("# c\n 12\n", Format::LloydAmos),
        ("123\n1\n", Format::Line),
        ("1 2 . .\n. . 1 2\n", Format::Grid),
        ("53..7....\n6..195...\n", Format::Grid),
        ("53..7....\n", Format::Line),
        ("123456789ABCDEFG\n", Format::Grid),
        ("1234............\n", Format::Line),
        ("53. .7. ...\n", Format::Grid),
        ("+-------+-------+-------+\n", Format::Grid),
        ("", Format::Line),
        ("# only\n", Format::Line),
    ] {
        assert_eq!(detect(text), format, "{text:?}");
    }
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
    use crate::choice::parse;
    for f in Format::ALL {
        assert_eq!(f.name().parse::<Format>().ok(), Some(f));
        assert_eq!(f.to_string(), f.name());
    }
    assert!("xml".parse::<Format>().is_err());
    assert_eq!(parse::<Format>("lloyd-amos").ok(), Some(Format::LloydAmos));
    assert_eq!(parse::<Symbols>("hex").ok(), Some(Symbols::Hex));
    assert_eq!("Standard".parse::<Symbols>().ok(), Some(Symbols::Standard));
    assert!("octal".parse::<Symbols>().is_err());
}
