//! Stage-by-stage parity: the harness (`parity`, `compare`), 9x9 and an island that solves.

use super::*;

/// How long a parity run waits for one read-back before it fails: long enough for the
/// largest boards on a slow software adapter, short of hanging the test run.
const PARITY_GPU_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(900);

/// Panics at the first difference, naming island, slot and position.
pub(crate) fn same(
    what: &str,
    step: &str,
    per_individual: usize,
    population: u32,
    cpu: &[u32],
    gpu: &[u32],
) {
    assert_eq!(cpu.len(), gpu.len(), "{what} lengths {step}");
    if let Some(k) = (0..cpu.len()).find(|&k| cpu[k] != gpu[k]) {
        let individual = k / per_individual;
        panic!(
            "{what} differ {step}: island {} slot {} word {}: cpu {:#x}, gpu {:#x}",
            individual / population as usize,
            individual % population as usize,
            k % per_individual,
            cpu[k],
            gpu[k]
        );
    }
}

pub(crate) fn compare(label: &str, step: &str, cpu: &CpuEngine, gpu: &GpuEngine) {
    let step = format!("{label} {step}");
    let words = cpu.params().genome_words as usize;
    let population = cpu.params().population;
    same(
        "genomes",
        &step,
        words,
        population,
        &cpu.population_words(),
        &gpu.population_words().unwrap(),
    );
    same(
        "penalties",
        &step,
        1,
        population,
        &cpu.penalties(),
        &gpu.penalties().unwrap(),
    );
    same(
        "ages",
        &step,
        1,
        population,
        &cpu.ages(),
        &gpu.ages().unwrap(),
    );
    let (cs, gs) = (cpu.island_states(), gpu.island_states().unwrap());
    assert_eq!(cs.len(), gs.len(), "island count {step}");
    for (i, (c, g)) in cs.iter().zip(&gs).enumerate() {
        assert_eq!(c, g, "island {i} state differs {step}");
    }
}

/// Totals over the cases of one test, to check the rare paths really ran.
#[derive(Default, Debug)]
pub(crate) struct Seen {
    pub(crate) restarts: u32,
    pub(crate) solved: u32,
    /// Generation at which each solved island solved.
    pub(crate) solved_at: Vec<u32>,
    /// The last island states (the CPU's, equal to the GPU's).
    pub(crate) states: Vec<Island>,
}

/// Builds both engines on `grid` with `config` and compares every buffer after init and after
/// each of `generations` single generations, then the overall-best genomes.
pub(crate) fn parity(
    label: &str,
    ctx: &GpuContext,
    grid: &Grid,
    config: &GaConfig,
    generations: u32,
) -> Seen {
    let problem = Problem::for_config(grid, config).expect("solvable");
    let mut cpu = CpuEngine::new(problem.clone(), config, Some(1)).unwrap();
    // Both breeding kernels, each against the CPU.
    let mut gpus = [BreedKernel::Narrow, BreedKernel::Wide].map(|kernel| {
        let mut gpu =
            GpuEngine::new(ctx, problem.clone(), config).unwrap_or_else(|e| panic!("{label}: {e}"));
        gpu.set_breed_kernel(kernel)
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        // Parity is about results, not speed: on a loaded 2-core machine one 64x64 generation
        // on lavapipe (its first compiles the pipeline) once took past the default 120 s.
        gpu.set_timeout(PARITY_GPU_TIMEOUT);
        (format!("{label} ({kernel:?} breed)"), gpu)
    });
    for (label, gpu) in &gpus {
        compare(label, "after init", &cpu, gpu);
    }
    for generation in 1..=generations {
        cpu.step(1).unwrap();
        for (label, gpu) in &mut gpus {
            gpu.step(1).unwrap();
            compare(label, &format!("after generation {generation}"), &cpu, gpu);
        }
    }
    for (label, gpu) in &mut gpus {
        for island in 0..config.islands {
            assert_eq!(
                cpu.overall_best(island).unwrap(),
                gpu.overall_best(island).unwrap(),
                "{label}: overall best of island {island}"
            );
        }
    }
    let states: Vec<Island> = cpu.island_states();
    Seen {
        restarts: states.iter().map(|s| s.restarts).sum(),
        solved: states.iter().filter(|s| s.solved != 0).count() as u32,
        solved_at: states
            .iter()
            .filter(|s| s.solved != 0)
            .map(|s| s.generation)
            .collect(),
        states,
    }
}

#[test]
fn gpu_stages_match_the_cpu_on_9x9() {
    let Some(ctx) = gpu() else { return };
    let escargot = seed_puzzle("ai-escargot");
    let cases = [
        (
            "paper, band + swap",
            config(Preset::Paper, |c| {
                c.population = 30;
                c.islands = 2;
                c.mutation = MutationKind::Swap;
                c.seed = 1;
            }),
        ),
        (
            "default, band + directed + local search, aging, restarts, migration",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 3;
                c.aging = true;
                c.restart_after = 2;
                c.restart_keep = 3;
                c.migration = 2;
                c.seed = 2;
            }),
        ),
        (
            "uniform + swap + local search, random init, no presolve",
            config(Preset::Default, |c| {
                c.population = 25;
                c.islands = 2;
                c.elites = 1;
                c.crossover = CrossoverKind::Uniform;
                c.crossover_rate = 0.8;
                c.mutation = MutationKind::Swap;
                c.local_search = 3;
                c.init = InitKind::Random;
                c.presolve = false;
                c.migration = 2;
                c.restart_after = 3;
                c.restart_keep = 1;
                c.seed = 3;
            }),
        ),
        (
            "multi-parent + directed, aging, restarts",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 4;
                c.crossover = CrossoverKind::MultiParent;
                c.crossover_rate = 0.7;
                c.aging = true;
                c.restart_after = 2;
                c.restart_keep = 2;
                c.migration = 2;
                c.seed = 4;
            }),
        ),
        (
            "no crossover, directed, 4 elites, tournament 5, candidates without presolve",
            config(Preset::Default, |c| {
                c.population = 21;
                c.islands = 1;
                c.elites = 4;
                c.tournament = 5;
                c.crossover = CrossoverKind::None;
                c.local_search = 0;
                c.presolve = false;
                c.seed = 5;
            }),
        ),
        (
            "band + candidate + local search, presolve, restarts, migration",
            config(Preset::Default, |c| {
                c.population = 24;
                c.islands = 3;
                c.mutation = MutationKind::Candidate;
                c.mutation_rate = 0.8;
                c.restart_after = 2;
                c.restart_keep = 2;
                c.migration = 2;
                c.seed = 6;
            }),
        ),
        (
            "uniform + candidate + local search, candidates without presolve",
            config(Preset::Default, |c| {
                c.population = 22;
                c.islands = 2;
                c.crossover = CrossoverKind::Uniform;
                c.crossover_rate = 0.6;
                c.mutation = MutationKind::Candidate;
                c.local_search = 5;
                c.presolve = false;
                c.seed = 7;
            }),
        ),
        (
            "box assignment 6 steps + band + directed + local search 2, presolve, restarts",
            config(Preset::Default, |c| {
                c.population = 20;
                c.islands = 2;
                c.assign_steps = 6;
                c.local_search = 2;
                c.restart_after = 3;
                c.seed = 8;
            }),
        ),
        (
            "box assignment 3 steps alone, noise 300, random init without presolve",
            config(Preset::Paper, |c| {
                c.population = 4;
                c.islands = 2;
                c.elites = 0;
                c.tournament = 1;
                c.crossover_rate = 0.0;
                c.mutation_rate = 0.0;
                c.assign_steps = 3;
                c.assign_noise = 300;
                c.seed = 9;
            }),
        ),
    ];
    let mut seen = Seen::default();
    for (label, config) in &cases {
        seen.restarts += parity(label, &ctx, &escargot, config, 10).restarts;
    }
    assert!(seen.restarts > 0, "no case restarted an island: {seen:?}");
}

/// A solved island keeps its population while the others breed on (and, as on the CPU, hands
/// out migrants on island 0's schedule).
#[test]
fn gpu_stages_match_the_cpu_after_an_island_solves() {
    let Some(ctx) = gpu() else { return };
    let config = config(Preset::Default, |c| {
        c.population = 30;
        c.islands = 3;
        c.presolve = false;
        c.restart_after = 15;
        c.restart_keep = 2;
        c.migration = 5;
        c.seed = 6;
    });
    let generations = 13;
    let seen = parity(
        "easy, islands solving",
        &ctx,
        &easy_puzzle(0),
        &config,
        generations,
    );
    assert!(
        seen.solved_at.iter().any(|&g| g < generations) && seen.solved < config.islands,
        "want islands solved before the end and islands still unsolved: {seen:?}"
    );
}
