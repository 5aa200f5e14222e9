//! The loop bounds the stages state beside their CPU twins add up, stage by stage, to what the
//! engines' hand count gave before they moved there (the count below, kept as the reference).

use evoku::aco::common::AcoParams;
use evoku::ga::gpu::loop_bound;
use evoku::ga::{MutationScope, Params};

/// `loop_iterations_per_invocation` as crates/evoku/src/gpu/engine.rs (now crates/evoku/src/ga/gpu.rs) counted it before the bounds moved
/// beside the loops.
fn hand_count(params: &Params) -> u64 {
    let run = |k: u64| k + 2;
    let (words, n, b) = (
        params.genome_words as u64,
        params.side as u64,
        params.box_size as u64,
    );
    let fitness = run(words) + run(n);
    let band = run(words) + run(b) + b * (run(b) + 2 * b * run(n)) + b * (run(b) + b * run(n));
    let uniform = run(words) + run(n) + n * run(n);
    let multi_parent = run(words) + run(n) + 4 * n * run(n);
    let crossover = band.max(uniform).max(multi_parent);
    // Since the kept line masks (crates/evoku/shaders/ga/line_masks.wgsl): a mutation scans only
    // its box (and the candidate tiers), its swap recounts at most four lines, and the masks are
    // built once per child (again in the local search after a box assignment).
    let mutation = run(n) + run(n);
    let swap = 4 * run(n);
    let lines = run(2 * n) + run(words);
    let chances = if params.mutation_scope == MutationScope::Box as u32 {
        n
    } else {
        1
    };
    // Since the compacted mutation loop: `chances + 1` passes, each entering the skip loop.
    let mutations =
        run(chances + 1) + chances + 2 * (chances + 1) + chances * (mutation + swap) + lines;
    let children = params.local_search as u64;
    let kept = if children > 0 { lines + swap } else { 0 };
    let local_search = kept + run(children) + children * mutation;
    let hungarian = run(n) * (run(n + 1) + run(n) * run(n) + run(n + 1) + run(n));
    let assign_step = run(b) + b * 2 * run(n) + run(n) + hungarian + run(n);
    let steps = params.assign_steps as u64;
    let assigns = run(steps) + steps * assign_step;
    let tournaments = 2 * run(params.tournament as u64);
    // Since the child is built in private memory: its store, once per bred child and once in
    // the restart's `init_slot`.
    let store = run(words);
    let restart = run(words) + run(n) + 2 * n * run(n) + fitness + store;
    let breed =
        tournaments + crossover + mutations + assigns + fitness + local_search + restart + store;
    // The best pick and (since the adaptive rates, issue 15) the outcome counts.
    let island_best = run((params.population as u64).div_ceil(64))
        + run(params.elites as u64) * run(256)
        + 2 * run(64)
        + run(words.div_ceil(64));
    breed.max(island_best)
}

#[test]
fn ga_stage_bounds_sum_to_the_old_hand_count() {
    let mut params: Params = bytemuck::Zeroable::zeroed();
    let mut cases = 0;
    for b in 2..=8u32 {
        params.box_size = b;
        params.side = b * b;
        params.cells = b.pow(4);
        params.genome_words = b.pow(4).div_ceil(4);
        // Every cell of a box free: the hand count's box assignment matched n cells.
        params.assign_free = b * b;
        for (children, steps) in [(0, 0), (1, 0), (5, 1), (20, 10), (0, 50), (3, 3)] {
            params.local_search = children;
            params.assign_steps = steps;
            for (tournament, elites, population) in [(1, 0, 2), (3, 1, 150), (7, 4, 1000)] {
                params.tournament = tournament;
                params.elites = elites;
                params.population = population;
                for scope in [MutationScope::Child, MutationScope::Box] {
                    params.mutation_scope = scope as u32;
                    assert_eq!(loop_bound(&params), hand_count(&params), "{params:?}");
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 7 * 6 * 3 * 2);
}

/// `tour_loop_iterations` and `colony_loop_iterations` as crates/evoku/src/aco/gpu.rs (now crates/evoku/src/aco/gpu/)
/// counted them, with the start board's copy of `cand_words` words per cell (one up to 25x25, as
/// counted then), and the restart's pheromone reset moved out of the colony update into
/// `restart`, whose 64 invocations share it.
fn aco_hand_count(p: &AcoParams, steps: u32) -> (u64, u64, u64) {
    let n = p.side as u64;
    let per_step =
        p.step_budget as u64 + p.work_cost as u64 + 3 + 5 * (n + 2) + (p.ants as u64 + 2) + 1;
    let tour = steps as u64 * per_step + p.cells as u64 * p.cand_words as u64 + 2 + 2;
    let cells = p.cells as u64;
    let colony = (p.ants as u64 + 2) + 3 * (cells + 2);
    let restart = (cells * p.side as u64).div_ceil(64) + 2;
    (tour, colony, restart)
}

#[test]
fn aco_stage_bounds_sum_to_the_old_hand_count() {
    use evoku::aco::cpu::{colony_update, restart, tour};
    let mut p: AcoParams = bytemuck::Zeroable::zeroed();
    for b in 2..=8u32 {
        p.box_size = b;
        p.side = b * b;
        p.cells = b.pow(4);
        p.cand_words = evoku::aco::common::cand_words(p.side);
        for ants in [1, 4, 10, 32] {
            p.ants = ants;
            for (budget, cost) in [(1, 5), (1000, 40), (40_000, 147)] {
                p.step_budget = budget;
                p.work_cost = cost;
                for steps in [1, 2, 7] {
                    let bounds = (
                        tour::loop_bound(&p, steps),
                        colony_update::loop_bound(&p),
                        restart::loop_bound(&p),
                    );
                    assert_eq!(bounds, aco_hand_count(&p, steps), "{p:?} steps {steps}");
                }
            }
        }
    }
}

/// With the default step budget, one step of the most ants per colony fits lavapipe's loop budget
/// at every board size, beside the start board's copy, and so do the per-colony stages.
#[test]
fn aco_dispatches_fit_lavapipe_at_every_size() {
    use evoku::aco::cpu::{colony_update, restart, tour};
    use evoku::aco::{AcoConfig, AcoTables, MAX_ANTS};
    use evoku::board::{Geometry, Grid};
    use evoku::gpu::SOFTWARE_LOOP_BUDGET;
    let mut budgets = Vec::new();
    for b in 2..=8 {
        let grid = Grid::empty(Geometry::new(b).unwrap());
        let config = AcoConfig {
            ants: MAX_ANTS,
            ..AcoConfig::default()
        };
        let p = config.params(&AcoTables::new(&grid));
        let label = format!("{0}x{0}: {p:?}", b * b);
        assert!(tour::loop_bound(&p, 1) <= SOFTWARE_LOOP_BUDGET, "{label}");
        assert!(
            colony_update::loop_bound(&p) <= SOFTWARE_LOOP_BUDGET,
            "{label}"
        );
        assert!(restart::loop_bound(&p) <= SOFTWARE_LOOP_BUDGET, "{label}");
        // Room for at least a few pieces of propagation work per step.
        assert!(p.step_budget >= p.cells.min(100) * p.work_cost, "{label}");
        budgets.push(p.step_budget);
    }
    // 40,000 from 16x16 on (as before 64x64 ran on the GPU); 64x64 leaves room for its copy.
    assert_eq!(&budgets[2..6], &[40_000; 4], "{budgets:?}");
    assert!(budgets[6] < 40_000, "{budgets:?}");
}

/// The box assignment's loops run over the free cells of the box it matches, so its bound
/// follows the puzzle's fullest box (`Params::assign_free`, counted from the puzzle), not the
/// board's side: a 36x36 walk on a board three quarters given fits lavapipe's budget where the
/// empty board's does not.
#[test]
fn the_box_assignment_bound_follows_the_fullest_box() {
    use evoku::board::{Geometry, Grid};
    use evoku::ga::cpu::assign;
    use evoku::ga::{GaConfig, InitKind, Preset, Problem};
    use evoku::gpu::SOFTWARE_LOOP_BUDGET;
    let mut params: Params = bytemuck::Zeroable::zeroed();
    for b in 2..=8u32 {
        let n = b * b;
        params.box_size = b;
        params.side = n;
        params.assign_steps = 1;
        let bounds: Vec<u64> = (0..=n + 1)
            .map(|free| {
                params.assign_free = free;
                assign::loop_bound(&params)
            })
            .collect();
        assert!(
            bounds[..=n as usize].windows(2).all(|w| w[0] < w[1]),
            "{b}: {bounds:?}"
        );
        assert_eq!(
            bounds[n as usize + 1],
            bounds[n as usize],
            "{b}: more than n free cells"
        );
    }
    let geometry = Geometry::new(6).unwrap();
    let mut walk = GaConfig::preset(Preset::Walk);
    walk.assign_steps = 2;
    for (grid, fits) in [
        (Grid::empty(geometry), false),
        (crate::gpu::generated(6, 75), true),
    ] {
        let problem = Problem::new(&grid, InitKind::Random, false).unwrap();
        let params = Params::new(&problem, &walk);
        let free_in = |bx: usize| {
            let free = |&c: &usize| geometry.box_of(c) == bx && grid.get(c) == 0;
            (0..1296).filter(free).count() as u32
        };
        let most_free = (0..36).map(free_in).max();
        assert_eq!(Some(params.assign_free), most_free);
        assert_eq!(
            loop_bound(&params) <= SOFTWARE_LOOP_BUDGET,
            fits,
            "{params:?}"
        );
    }
}
