//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// Path of a file under `../shared` (the data folder that sits beside the repository).
pub fn shared(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(relative)
}

/// Path of a file under the repository.
pub fn repo(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}
