//! The GA's side of the parity tests: generated puzzles with their parameters, genomes, scores
//! and island states, and one dispatch of a GA entry point over the engine's nine bindings.

use evoku::board::Geometry;
use evoku::ga::cpu::init;
use evoku::ga::prelude::BINDINGS;
use evoku::ga::stages::Stage;
use evoku::ga::{GaConfig, InitKind, Island, Params, Preset, Problem};
use evoku::gpu::GpuContext;
use evoku::rng::{stream_key, Rng};

use super::harness::Harness;
use super::inputs::{generated_puzzle, BOX_SIZES, CASES, KEEP_PERCENT, PUZZLES, SEED};

/// The GA's test entry points (one per operator).
const ENTRY_POINTS: &str = include_str!("ga.wgsl");

/// One generated puzzle with its run parameters; `params` keeps the preset's operators, the
/// parity test sets the one it runs.
pub struct Setup {
    pub label: String,
    pub problem: Problem,
    pub params: Params,
    pub rng: Rng,
}

pub fn setups(operator: &str) -> Vec<Setup> {
    let mut out = Vec::new();
    for b in BOX_SIZES {
        for p in 0..PUZZLES {
            let mut rng = Rng::new(stream_key(SEED, b as u32, p, 0));
            let puzzle = generated_puzzle(b, KEEP_PERCENT[p as usize], &mut rng);
            // Presolve on one puzzle: candidates narrowed by propagation (candidate mutation);
            // on denser ones it would leave too few free cells.
            let problem = Problem::new(&puzzle, InitKind::Random, p == 1).expect("solvable");
            let mut config = GaConfig::preset(Preset::Default);
            config.seed = SEED ^ (b as u64) << 40 ^ (p as u64) << 32;
            config.tournament = 1 + p * 2;
            config.aging = p % 2 == 0;
            config.assign_noise = [0, 1200, 7, 100_000][p as usize];
            config.local_search = 1 + 3 * p;
            config.population = [2, 7, 31, 150][p as usize];
            config.elites = p.min(config.population - 1);
            config.restart_after = [0, 1, 3, 50][p as usize];
            // The adaptive rates and a selection rate on two of the four puzzles.
            config.adaptive = p % 2 == 1;
            config.selection_rate = [1.0, 0.8, 1.0, 0.6][p as usize];
            let params = Params::new(&problem, &config);
            let n = b * b;
            out.push(Setup {
                label: format!("{operator} at {n}x{n}, puzzle {p}"),
                problem,
                params,
                rng,
            });
        }
    }
    out
}

impl Setup {
    /// `count` random genomes (each box a random arrangement of its missing digits), as bytes.
    pub fn genomes(&mut self, count: usize) -> Vec<u8> {
        let bytes = self.params.genome_bytes();
        let salt = self.rng.next_u32();
        let mut out = vec![0u8; count * bytes];
        for (k, genome) in out.chunks_exact_mut(bytes).enumerate() {
            init::init_slot(&self.params, &self.problem, salt, 7, k as u32, genome);
        }
        out
    }

    /// (penalty, age) pairs with frequent ties.
    pub fn scores(&mut self, count: usize) -> Vec<u32> {
        (0..count)
            .flat_map(|_| [self.rng.below(12), self.rng.below(4)])
            .collect()
    }
}

/// Panics at the first differing word, naming the operator and case.
pub fn same(setup: &Setup, what: &str, per_case: usize, cpu: &[u32], gpu: &[u32]) {
    super::inputs::same(&setup.label, what, per_case, cpu, gpu);
}

/// [`same`] for the children a dispatch wrote, one genome per case.
pub fn same_children(setup: &Setup, cpu: &[u8], gpu: &Written) {
    let words_per = setup.params.genome_words as usize;
    same(
        setup,
        "children",
        words_per,
        &super::inputs::words(cpu),
        &gpu.next_population,
    );
}

/// What a GA dispatch reads: the engine's nine bindings.
pub struct Buffers {
    pub params: Params,
    pub tables: Vec<u32>,
    pub population: Vec<u32>,
    pub scores: Vec<u32>,
    pub next_population: Vec<u32>,
    pub next_scores: Vec<u32>,
    pub islands: Vec<Island>,
    pub records: Vec<u32>,
    pub outcomes: Vec<u32>,
}

impl Buffers {
    pub fn new(setup: &Setup, cases: usize) -> Buffers {
        let words = setup.params.genome_words as usize;
        Buffers {
            params: setup.params,
            tables: evoku::ga::gpu::buffers::tables(&setup.problem),
            population: vec![0],
            scores: vec![0, 0],
            next_population: vec![0; cases * words],
            next_scores: vec![0; 2 * cases],
            islands: vec![Island::fresh()],
            records: vec![0],
            outcomes: vec![0; cases],
        }
    }
}

/// What a GA dispatch wrote.
pub struct Written {
    pub next_population: Vec<u32>,
    pub next_scores: Vec<u32>,
    pub islands: Vec<u32>,
    pub records: Vec<u32>,
}

/// The GA's operators (`parity` module) and its `island_best` stage, each assembled for every
/// box size of [`BOX_SIZES`] (the modules read the board's size as compile-time constants).
pub fn ga_harness(ctx: &GpuContext) -> Harness<'_> {
    let mut modules = Vec::new();
    for b in BOX_SIZES {
        let geometry = Geometry::new(b).expect("a supported box size");
        let operators =
            Stage::Breed.source(geometry) + "// ---- tests/parity/ga.wgsl ----\n" + ENTRY_POINTS;
        modules.push((format!("parity {b}"), operators));
        modules.push((
            format!("island_best {b}"),
            Stage::IslandBest.source(geometry),
        ));
    }
    Harness::new(ctx, &BINDINGS, &modules)
}

/// Runs `entry` (of the `island_best` module for `island_best`, else of `parity`) of the
/// modules for `b`'s box size.
pub fn run(harness: &Harness, entry: &str, workgroups: u32, b: &Buffers) -> Written {
    let module = if entry == "island_best" {
        "island_best"
    } else {
        "parity"
    };
    let module = format!("{module} {}", b.params.box_size);
    let contents: [&[u8]; 9] = [
        bytemuck::bytes_of(&b.params),
        bytemuck::cast_slice(&b.tables),
        bytemuck::cast_slice(&b.population),
        bytemuck::cast_slice(&b.scores),
        bytemuck::cast_slice(&b.next_population),
        bytemuck::cast_slice(&b.next_scores),
        bytemuck::cast_slice(&b.islands),
        bytemuck::cast_slice(&b.records),
        bytemuck::cast_slice(&b.outcomes),
    ];
    let mut out = harness
        .run(&module, entry, workgroups, &contents)
        .into_iter()
        .skip(4);
    let mut next = || out.next().expect("nine buffers");
    Written {
        next_population: next(),
        next_scores: next(),
        islands: next(),
        records: next(),
    }
}

/// Runs parity entry `entry` on `CASES` cases.
pub fn cases(harness: &Harness, entry: &str, inputs: &Buffers) -> Written {
    let workgroups = (CASES as u32).div_ceil(evoku::ga::common::WORKGROUP_SIZE);
    run(harness, entry, workgroups, inputs)
}

/// Island states drawn around the interesting thresholds: stagnation near `restart_after`, bests
/// near the generation's penalties, some islands already solved.
pub fn random_island(setup: &mut Setup) -> Island {
    let rng = &mut setup.rng;
    let mut island = Island::fresh();
    if rng.below(8) != 0 {
        island.generation = rng.below(1000);
        island.restarts = rng.below(3);
        island.stagnation = rng.below(setup.params.restart_after + 2);
        island.best_slot = rng.below(setup.params.population);
        island.best_penalty = rng.below(12);
        island.epoch_best_penalty = rng.below(12);
        island.overall_best_penalty = island.epoch_best_penalty.min(rng.below(12));
        island.overall_best_generation = rng.below(1000);
    }
    island.solved = (rng.below(8) == 0) as u32;
    island.restart_pending = rng.below(2);
    island
}
