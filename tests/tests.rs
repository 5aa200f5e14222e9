//! All integration tests, built as one binary (ripgrep's layout). Each module covers one area.

mod util;

mod aco;
mod aco_gpu;
mod aco_measure;
mod api;
mod batch;
mod cli;
mod default_solver;
mod exact;
mod faults;
mod formats;
mod fuzz;
mod fuzz_solve;
mod ga;
mod ga_grids;
mod generate;
mod gpu;
mod gpu_row;
mod guide_help;
mod instances;
mod loop_bounds;
mod measure;
mod multi_gpu;
mod multi_gpu_aco;
mod output;
mod parity;
mod play;
mod portfolio_overlap;
mod rate;
mod row_ga;
mod shader_layout;
mod shard;
