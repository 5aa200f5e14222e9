//! The counter-based random function shared by the CPU and GPU engines (twin of
//! `crates/evoku/shaders/rng.wgsl`): it lives in `evoku-sat`, whose CDCL draws from it too, and
//! is re-exported here whole, so there is one source of truth.

pub use evoku_sat::rng::*;
