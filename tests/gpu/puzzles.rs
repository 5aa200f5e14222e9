//! Puzzles.

use super::*;

/// A 9x9 puzzle of 81 symbols (`.` or `0` empty).
pub(crate) fn grid81(line: &str) -> Grid {
    let cells = line
        .chars()
        .take(81)
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    Grid::from_cells(Geometry::new(3).unwrap(), cells).expect("81 cells")
}

pub(crate) fn seed_puzzle(name: &str) -> Grid {
    let text = std::fs::read_to_string(util::data("seed-puzzles.txt")).unwrap();
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no seed puzzle {name}"));
    grid81(line.split_whitespace().nth(2).unwrap())
}

pub(crate) fn easy_puzzle(k: usize) -> Grid {
    let text = std::fs::read_to_string(util::data("nine/easy50.txt")).unwrap();
    let line = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .nth(k)
        .unwrap();
    grid81(line)
}

/// A Lloyd & Amos instance: box size, `1`, then rows of tab-separated values, -1 empty.
pub(crate) fn lloyd_amos(file: &str) -> Grid {
    lloyd_amos_at(&util::lloyd_amos(file))
}

/// A large-board instance of `puzzles/large/` (Lloyd & Amos's format), e.g. `inst36x36_45_0.txt`.
pub(crate) fn large(file: &str) -> Grid {
    lloyd_amos_at(&util::repo("puzzles/large").join(file))
}

/// A Lloyd & Amos-style instance made here (`evoku generate --fill`): box size `b`, `fill` % of
/// the cells given, instance 0 of seed 1.
pub(crate) fn generated(b: usize, fill: u32) -> Grid {
    let geometry = Geometry::new(b).unwrap();
    let made = evoku::instances::make_instances(geometry, &[fill], 1, 1, &|_| {}).unwrap();
    made.into_iter().next().unwrap().puzzle
}

fn lloyd_amos_at(path: &std::path::Path) -> Grid {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let box_size: usize = lines.next().unwrap().trim().parse().unwrap();
    lines.next();
    let cells = lines
        .flat_map(|l| l.split_whitespace())
        .map(|v| v.parse::<i32>().unwrap().max(0) as u8)
        .collect();
    Grid::from_cells(Geometry::new(box_size).unwrap(), cells).expect("a full grid")
}

pub(crate) fn config(preset: Preset, edit: impl FnOnce(&mut GaConfig)) -> GaConfig {
    let mut c = GaConfig::preset(preset);
    edit(&mut c);
    c
}
