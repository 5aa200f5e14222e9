//! Formats: hex symbols and puzzle names.

use super::*;

#[test]
fn hex_symbols_read_zero_as_digit_one() {
    let grid = random_grid(4, 5, 40);
    let standard = write_grid(&grid, Format::Line, Symbols::Standard);
    let hex_text: String = standard
        .chars()
        .map(|c| match c {
            '1'..='9' => char::from(c as u8 - 1),
            'A' => '9',
            'B'..='G' => char::from(c as u8 - 1),
            c => c,
        })
        .collect();
    assert!(hex_text.contains('0') && !hex_text.contains('G'));
    assert_eq!(parse(&hex_text, &hex(None)).0[0].grid, grid);
    assert_eq!(parse(&hex_text.to_lowercase(), &hex(None)).0[0].grid, grid);
    assert_eq!(write_grid(&grid, Format::Line, Symbols::Hex), hex_text);
    // With standard symbols '0' is an empty cell, so the same text is another puzzle.
    let as_standard = parse_str(&hex_text, "x", &auto());
    assert!(as_standard.map_or(true, |(p, _)| p[0].grid != grid));
}

#[test]
fn hex_errors() {
    let mut line = ".".repeat(256);
    line.replace_range(9..10, "G");
    let (l, c, m) = parse_err(&line, &hex(None));
    assert_eq!((l, c), (1, 10));
    assert!(m.contains("unknown symbol 'G'"), "{m}");
    let mut small = ".".repeat(81);
    small.replace_range(4..5, "9");
    let (l, c, m) = parse_err(&small, &hex(None));
    assert_eq!((l, c), (1, 5));
    assert!(
        m.contains("too big for a 9x9 board") && m.contains("0-8"),
        "{m}"
    );
    let (l, c, m) = parse_err(&".".repeat(625), &hex(None));
    assert_eq!((l, c), (1, 1));
    assert!(m.contains("up to 16x16"), "{m}");
}

#[test]
fn names_follow_the_rules() {
    let p = sudoku_line();
    let one = parse_str(&format!("{p}\n"), "puzzles/ai-escargot.txt", &auto())
        .unwrap()
        .0;
    assert_eq!(one[0].name, "ai-escargot");
    assert_eq!(one[0].file, "puzzles/ai-escargot.txt");
    let stdin = parse_str(&p, "<stdin>", &auto()).unwrap().0;
    assert_eq!(stdin[0].name, "stdin");
    let text = format!("{p}   //   Wikipedia example  \n# c\n{p}\n\t{p} plain name\n{p} //\n");
    let many = parse_str(&text, "dir/set.sdk", &auto()).unwrap().0;
    let names: Vec<&str> = many.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Wikipedia example", "set#2", "plain name", "set#4"]);
    let lines: Vec<usize> = many.iter().map(|p| p.line).collect();
    assert_eq!(lines, [1, 3, 4, 5]);
}
