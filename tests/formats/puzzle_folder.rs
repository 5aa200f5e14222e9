//! Formats: the puzzles/ folder, every file read with its stated givens and checked against
//! its source.

use super::*;

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
