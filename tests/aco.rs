//! Tests: the Ant Colony System — fixed-point arithmetic, propagation against the exact solver,
//! pheromone updates, determinism, solving, and (on any adapter, lavapipe in CI) the GPU stages
//! against their CPU twins bit for bit.

use evoku::aco::common::{self, blend, mul_hi, mul_q16, pheromone_shift, NO_CHOICE};
use evoku::aco::cpu::colony_update::{colony_update, global_update};
use evoku::aco::cpu::propagate::{propagate, Ant};
use evoku::aco::cpu::tour::{greedy_choice, local_update, roulette_choice, tour};
use evoku::aco::cpu::CpuAco;
use evoku::aco::gpu::{AcoStage, GpuAco};
use evoku::aco::{
    self, run, AcoConfig, AcoEngine, AcoLimits, AcoOutcome, AcoParams, AcoTables, Colony,
};
use evoku::board::Grid;
use evoku::device::Device;
use evoku::exact::{self, Solver};
use evoku::format::{self, ParseOptions};
use evoku::gpu::GpuContext;
use evoku::rng::Rng;

use crate::util;

fn puzzle(path: &std::path::Path) -> Grid {
    let (puzzles, _) =
        format::read_puzzles(path.to_str().expect("utf-8 path"), &ParseOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    puzzles[0].grid.clone()
}

fn repo_puzzle(name: &str) -> Grid {
    puzzle(&util::repo(&format!("puzzles/{name}.txt")))
}

/// A Lloyd & Amos instance carried in `tests/data`, e.g. `inst16x16_45_0`.
fn lloyd_amos(name: &str) -> Grid {
    puzzle(&util::lloyd_amos(&format!("{name}.txt")))
}

/// A Lloyd & Amos instance of the full set under `benchmarks` (`EVOKU_BENCHMARKS`).
fn full_set(benchmarks: &std::path::Path, name: &str) -> Grid {
    puzzle(&benchmarks.join(format!("lloyd-amos/general/{name}.txt")))
}

fn config(edit: impl FnOnce(&mut AcoConfig)) -> AcoConfig {
    let mut c = AcoConfig::default();
    edit(&mut c);
    c
}

/// The exact solver with the ACS's rules only (singles and hidden singles).
fn singles_solver(grid: &Grid) -> Solver {
    let mut s = Solver::new(grid.geometry());
    s.set_locked_candidates(false);
    s.set_alldiff(false);
    s
}

// ---- fixed point ----------------------------------------------------------------------------

#[test]
fn fixed_point_helpers_are_exact() {
    let mut rng = Rng::new(11);
    for k in 0..20_000u32 {
        let x = match k % 4 {
            0 => rng.next_u32(),
            1 => rng.next_u32() >> 16,
            2 => u32::MAX - (rng.next_u32() >> 20),
            _ => k,
        };
        let r = if k % 7 == 0 { 65536 } else { rng.below(65537) };
        assert_eq!(
            mul_q16(x, r) as u64,
            (x as u64 * r as u64) >> 16,
            "mul_q16({x}, {r})"
        );
        let y = rng.next_u32();
        assert_eq!(mul_hi(x, y) as u64, (x as u64 * y as u64) >> 32);
        // A blend never leaves [min, max] of its inputs.
        let b = blend(x, y, r);
        assert!(b >= x.min(y) && b <= x.max(y), "blend({x}, {y}, {r}) = {b}");
    }
    for (cells, k) in [
        (16, 23),
        (81, 19),
        (256, 15),
        (625, 13),
        (1296, 11),
        (4096, 7),
    ] {
        assert_eq!(pheromone_shift(cells), k, "{cells} cells");
        let square = (cells as u64 * cells as u64) << k;
        assert!(square < 1 << 32 && square << 1 >= 1 << 32);
    }
}

#[test]
fn parameters_follow_the_config() {
    let grid = lloyd_amos("inst25x25_45_0");
    let tables = AcoTables::new(&grid);
    let p = AcoConfig::default().params(&tables);
    assert_eq!((p.cells, p.side, p.npeers), (625, 25, 64));
    assert_eq!(p.tau0, 1 << 13);
    assert_eq!(p.q0_q16, 58982);
    assert_eq!(p.dtau(0), 625 << 13, "dtau(0) = c / c = 1.0 = c tau0");
    assert_eq!(p.dtau(624), (625 * 625) << 13);
    assert!(p.step_budget <= common::MAX_STEP_BUDGET);
    assert_eq!(p.ant_words, 16 + 2 * 625);
    assert_eq!(p.tour_steps, 625 + 39);
    let bad = [
        config(|c| c.ants = 0),
        config(|c| c.ants = 33),
        config(|c| c.q0 = 1.5),
        config(|c| c.rho = -0.1),
        config(|c| c.colonies = 0),
        config(|c| c.max_iterations = 0),
    ];
    for c in bad {
        assert!(c.validate().is_err(), "{c:?}");
    }
    assert!(AcoConfig::default().validate().is_ok());
}

// ---- propagation ----------------------------------------------------------------------------

#[test]
fn the_start_board_is_the_fixpoint_of_singles() {
    for grid in [
        repo_puzzle("ai-escargot"),
        repo_puzzle("mantere-no29"),
        repo_puzzle("easy-16x16"),
        lloyd_amos("inst16x16_45_3"),
        lloyd_amos("inst25x25_45_0"),
        lloyd_amos("inst25x25_60_1"),
    ] {
        let tables = AcoTables::new(&grid);
        let reference = singles_solver(&grid).propagate(&grid).expect("consistent");
        assert_eq!(tables.start, reference.candidates, "{grid}");
        assert_eq!(
            tables.start_filled as usize,
            grid.givens() + reference.fixed,
            "{grid}"
        );
    }
}

/// Fixes open cells to a solution's digits one at a time, as an ant does, and checks every step
/// against the exact solver's incremental `assign`; then again with a budget so small that
/// every propagation pauses many times.
#[test]
fn incremental_propagation_matches_the_exact_solver() {
    for grid in [
        repo_puzzle("ai-escargot"),
        lloyd_amos("inst16x16_45_0"),
        lloyd_amos("inst25x25_45_0"),
    ] {
        let solution = exact::solve(&grid, &exact::Limits::default())
            .first()
            .cloned()
            .expect("solvable");
        let tables = AcoTables::new(&grid);
        let p = AcoConfig::default().params(&tables);
        let mut solver = singles_solver(&grid);
        let mut masks = tables.start.clone();
        let mut ant = Ant::new(tables.cells);
        ant.cand.copy_from_slice(&tables.start);
        for (d, &m) in ant.done.iter_mut().zip(&tables.start) {
            *d = m.count_ones() == 1;
        }
        ant.filled = tables.start_filled;
        let mut paused = ant.clone();
        let mut pauses = 0;
        for c in 0..tables.cells {
            if masks[c].count_ones() < 2 {
                continue;
            }
            let digit = solution.get(c);
            solver
                .assign(&mut masks, c, digit)
                .expect("a solution digit");
            for a in [&mut ant, &mut paused] {
                a.cand[c] = 1 << (digit - 1);
                a.mark(&tables, c);
                a.push(c);
            }
            let mut unlimited = u32::MAX;
            assert!(propagate(&p, &tables, &mut ant, &mut unlimited));
            assert_eq!(ant.cand, masks, "{grid}: after fixing cell {c}");
            loop {
                let mut budget = p.work_cost + 3;
                if propagate(&p, &tables, &mut paused, &mut budget) {
                    break;
                }
                pauses += 1;
            }
            assert_eq!(paused, ant, "{grid}: paused propagation after cell {c}");
        }
        assert!(pauses > 0);
        assert_eq!(ant.filled as usize, tables.cells);
        assert!(ant.done.iter().all(|&d| d));
        let filled: Vec<u8> = ant.digits().map(|d| d as u8).collect();
        assert_eq!(filled, solution.cells());
    }
}

/// A wrong choice empties cells instead of failing: the filled cells never clash.
#[test]
fn a_wrong_choice_leaves_empty_cells_and_no_clash() {
    let grid = repo_puzzle("ai-escargot");
    let tables = AcoTables::new(&grid);
    let p = AcoConfig::default().params(&tables);
    let mut ant = Ant::new(tables.cells);
    ant.cand.copy_from_slice(&tables.start);
    for (d, &m) in ant.done.iter_mut().zip(&tables.start) {
        *d = m.count_ones() == 1;
    }
    ant.filled = tables.start_filled;
    // Always take the highest candidate: some choice will be wrong.
    for c in 0..tables.cells {
        let m = ant.cand[c];
        if m.count_ones() > 1 {
            let d = 63 - m.leading_zeros() as usize;
            ant.cand[c] = 1 << d;
            ant.mark(&tables, c);
            ant.push(c);
            let mut budget = u32::MAX;
            assert!(propagate(&p, &tables, &mut ant, &mut budget));
        }
    }
    let empty = ant.cand.iter().filter(|&&m| m == 0).count();
    assert!(
        empty > 0,
        "a greedy fill of AI Escargot should fail somewhere"
    );
    assert_eq!(ant.filled as usize + empty, tables.cells);
    let mut partial = grid.clone();
    for (c, d) in ant.digits().enumerate() {
        partial.set(c, d as u8);
    }
    assert_eq!(partial.first_clash(), None);
    assert_eq!(partial.givens(), ant.filled as usize);
}

// ---- choices and pheromone ------------------------------------------------------------------

fn small_params() -> (AcoTables, AcoParams) {
    let tables = AcoTables::new(&repo_puzzle("ai-escargot"));
    let p = AcoConfig::default().params(&tables);
    (tables, p)
}

#[test]
fn greedy_takes_the_most_pheromone_and_roulette_follows_it() {
    let (_, p) = small_params();
    let mut pher = vec![p.tau0; p.pher_words()];
    let cell = 5;
    // Digits 2, 4 and 7 (indices 1, 3, 6) open; index 3 has 3x the pheromone of the others.
    let m: u64 = 1 << 1 | 1 << 3 | 1 << 6;
    pher[p.pher_index(cell, 3)] = 3 * p.tau0;
    pher[p.pher_index(cell, 0)] = 100 * p.tau0; // not a candidate
    assert_eq!(greedy_choice(&p, &pher, cell, m), 3);
    pher[p.pher_index(cell, 6)] = 3 * p.tau0;
    assert_eq!(
        greedy_choice(&p, &pher, cell, m),
        3,
        "ties go to the lower digit"
    );
    pher[p.pher_index(cell, 6)] = p.tau0;
    let mut rng = Rng::new(3);
    let mut counts = [0u32; 9];
    for _ in 0..50_000 {
        counts[roulette_choice(&p, &pher, cell, m, rng.next_u32()) as usize] += 1;
    }
    assert_eq!(counts[0] + counts[2] + counts[4] + counts[5] + counts[7], 0);
    // Expected 10,000 / 30,000 / 10,000.
    for (d, expected) in [(1, 10_000), (3, 30_000), (6, 10_000)] {
        let c = counts[d] as i64;
        assert!((c - expected).abs() < 800, "digit index {d}: {c}");
    }
    // Near-overflow pheromone still draws in proportion (the weights are shifted).
    let big = u32::MAX / 2;
    pher[p.pher_index(cell, 1)] = big;
    pher[p.pher_index(cell, 3)] = big;
    pher[p.pher_index(cell, 6)] = big;
    let mut counts = [0u32; 9];
    for _ in 0..30_000 {
        counts[roulette_choice(&p, &pher, cell, m, rng.next_u32()) as usize] += 1;
    }
    for d in [1, 3, 6] {
        assert!((9_000..11_000).contains(&counts[d]), "{counts:?}");
    }
}

#[test]
fn local_update_pulls_towards_tau0() {
    let (_, p) = small_params();
    let mut pher = vec![p.tau0; p.pher_words()];
    let i = p.pher_index(7, 2);
    pher[i] = 50 * p.tau0;
    let mut ant = Ant::new(p.cells as usize);
    ant.choice_cell = 7;
    ant.choice_digit = 2;
    let mut idle = Ant::new(p.cells as usize);
    idle.choice_cell = NO_CHOICE;
    let mut previous = pher[i];
    for _ in 0..200 {
        local_update(&p, &[ant.clone(), idle.clone()], &mut pher);
        assert!(pher[i] <= previous);
        previous = pher[i];
    }
    // (1 - 0.1)^200 of the excess is gone, up to rounding.
    assert!(pher[i] - p.tau0 < 16, "{} vs tau0 {}", pher[i], p.tau0);
    assert_eq!(pher.iter().filter(|&&t| t != p.tau0).count(), 1);
    // Two ants on the same choice apply the update twice.
    let mut twice = vec![p.tau0; p.pher_words()];
    twice[i] = 50 * p.tau0;
    local_update(&p, &[ant.clone(), ant], &mut twice);
    assert_eq!(
        twice[i],
        blend(blend(50 * p.tau0, p.tau0, p.local_q16), p.tau0, p.local_q16)
    );
}

#[test]
fn colony_update_deposits_evaporates_and_restarts() {
    let (tables, mut p) = small_params();
    p.restart_after = 3;
    let cells = p.cells as usize;
    let mut pher = vec![p.tau0; p.pher_words()];
    let mut records = vec![0u32; p.record_words as usize];
    let mut colony = Colony::default();
    let ant_with = |filled: u32| {
        let mut a = Ant::new(cells);
        a.cand.copy_from_slice(&tables.start);
        for (d, &m) in a.done.iter_mut().zip(&tables.start) {
            *d = m.count_ones() == 1;
        }
        a.filled = filled;
        a
    };
    let start = tables.start_filled;
    let ants = vec![ant_with(start), ant_with(start + 2), ant_with(start + 2)];
    colony_update(&p, &mut colony, &ants, &mut pher, &mut records);
    assert_eq!(colony.iteration, 1);
    assert_eq!(colony.iteration_best_ant, 1, "ties go to the lower ant");
    assert_eq!(colony.best_filled, start + 2);
    assert_eq!(colony.overall_best_filled, start + 2);
    assert_eq!(records[0], start + 2);
    assert_eq!(records[1 + cells], start + 2);
    let deposit = p.dtau(start + 2);
    assert_eq!(
        colony.best_value,
        deposit - mul_q16(deposit, p.evaporation_q16)
    );
    // Every given's pheromone moved towards the deposit; open cells kept tau0.
    let given = (0..cells)
        .find(|&c| tables.start[c].count_ones() == 1)
        .unwrap();
    let d = tables.start[given].trailing_zeros() as usize;
    assert_eq!(
        pher[p.pher_index(given, d)],
        blend(p.tau0, deposit, p.rho_q16)
    );
    let open = (0..cells)
        .find(|&c| tables.start[c].count_ones() > 1)
        .unwrap();
    assert!((0..9).all(|d| pher[p.pher_index(open, d)] == p.tau0));
    // Worse iterations: the best value only evaporates, then stagnation restarts the colony.
    let worse = vec![ant_with(start); 3];
    for k in 1..=3 {
        let before = colony.best_value;
        colony_update(&p, &mut colony, &worse, &mut pher, &mut records);
        if k < 3 {
            assert_eq!(colony.stagnation, k);
            assert_eq!(colony.best_filled, start + 2);
            assert_eq!(
                colony.best_value,
                before - mul_q16(before, p.evaporation_q16)
            );
        }
    }
    assert_eq!(colony.restarts, 1);
    assert_eq!((colony.best_value, colony.epoch_max_filled), (0, 0));
    assert!(pher.iter().all(|&t| t == p.tau0));
    assert_eq!(
        colony.overall_best_filled,
        start + 2,
        "kept across restarts"
    );
    // A full ant solves the colony, which then stays as it is.
    let full = vec![ant_with(p.cells)];
    colony_update(&p, &mut colony, &full, &mut pher, &mut records);
    assert_eq!(colony.solved, 1);
    let frozen = colony;
    colony_update(&p, &mut colony, &worse, &mut pher, &mut records);
    assert_eq!(colony, frozen);
    // The global update touches only a record's filled cells.
    let mut pher = vec![p.tau0; p.pher_words()];
    let mut record = vec![0u32; 1 + cells];
    record[1 + 4] = 9;
    global_update(&p, 1000 * p.tau0, &record, &mut pher);
    assert_eq!(pher.iter().filter(|&&t| t != p.tau0).count(), 1);
    assert_eq!(
        pher[p.pher_index(4, 8)],
        blend(p.tau0, 1000 * p.tau0, p.rho_q16)
    );
}

#[test]
fn a_tour_visits_every_cell_once_and_keeps_its_board_consistent() {
    let grid = lloyd_amos("inst16x16_45_0");
    let tables = AcoTables::new(&grid);
    let p = config(|c| c.ants = 4).params(&tables);
    let mut colony = Colony::default();
    let mut ants = vec![Ant::new(tables.cells); 4];
    let mut pher = vec![p.tau0; p.pher_words()];
    tour(&p, &tables, 0, &mut colony, &mut ants, &mut pher, 7);
    assert_eq!(colony.step, 7);
    tour(&p, &tables, 0, &mut colony, &mut ants, &mut pher, u32::MAX);
    assert_eq!(colony.step, p.tour_steps);
    let starts: Vec<u32> = ants.iter().map(|a| a.pointer).collect();
    assert!(starts.windows(2).any(|w| w[0] != w[1]), "random starts");
    for ant in &ants {
        assert_eq!(ant.stack_len, 0);
        assert_eq!(ant.budget_stops, 0);
        assert_eq!(ant.visits, p.cells);
        let empty = ant.cand.iter().filter(|&&m| m == 0).count();
        assert_eq!(ant.filled as usize + empty, tables.cells);
        let mut partial = grid.clone();
        for (c, d) in ant.digits().enumerate() {
            partial.set(c, d as u8);
        }
        assert_eq!(partial.first_clash(), None);
    }
    // Local updates pull towards tau0, where everything starts: nothing moves before a global
    // update.
    assert!(pher.iter().all(|&t| t == p.tau0));
}

// ---- whole runs -----------------------------------------------------------------------------

fn run_engine(engine: &mut dyn AcoEngine, grid: &Grid, max_iterations: u32) -> AcoOutcome {
    let limits = AcoLimits {
        max_iterations,
        time_limit: None,
    };
    run(engine, grid, limits, &mut |_| {}).unwrap()
}

fn same_outcome(label: &str, a: &AcoOutcome, b: &AcoOutcome) {
    let key = |o: &AcoOutcome| (o.solved, o.iterations, o.colony, o.best_penalty, o.restarts);
    assert_eq!(
        key(a),
        key(b),
        "{label}: (solved, iterations, colony, penalty, restarts)"
    );
    assert_eq!(a.best, b.best, "{label}: best grid");
}

/// An engine whose step size is fixed, to show results do not depend on it.
struct Stepped<E>(E, u32);

impl<E: AcoEngine> AcoEngine for Stepped<E> {
    fn step(&mut self, iterations: u32) -> evoku::error::Result<()> {
        self.0.step(iterations)
    }
    fn colonies(&mut self) -> evoku::error::Result<Vec<Colony>> {
        self.0.colonies()
    }
    fn overall_best(&mut self, colony: u32) -> evoku::error::Result<Vec<u8>> {
        self.0.overall_best(colony)
    }
    fn params(&self) -> &AcoParams {
        self.0.params()
    }
    fn tables(&self) -> &AcoTables {
        self.0.tables()
    }
    fn iterations_per_step(&self) -> u32 {
        self.1
    }
}

#[test]
fn runs_are_deterministic_and_independent_of_threads_and_step_size() {
    let cases = [
        ("ai-escargot", repo_puzzle("ai-escargot"), 1u64, 0, 40),
        (
            "inst16x16_45_0, exchange",
            lloyd_amos("inst16x16_45_0"),
            2,
            3,
            60,
        ),
        (
            "mantere-no106, restarts",
            repo_puzzle("mantere-no106"),
            3,
            0,
            5,
        ),
    ];
    for (label, grid, seed, exchange, restart) in cases {
        let c = config(|c| {
            c.colonies = 5;
            c.seed = seed;
            c.exchange_interval = exchange;
            c.restart_after = restart;
        });
        let tables = AcoTables::new(&grid);
        let mut one = Stepped(CpuAco::new(tables.clone(), &c, Some(1)).unwrap(), 1);
        let by_one = run_engine(&mut one, &grid, 3000);
        let mut two = Stepped(CpuAco::new(tables.clone(), &c, Some(2)).unwrap(), 7);
        let by_seven = run_engine(&mut two, &grid, 3000);
        same_outcome(
            &format!("{label}: 1 thread by 1, 2 threads by 7"),
            &by_one,
            &by_seven,
        );
        let mut again = CpuAco::new(tables, &c, None).unwrap();
        let default_steps = run_engine(&mut again, &grid, 3000);
        same_outcome(&format!("{label}: again"), &by_one, &default_steps);
        assert!(by_one.solved, "{label}: not solved in 3000 iterations");
        assert!(by_one.best.solves(&grid));
        // Another seed, other tours.
        let mut reseeded = c.clone();
        reseeded.seed += 100;
        let mut a = CpuAco::new(AcoTables::new(&grid), &c, Some(1)).unwrap();
        let mut b = CpuAco::new(AcoTables::new(&grid), &reseeded, Some(1)).unwrap();
        a.run_tours();
        b.run_tours();
        assert_ne!(a.ant_words(), b.ant_words(), "{label}: another seed");
    }
}

#[test]
fn the_acs_solves_the_seed_puzzles_and_lloyd_amos_16x16() {
    let mut grids: Vec<(String, Grid)> = std::fs::read_dir(util::repo("puzzles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .filter(|p| !p.to_string_lossy().contains("25x25"))
        .map(|p| (p.display().to_string(), puzzle(&p)))
        .collect();
    for name in [
        "inst16x16_40_7",
        "inst16x16_45_1",
        "inst16x16_45_2",
        "inst16x16_50_9",
    ] {
        grids.push((name.to_string(), lloyd_amos(name)));
    }
    assert!(grids.len() >= 12);
    for (name, grid) in &grids {
        let outcome = aco::solve(
            grid,
            &config(|c| c.seed = 1),
            &Device::Cpu,
            None,
            Some(std::time::Duration::from_secs(20)),
            &mut |_| {},
        )
        .unwrap();
        assert!(outcome.solved, "{name}: {outcome:?}");
        assert!(outcome.best.solves(grid), "{name}");
        assert_eq!(outcome.best_penalty, 0);
        assert_eq!(
            outcome.ant_tours,
            4 * 10 * outcome.iterations as u64,
            "{name}"
        );
    }
}

#[test]
fn contradictory_givens_are_reported_not_run() {
    let mut grid = repo_puzzle("ai-escargot");
    // Cell 0 holds 1; a second 1 in row 1 contradicts it.
    assert_eq!((grid.get(0), grid.get(1)), (1, 0));
    grid.set(1, 1);
    let outcome = aco::solve(
        &grid,
        &AcoConfig::default(),
        &Device::Cpu,
        Some(1),
        None,
        &mut |_| {},
    )
    .unwrap();
    assert!(!outcome.solved);
    assert!(outcome.unsolvable.is_some(), "{outcome:?}");
    assert_eq!(outcome.iterations, 0);
}

// ---- GPU ------------------------------------------------------------------------------------

#[test]
fn every_aco_pipeline_validates_with_naga() {
    for stage in AcoStage::ALL {
        let module = util::validate_wgsl(stage.name(), &stage.source());
        let entry = module
            .entry_points
            .iter()
            .find(|e| e.name == stage.name())
            .unwrap_or_else(|| panic!("{} has no entry point of its name", stage.name()));
        let size = if stage == AcoStage::Tour {
            common::TOUR_WORKGROUP
        } else {
            evoku::aco::gpu::COLONY_WORKGROUP
        };
        assert_eq!(entry.workgroup_size, [size, 1, 1], "{}", stage.name());
    }
}

fn gpu() -> Option<crate::gpu::GpuLease> {
    crate::gpu::gpu()
}

/// Panics at the first differing word, naming its place.
fn same(what: &str, step: &str, per_item: usize, cpu: &[u32], gpu: &[u32]) {
    assert_eq!(cpu.len(), gpu.len(), "{what} lengths {step}");
    if let Some(k) = (0..cpu.len()).find(|&k| cpu[k] != gpu[k]) {
        panic!(
            "{what} differ {step}: item {} word {}: cpu {:#x}, gpu {:#x}",
            k / per_item.max(1),
            k % per_item.max(1),
            cpu[k],
            gpu[k]
        );
    }
}

fn compare(label: &str, step: &str, cpu: &CpuAco, gpu: &GpuAco) {
    let step = format!("{label} {step}");
    let p = *cpu.params();
    same(
        "ants (item = colony * ants + ant)",
        &step,
        p.ant_words as usize,
        &cpu.ant_words(),
        &gpu.ant_words().unwrap(),
    );
    same(
        "pheromone (item = colony)",
        &step,
        p.pher_words(),
        &cpu.pheromone(),
        &gpu.pheromone().unwrap(),
    );
    same(
        "records (item = colony)",
        &step,
        p.record_words as usize,
        &cpu.records(),
        &gpu.records().unwrap(),
    );
    let (cs, gs) = (cpu.colony_states(), gpu.colony_states().unwrap());
    for (i, (c, g)) in cs.iter().zip(&gs).enumerate() {
        assert_eq!(c, g, "colony {i} differs {step}");
    }
}

/// Both engines from fresh buffers; every buffer compared after each stage of each iteration.
fn parity(
    label: &str,
    ctx: &GpuContext,
    grid: &Grid,
    config: &AcoConfig,
    iterations: u32,
) -> CpuAco {
    let tables = AcoTables::new(grid);
    let mut cpu = CpuAco::new(tables.clone(), config, Some(1)).unwrap();
    let mut gpu = GpuAco::new(ctx, tables, config).unwrap_or_else(|e| panic!("{label}: {e}"));
    compare(label, "fresh", &cpu, &gpu);
    for it in 1..=iterations {
        cpu.run_tours();
        gpu.run_tours().unwrap();
        compare(
            label,
            &format!("after the tours of iteration {it}"),
            &cpu,
            &gpu,
        );
        cpu.run_colony_update();
        gpu.run_colony_update().unwrap();
        compare(label, &format!("after colony_update {it}"), &cpu, &gpu);
        cpu.run_exchange();
        gpu.run_exchange().unwrap();
        compare(label, &format!("after exchange {it}"), &cpu, &gpu);
    }
    cpu
}

/// Steps, over all ants of a CPU engine's last iteration, that ended with propagation pending.
fn budget_stops(cpu: &CpuAco) -> u32 {
    cpu.colony_buffers()
        .iter()
        .flat_map(|c| c.ants.iter().map(|a| a.budget_stops))
        .sum()
}

#[test]
fn gpu_stages_match_the_cpu_on_9x9() {
    let Some(ctx) = gpu() else { return };
    let grid = repo_puzzle("ai-escargot");
    let seen = parity(
        "9x9, 3 colonies, exchange, restarts",
        &ctx,
        &grid,
        &config(|c| {
            c.colonies = 3;
            c.exchange_interval = 2;
            c.restart_after = 2;
            c.seed = 9;
        }),
        6,
    )
    .colony_states();
    assert!(seen.iter().any(|c| c.restarts > 0), "{seen:?}");
    assert!(seen.iter().any(|c| c.exchanges > 0), "{seen:?}");
    // A budget small enough to pause propagation mid-step, and roulette-only choices.
    let cpu = parity(
        "9x9, tiny budget, q0 0",
        &ctx,
        &grid,
        &config(|c| {
            c.colonies = 4;
            c.ants = 7;
            c.q0 = 0.0;
            c.step_budget = 60;
            c.seed = 10;
        }),
        3,
    );
    assert!(cpu.colony_states().iter().all(|c| c.iteration == 3));
    assert!(budget_stops(&cpu) > 0, "the budget never ran out");
}

#[test]
fn gpu_stages_match_the_cpu_on_16x16() {
    let Some(ctx) = gpu() else { return };
    parity(
        "16x16 45 %, 2 colonies, authors' q0",
        &ctx,
        &lloyd_amos("inst16x16_45_0"),
        &config(|c| {
            c.colonies = 2;
            c.q0 = 0.1;
            c.exchange_interval = 1;
            c.seed = 16;
        }),
        3,
    );
}

#[test]
fn gpu_stages_match_the_cpu_on_25x25() {
    let Some(ctx) = gpu() else { return };
    let grid = lloyd_amos("inst25x25_45_0");
    let cpu = parity(
        "25x25 45 %, 2 colonies of 5 ants, budget pauses",
        &ctx,
        &grid,
        &config(|c| {
            c.colonies = 2;
            c.ants = 5;
            c.step_budget = 1_000;
            c.seed = 25;
        }),
        2,
    );
    assert!(budget_stops(&cpu) > 0, "the budget never ran out");
    // The default budget, one ant step per dispatch on lavapipe: the heaviest invocations.
    parity(
        "25x25 45 %, the defaults, one colony",
        &ctx,
        &grid,
        &config(|c| {
            c.colonies = 1;
            c.seed = 26;
        }),
        2,
    );
}

#[test]
fn whole_runs_match_the_cpu() {
    let Some(ctx) = gpu() else { return };
    let cases = [
        ("mantere-no29", repo_puzzle("mantere-no29"), 1u64, 200),
        ("fig1-kashan", repo_puzzle("fig1-kashan"), 2, 200),
        ("inst16x16_70_0", lloyd_amos("inst16x16_70_0"), 3, 50),
    ];
    for (label, grid, seed, max) in cases {
        let c = config(|c| {
            c.colonies = 3;
            c.restart_after = 20;
            c.exchange_interval = 4;
            c.seed = seed;
        });
        let tables = AcoTables::new(&grid);
        let mut cpu = CpuAco::new(tables.clone(), &c, Some(1)).unwrap();
        let on_cpu = run_engine(&mut cpu, &grid, max);
        let mut gpu = GpuAco::new(&ctx, tables.clone(), &c).unwrap();
        let on_gpu = run_engine(&mut gpu, &grid, max);
        same_outcome(&format!("{label}: cpu and gpu"), &on_cpu, &on_gpu);
        let mut gpu = Stepped(GpuAco::new(&ctx, tables, &c).unwrap(), 3);
        gpu.0.set_iterations_per_submit(2);
        let by_three = run_engine(&mut gpu, &grid, max);
        same_outcome(&format!("{label}: gpu steps of 3"), &on_cpu, &by_three);
        assert!(on_cpu.solved, "{label}");
    }
}

#[test]
fn boards_beyond_25x25_are_refused_on_the_gpu() {
    let Some(ctx) = gpu() else { return };
    let grid = Grid::empty(evoku::board::Geometry::new(6).unwrap());
    match GpuAco::new(&ctx, AcoTables::new(&grid), &AcoConfig::default()) {
        Err(evoku::error::Error::Gpu { message: m, .. }) => {
            assert!(m.contains("--backend cpu"), "{m}")
        }
        Err(e) => panic!("expected a GPU error, got {e}"),
        Ok(_) => panic!("36x36 accepted"),
    }
}

// ---- measurements (release build, ignored) -------------------------------------------------
//
// cargo test --release --test tests aco::measure -- --ignored --nocapture --test-threads 1
// Settings come from the environment: ACO_LIMIT (seconds per solve, default 20), ACO_SAMPLE
// (instances per bucket, default 10), ACO_THREADS (default all cores), ACO_ALGORITHMS (default
// "aco,ga"), ACO_BUCKETS (default "9:45,16:45,25:40,25:45,25:50"), ACO_Q0, ACO_COLONIES,
// ACO_RESTART.

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn measured_config() -> AcoConfig {
    config(|c| {
        c.q0 = env_or("ACO_Q0", c.q0);
        c.colonies = env_or("ACO_COLONIES", c.colonies);
        c.restart_after = env_or("ACO_RESTART", c.restart_after);
        c.exchange_interval = env_or("ACO_EXCHANGE", c.exchange_interval);
    })
}

/// Milliseconds per iteration of one colony of 10 ants on one thread (the authors' unit), in the
/// steady state: the stages are called directly and a solved colony is made to go on.
#[test]
#[ignore]
fn measure_iteration_time() {
    let Some(benchmarks) = util::benchmarks("aco::measure_iteration_time") else {
        return;
    };
    let cases = [
        (9, 0, 4000u32),
        (9, 45, 4000),
        (16, 0, 1000),
        (16, 45, 1000),
        (25, 0, 300),
        (25, 40, 300),
        (25, 45, 300),
        (25, 50, 300),
    ];
    let q0 = env_or("ACO_Q0", 0.9);
    for (side, fill, iterations) in cases {
        let (mut total_seconds, mut total_iterations, mut solved) = (0.0, 0u64, 0);
        let mut stops = 0u64;
        for k in 0..5 {
            let grid = full_set(&benchmarks, &format!("inst{side}x{side}_{fill}_{k}"));
            let tables = AcoTables::new(&grid);
            let p = config(|c| {
                c.restart_after = 0;
                c.q0 = q0;
                c.seed = k;
            })
            .params(&tables);
            let mut colony = Colony::default();
            let mut ants = vec![Ant::new(tables.cells); 10];
            let mut pher = vec![p.tau0; p.pher_words()];
            let mut records = vec![0; p.record_words as usize];
            let start = std::time::Instant::now();
            for _ in 0..iterations {
                tour(
                    &p,
                    &tables,
                    0,
                    &mut colony,
                    &mut ants,
                    &mut pher,
                    p.tour_steps,
                );
                colony_update(&p, &mut colony, &ants, &mut pher, &mut records);
                stops += ants.iter().map(|a| a.budget_stops as u64).sum::<u64>();
                if colony.solved != 0 {
                    solved += 1;
                    colony.solved = 0;
                    colony.step = 0;
                    colony.iteration += 1;
                }
            }
            total_seconds += start.elapsed().as_secs_f64();
            total_iterations += iterations as u64;
        }
        println!(
            "{side}x{side} {fill} % q0 {q0}: {:.3} ms per iteration (10 ants, 1 thread, \
             {total_iterations} iterations over instances 0-4, {solved} of them solving, \
             {stops} ant steps cut short by the budget)",
            1000.0 * total_seconds / total_iterations as f64
        );
    }
}

/// Success rate and median time of the ACS and the GA on samples of Lloyd & Amos buckets.
#[test]
#[ignore]
fn measure_success() {
    use evoku::solve::{solve_puzzle, Algorithm, SolveOptions};
    let Some(benchmarks) = util::benchmarks("aco::measure_success") else {
        return;
    };
    let limit = std::time::Duration::from_secs_f64(env_or("ACO_LIMIT", 20.0));
    let sample: usize = env_or("ACO_SAMPLE", 10);
    let threads: Option<usize> = std::env::var("ACO_THREADS")
        .ok()
        .and_then(|v| v.parse().ok());
    let algorithms = env_or("ACO_ALGORITHMS", "aco,ga".to_string());
    let buckets = env_or("ACO_BUCKETS", "9:45,16:45,25:40,25:45,25:50".to_string());
    let first: usize = env_or("ACO_FIRST", 0);
    let aco_config = measured_config();
    println!(
        "limit {} s, {sample} instances per bucket from #{first}, threads {threads:?}, {aco_config:?}",
        limit.as_secs_f64()
    );
    for algorithm in algorithms.split(',') {
        let algorithm = match algorithm {
            "aco" => Algorithm::Aco,
            "ga" => Algorithm::Ga,
            other => panic!("unknown algorithm {other}"),
        };
        for bucket in buckets.split(',') {
            let (side, fill) = bucket.split_once(':').unwrap();
            let mut times = Vec::new();
            let mut solved = 0;
            for k in first..first + sample {
                let name = format!("inst{side}x{side}_{fill}_{k}");
                let grid = full_set(&benchmarks, &name);
                let options = SolveOptions {
                    algorithm,
                    device: Device::Cpu,
                    ga: evoku::ga::GaConfig::preset(evoku::ga::Preset::Default),
                    aco: aco_config.clone(),
                    threads,
                    time_limit: Some(limit),
                    unsolvable_check_nodes: 200_000,
                    preset: evoku::ga::Preset::Default,
                    fill_device: Default::default(),
                    exact_shortcut: false,
                    exact_restarts: 0,
                };
                let puzzle = evoku::format::Puzzle {
                    name: name.clone(),
                    file: name.clone(),
                    line: 1,
                    grid,
                };
                let report = solve_puzzle(&puzzle, &options, &mut |_| {}).unwrap();
                println!(
                    "  {algorithm:?} {name}: solved {} in {:.3} s, {} iterations/generations, \
                     fitness {}",
                    report.solved,
                    report.seconds,
                    report.generations,
                    report.fitness.unwrap_or(0)
                );
                if report.solved {
                    solved += 1;
                    times.push(report.seconds);
                }
            }
            times.sort_by(|a, b| a.total_cmp(b));
            let median = if times.is_empty() {
                f64::NAN
            } else {
                times[times.len() / 2]
            };
            println!(
                "{algorithm:?} {side}x{side} {fill} %: solved {solved}/{sample}, median {median:.3} s \
                 (solved runs), max {:.3} s",
                times.last().copied().unwrap_or(f64::NAN)
            );
        }
    }
}

/// Iterations per second of the default four colonies on one thread and on every core.
#[test]
#[ignore]
fn measure_parallel_speedup() {
    let Some(benchmarks) = util::benchmarks("aco::measure_parallel_speedup") else {
        return;
    };
    let grid = full_set(&benchmarks, "inst25x25_45_1");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for threads in [1, cores] {
        let c = config(|c| {
            c.seed = 1;
            c.restart_after = 0;
        });
        let mut engine = CpuAco::new(AcoTables::new(&grid), &c, Some(threads)).unwrap();
        engine.step(1).unwrap();
        let start = std::time::Instant::now();
        engine.step(200).unwrap();
        let seconds = start.elapsed().as_secs_f64();
        let solved = engine
            .colony_states()
            .iter()
            .filter(|c| c.solved != 0)
            .count();
        println!(
            "{threads} thread(s): {:.1} iterations/s of {} colonies ({solved} solved on the way)",
            200.0 / seconds,
            c.colonies
        );
    }
}

/// Milliseconds per iteration of the GPU engine (default colonies and ants) on whatever adapter
/// the tests get (lavapipe here: correctness, not speed).
#[test]
#[ignore]
fn measure_gpu_iteration_time() {
    let Some(benchmarks) = util::benchmarks("aco::measure_gpu_iteration_time") else {
        return;
    };
    let Some(ctx) = gpu() else { return };
    for (side, fill, iterations) in [(9, 45, 50u32), (16, 45, 5), (25, 45, 3)] {
        let grid = full_set(&benchmarks, &format!("inst{side}x{side}_{fill}_1"));
        let c = config(|c| c.restart_after = 0);
        let mut engine = GpuAco::new(&ctx, AcoTables::new(&grid), &c).unwrap();
        engine.step(1).unwrap();
        engine.colony_states().unwrap();
        let start = std::time::Instant::now();
        engine.step(iterations).unwrap();
        let states = engine.colony_states().unwrap();
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{side}x{side} {fill} % on {}: {:.2} ms per iteration of {} colonies, {} steps per \
             dispatch ({} of {} colonies solved)",
            ctx.describe(),
            1000.0 * seconds / iterations as f64,
            c.colonies,
            engine.steps_per_dispatch(),
            states.iter().filter(|s| s.solved != 0).count(),
            c.colonies
        );
    }
}
