//! The `evoku` command line: parses arguments into a validated config and prints what the
//! library returns. Exit codes: 0 every puzzle solved, 1 some not solved, 2 an error.

mod cli;
mod progress;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn,evoku=info"))
        .init();
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("evoku: error: {error:#}");
            ExitCode::from(2)
        }
    }
}
