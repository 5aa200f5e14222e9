//! Where `--backend auto` runs a solve: the device only where it helps the algorithm asked for.
//!
//! Measured on a hardware GPU (an NVIDIA H200; docs/results/gpu.md, "Solving on a hardware GPU"):
//! the default solver (the portfolio) was slower with its ACS and walk on the GPU than with every
//! member on the host's 16 CPU cores at every board size measured: about 4x at 16x16, even at
//! 25x25 (median 0.38 s both at 45 %), 5-15x at 36x36, where the CPU's exact member does the
//! solving and waits for the GPU members' turns. So `auto` runs the default solver on the CPU,
//! and the GA and the ACS alone (whose raw throughput on a GPU is 7-14x the CPU engine's) on a
//! hardware GPU when there is one. `--backend gpu` still runs every GPU member on the GPU.

use crate::device::{Backend, Device};
use crate::error::Result;
use crate::solve::Algorithm;

/// The device `backend` and `adapter` name for a solve by `algorithm`, and, for `auto`, one line
/// saying what was chosen and why. The exact solver runs on the CPU whatever is asked.
pub fn choose_device(
    backend: Backend,
    adapter: Option<&str>,
    algorithm: Algorithm,
) -> Result<(Device, Option<String>)> {
    match (algorithm, backend) {
        (Algorithm::Exact, _) => Ok((Device::Cpu, None)),
        (Algorithm::Auto, Backend::Auto) if adapter.is_none() => Ok((
            Device::Cpu,
            Some(
                "running on the CPU engine: the default solver measured faster on the CPU than \
                 with its ACS and walk on a GPU at every board size (--backend gpu runs them \
                 there anyway)"
                    .to_string(),
            ),
        )),
        _ => Device::choose(backend, adapter),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_runs_the_default_solver_and_the_exact_solver_on_the_cpu() {
        for algorithm in [Algorithm::Auto, Algorithm::Exact] {
            let (device, note) = choose_device(Backend::Auto, None, algorithm).unwrap();
            assert!(matches!(device, Device::Cpu), "{algorithm:?}");
            assert_eq!(note.is_some(), algorithm == Algorithm::Auto);
        }
        let (device, note) = choose_device(Backend::Gpu, None, Algorithm::Exact).unwrap();
        assert!(matches!(device, Device::Cpu) && note.is_none());
    }

    #[test]
    fn cpu_is_taken_as_asked_for_every_algorithm() {
        for algorithm in [
            Algorithm::Auto,
            Algorithm::Ga,
            Algorithm::Aco,
            Algorithm::Exact,
        ] {
            let (device, _) = choose_device(Backend::Cpu, None, algorithm).unwrap();
            assert!(matches!(device, Device::Cpu), "{algorithm:?}");
        }
    }
}
