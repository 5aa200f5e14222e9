//! The CDCL search ([`evoku::exact::cdcl`]) alone on puzzle files, under a conflict budget: a
//! load-independent screen (conflicts and propagations are a pure function of the puzzle,
//! settings and seed) before any use in the portfolio (docs/results/large-boards.md#large-boards, "Large boards").
//!
//! `cargo run --release --example cdcl -- BUDGET FILE...`
//! Settings: the default (the portfolio's, [`Config::default`]), each overridden from the environment when set:
//! `EVOKU_CDCL_RESTARTS` (`glucose`, `luby:UNIT`, `never`), `EVOKU_CDCL_PHASE` (`false`, `true`,
//! `random`), `EVOKU_CDCL_TARGET` (`1` or `0`: target phases), `EVOKU_CDCL_REPHASE`
//! (`INTERVAL[:GROWTH[:CYCLE]]`, growth `const`, `arith` or `geom`, cycle `cadical`, `best` or
//! `bo`; `0` off), `EVOKU_CDCL_TARGET_RESET` (`reduce` or `rephase`), `EVOKU_CDCL_MODES`
//! (`stable` or `alt:FIRST:GROWTH`), `EVOKU_CDCL_DECAY` (0.95), `EVOKU_CDCL_DECAY_RAMP` (a start
//! decay, e.g. 0.8), `EVOKU_CDCL_RANDOM` (share of random decisions), `EVOKU_CDCL_TIERS` (`1` or `0`:
//! three tiers of learned clauses), `EVOKU_CDCL_TIER2_LBD`, `EVOKU_CDCL_TIER2_WINDOW`,
//! `EVOKU_CDCL_VIVIFY` (vivification effort, percent; 0 off), `EVOKU_CDCL_BUMP_REASONS` (`1` or
//! `0`: reason-side bumping), `EVOKU_CDCL_SEGMENTS` (`1` or `0`: segment variables),
//! `EVOKU_CDCL_SHRINK` (`1` or `0`: shrinking of learned clauses), `EVOKU_CDCL_BINMIN` (`1` or
//! `0`: binary minimisation of learned clauses), `EVOKU_CDCL_CHB` (`1` or `0`:
//! conflict-history-based branching instead of EVSIDS), `EVOKU_CDCL_BRANCHING` (`evsids`,
//! `chb` or `lrb`: the decision order), `EVOKU_CDCL_GROUPS` (`1` or `0`: decisions in the
//! smallest group), `EVOKU_CDCL_REDUCE` (`FIRST:STEP`: the removals of learned clauses),
//! `EVOKU_CDCL_KEEP_LBD` (the LBD of learned clauses kept for ever);
//! local-search phases: `EVOKU_CDCL_WALK` (conflicts before the first walk, 0 none), `EVOKU_CDCL_WALK_FLIPS` (flips
//! per clause), `EVOKU_CDCL_WALK_SCORE` (`poly:CB` or `exp:CB`), `EVOKU_CDCL_WALK_TARGET` (`1`
//! or `0`), `EVOKU_CDCL_WALK_CELLS` (`1`: moves keep one digit per cell), `EVOKU_CDCL_WALK_BUMP` (conflict-frequency
//! bumps after each walk, 0 none); `EVOKU_SEED` (1)
//! and `EVOKU_CDCL_STREAM` (0) key the search.
//! Prints one line per file: name, variables, binary and long clauses, outcome, conflicts,
//! propagations, decisions, restarts, vivified clauses and their propagations, walks (number, flips, best false clauses of the last, walks
//! that solved), literals shrinking and binary minimisation took out, CPU seconds of the process.

use evoku::exact::cdcl::{
    Branching, Cdcl, Config, Cycle, Growth, Modes, Outcome, Phase, Rephase, Restarts, TargetReset,
    WalkScore,
};
use evoku::format::{read_puzzles, ParseOptions};

fn cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

fn config() -> Config {
    let mut config = Config::default();
    if let Some(r) = env("EVOKU_CDCL_RESTARTS") {
        config.restarts = match r.as_str() {
            "glucose" => Restarts::Glucose,
            "never" => Restarts::Never,
            luby => Restarts::Luby {
                unit: luby
                    .strip_prefix("luby:")
                    .and_then(|u| u.parse().ok())
                    .expect("EVOKU_CDCL_RESTARTS: glucose, luby:UNIT or never"),
            },
        };
    }
    if let Some(p) = env("EVOKU_CDCL_PHASE") {
        config.phase = match p.as_str() {
            "false" => Phase::False,
            "true" => Phase::True,
            "random" => Phase::Random,
            _ => panic!("EVOKU_CDCL_PHASE: false, true or random"),
        };
    }
    if let Some(v) = env("EVOKU_CDCL_SHRINK") {
        config.shrink = v == "1";
    }
    if let Some(v) = env("EVOKU_CDCL_CHB") {
        config.branching = if v == "1" {
            Branching::Chb
        } else {
            Branching::Evsids
        };
    }
    if let Some(v) = env("EVOKU_CDCL_BRANCHING") {
        config.branching = v
            .parse()
            .unwrap_or_else(|e| panic!("EVOKU_CDCL_BRANCHING: {e}"));
    }
    if let Some(v) = env("EVOKU_CDCL_BINMIN") {
        config.bin_minimize = v == "1";
    }
    if let Some(v) = env("EVOKU_CDCL_GROUPS") {
        config.group_decisions = v == "1";
    }
    if let Some(t) = env("EVOKU_CDCL_TARGET") {
        config.target = t == "1";
    }
    if let Some(r) = env("EVOKU_CDCL_REPHASE") {
        config.rephase = rephase(&r);
    }
    if let Some(t) = env("EVOKU_CDCL_TARGET_RESET") {
        config.target_reset = match t.as_str() {
            "reduce" => TargetReset::Reduce,
            "rephase" => TargetReset::Rephase,
            _ => panic!("EVOKU_CDCL_TARGET_RESET: reduce or rephase"),
        };
    }
    if let Some(m) = env("EVOKU_CDCL_MODES") {
        let parts: Vec<&str> = m.split(':').collect();
        config.modes = match parts[..] {
            ["stable"] => Modes::Stable,
            ["alt", first, growth] => Modes::Alternate {
                first: first.parse().expect("EVOKU_CDCL_MODES: alt:FIRST:GROWTH"),
                growth: growth.parse().expect("EVOKU_CDCL_MODES: alt:FIRST:GROWTH"),
            },
            _ => panic!("EVOKU_CDCL_MODES: stable or alt:FIRST:GROWTH"),
        };
    }
    if let Some(d) = env("EVOKU_CDCL_DECAY") {
        config.decay = d.parse().expect("EVOKU_CDCL_DECAY: a number below 1");
    }
    if let Some(d) = env("EVOKU_CDCL_DECAY_RAMP") {
        config.decay_ramp = Some(d.parse().expect("EVOKU_CDCL_DECAY_RAMP: a start decay"));
    }
    if let Some(r) = env("EVOKU_CDCL_RANDOM") {
        config.random_decisions = r.parse().expect("EVOKU_CDCL_RANDOM: a share of decisions");
    }
    if let Some(w) = env("EVOKU_CDCL_WALK") {
        config.walk.interval = w.parse().expect("EVOKU_CDCL_WALK: conflicts");
    }
    if let Some(f) = env("EVOKU_CDCL_WALK_FLIPS") {
        config.walk.flips_per_clause = f.parse().expect("EVOKU_CDCL_WALK_FLIPS: flips per clause");
    }
    if let Some(s) = env("EVOKU_CDCL_WALK_SCORE") {
        let bad = "EVOKU_CDCL_WALK_SCORE: poly:CB or exp:CB";
        let (form, cb) = s.split_once(':').expect(bad);
        let cb: f64 = cb.parse().expect(bad);
        config.walk.score = match form {
            "poly" => WalkScore::Poly { cb },
            "exp" => WalkScore::Exp { cb },
            _ => panic!("{bad}"),
        };
    }
    if let Some(t) = env("EVOKU_CDCL_WALK_TARGET") {
        config.walk.target = t == "1";
    }
    if let Some(c) = env("EVOKU_CDCL_WALK_CELLS") {
        config.walk.cells = c == "1";
    }
    if let Some(b) = env("EVOKU_CDCL_WALK_BUMP") {
        config.walk.bump = b.parse().expect("EVOKU_CDCL_WALK_BUMP: a bump");
    }
    if let Some(t) = env("EVOKU_CDCL_TIERS") {
        config.tiers = t == "1";
    }
    if let Some(t) = env("EVOKU_CDCL_TIER2_LBD") {
        config.tier2_lbd = t.parse().expect("EVOKU_CDCL_TIER2_LBD: an LBD");
    }
    if let Some(t) = env("EVOKU_CDCL_TIER2_WINDOW") {
        config.tier2_window = t.parse().expect("EVOKU_CDCL_TIER2_WINDOW: conflicts");
    }
    if let Some(b) = env("EVOKU_CDCL_BUMP_REASONS") {
        config.bump_reasons = b == "1";
    }
    if let Some(s) = env("EVOKU_CDCL_SEGMENTS") {
        config.segments = s == "1";
    }
    if let Some(r) = env("EVOKU_CDCL_REDUCE") {
        let bad = "EVOKU_CDCL_REDUCE: FIRST:STEP (conflicts)";
        let (first, step) = r.split_once(':').expect(bad);
        config.reduce_first = first.parse().expect(bad);
        config.reduce_step = step.parse().expect(bad);
    }
    if let Some(k) = env("EVOKU_CDCL_KEEP_LBD") {
        config.keep_lbd = k.parse().expect("EVOKU_CDCL_KEEP_LBD: an LBD");
    }
    if let Some(t) = env("EVOKU_CDCL_VIVIFY") {
        config.vivify = t.parse().expect("EVOKU_CDCL_VIVIFY: percent");
    }
    config
}

/// `INTERVAL[:GROWTH[:CYCLE]]`.
fn rephase(text: &str) -> Rephase {
    let usage = "EVOKU_CDCL_REPHASE: INTERVAL[:const|arith|geom[:cadical|best|bo]]";
    let mut parts = text.split(':');
    let interval = parts.next().and_then(|i| i.parse().ok()).expect(usage);
    let growth = match parts.next().unwrap_or("arith") {
        "const" => Growth::Constant,
        "arith" => Growth::Arithmetic,
        "geom" => Growth::Geometric,
        _ => panic!("{usage}"),
    };
    let cycle = match parts.next().unwrap_or("cadical") {
        "cadical" => Cycle::Cadical,
        "best" => Cycle::Best,
        "bo" => Cycle::BestOriginal,
        _ => panic!("{usage}"),
    };
    Rephase {
        interval,
        growth,
        cycle,
    }
}

fn main() -> Result<(), evoku::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [budget, files @ ..] = &args[..] else {
        eprintln!("usage: cdcl BUDGET FILE...");
        std::process::exit(2);
    };
    let budget: u64 = budget.parse().expect("BUDGET: a number of conflicts");
    let seed: u64 = env("EVOKU_SEED").map_or(1, |v| v.parse().expect("EVOKU_SEED"));
    let stream: u32 = env("EVOKU_CDCL_STREAM").map_or(0, |v| v.parse().expect("stream"));
    let config = config();
    println!("# {config:?} seed {seed} stream {stream} budget {budget}");
    for file in files {
        let (puzzles, _) = read_puzzles(file, &ParseOptions::default())?;
        let puzzle = &puzzles[0];
        let start = cpu_seconds();
        let mut cdcl = Cdcl::new(&puzzle.grid, config.clone(), seed, stream);
        let (vars, (bins, longs)) = (cdcl.variables(), cdcl.clause_counts());
        let outcome = cdcl.run(budget);
        let s = cdcl.stats();
        let w = cdcl.walk_stats();
        println!(
            "{} vars {vars} bin {bins} long {longs} {} conflicts {} props {} decisions {} restarts {} \
             vivified {} vprops {} walks {} flips {} last-best {} walk-solved {} shrunk {} binmin {} cpu {:.2} s",
            puzzle.name,
            match outcome {
                Outcome::Solved(_) => "solved",
                Outcome::Unsat => "unsat",
                Outcome::Budget => "open",
                Outcome::Abandoned => "abandoned (a bug)",
            },
            s.conflicts,
            s.propagations,
            s.decisions,
            s.restarts,
            s.vivified,
            s.vivify_propagations,
            w.walks,
            w.flips,
            w.last_best,
            w.solutions,
            s.shrunk,
            s.bin_minimized,
            cpu_seconds() - start
        );
    }
    Ok(())
}
