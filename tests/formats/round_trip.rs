//! Formats: every format written and read back, by property over random grids and on
//! large boards.

use super::*;

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
