//! Whole runs.

use super::*;

/// An engine whose step size is fixed, to show results do not depend on it.
pub(crate) struct Stepped<E>(E, u32);

impl<E: Engine> Engine for Stepped<E> {
    fn step(&mut self, generations: u32) -> evoku::error::Result<()> {
        self.0.step(generations)
    }
    fn islands(&mut self) -> evoku::error::Result<Vec<Island>> {
        self.0.islands()
    }
    fn overall_best(&mut self, island: u32) -> evoku::error::Result<Vec<u8>> {
        self.0.overall_best(island)
    }
    fn population(&self) -> u32 {
        self.0.population()
    }
    fn generations_per_step(&self) -> u32 {
        self.1
    }
}

pub(crate) fn solve(engine: &mut dyn Engine, problem: &Problem, max_generations: u32) -> GaOutcome {
    let limits = RunLimits {
        max_generations,
        time_limit: None,
    };
    run(engine, problem, limits, &mut |_| {}).unwrap()
}

pub(crate) fn same_outcome(label: &str, a: &GaOutcome, b: &GaOutcome) {
    let key = |o: &GaOutcome| {
        (
            o.solved,
            o.generations,
            o.island,
            o.best_penalty,
            o.restarts,
        )
    };
    assert_eq!(
        key(a),
        key(b),
        "{label}: (solved, generations, island, penalty, restarts)"
    );
    assert_eq!(a.best, b.best, "{label}: best grid");
}

#[test]
fn whole_runs_match_the_cpu_and_do_not_depend_on_the_step_size() {
    let Some(ctx) = gpu() else { return };
    // (label, puzzle, config, generation cap, solved within it)
    let mut runs: Vec<(String, Grid, GaConfig, u32, bool)> = Vec::new();
    for (k, seed, solves) in [
        (0, 1u64, true),
        (1, 7, true),
        (3, 2, true),
        (4, 5, true),
        (2, 3, false),
    ] {
        runs.push((
            format!("easy50 #{k} seed {seed}"),
            easy_puzzle(k),
            config(Preset::Default, |c| {
                c.population = 30;
                c.islands = 3;
                c.presolve = false;
                c.restart_after = 15;
                c.restart_keep = 2;
                c.migration = 3;
                c.seed = seed;
            }),
            if solves { 300 } else { 60 },
            solves,
        ));
    }
    runs.push((
        "inst16x16_70_0".into(),
        lloyd_amos("inst16x16_70_0.txt"),
        config(Preset::Default, |c| {
            c.population = 30;
            c.islands = 2;
            c.presolve = false;
            c.seed = 7;
        }),
        300,
        true,
    ));
    for (label, grid, config, max, solves) in &runs {
        let (max, label) = (*max, label.as_str());
        let problem = Problem::for_config(grid, config).unwrap();
        let mut one = Stepped(CpuEngine::new(problem.clone(), config, Some(1)).unwrap(), 1);
        let by_one = solve(&mut one, &problem, max);
        let mut seven = Stepped(CpuEngine::new(problem.clone(), config, Some(1)).unwrap(), 7);
        let by_seven = solve(&mut seven, &problem, max);
        same_outcome(
            &format!("{label}: cpu steps of 1 and 7"),
            &by_one,
            &by_seven,
        );
        let mut gpu = GpuEngine::new(&ctx, problem.clone(), config).unwrap();
        let on_gpu = solve(&mut gpu, &problem, max);
        same_outcome(&format!("{label}: cpu and gpu"), &by_one, &on_gpu);
        let mut gpu = Stepped(GpuEngine::new(&ctx, problem.clone(), config).unwrap(), 5);
        gpu.0.set_generations_per_submit(2);
        let on_gpu_by_five = solve(&mut gpu, &problem, max);
        same_outcome(
            &format!("{label}: gpu steps of 5"),
            &by_one,
            &on_gpu_by_five,
        );
        assert_eq!(
            by_one.solved, *solves,
            "{label}: solved within {max} generations"
        );
        if !solves {
            assert!(
                by_one.restarts > 0,
                "{label}: an unsolved run should restart"
            );
        }
    }
}

/// Generations (and `init`) cut between two pieces of their workgroups (how a stop request or
/// the time limit ends a long generation on a software adapter) and resumed by the next step
/// give the CPU's population bit for bit.
#[test]
fn generations_cut_between_pieces_resume_the_same_run() {
    let Some(ctx) = gpu() else { return };
    let config = config(Preset::Default, |c| {
        // 300 individuals: five workgroups, so a generation has five pieces of one.
        c.population = 100;
        c.islands = 3;
        c.presolve = false;
        c.restart_after = 4;
        c.migration = 3;
        c.seed = 11;
    });
    let problem = Problem::for_config(&lloyd_amos("inst16x16_70_0.txt"), &config).unwrap();
    let mut cpu = CpuEngine::new(problem.clone(), &config, Some(1)).unwrap();
    // Every third check cuts: two pieces run, then the step returns.
    let checks = std::cell::Cell::new(0u32);
    let cut = || {
        checks.set(checks.get() + 1);
        checks.get().is_multiple_of(3)
    };
    let stop = evoku::stop::Stop::after(None);
    let mut gpu = match GpuEngine::new_within(&ctx, problem.clone(), &config, stop) {
        Ok(Some(engine)) => engine,
        _ => panic!("an engine without a deadline is built"),
    };
    gpu.set_groups_per_piece(Some(1));
    let (mut done, mut cut_short) = (0, 0);
    while done < 12 {
        let ran = gpu.step_or_cut(1, &cut).unwrap();
        cut_short += u32::from(ran == 0);
        done += ran;
    }
    cpu.step(12).unwrap();
    assert_eq!(
        cpu.population_words(),
        gpu.population_words().unwrap(),
        "population after 12 generations cut into pieces"
    );
    assert_eq!(cpu.island_states(), gpu.island_states().unwrap());
    if ctx.is_software() {
        assert!(cut_short >= 12, "only {cut_short} steps were cut short");
    }
}
