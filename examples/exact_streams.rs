//! Nodes to solve of the large-board exact member's streams, one stream at a time, under a node
//! budget: a load-independent measure (a pure function of the puzzle, seed, stream and unit) for
//! screening restart settings (docs/RESULTS.md, "Large boards").
//!
//! `cargo run --release --example exact_streams -- UNIT BUDGET STREAMS FILE...`
//! (UNIT 0: the member's unit; STREAMS: e.g. `01`, `0`, `1`; a stream followed
//! by `w` or `u` is weighted or not whatever the member does). Prints one line per file and
//! stream: name, stream, unit, solved, nodes, searches, seconds. `EVOKU_GUIDE_YIELD=F` sets the
//! guide-yield factor ([`evoku::exact::Solver::set_guide_yield`]; 0: off) instead of the member's.

use evoku::exact::restarts::Schedule;
use evoku::exact::{Limits, Solver, Status};
use evoku::format::{read_puzzles, ParseOptions};
use evoku::portfolio::restarts::{guide_yield, EXACT_GUIDED, EXACT_RESTART_UNIT, EXACT_WDEG};

fn main() -> Result<(), evoku::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [unit, budget, streams, files @ ..] = &args[..] else {
        eprintln!("usage: exact_streams UNIT BUDGET STREAMS FILE...");
        std::process::exit(2);
    };
    let unit: u64 = unit.parse().expect("UNIT: a number");
    let budget: u64 = budget.parse().expect("BUDGET: a number");
    let seed = 1;
    // EVOKU_GUIDE_YIELD=F: the guide-yield factor instead of the member's for the size.
    let yield_factor: Option<u64> = std::env::var("EVOKU_GUIDE_YIELD")
        .ok()
        .map(|v| v.parse().expect("EVOKU_GUIDE_YIELD: a number"));
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
            solver.set_guide_yield(yield_factor.unwrap_or(guide_yield(puzzle.grid.geometry())));
            let mut schedule = Schedule::new(seed, stream, unit);
            let mut nodes = 0u64;
            let status = loop {
                let limits = Limits {
                    max_solutions: 1,
                    max_nodes: u64::MAX,
                    time_limit: None,
                };
                let result = schedule.search(&mut solver, &puzzle.grid, &limits);
                nodes += result.nodes;
                if result.status != Status::NodeLimit || nodes >= budget {
                    break result.status;
                }
            };
            println!(
                "{} stream {stream}{} unit {unit} {} nodes {nodes} searches {} {:.1} s",
                puzzle.name,
                if wdeg { "w" } else { "u" },
                if status == Status::SolutionLimit || status == Status::Complete {
                    "solved"
                } else {
                    "open"
                },
                schedule.searches(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}
