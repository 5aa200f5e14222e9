//! The `evoku` command line: parses arguments into a validated config and prints what the
//! library returns. Exit codes: 0 every puzzle solved, 1 some not solved, 2 an error, 130
//! stopped by SIGINT or SIGTERM (what was done so far is printed and exported).

mod cli;
mod progress;

use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn,evoku=info"))
        .init();
    quiet_broken_pipe();
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
            ExitCode::from(2)
        }
    }
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
