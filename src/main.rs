//! The `evoku` command line: parses arguments into a validated config and prints what the
//! library returns. Exit codes: 0 every puzzle solved, 1 some not solved, 2 an error.
//!
//! Logging: without `RUST_LOG`, only evoku's own warnings and errors are shown, as plain
//! `evoku: warning: ...` lines; `RUST_LOG` (e.g. `RUST_LOG=info`, `RUST_LOG=wgpu_hal=debug`)
//! replaces that filter and prints env_logger's usual timestamped lines.

mod cli;
mod progress;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    quiet_gpu_drivers();
    init_logging();
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("evoku: error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Mesa's Vulkan drivers (lavapipe included) look for a Wayland display when probed and print
/// "XDG_RUNTIME_DIR is invalid or not set" to stderr when the variable is missing, as on servers
/// and in containers. evoku draws nothing, so any absolute directory will do: the system's
/// temporary one. Called first in `main`, before any thread exists (setting the environment is
/// only sound then).
fn quiet_gpu_drivers() {
    let valid =
        std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| std::path::Path::new(&d).is_absolute());
    if !valid {
        std::env::set_var("XDG_RUNTIME_DIR", std::env::temp_dir());
    }
}

fn init_logging() {
    if std::env::var_os("RUST_LOG").is_some() {
        env_logger::Builder::from_default_env().init();
        return;
    }
    env_logger::Builder::new()
        .filter_level(log::LevelFilter::Off)
        .filter_module("evoku", log::LevelFilter::Warn)
        .format(|buf, record| {
            let level = match record.level() {
                log::Level::Error => "error",
                log::Level::Warn => "warning",
                log::Level::Info => "note",
                log::Level::Debug | log::Level::Trace => "debug",
            };
            writeln!(buf, "evoku: {level}: {}", record.args())
        })
        .init();
}
