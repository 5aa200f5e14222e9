//! Formats: bad input, each error with its exact file, line and column.

use super::*;

#[test]
fn line_of_wrong_length() {
    let p = sudoku_line();
    let (l, c, m) = parse_err(&format!("# header\n{}\n", &p[..80]), &auto());
    assert_eq!((l, c), (2, 81));
    assert!(m.contains("expected 81 cells (9x9) but found 80"), "{m}");
    assert!(
        m.contains("16 (4x4)") && m.contains("256 (16x16)") && m.contains("4096 (64x64)"),
        "{m}"
    );

    let (l, c, m) = parse_err(&format!("  {p}5 name\n"), &auto());
    assert_eq!((l, c), (1, 84), "points at the first extra cell");
    assert!(m.contains("found 82"), "{m}");

    let (l, c, m) = parse_err(&".".repeat(200), &auto());
    assert_eq!((l, c), (1, 201));
    assert!(
        m.contains("expected 256 cells (16x16) but found 200"),
        "{m}"
    );

    // After a 9x9 puzzle, a short line is measured against 9x9.
    let (l, c, m) = parse_err(&format!("{p}\n{}\n", &p[..40]), &auto());
    assert_eq!((l, c), (2, 41));
    assert!(m.contains("expected 81 cells (9x9)"), "{m}");
}

#[test]
fn unknown_and_too_big_symbols() {
    let p = sudoku_line();
    let mut bad = p.clone();
    bad.replace_range(11..12, "?");
    let (l, c, m) = parse_err(&format!("\n{bad}\n"), &auto());
    assert_eq!((l, c), (2, 12));
    assert!(m.contains("unknown symbol '?'") && m.contains("1-9"), "{m}");

    // Letters are read case-insensitively, so 'x' is digit 33.
    bad.replace_range(11..12, "x");
    let (_, _, m) = parse_err(&bad, &auto());
    assert!(
        m.contains("'x' stands for 33, too big for a 9x9 board"),
        "{m}"
    );

    let mut big = p.clone();
    big.replace_range(2..3, "G");
    let (l, c, m) = parse_err(&big, &auto());
    assert_eq!((l, c), (1, 3));
    assert!(
        m.contains("'G' stands for 16, too big for a 9x9 board"),
        "{m}"
    );

    // Columns count characters, not bytes.
    let mut wide = p.clone();
    wide.replace_range(2..3, "é");
    let (l, c, m) = parse_err(&format!("\u{a0}{wide}"), &auto());
    assert_eq!((l, c), (1, 4));
    assert!(m.contains("unknown symbol 'é'"), "{m}");
}

#[test]
fn grid_of_bad_side() {
    let (l, c, m) = parse_err("  1 2 3 4 5 6 7 8 9 1\n", &forced(Format::Grid));
    assert_eq!((l, c), (1, 3));
    assert!(m.contains("4, 9, 16, 25, 36, 49 or 64 values"), "{m}");
    assert!(m.contains("found 10 values"), "{m}");
    let (l, c, m) = parse_err("12345\n", &forced(Format::Grid));
    assert_eq!((l, c), (1, 1));
    assert!(m.contains("found a row of 5 symbols"), "{m}");
}

#[test]
fn grid_with_missing_rows() {
    let rows: Vec<&str> = SUDOKU_ROWS.to_vec();
    let eight = rows[..8].join("\n");
    let (l, c, m) = parse_err(&format!("# x\n{eight}\n\n{}\n", rows.join("\n")), &auto());
    assert_eq!((l, c), (10, 1));
    assert!(
        m.contains("expected 9 rows for the 9x9 grid starting at line 2, found 8"),
        "{m}"
    );
    // At the end of the text, with or without a final newline.
    for end in ["", "\n"] {
        let (l, c, m) = parse_err(&format!("{eight}{end}"), &forced(Format::Grid));
        assert_eq!((l, c), (9, 1));
        assert!(m.contains("found 8"), "{m}");
    }
    // A comment inside a grid ends it too.
    let broken = format!(
        "{}\n# oops\n{}\n",
        rows[..4].join("\n"),
        rows[4..].join("\n")
    );
    let (l, c, _) = parse_err(&broken, &auto());
    assert_eq!((l, c), (5, 1));
}

#[test]
fn grid_rows_of_wrong_width() {
    let spaced: Vec<String> = SUDOKU_ROWS
        .iter()
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
        .collect();
    let mut short = spaced.clone();
    short[2] = short[2][..15].to_string(); // 8 values
    let (l, c, m) = parse_err(&short.join("\n"), &auto());
    assert_eq!((l, c), (3, 16));
    assert!(m.contains("expected 9 values in this row, found 8"), "{m}");

    let mut long = spaced.clone();
    long[5].push_str(" 4 5");
    let (l, c, m) = parse_err(&long.join("\n"), &auto());
    assert_eq!((l, c), (6, 19), "points at the 10th value");
    assert!(m.contains("found 11"), "{m}");

    let mut contiguous: Vec<String> = SUDOKU_ROWS.iter().map(|r| r.to_string()).collect();
    contiguous[4].push('7');
    let (l, c, m) = parse_err(&contiguous.join("\n"), &auto());
    assert_eq!((l, c), (5, 10));
    assert!(m.contains("expected a row of 9 symbols, found 10"), "{m}");
    contiguous[4].truncate(7);
    let (l, c, m) = parse_err(&contiguous.join("\n"), &auto());
    assert_eq!((l, c), (5, 8));
    assert!(m.contains("found 7"), "{m}");
}

#[test]
fn grid_values_out_of_range_or_unknown() {
    let mut spaced: Vec<String> = SUDOKU_ROWS
        .iter()
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
        .collect();
    spaced[3] = spaced[3].replacen('.', "10", 1);
    let (l, c, m) = parse_err(&spaced.join("\n"), &auto());
    assert_eq!((l, c), (4, 3));
    assert!(m.contains("value '10' is too big for a 9x9 board"), "{m}");
    spaced[3] = spaced[3].replacen("10", "x?", 1);
    let (l, c, m) = parse_err(&spaced.join("\n"), &auto());
    assert_eq!((l, c), (4, 3));
    assert!(m.contains("unknown value 'x?'"), "{m}");
}

fn lloyd_amos_text() -> String {
    let grid = parse(&sudoku_line(), &auto()).0.remove(0).grid;
    write_grid(&grid, Format::LloydAmos, Symbols::Standard)
}

#[test]
fn lloyd_amos_bad_box_size_and_unused_lines() {
    let good = lloyd_amos_text();
    let body = good.split_once("\r\n").unwrap().1;

    let (l, c, m) = parse_err(&format!("x\r\n{body}"), &forced(Format::LloydAmos));
    assert_eq!((l, c), (1, 1));
    assert!(m.contains("expected the box size (2-8"), "{m}");

    // Detected as Lloyd & Amos, then rejected.
    let (l, c, m) = parse_err(&format!("# c\n 9\r\n{body}"), &auto());
    assert_eq!((l, c), (2, 2));
    assert!(m.contains("box size 9 is not supported"), "{m}");

    let (l, c, m) = parse_err(&format!("3 4\r\n{body}"), &forced(Format::LloydAmos));
    assert_eq!((l, c), (1, 3));
    assert!(m.contains("found more: '4'"), "{m}");

    let rows = body.split_once("\r\n").unwrap().1;
    let (l, c, m) = parse_err(&format!("3\r\none\r\n{rows}"), &forced(Format::LloydAmos));
    assert_eq!((l, c), (2, 1));
    assert!(
        m.contains("expected a line holding one integer (unused, normally 1)"),
        "{m}"
    );

    // A lone box size is read as Lloyd & Amos, so the message says what should follow.
    for text in ["3\n\n", "3"] {
        let (l, c, m) = parse_err(text, &auto());
        assert_eq!((l, c), (2, 1), "{text:?}");
        assert!(m.contains("one integer (unused, normally 1)"), "{m}");
    }
}

#[test]
fn lloyd_amos_rows_of_wrong_width_or_count() {
    let good = lloyd_amos_text();
    let lines: Vec<&str> = good.split("\r\n").collect();
    let mut short: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    // Drop the last value of row 4 (line 6): "8\t-1\t-1\t-1\t6\t-1\t-1\t-1\t3\t".
    assert_eq!(short[5], "8\t-1\t-1\t-1\t6\t-1\t-1\t-1\t3\t");
    short[5] = "8\t-1\t-1\t-1\t6\t-1\t-1\t-1\t".to_string();
    let (l, c, m) = parse_err(&short.join("\r\n"), &auto());
    assert_eq!((l, c), (6, 22));
    assert!(
        m.contains("expected 9 tab-separated values (-1 for empty) in this row, found 8"),
        "{m}"
    );

    short[5] = "8\t-1\t-1\t-1\t6\t-1\t-1\t-1\t3\t7\t".to_string();
    let (l, c, _) = parse_err(&short.join("\r\n"), &auto());
    assert_eq!((l, c), (6, 25), "points at the 10th value");

    // Only 7 of 9 rows, then the end of the text (LF line ends this time).
    let truncated = lines[..9].join("\n");
    let (l, c, m) = parse_err(&truncated, &auto());
    assert_eq!((l, c), (10, 1));
    assert!(
        m.contains("expected 9 rows for the 9x9 Lloyd & Amos puzzle starting at line 1, found 7"),
        "{m}"
    );

    let value = good.replacen("\t6\t", "\t12\t", 1);
    let (l, c, m) = parse_err(&value, &auto());
    assert_eq!((l, c), (5, 20));
    assert!(m.contains("value '12' is too big"), "{m}");
}

#[test]
fn clashing_givens_name_both_cells() {
    // Row: digit 5 at r1c1 and r1c7.
    let mut p = sudoku_line();
    p.replace_range(6..7, "5");
    let (l, c, m) = parse_err(&format!("# c\n  {p} name\n"), &auto());
    assert_eq!((l, c), (2, 9));
    assert_eq!(
        m,
        "givens clash: digit 5 at r1c1 and r1c7 are in the same row"
    );

    // Column, in grid format: a 6 at r9c2 under the 6 at r7c2 (same box too: the column comes first).
    let mut rows: Vec<String> = SUDOKU_ROWS.iter().map(|r| r.to_string()).collect();
    rows[8].replace_range(1..2, "6");
    let (l, c, m) = parse_err(&rows.join("\n"), &auto());
    assert_eq!((l, c), (9, 2));
    assert_eq!(
        m,
        "givens clash: digit 6 at r7c2 and r9c2 are in the same column"
    );

    // Box, in Lloyd & Amos format: a 9 at r1c3, in the box of the 9 at r3c2.
    let mut rows: Vec<String> = SUDOKU_ROWS.iter().map(|r| r.to_string()).collect();
    rows[0].replace_range(2..3, "9");
    let grid_text = rows.concat();
    let la: String = {
        let mut s = String::from("3\r\n1\r\n");
        for r in grid_text.as_bytes().chunks(9) {
            for &ch in r {
                if ch == b'.' {
                    s.push_str("-1");
                } else {
                    s.push(char::from(ch));
                }
                s.push('\t');
            }
            s.push_str("\r\n");
        }
        s
    };
    let (l, c, m) = parse_err(&la, &auto());
    // r1c3 = 9 comes first; the 9 at r3c2 is the second cell, on line 5, the 2nd value.
    assert_eq!((l, c), (5, 4));
    assert_eq!(
        m,
        "givens clash: digit 9 at r1c3 and r3c2 are in the same box"
    );
}

#[test]
fn empty_texts_and_missing_files() {
    for text in ["", "\n\n", "# only a comment\n", "// and another\r\n"] {
        let (l, c, m) = parse_err(text, &auto());
        assert_eq!((l, c), (1, 1));
        assert!(m.contains("no puzzle found"), "{m}");
    }
    let missing = util::repo("puzzles/no-such-file.txt");
    match read_puzzles(missing.to_str().unwrap(), &auto()) {
        Err(Error::Io { path, .. }) => assert_eq!(path, missing),
        other => panic!("expected an I/O error, got {other:?}"),
    }
}

#[test]
fn detection_of_each_kind() {
    let p = sudoku_line();
    assert_eq!(detect(&p), Format::Line);
    assert_eq!(detect(&format!("#\n{p} // x\n")), Format::Line);
    assert_eq!(detect(&SUDOKU_ROWS.join("\n")), Format::Grid);
    assert_eq!(detect(&lloyd_amos_text()), Format::LloydAmos);
    assert_eq!(detect("1 2\n"), Format::Grid);
    assert_eq!(detect(&p[..80]), Format::Line);
}
