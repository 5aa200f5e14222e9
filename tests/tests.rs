//! All integration tests, built as one binary (ripgrep's layout). Each module covers one area.

mod util;

mod cli;
mod exact;
mod formats;
mod ga;
mod gpu;
