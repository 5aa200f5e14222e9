//! Presolve, unsolvable puzzles, invalid settings.

use super::*;

#[test]
fn presolve_fixes_cells_and_keeps_them() {
    let grid = puzzle("puzzles/fig1-kashan.txt");
    let plain = Problem::new(&grid, InitKind::Candidates, false).unwrap();
    let pre = Problem::new(&grid, InitKind::Candidates, true).unwrap();
    assert_eq!(plain.presolved_cells(), 0);
    assert!(pre.presolved_cells() > 0);
    assert_eq!(pre.fixed().givens(), grid.givens() + pre.presolved_cells());
    let params = Params::new(&pre, &config(InitKind::Candidates, true));
    let genome = random_genome(&pre, &params, 9);
    assert_invariants(&pre, &genome, "presolved init");
}

#[test]
fn contradictory_puzzle_is_reported_unsolvable() {
    // Row 0 needs a 9 in its last cell, but column 8 already has one.
    let text = "12345678.\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n";
    let grid = format::parse_one(text, &ParseOptions::default()).unwrap();
    assert!(Problem::new(&grid, InitKind::Candidates, true).is_err());
}

#[test]
fn invalid_configs_are_rejected() {
    let mut c = GaConfig::preset(Preset::Paper);
    c.population = 1;
    assert!(c.validate().is_err());
    let mut c = GaConfig::preset(Preset::Paper);
    c.mutation_rate = 1.5;
    assert!(c.validate().is_err());
    let mut c = GaConfig::preset(Preset::Paper);
    c.elites = 9;
    assert!(c.validate().is_err());
    assert!(GaConfig::preset(Preset::Default).validate().is_ok());
}
