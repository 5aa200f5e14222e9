//! Fuzzing the command line: arbitrary combinations of every command's options go through clap
//! and the checks that run before any work (value parsers, GA and ACS settings, export pairs);
//! each must be accepted or refused with a message, never panic. No work is started.
//!
//! `cargo test --bin evoku fuzz` tries a few hundred cases; `EVOKU_FUZZ_CASES=N` sets the count
//! for a long run (see docs/results/faults.md#faults-time-limits-signals-fuzzing).

use clap::{ArgAction, Args, CommandFactory, Parser};
use proptest::prelude::*;

use super::engine_args::EngineArgs;

/// Every command and every long option of the real command line, read from clap (so a new
/// option is fuzzed without being listed here): (commands, (option, values it takes)).
fn grammar() -> (Vec<String>, Vec<(String, usize)>) {
    let cli = super::Cli::command();
    let commands = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    let mut options: Vec<(String, usize)> = cli
        .get_subcommands()
        .flat_map(|c| c.get_arguments())
        .filter_map(|arg| {
            let long = arg.get_long()?;
            let takes = matches!(arg.get_action(), ArgAction::Set | ArgAction::Append);
            let values = match (takes, arg.get_num_args()) {
                (false, _) => 0,
                (true, Some(range)) => range.min_values().max(1),
                (true, None) => 1,
            };
            Some((format!("--{long}"), values))
        })
        .collect();
    options.sort();
    options.dedup();
    (commands, options)
}

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
    let (commands, options) = grammar();
    let option = (prop::sample::select(options), value(), value());
    (
        prop::sample::select(commands),
        prop::collection::vec(option, 0..8),
        prop::collection::vec(value(), 0..3),
    )
        .prop_map(|(command, options, positional)| {
            let mut args = vec!["evoku".to_string(), command];
            for ((name, values), first, second) in options {
                args.push(name);
                if values >= 1 {
                    args.push(first);
                }
                if values >= 2 {
                    args.push(second);
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
    engine: EngineArgs,
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
    let config = shared.engine.ga.config();
    let _ = config.validate();
    let _ = shared.engine.aco.config(config.seed).validate();
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

#[test]
fn the_grammar_holds_every_command_and_option() {
    let (commands, options) = grammar();
    for command in ["solve", "suite", "generate", "play", "player"] {
        assert!(commands.iter().any(|c| c == command), "{command}");
    }
    let takes = |name: &str| options.iter().find(|(o, _)| o == name).map(|&(_, n)| n);
    assert_eq!(takes("--time-limit"), Some(1));
    assert_eq!(takes("--export"), Some(2));
    assert_eq!(takes("--json"), Some(0));
    assert_eq!(takes("--fill"), Some(1));
}
