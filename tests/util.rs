//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;

/// The environment variable naming the folder of the big benchmark sets (`lloyd-amos/general`
/// with all 6,300 instances, `nine/seventeen-clue.txt`, ...), laid out as `tests/data` is.
pub const BENCHMARKS_VAR: &str = evoku_cli::suite::BENCHMARKS_VAR;

/// Path of a file under `tests/data`, the small sets the repository carries (see its README).
pub fn data(relative: &str) -> PathBuf {
    repo("tests/data").join(relative)
}

/// A Lloyd & Amos instance carried in `tests/data/lloyd-amos/general`, e.g. `inst16x16_45_0.txt`.
pub fn lloyd_amos(name: &str) -> PathBuf {
    data("lloyd-amos/general").join(name)
}

/// The folder of the big benchmark sets from `EVOKU_BENCHMARKS`, or `None` after printing
/// `SKIPPED: <test>: ...` on stderr when the variable is not set (a clone does not carry them).
pub fn benchmarks(test: &str) -> Option<PathBuf> {
    match std::env::var_os(BENCHMARKS_VAR) {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            assert!(
                dir.is_dir(),
                "{BENCHMARKS_VAR}={} is not a folder",
                dir.display()
            );
            Some(dir)
        }
        _ => {
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED: {test}: needs the full benchmark sets; set {BENCHMARKS_VAR}=/path/to/benchmarks"
            );
            None
        }
    }
}

/// Path of a file under the repository.
pub fn repo(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Parses and validates WGSL `source` with naga; panics with the rendered error.
pub fn validate_wgsl(label: &str, source: &str) -> naga::Module {
    let module = naga::front::wgsl::parse_str(source)
        .unwrap_or_else(|e| panic!("{label}: {}", e.emit_to_string(source)));
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::default(),
    )
    .validate(&module)
    .unwrap_or_else(|e| panic!("{label}: {}", e.emit_to_string(source)));
    module
}

/// Whether `stderr` (of an evoku command run on a GPU) says no GPU adapter was found while none
/// is required (`EVOKU_REQUIRE_GPU` unset): the test is then skipped, and says so.
pub fn skipped_without_gpu(stderr: &str) -> bool {
    let skip = stderr.contains("no GPU adapter") && std::env::var_os("EVOKU_REQUIRE_GPU").is_none();
    if skip {
        eprintln!("skipped: no GPU adapter (set EVOKU_REQUIRE_GPU=1 to fail instead)");
    }
    skip
}
