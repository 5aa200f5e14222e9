//! The `evoku` command line: parses arguments into a validated config and prints what the
//! library returns. Exit codes: 0 every puzzle solved, 1 some not solved, 2 an error, 130
//! stopped by SIGINT or SIGTERM (what was done so far is printed and exported).
//!
//! Logging: without `RUST_LOG`, only evoku's own warnings and errors are shown, as plain
//! `evoku: warning: ...` lines; `RUST_LOG` (e.g. `RUST_LOG=info`, `RUST_LOG=wgpu_hal=debug`)
//! replaces that filter and prints env_logger's usual lines (level and module; no timestamps,
//! and a filter's `/pattern` is a plain substring, not a regular expression).

use evoku_cli::cli;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_gpu_drivers();
    init_logging();
    quiet_broken_pipe();
    // rayon's global pool (the engines' threads when `--threads` is not given) with a main
    // thread's stack, as every thread evoku starts itself; it fails only if already built.
    let _ = rayon::ThreadPoolBuilder::new()
        .stack_size(evoku::threads::STACK)
        .build_global();
    // The first SIGINT or SIGTERM asks every loop to stop and keep its work; a second one ends
    // the process at once, for when the first is not enough.
    let handler = ctrlc::set_handler(|| {
        if evoku::stop::requested() {
            std::process::exit(evoku::stop::EXIT_INTERRUPTED.into());
        }
        evoku::stop::request();
    });
    if let Err(e) = handler {
        log::warn!("cannot catch SIGINT and SIGTERM ({e}); Ctrl-C will end evoku at once");
    }
    let args = match cli::parse(std::env::args_os()) {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    match cli::run(args) {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("evoku: error: {error:#}");
            // Work a signal cut short ends as interrupted, not as a failure.
            if evoku::stop::requested() {
                return ExitCode::from(evoku::stop::EXIT_INTERRUPTED);
            }
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

/// Restores the default SIGPIPE action, which Rust ignores: a reader that goes away (`| head`)
/// then ends the process quietly, as it does any Unix tool, instead of an error or a panic in
/// `print!`.
fn quiet_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: called once at start, before any thread is spawned; SIG_DFL is a valid action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Whether `error` is a write to a closed pipe (where SIGPIPE cannot end the process).
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
