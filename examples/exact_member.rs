//! The large-board exact member of the default solver (36x36 and up,
//! [`evoku::portfolio::restarts::RestartsMember`]) alone, round after round with no clock: the
//! rounds and work it takes to solve are a pure function of the puzzle and seed, so this screens
//! the member's settings free of the machine's load (docs/RESULTS.md, "Large boards").
//!
//! `cargo run --release --example exact_member -- ROUNDS FILE...`
//! `EVOKU_SEED` (1, the CLI's default) keys the member; `EVOKU_SHARE` (`1` or `0`; the member's
//! default when unset) says whether its CDCL streams share learned clauses. Runs the streams on
//! two threads. Prints one line per file: name, solved / no-solution / open, rounds, work
//! (conflicts and nodes), wall seconds.

use evoku::format::{read_puzzles, ParseOptions};
use evoku::portfolio::member::Member;
use evoku::portfolio::restarts::RestartsMember;

fn main() -> Result<(), evoku::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rounds, files @ ..] = &args[..] else {
        eprintln!("usage: exact_member ROUNDS FILE...");
        std::process::exit(2);
    };
    let rounds: u32 = rounds.parse().expect("ROUNDS: a number");
    let seed: u64 = std::env::var("EVOKU_SEED").map_or(1, |v| v.parse().expect("EVOKU_SEED"));
    let share = std::env::var("EVOKU_SHARE").ok().map(|v| v == "1");
    for file in files {
        let (puzzles, _) = read_puzzles(file, &ParseOptions::default())?;
        let puzzle = &puzzles[0];
        let start = std::time::Instant::now();
        let mut member = RestartsMember::new(&puzzle.grid, seed, Some(2));
        if let Some(share) = share {
            member.set_share(share);
        }
        let mut round = 0;
        while round < rounds && !member.solved() && member.unsolvable().is_none() {
            member.round(round, None)?;
            round += 1;
        }
        println!(
            "{} {} rounds {round} work {} {:.1} s",
            puzzle.name,
            match (member.solved(), member.unsolvable()) {
                (true, _) => "solved",
                (false, Some(_)) => "no-solution",
                _ => "open",
            },
            member.report().work,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
