//! The large-board exact member of the default solver (36x36 and up,
//! [`evoku::portfolio::restarts::RestartsMember`]) alone, round after round with no clock: the
//! rounds and work it takes to solve are a pure function of the puzzle, settings and seed, so
//! this screens the member's settings free of the machine's load (docs/results/large-boards.md#large-boards, "Large
//! boards", "A mixed portfolio of CDCL streams").
//!
//! `cargo run --release --example exact_member -- ROUNDS FILE...`
//! `EVOKU_SEED` (1, the CLI's default) keys the member. `EVOKU_STREAM0`, `EVOKU_STREAM1`: a
//! stream's engine, the member's default when unset: `tree` (restarted tree searches) or the
//! CDCL with settings joined by `+`, each changing [`Config::default`]: `default`, `walk`
//! ([`Walk::SCREENED`]), `walk-flips:N` and `walk-interval:N` (those walks with N flips per
//! clause, or N conflicts before the first), `walk-bump:X` (those walks with conflict-frequency
//! bumps of X), `vivify:P` (vivification effort, percent),
//! `tiers`, `shrink` (shrinking of learned clauses), `binmin` (binary minimisation), `groups` (decisions in the smallest group), `bump:0|1` (reason-side bumping), `branch:evsids|chb|lrb`
//! (the decision order), `chb:0|1` (CHB or EVSIDS),
//! `seg:0|1` (segment variables), `decay:X`, `rephase-best` (best-only rephasing every 1,000
//! conflicts, arithmetic, the target reset at each rephase), `random:P` (share of random
//! decisions), `phase:false|true|random`,
//! `luby:UNIT`, `keep:LBD` (learned clauses of at most this LBD kept for ever). `EVOKU_STREAMS`: how many streams (2; past two they alternate the two
//! streams' settings, `EVOKU_STREAMn` overriding stream n). `EVOKU_SHARE`: `0` (no sharing), `1` (the default
//! limits) or `LBD:LEN` (long clauses of at most this LBD and length). Runs the streams on two
//! threads (`EVOKU_THREADS` for another number). `EVOKU_ROUND_CONFLICTS`: each CDCL stream's
//! conflicts per round times the cells (default `EXACT_CDCL_CONFLICTS_PER_ROUND`). Prints the settings (again when a file's board size changes them), then one line
//! per file: name, solved / no-solution / open, rounds, work (conflicts and nodes), wall
//! seconds.

use evoku::exact::cdcl::{
    Branching, Config, Cycle, Growth, Phase, Rephase, Restarts, ShareLimits, TargetReset, Walk,
};
use evoku::format::{read_puzzles, ParseOptions};
use evoku::portfolio::member::Member;
use evoku::portfolio::restarts::{ExactSettings, RestartsMember, EXACT_STREAMS};

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

fn fail(message: &str) -> ! {
    eprintln!("exact_member: {message}");
    std::process::exit(2);
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> T {
    text.parse()
        .unwrap_or_else(|_| fail(&format!("{what}: not a number: {text}")))
}

/// A `NAME:0|1` setting's value.
fn switch(name: &str, value: &str, var: &str) -> bool {
    match value {
        "0" => false,
        "1" => true,
        _ => fail(&format!("{var}: {name}:0|1, not {name}:{value}")),
    }
}

/// One stream's engine from its setting names (`None`: the tree searches).
fn stream(text: &str, var: &str) -> Option<Config> {
    if text == "tree" {
        return None;
    }
    let mut config = Config::default();
    for item in text.split('+') {
        let (name, value) = item.split_once(':').unwrap_or((item, ""));
        match name {
            "default" => {}
            "walk" => config.walk = Walk::SCREENED,
            // The screened walks with other flips per clause, or another interval.
            "walk-flips" => {
                config.walk = Walk {
                    flips_per_clause: number(value, var),
                    ..Walk::SCREENED
                }
            }
            "walk-interval" => {
                config.walk = Walk {
                    interval: number(value, var),
                    ..Walk::SCREENED
                }
            }
            "walk-bump" => {
                config.walk = Walk {
                    bump: number(value, var),
                    ..Walk::SCREENED
                }
            }
            "vivify" => config.vivify = number(value, var),
            "tiers" => config.tiers = true,
            "shrink" => config.shrink = true,
            "binmin" => config.bin_minimize = true,
            "groups" => config.group_decisions = true,
            "branch" => {
                config.branching = value
                    .parse()
                    .unwrap_or_else(|e| fail(&format!("{var}: branch:NAME: {e}")))
            }
            "chb" => {
                config.branching = if switch(name, value, var) {
                    Branching::Chb
                } else {
                    Branching::Evsids
                }
            }
            "bump" => config.bump_reasons = switch(name, value, var),
            "seg" => config.segments = switch(name, value, var),
            "decay" => config.decay = number(value, var),
            "rephase-best" => {
                config.rephase = Rephase {
                    interval: 1_000,
                    growth: Growth::Arithmetic,
                    cycle: Cycle::Best,
                };
                config.target_reset = TargetReset::Rephase;
            }
            "random" => config.random_decisions = number(value, var),
            "keep" => config.keep_lbd = number(value, var),
            "phase" => {
                config.phase = match value {
                    "false" => Phase::False,
                    "true" => Phase::True,
                    "random" => Phase::Random,
                    _ => fail(&format!("{var}: phase:false|true|random, not {item}")),
                }
            }
            "luby" => {
                config.restarts = Restarts::Luby {
                    unit: number(value, var),
                }
            }
            _ => fail(&format!("{var}: unknown setting {item}")),
        }
    }
    Some(config)
}

fn settings(box_size: usize) -> ExactSettings {
    let streams = env("EVOKU_STREAMS").map_or(EXACT_STREAMS, |v| number(&v, "EVOKU_STREAMS"));
    let mut settings = ExactSettings::with_streams(box_size, streams);
    for (i, slot) in settings.streams.iter_mut().enumerate() {
        let var = format!("EVOKU_STREAM{i}");
        if let Some(text) = env(&var) {
            *slot = stream(&text, &var);
        }
    }
    if let Some(conflicts) = env("EVOKU_ROUND_CONFLICTS") {
        settings.conflicts_per_round = number(&conflicts, "EVOKU_ROUND_CONFLICTS");
    }
    if let Some(share) = env("EVOKU_SHARE") {
        settings.share = match share.as_str() {
            "0" => None,
            "1" => Some(ShareLimits::DEFAULT),
            limits => {
                let (lbd, len) = limits
                    .split_once(':')
                    .unwrap_or_else(|| fail("EVOKU_SHARE: 0, 1 or LBD:LEN"));
                Some(ShareLimits {
                    max_lbd: number(lbd, "EVOKU_SHARE"),
                    max_len: number(len, "EVOKU_SHARE"),
                })
            }
        };
    }
    settings
}

fn main() -> Result<(), evoku::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rounds, files @ ..] = &args[..] else {
        fail("usage: exact_member ROUNDS FILE...");
    };
    let rounds: u32 = number(rounds, "ROUNDS");
    let seed: u64 = env("EVOKU_SEED").map_or(1, |v| number(&v, "EVOKU_SEED"));
    let threads: usize = env("EVOKU_THREADS").map_or(2, |v| number(&v, "EVOKU_THREADS"));
    let mut printed = None;
    for file in files {
        let (puzzles, _) = read_puzzles(file, &ParseOptions::default())?;
        let puzzle = &puzzles[0];
        let settings = settings(puzzle.grid.geometry().box_size());
        if printed.as_ref() != Some(&settings) {
            println!("# seed {seed} {settings:?}");
            printed = Some(settings.clone());
        }
        let start = std::time::Instant::now();
        let mut member =
            RestartsMember::with_settings(&puzzle.grid, seed, Some(threads), &settings);
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
