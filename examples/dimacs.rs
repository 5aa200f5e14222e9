//! Writes each puzzle's CNF, as evoku's CDCL search gets it, as DIMACS
//! ([`evoku::exact::cdcl::dimacs`]): for an outside SAT solver (Kissat, CaDiCaL through
//! `scripts/cadical.py --cnf`), the model read back through the `c evoku` comment lines.
//!
//! `cargo run --release --example dimacs -- [--segments] OUTDIR FILE...` writes
//! `OUTDIR/NAME.cnf` for each puzzle file `NAME.txt` (its first puzzle).

use evoku::exact::cdcl::dimacs;
use evoku::format::{read_puzzles, ParseOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let segments = args.first().is_some_and(|a| a == "--segments");
    if segments {
        args.remove(0);
    }
    let [dir, files @ ..] = &args[..] else {
        eprintln!("usage: dimacs [--segments] OUTDIR FILE...");
        std::process::exit(2);
    };
    for file in files {
        let (puzzles, _) = read_puzzles(file, &ParseOptions::default())?;
        let Some(puzzle) = puzzles.first() else {
            eprintln!("{file}: no puzzle");
            std::process::exit(1);
        };
        let name = std::path::Path::new(file)
            .file_stem()
            .map_or_else(|| "puzzle".into(), |s| s.to_string_lossy().into_owned());
        let out = format!("{dir}/{name}.cnf");
        std::fs::write(&out, dimacs(&puzzle.grid, segments)).map_err(|e| format!("{out}: {e}"))?;
        println!("{out}");
    }
    Ok(())
}
