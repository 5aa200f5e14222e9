//! Fuzzing the command line: arbitrary combinations of every command's options go through clap
//! and the checks that run before any work (value parsers, GA and ACS settings, export pairs);
//! each must be accepted or refused with a message, never panic. No work is started.
//!
//! `cargo test --bin evoku fuzz` tries a few hundred cases; `EVOKU_FUZZ_CASES=N` sets the count
//! for a long run (see docs/RESULTS.md).

use clap::{Args, Parser};
use proptest::prelude::*;

use super::aco_args::AcoArgs;
use super::device_args::DeviceArgs;
use super::ga_args::GaArgs;

const COMMANDS: [&str; 8] = [
    "solve", "devices", "bench", "paper", "suite", "study", "rate", "generate",
];

/// Every option of every command, by name (a flag takes no value).
const OPTIONS: &[(&str, bool)] = &[
    ("--time-limit", true),
    ("--exact-time-limit", true),
    ("--threads", true),
    ("--backend", true),
    ("--adapter", true),
    ("--algorithm", true),
    ("--preset", true),
    ("--seed", true),
    ("--population", true),
    ("--islands", true),
    ("--elites", true),
    ("--tournament", true),
    ("--crossover", true),
    ("--crossover-rate", true),
    ("--mutation", true),
    ("--mutation-rate", true),
    ("--mutation-scope", true),
    ("--assign-steps", true),
    ("--assign-noise", true),
    ("--local-search", true),
    ("--aging", false),
    ("--no-aging", false),
    ("--restart-after", true),
    ("--restart-keep", true),
    ("--migration", true),
    ("--init", true),
    ("--presolve", false),
    ("--no-presolve", false),
    ("--max-generations", true),
    ("--ants", true),
    ("--q0", true),
    ("--rho", true),
    ("--evaporation", true),
    ("--local-update", true),
    ("--colonies", true),
    ("--stagnation", true),
    ("--exchange", true),
    ("--max-iterations", true),
    ("--format", true),
    ("--symbols", true),
    ("--output", true),
    ("--json", false),
    ("--quiet", false),
    ("--plot", true),
    ("--export", true),
    ("--export-runs", true),
    ("--size", true),
    ("--fill", true),
    ("--per-bucket", true),
    ("--runs", true),
    ("--level", true),
    ("--count", true),
    ("--values", true),
    ("--param", true),
    ("--sizes", true),
    ("--generations", true),
    ("--repetitions", true),
    ("--complete", false),
    ("--symmetric", false),
];

/// Values that sit on the edges of what options accept.
const EDGES: &[&str] = &[
    "-1",
    "0",
    "1",
    "2",
    "-0",
    "0.5",
    "1e30",
    "-1e30",
    "nan",
    "inf",
    "-inf",
    "1e-300",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "65536",
    "1048576",
    "100000",
    "",
    " ",
    "abc",
    "1,2",
    "9,16,25",
    "25x25",
    "json",
    "csv",
    "markdown",
    "gpu",
    "cpu",
    "auto",
    "ga",
    "exact",
    "aco",
    "paper",
    "default",
    "walk",
    "hex",
    "line",
    "grid",
    "-",
    "--",
    "/nonexistent/x",
    "5",
    "1.5",
    "0.99",
    "3",
    "7",
    "64",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(EDGES).prop_map(str::to_string),
        1 => any::<i64>().prop_map(|v| v.to_string()),
        1 => any::<f64>().prop_map(|v| v.to_string()),
        1 => "[ -~]{0,12}",
    ]
}

fn command_line() -> impl Strategy<Value = Vec<String>> {
    let option = (prop::sample::select(OPTIONS), value(), value());
    (
        prop::sample::select(&COMMANDS[..]),
        prop::collection::vec(option, 0..8),
        prop::collection::vec(value(), 0..3),
    )
        .prop_map(|(command, options, positional)| {
            let mut args = vec!["evoku".to_string(), command.to_string()];
            for ((name, takes), first, second) in options {
                args.push(name.to_string());
                if takes {
                    args.push(first);
                    if name.starts_with("--export") {
                        args.push(second);
                    }
                }
            }
            args.extend(positional);
            args
        })
}

/// The options every solving command shares, with the checks `run` makes on them first.
#[derive(Parser, Debug)]
struct Shared {
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    ga: GaArgs,
    #[command(flatten)]
    aco: AcoArgs,
    #[command(flatten)]
    rest: Rest,
}

#[derive(Args, Debug)]
struct Rest {
    #[arg(long, num_args = 2)]
    export: Vec<String>,
    #[arg(long, value_parser = super::values::seconds)]
    time_limit: Option<std::time::Duration>,
}

fn check_shared(args: &[String]) {
    let Ok(shared) = Shared::try_parse_from(args) else {
        return;
    };
    let config = shared.ga.config();
    let _ = config.validate();
    let _ = shared.aco.config(config.seed).validate();
    let _ = evoku::export::parse_exports(&shared.rest.export);
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("EVOKU_FUZZ_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(256),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn options_parse_and_validate_without_panic(args in command_line()) {
        // Every command through the real parser (negative numbers reach the checks).
        let _ = super::parse(&args);
        // The shared options through their checks, as `run` makes them before any work.
        let mut shared = vec!["shared".to_string()];
        shared.extend(args.into_iter().skip(2));
        check_shared(&shared);
    }
}
