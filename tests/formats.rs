//! Tests: formats.

use evoku::board::{Geometry, Grid};
use evoku::error::Error;
use evoku::format::{
    detect, parse_str, read_puzzles, write_grid, write_grids, Format, ParseOptions, Puzzle, Symbols,
};
use proptest::prelude::*;

use crate::util;

// ---------------------------------------------------------------------------------------------
// Helpers

fn auto() -> ParseOptions {
    ParseOptions::default()
}

fn forced(format: Format) -> ParseOptions {
    ParseOptions {
        format: Some(format),
        symbols: Symbols::Standard,
    }
}

fn hex(format: Option<Format>) -> ParseOptions {
    ParseOptions {
        format,
        symbols: Symbols::Hex,
    }
}

fn parse(text: &str, options: &ParseOptions) -> (Vec<Puzzle>, Format) {
    parse_str(text, "test.txt", options).unwrap_or_else(|e| panic!("{e}\n--- text:\n{text}"))
}

/// The (line, column, message) of a parse error; panics on success or another error.
fn parse_err(text: &str, options: &ParseOptions) -> (usize, usize, String) {
    match parse_str(text, "bad.txt", options) {
        Err(Error::Parse {
            file,
            line,
            column,
            message,
        }) => {
            assert_eq!(file, "bad.txt");
            (line, column, message)
        }
        Err(e) => panic!("expected a parse error, got {e}"),
        Ok((p, f)) => panic!("expected a parse error, read {} puzzles as {f}", p.len()),
    }
}

fn read(path: std::path::PathBuf) -> (Vec<Puzzle>, Format) {
    let path = path.to_str().expect("UTF-8 path").to_string();
    read_puzzles(&path, &auto()).unwrap_or_else(|e| panic!("{e}"))
}

/// A small deterministic generator, so that grids built from a proptest seed shrink sensibly.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A valid complete grid (shuffled pattern) with about `fill_percent` % of its cells kept.
fn random_grid(box_size: usize, seed: u64, fill_percent: usize) -> Grid {
    let g = Geometry::new(box_size).unwrap();
    let (b, n) = (box_size, g.side());
    let mut rng = SplitMix(seed);
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let shuffled_lines = |rng: &mut SplitMix| {
        let mut bands: Vec<usize> = (0..b).collect();
        rng.shuffle(&mut bands);
        let mut out = Vec::with_capacity(n);
        for band in bands {
            let mut inner: Vec<usize> = (0..b).collect();
            rng.shuffle(&mut inner);
            out.extend(inner.into_iter().map(|i| band * b + i));
        }
        out
    };
    let rows = shuffled_lines(&mut rng);
    let cols = shuffled_lines(&mut rng);
    let mut grid = Grid::empty(g);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            if rng.below(100) < fill_percent {
                let pattern = (b * (pr % b) + pr / b + pc) % n;
                grid.set(r * n + c, digits[pattern]);
            }
        }
    }
    assert!(grid.first_clash().is_none());
    grid
}

fn symbol_sets(side: usize) -> Vec<Symbols> {
    if side <= 16 {
        vec![Symbols::Standard, Symbols::Hex]
    } else {
        vec![Symbols::Standard]
    }
}

/// Writes, reads back (auto-detected and forced) and compares.
fn assert_round_trip(grid: &Grid) {
    let side = grid.geometry().side();
    for format in Format::ALL {
        for symbols in symbol_sets(side) {
            let text = write_grid(grid, format, symbols);
            assert!(text.ends_with('\n'), "{format} {symbols}: {text:?}");
            for format_option in [None, Some(format)] {
                let options = ParseOptions {
                    format: format_option,
                    symbols,
                };
                let (puzzles, found) = parse(&text, &options);
                assert_eq!(found, format, "{symbols}, detected from:\n{text}");
                assert_eq!(puzzles.len(), 1, "{format} {symbols}");
                assert_eq!(&puzzles[0].grid, grid, "{format} {symbols}:\n{text}");
            }
        }
    }
}

fn count_lines_starting_with_cells(text: &str) -> usize {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with('#')
        })
        .count()
}

// ---------------------------------------------------------------------------------------------
// Round trips

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_format_round_trips(box_size in 2usize..=5, seed in any::<u64>(), fill in 0usize..=100) {
        assert_round_trip(&random_grid(box_size, seed, fill));
    }

    #[test]
    fn several_grids_round_trip(
        box_sizes in proptest::collection::vec(2usize..=4, 1..5),
        seed in any::<u64>(),
        fill in 0usize..=100,
    ) {
        let grids: Vec<Grid> = box_sizes
            .iter()
            .enumerate()
            .map(|(k, &b)| random_grid(b, seed.wrapping_add(k as u64), fill))
            .collect();
        for format in Format::ALL {
            let text = write_grids(&grids, format, Symbols::Standard);
            let (puzzles, _) = parse(&text, &forced(format));
            let read: Vec<Grid> = puzzles.into_iter().map(|p| p.grid).collect();
            prop_assert_eq!(&read, &grids, "{}:\n{}", format, text);
        }
        // Grids written back to back, without blank lines, read back too.
        let text: String = grids.iter().map(|g| write_grid(g, Format::Grid, Symbols::Standard)).collect();
        let (puzzles, _) = parse(&text, &forced(Format::Grid));
        prop_assert_eq!(puzzles.len(), grids.len());
    }
}

#[test]
fn large_boards_round_trip() {
    for b in 6..=8 {
        assert_round_trip(&random_grid(b, 7 + b as u64, 60));
    }
}

#[test]
fn a_64x64_line_starting_with_digit_63_is_not_a_comment() {
    // Digit 63 is written '#', which otherwise starts a comment line.
    let mut grid = random_grid(8, 1, 100);
    let first = grid.get(0);
    let swapped: Vec<u8> = grid
        .cells()
        .iter()
        .map(|&d| match d {
            63 => first,
            d if d == first => 63,
            d => d,
        })
        .collect();
    grid = Grid::from_cells(grid.geometry(), swapped).unwrap();
    assert_eq!(grid.get(0), 63);
    let text = write_grid(&grid, Format::Line, Symbols::Standard);
    assert!(text.starts_with('#'));
    assert_round_trip(&grid);
}

#[test]
fn lloyd_amos_output_is_byte_for_byte_the_original() {
    for name in [
        "general/inst9x9_45_0.txt",
        "general/inst16x16_70_0.txt",
        "general/inst25x25_45_0.txt",
        "general/inst9x9_0_0.txt",
        "general/inst16x16_100_3.txt",
        "logic-solvable/goldennugget.txt",
    ] {
        let path = util::data(&format!("lloyd-amos/{name}"));
        let original = std::fs::read_to_string(&path).unwrap();
        let (puzzles, format) = read(path);
        assert_eq!(format, Format::LloydAmos, "{name}");
        let written = write_grid(&puzzles[0].grid, Format::LloydAmos, Symbols::Standard);
        assert_eq!(written, original, "{name}");
    }
}

#[test]
fn written_texts_look_as_documented() {
    let grid = Grid::from_cells(
        Geometry::new(2).unwrap(),
        vec![1, 0, 3, 4, 3, 4, 0, 2, 0, 1, 4, 3, 4, 3, 2, 0],
    )
    .unwrap();
    assert_eq!(
        write_grid(&grid, Format::Line, Symbols::Standard),
        "1.3434.2.143432.\n"
    );
    assert_eq!(
        write_grid(&grid, Format::Line, Symbols::Hex),
        "0.2323.1.032321.\n"
    );
    assert_eq!(
        write_grid(&grid, Format::Grid, Symbols::Standard),
        "1 . 3 4\n3 4 . 2\n. 1 4 3\n4 3 2 .\n"
    );
    assert_eq!(
        write_grid(&grid, Format::LloydAmos, Symbols::Standard),
        "2\r\n1\r\n1\t-1\t3\t4\t\r\n3\t4\t-1\t2\t\r\n-1\t1\t4\t3\t\r\n4\t3\t2\t-1\t\r\n"
    );
    let big = random_grid(4, 3, 50);
    let text = write_grid(&big, Format::Grid, Symbols::Standard);
    let first_row = text.lines().next().unwrap();
    assert_eq!(first_row.split_whitespace().count(), 16);
    assert!(
        first_row
            .split_whitespace()
            .all(|t| t.parse::<u8>().is_ok()),
        "{first_row}"
    );
}

// ---------------------------------------------------------------------------------------------
// Reading the benchmark files

#[test]
fn nine_by_nine_collections_are_read_whole() {
    for (name, count) in [
        ("top95.txt", 95),
        ("forum-hardest-1106.txt", 375),
        ("easy50.txt", 50),
        ("magictour-top1465.txt", 1465),
    ] {
        let path = util::data(&format!("nine/{name}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let (puzzles, format) = read(path);
        assert_eq!(format, Format::Line, "{name}");
        assert_eq!(puzzles.len(), count, "{name}");
        assert_eq!(count_lines_starting_with_cells(&text), count, "{name}");
        assert!(puzzles.iter().all(|p| p.grid.geometry().side() == 9));
        assert!(puzzles.iter().all(|p| p.grid.givens() >= 17), "{name}");
    }
}

#[test]
fn top95_names_and_lines() {
    let (puzzles, _) = read(util::data("nine/top95.txt"));
    assert_eq!(
        puzzles[0].name,
        "from https://github.com/dimitri/sudoku/tree/master"
    );
    assert_eq!(puzzles[1].name, "top95#2");
    assert_eq!(puzzles[94].name, "top95#95");
    assert_eq!(puzzles[1].line, 2);
    assert!(puzzles[0].file.ends_with("top95.txt"));
    assert_eq!(
        puzzles[1].grid.to_string(),
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
    );
}

#[test]
fn forum_hardest_skips_its_header() {
    let (puzzles, _) = read(util::data("nine/forum-hardest-1106.txt"));
    assert_eq!(puzzles[0].line, 3);
    assert_eq!(
        puzzles[0].grid.to_string(),
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    );
}

#[test]
fn seventeen_clue_puzzles_all_have_17_givens() {
    let Some(benchmarks) = util::benchmarks("seventeen_clue_puzzles_all_have_17_givens") else {
        return;
    };
    let (puzzles, _) = read(benchmarks.join("nine/seventeen-clue.txt"));
    assert_eq!(puzzles.len(), 49_158);
    assert!(puzzles.iter().all(|p| p.grid.givens() == 17));
}

/// Counts the givens of a Lloyd & Amos file without the parser.
fn lloyd_amos_givens(text: &str) -> usize {
    text.lines()
        .skip(2)
        .flat_map(|l| l.split('\t'))
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "-1")
        .count()
}

#[test]
fn lloyd_amos_general_instances_of_each_size() {
    for side in [9, 16, 25] {
        for fill in [0, 45, 70, 100] {
            for k in [0, 57, 99] {
                let name = format!("inst{side}x{side}_{fill}_{k}.txt");
                let path = util::lloyd_amos(&name);
                let text = std::fs::read_to_string(&path).unwrap();
                let (puzzles, format) = read(path);
                assert_eq!(format, Format::LloydAmos, "{name}");
                assert_eq!(puzzles.len(), 1);
                let p = &puzzles[0];
                assert_eq!(p.grid.geometry().side(), side, "{name}");
                assert_eq!(p.grid.givens(), lloyd_amos_givens(&text), "{name}");
                assert_eq!(p.name, format!("inst{side}x{side}_{fill}_{k}"));
                assert_eq!(p.line, 1);
                if fill == 100 {
                    assert!(p.grid.is_complete() && p.grid.first_clash().is_none());
                }
            }
        }
    }
}

#[test]
fn lloyd_amos_logic_solvable_set() {
    let dir = util::data("lloyd-amos/logic-solvable");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let (puzzles, format) = read(path.clone());
        assert_eq!(format, Format::LloydAmos, "{}", path.display());
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].grid.geometry().side(), 9);
        assert_eq!(puzzles[0].grid.givens(), lloyd_amos_givens(&text));
        count += 1;
    }
    assert_eq!(count, 16);

    // Their AI Escargot is ours with one extra given.
    let (theirs, _) = read(dir.join("aiescargot.txt"));
    let (ours, _) = read(util::repo("puzzles/ai-escargot.txt"));
    let (theirs, ours) = (&theirs[0].grid, &ours[0].grid);
    assert_eq!(theirs.givens(), ours.givens() + 1);
    assert!(ours
        .cells()
        .iter()
        .zip(theirs.cells())
        .all(|(&o, &t)| o == 0 || o == t));
}

// ---------------------------------------------------------------------------------------------
// The puzzles/ folder

#[test]
fn every_puzzle_file_reads_with_its_stated_givens() {
    let dir = util::repo("puzzles");
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let (puzzles, format) = read(path.clone());
        assert_eq!(format, Format::Line, "{stem}");
        assert_eq!(puzzles.len(), 1, "{stem}");
        assert_eq!(puzzles[0].name, stem);
        let stated: usize = text
            .lines()
            .filter(|l| l.starts_with('#'))
            .find_map(|l| {
                let words: Vec<&str> = l.split(|c: char| !c.is_ascii_alphanumeric()).collect();
                words
                    .windows(2)
                    .find(|w| w[1] == "givens")
                    .and_then(|w| w[0].parse().ok())
            })
            .unwrap_or_else(|| panic!("{stem}: no 'N givens' comment"));
        assert_eq!(puzzles[0].grid.givens(), stated, "{stem}");
        seen.push(stem);
    }
    seen.sort();
    for expected in [
        "ai-escargot",
        "easy-16x16",
        "fig1-kashan",
        "fig1-mantere",
        "lloyd-amos-16x16-45",
        "lloyd-amos-25x25-45",
        "mantere-no106",
        "mantere-no29",
        "mantere-no77",
    ] {
        assert!(
            seen.iter().any(|s| s == expected),
            "missing puzzles/{expected}.txt"
        );
    }
}

#[test]
fn seed_puzzles_match_the_reference_list() {
    let reference = std::fs::read_to_string(util::data("seed-puzzles.txt")).unwrap();
    let mut checked = 0;
    for line in reference
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [name, givens, cells] = words[..] else {
            panic!("odd reference line {line}");
        };
        let (puzzles, _) = read(util::repo(&format!("puzzles/{name}.txt")));
        assert_eq!(puzzles[0].grid.to_string(), cells, "{name}");
        assert_eq!(puzzles[0].grid.givens().to_string(), givens, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn converted_lloyd_amos_puzzles_match_their_sources() {
    for (ours, theirs) in [
        ("lloyd-amos-16x16-45", "inst16x16_45_0"),
        ("lloyd-amos-25x25-45", "inst25x25_45_0"),
    ] {
        let (a, _) = read(util::repo(&format!("puzzles/{ours}.txt")));
        let (b, _) = read(util::lloyd_amos(&format!("{theirs}.txt")));
        assert_eq!(a[0].grid, b[0].grid, "{ours}");
    }
}

#[test]
fn easy_16x16_uses_letters_up_to_g() {
    let text = std::fs::read_to_string(util::repo("puzzles/easy-16x16.txt")).unwrap();
    assert!(text.lines().any(|l| !l.starts_with('#') && l.contains('G')));
    let (puzzles, _) = read(util::repo("puzzles/easy-16x16.txt"));
    assert_eq!(puzzles[0].grid.geometry().side(), 16);
}

// ---------------------------------------------------------------------------------------------
// Grid format features

const SUDOKU_ROWS: [&str; 9] = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
];

fn sudoku_line() -> String {
    SUDOKU_ROWS.concat()
}

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

// ---------------------------------------------------------------------------------------------
// Hex symbols and names

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

// ---------------------------------------------------------------------------------------------
// Errors, each with its exact position

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

// ---------------------------------------------------------------------------------------------
// Nothing panics

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
