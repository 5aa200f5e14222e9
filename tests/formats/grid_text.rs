//! Formats: what the grid format accepts: contiguous, spaced, numbered and boxed rows, several
//! grids with comments and names, 16x16 symbols.

use super::*;

#[test]
fn grid_rows_may_be_contiguous_spaced_numbered_or_boxed() {
    let expected = parse(&sudoku_line(), &auto()).0.remove(0).grid;
    let contiguous = SUDOKU_ROWS.join("\n");
    let spaced: String = SUDOKU_ROWS
        .iter()
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let numbers: String = SUDOKU_ROWS
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c == '.' {
                        "-1".to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("\t")
                + "\r\n"
        })
        .collect();
    let dashes = spaced.replace('.', "-");
    let zeros = spaced.replace('.', "0");
    let mut boxed = String::new();
    for (i, r) in SUDOKU_ROWS.iter().enumerate() {
        if i == 3 || i == 6 {
            boxed.push_str("------+-------+------\n");
        }
        if i == 0 {
            boxed
                .push_str("# framed, the way many sites print a grid\n+-------+-------+-------+\n");
        }
        let c: Vec<String> = r.chars().map(String::from).collect();
        boxed.push_str(&format!(
            "{} | {} | {}\n",
            c[0..3].join(" "),
            c[3..6].join(" "),
            c[6..9].join(" ")
        ));
    }
    let grouped: String = SUDOKU_ROWS
        .iter()
        .map(|r| format!("{} {} {}\n", &r[0..3], &r[3..6], &r[6..9]))
        .collect();
    for text in [contiguous, spaced, numbers, dashes, zeros, boxed, grouped] {
        let (puzzles, format) = parse(&text, &auto());
        assert_eq!(format, Format::Grid, "{text}");
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].grid, expected, "{text}");
        assert_eq!(puzzles[0].name, "test");
    }
}

#[test]
fn several_grids_with_comments_and_names() {
    let text = "# two 4x4 grids\n\n1 2 3 4 // first\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\n# next\n. . . .\n. . . .\n. . . .\n. . . 1\n";
    let (puzzles, format) = parse(text, &auto());
    assert_eq!(format, Format::Grid);
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].name, "first");
    assert_eq!(puzzles[1].name, "test#2");
    assert_eq!((puzzles[0].line, puzzles[1].line), (3, 9));
    assert_eq!(puzzles[0].grid.givens(), 16);
    assert_eq!(puzzles[1].grid.givens(), 1);
}

#[test]
fn sixteen_by_sixteen_grids_in_symbols_and_numbers() {
    let grid = random_grid(4, 11, 55);
    let line = write_grid(&grid, Format::Line, Symbols::Standard);
    let rows: Vec<&str> = (0..16).map(|r| &line[r * 16..r * 16 + 16]).collect();
    // Rows of 16 contiguous symbols: not 4x4 puzzles, since they hold digits above 4.
    let text = rows.join("\n");
    let (puzzles, format) = parse(&text, &auto());
    assert_eq!(format, Format::Grid);
    assert_eq!(puzzles[0].grid, grid);
    // In groups of four: `1234 3412 ...`.
    let grouped: String = rows
        .iter()
        .map(|r| format!("{} {} {} {}\n", &r[0..4], &r[4..8], &r[8..12], &r[12..16]))
        .collect();
    assert_eq!(parse(&grouped, &auto()).0[0].grid, grid);
    // Lower-case letters read as upper case on boards up to 35x35.
    assert_eq!(parse(&line.to_lowercase(), &auto()).0[0].grid, grid);
}
