//! Formats: the benchmark collections of tests/data read whole, with their names, lines and
//! givens.

use super::*;

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
