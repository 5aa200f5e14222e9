//! All integration tests, built as one binary (ripgrep's layout). Each module covers one area.

mod util;

mod aco;
mod cli;
mod default_solver;
mod exact;
mod faults;
mod formats;
mod fuzz;
mod ga;
mod ga_grids;
mod generate;
mod gpu;
mod gpu_row;
mod instances;
mod measure;
mod output;
mod play;
mod rate;
mod row_ga;
