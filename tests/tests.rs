//! All integration tests, built as one binary (ripgrep's layout). Each module covers one area.

mod util;

mod aco;
mod cli;
mod exact;
mod formats;
mod ga;
mod generate;
mod gpu;
mod measure;
mod play;
mod rate;
