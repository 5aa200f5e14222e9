//! Tests: complete grids by the GA (`evoku generate --complete --method ga`): valid, repeatable,
//! and the same on the GPU as on the CPU.

use evoku::board::{Geometry, Grid};
use evoku::device::Device;
use evoku::ga::{GaConfig, Preset};
use evoku::ga_grids::{ga_grids, GaGridOptions};

fn options(side: usize, seed: u64, device: Device) -> GaGridOptions {
    let mut config = GaConfig::preset(Preset::Walk);
    config.assign_noise = 500;
    config.max_generations = 20_000;
    GaGridOptions {
        geometry: Geometry::from_side(side).unwrap(),
        config,
        device,
        seed,
        max_attempts: 10,
    }
}

fn grids(options: &GaGridOptions, count: usize) -> Vec<Grid> {
    let made = ga_grids(options, count, &|_| {}).unwrap();
    assert_eq!(made.len(), count);
    made.into_iter().map(|g| g.grid).collect()
}

fn assert_valid_and_distinct(grids: &[Grid]) {
    for (i, g) in grids.iter().enumerate() {
        assert!(g.is_complete(), "{g}");
        assert!(g.first_clash().is_none(), "{g}");
        assert!(grids[i + 1..].iter().all(|h| h != g), "duplicate {g}");
    }
}

fn in_pool<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(work)
}

#[test]
fn ga_grids_are_valid_and_the_same_for_the_same_seed() {
    let nine = options(9, 3, Device::Cpu);
    let one = in_pool(1, || grids(&nine, 6));
    assert_valid_and_distinct(&one);
    assert_eq!(
        in_pool(2, || grids(&nine, 6)),
        one,
        "threads changed the grids"
    );
    assert_ne!(grids(&options(9, 4, Device::Cpu), 1)[0], one[0]);
    let sixteen = grids(&options(16, 3, Device::Cpu), 2);
    assert_valid_and_distinct(&sixteen);
    // 4x4 has 288 grids: asking for all of them finds distinct ones only.
    assert_valid_and_distinct(&grids(&options(4, 1, Device::Cpu), 40));
}

#[test]
fn ga_grids_on_the_gpu_are_the_cpu_grids() {
    let Some(gpu) = crate::gpu::gpu() else {
        return;
    };
    let device = Device::Gpu(gpu.arc());
    let four = grids(&options(4, 4, device.clone()), 3);
    assert_eq!(four, grids(&options(4, 4, Device::Cpu), 3));
    // lavapipe's loop budget: fewer box assignments per generation at 9x9 (the engine asks).
    let nine = |device| {
        let mut o = options(9, 4, device);
        o.config.assign_steps = 15;
        grids(&o, 1)
    };
    let on_gpu = nine(device);
    assert_valid_and_distinct(&on_gpu);
    assert_eq!(on_gpu, nine(Device::Cpu));
}

#[test]
fn generate_complete_method_ga_prints_the_same_valid_grids() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_evoku"))
            .args([
                "generate",
                "--complete",
                "--method",
                "ga",
                "--backend",
                "cpu",
            ])
            .args(["--size", "9", "--count", "3", "--seed", "5", "--quiet"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run();
    let parsed: Vec<Grid> = text
        .lines()
        .map(|l| evoku::format::parse_one(l, &Default::default()).unwrap())
        .collect();
    assert_eq!(parsed.len(), 3);
    assert_valid_and_distinct(&parsed);
    assert_eq!(run(), text);
}
