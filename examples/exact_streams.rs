//! Nodes to solve of the large-board exact member's streams, one stream at a time, under a node
//! budget: a load-independent measure (a pure function of the puzzle, seed, stream and unit) for
//! screening restart settings (docs/results/large-boards.md#large-boards, "Large boards").
//!
//! `cargo run --release --example exact_streams -- UNIT BUDGET STREAMS FILE...`
//! (UNIT 0: the member's unit; STREAMS: e.g. `01`, `0`, `1`; a stream followed
//! by `w` or `u` is weighted or not whatever the member does). Prints one line per file and
//! stream: name, stream (`w` weighted, `u` not), unit, solved / open / no-solution, nodes,
//! searches, seconds. Seed 1 (the CLI's default), or `EVOKU_SEED`.
//! (Commit 85228e9's version also takes `EVOKU_GUIDE_YIELD=F`, the guide yielding to the
//! weights, measured and not kept.)

use evoku::exact::restarts::Schedule;
use evoku::exact::{Limits, Solver, Status};
use evoku::format::{read_puzzles, ParseOptions};
use evoku::portfolio::restarts::{EXACT_GUIDED, EXACT_RESTART_UNIT, EXACT_WDEG};

fn main() -> Result<(), evoku::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [unit, budget, streams, files @ ..] = &args[..] else {
        eprintln!("usage: exact_streams UNIT BUDGET STREAMS FILE...");
        std::process::exit(2);
    };
    let unit: u64 = unit.parse().expect("UNIT: a number");
    let budget: u64 = budget.parse().expect("BUDGET: a number");
    // The member's seed (`--seed`; 1 by default), or EVOKU_SEED.
    let seed: u64 = std::env::var("EVOKU_SEED").map_or(1, |v| v.parse().expect("EVOKU_SEED"));
    for file in files {
        let (puzzles, _) = read_puzzles(file, &ParseOptions::default())?;
        let puzzle = &puzzles[0];
        let unit = if unit == 0 { EXACT_RESTART_UNIT } else { unit };
        let mut specs = streams.chars().peekable();
        while let Some(c) = specs.next() {
            let stream = c.to_digit(10).expect("STREAMS: digits");
            let wdeg = match specs.next_if(|c| *c == 'w' || *c == 'u') {
                Some(c) => c == 'w',
                None => EXACT_WDEG[stream as usize],
            };
            let start = std::time::Instant::now();
            let mut solver = Solver::new(puzzle.grid.geometry());
            solver.set_guided(EXACT_GUIDED);
            solver.set_wdeg(wdeg);
            let mut schedule = Schedule::new(seed, stream, unit);
            let mut nodes = 0u64;
            let (status, solved) = loop {
                let limits = Limits {
                    max_solutions: 1,
                    max_nodes: u64::MAX,
                    time_limit: None,
                };
                let result = schedule.search(&mut solver, &puzzle.grid, &limits);
                nodes += result.nodes;
                if result.status != Status::NodeLimit || nodes >= budget {
                    break (result.status, result.first().is_some());
                }
            };
            println!(
                "{} stream {stream}{} unit {unit} {} nodes {nodes} searches {} {:.1} s",
                puzzle.name,
                if wdeg { "w" } else { "u" },
                match (solved, status) {
                    (true, _) => "solved",
                    (false, Status::Complete) => "no-solution",
                    _ => "open",
                },
                schedule.searches(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}
