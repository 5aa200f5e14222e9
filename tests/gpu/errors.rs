//! Errors.

use super::*;

#[test]
fn a_population_too_large_for_the_adapter_is_a_clear_error() {
    let Some(ctx) = gpu() else { return };
    let problem = Problem::new(&seed_puzzle("ai-escargot"), InitKind::Random, false).unwrap();
    let config = config(Preset::Paper, |c| {
        c.population = 1 << 20;
        c.islands = 1 << 16;
    });
    match GpuEngine::new(&ctx, problem, &config) {
        Err(Error::Gpu { message, .. }) => {
            assert!(
                message.contains("lower --population or --islands"),
                "{message}"
            )
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(_) => panic!("2^36 individuals fitted the adapter"),
    }
}

/// lavapipe cuts loops short silently; a run that could hit that is refused instead.
#[test]
fn a_run_beyond_the_software_loop_limit_is_refused() {
    let Some(ctx) = gpu() else { return };
    let config = config(Preset::Default, |c| {
        c.population = 4;
        c.islands = 1;
        c.crossover = CrossoverKind::MultiParent;
        // A mutation chance per box too: since the kept line masks a variant costs two passes
        // over a box, no longer two over the lines, and local search 64 alone fits (43,271
        // iterations).
        c.local_search = 64;
        c.mutation_scope = evoku::ga::MutationScope::Box;
        c.presolve = false;
    });
    let grid = Grid::empty(Geometry::new(8).unwrap());
    let problem = Problem::new(&grid, InitKind::Random, false).unwrap();
    let params = evoku::ga::Params::new(&problem, &config);
    let iterations = evoku::ga::gpu::loop_bound(&params);
    assert!(
        iterations > evoku::gpu::SOFTWARE_LOOP_BUDGET,
        "{iterations}"
    );
    if !ctx.is_software() {
        return;
    }
    match GpuEngine::new(&ctx, problem, &config) {
        Err(Error::Gpu {
            message,
            adapter,
            stage,
        }) => {
            assert!(message.contains("--local-search"), "{message}");
            assert_eq!(adapter, Some(ctx.describe()));
            assert_eq!(stage, "check the loop budget");
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(_) => panic!(
            "64x64 with local search 64 and box-scope mutation accepted on {}",
            ctx.describe()
        ),
    }
}

/// The walk preset's 50 box assignments per generation exceed the software limit at 25x25;
/// the refusal says how many would fit (more than the 2 of a board whose boxes are all free:
/// the bound counts the fullest box's free cells), that many is then accepted and one more is
/// refused.
#[test]
fn a_walk_beyond_the_software_loop_limit_says_how_many_steps_fit() {
    let Some(ctx) = gpu() else { return };
    if !ctx.is_software() {
        return;
    }
    let grid = lloyd_amos("inst25x25_45_0.txt");
    let mut config = GaConfig::preset(Preset::Walk);
    let problem = Problem::for_config(&grid, &config).unwrap();
    let fitting = match GpuEngine::new(&ctx, problem.clone(), &config) {
        Err(Error::Gpu { message, .. }) => {
            let (_, after) = message.split_once("(--assign-steps ").expect(&message);
            let (steps, rest) = after.split_once(' ').expect(&message);
            assert!(rest.starts_with("would fit"), "{message}");
            steps.parse::<u32>().expect(&message)
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(_) => panic!("25x25 with 50 assignments accepted on {}", ctx.describe()),
    };
    assert!((3..50).contains(&fitting), "{fitting}");
    config.assign_steps = fitting;
    assert!(GpuEngine::new(&ctx, problem.clone(), &config).is_ok());
    config.assign_steps = fitting + 1;
    assert!(GpuEngine::new(&ctx, problem, &config).is_err());
}

#[test]
fn an_unknown_adapter_name_is_a_clear_error() {
    if gpu().is_none() {
        return;
    }
    let options = GpuOptions {
        adapter_name: Some("no such adapter 7f3a".into()),
        backends: None,
    };
    match GpuContext::new(&options) {
        Err(Error::Gpu {
            message,
            adapter,
            stage,
        }) => {
            assert!(message.contains("no such adapter 7f3a"), "{message}");
            assert_eq!(adapter, None, "no adapter was chosen");
            assert_eq!(stage, "choose an adapter");
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(ctx) => panic!("picked {}", ctx.describe()),
    }
}

#[test]
fn adapters_are_listed_with_their_limits() {
    let Some(ctx) = gpu() else { return };
    let adapters = evoku::gpu::list_adapters().expect("WGPU_BACKEND names a backend");
    let ours = adapters
        .iter()
        .find(|a| a.name == ctx.info.name)
        .unwrap_or_else(|| panic!("{} missing from {adapters:?}", ctx.info.name));
    assert!(ours.max_storage_buffer_binding_size > 0);
    assert_eq!(
        ours.max_compute_workgroup_storage_size,
        ctx.limits.max_compute_workgroup_storage_size
    );
    assert!(ours.max_compute_workgroups_per_dimension >= 65535);
    assert_eq!(ours.software, evoku::gpu::is_software(&ctx.info));
}
