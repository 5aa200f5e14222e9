//! Solving one puzzle with a chosen algorithm and backend: the work behind `evoku solve`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::board::Grid;
use crate::cpu::CpuEngine;
use crate::error::Result;
use crate::exact;
use crate::format::Puzzle;
use crate::ga::{self, Engine, GaConfig, Preset, Problem, Progress, RunLimits};
use crate::gpu::{AdapterSummary, GpuContext, GpuEngine, GpuOptions};

/// Which solver runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// The strongest measured at every size: a portfolio of the exact solver (fastest on hard
    /// 9x9 and easy fills), the Ant Colony System (fastest on 16x16 and 25x25) and the
    /// box-assignment walk (where the ACS stalls), in lock-step rounds (`src/portfolio/`).
    Auto,
    /// The GA engine (Mantere & Koljonen with Sato & Inoue's crossover, and the box-assignment
    /// walk): the walk preset unless `--preset` names another.
    Ga,
    /// The exact solver (propagation and backtracking).
    Exact,
    /// The Ant Colony System of Lloyd & Amos.
    Aco,
}

/// Where the GA runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Backend {
    Cpu,
    Gpu,
    /// A hardware GPU if there is one, else the CPU.
    Auto,
}

/// Where a GA run actually goes, decided once per command.
#[derive(Clone)]
pub enum Device {
    Cpu,
    Gpu(Arc<GpuContext>),
}

impl Device {
    /// `Cpu` and `Gpu` are taken as asked (a missing adapter is an error for `Gpu`); `Auto`
    /// takes a hardware GPU when there is one, else the CPU engine. A software adapter
    /// (lavapipe, llvmpipe, WARP) is slower than the CPU engine, so `Auto` uses one only when it
    /// was asked for by name. The note says what `Auto` chose and why, for the user (one line).
    pub fn choose(backend: Backend, adapter: Option<&str>) -> Result<(Device, Option<String>)> {
        // `auto` probes only the primary backends (Vulkan, Metal, DX12) unless WGPU_BACKEND says
        // otherwise: a GL adapter is almost always a software one, and probing it is noisy.
        let backends = match (backend, std::env::var_os("WGPU_BACKEND")) {
            (Backend::Auto, None) => Some(wgpu::Backends::PRIMARY),
            _ => None,
        };
        let options = GpuOptions {
            adapter_name: adapter.map(str::to_string),
            backends,
        };
        match backend {
            Backend::Cpu => Ok((Device::Cpu, None)),
            Backend::Gpu => Ok((Device::Gpu(Arc::new(GpuContext::new(&options)?)), None)),
            Backend::Auto => match GpuContext::new(&options) {
                Ok(ctx) if !ctx.is_software() || adapter.is_some() => {
                    let note = format!("running on the GPU {}", ctx.describe());
                    Ok((Device::Gpu(Arc::new(ctx)), Some(note)))
                }
                Ok(ctx) => {
                    let note = format!(
                        "running on the CPU engine: the GPU adapter found, {} ({}), is a \
                         software one, slower than the CPU (--backend gpu takes it anyway)",
                        ctx.info.name,
                        ctx.info.backend.to_str()
                    );
                    Ok((Device::Cpu, Some(note)))
                }
                Err(e) => Ok((
                    Device::Cpu,
                    Some(format!("running on the CPU engine ({e})")),
                )),
            },
        }
    }

    /// [`Device::choose`], with its note logged at `info` level.
    pub fn select(backend: Backend, adapter: Option<&str>) -> Result<Device> {
        let (device, note) = Device::choose(backend, adapter)?;
        if let Some(note) = note {
            log::info!("{note}");
        }
        Ok(device)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Device::Cpu => "cpu",
            Device::Gpu(_) => "gpu",
        }
    }

    /// "CPU engine", or "GPU engine on <adapter>", for reports.
    pub fn describe(&self) -> String {
        match self {
            Device::Cpu => "CPU engine".to_string(),
            Device::Gpu(ctx) => format!("GPU engine on {}", ctx.describe()),
        }
    }

    pub fn adapter(&self) -> Option<AdapterSummary> {
        match self {
            Device::Cpu => None,
            Device::Gpu(ctx) => Some(ctx.summary()),
        }
    }

    /// A GA engine for `problem` on this device.
    pub fn engine(
        &self,
        problem: Problem,
        config: &GaConfig,
        threads: Option<usize>,
    ) -> Result<Box<dyn Engine>> {
        Ok(match self {
            Device::Cpu => Box::new(CpuEngine::new(problem, config, threads)?),
            Device::Gpu(ctx) => Box::new(GpuEngine::new(ctx, problem, config)?),
        })
    }
}

/// Most bytes of search state (one byte per cell of every individual or ant) an engine may ask
/// for: beyond it a run would fail to allocate (an abort, not an error) or swap for hours.
pub const MAX_STATE_BYTES: u64 = 1 << 32;

/// Refuses `members` boards of `cells` cells when they exceed [`MAX_STATE_BYTES`], naming the
/// options that set `members`.
pub(crate) fn check_state_size(
    what: &str,
    options: &str,
    members: u64,
    cells: usize,
) -> Result<()> {
    let bytes = members.saturating_mul(cells as u64);
    if bytes > MAX_STATE_BYTES {
        return Err(crate::error::Error::Config(format!(
            "{what} of {members} boards of {cells} cells need {:.1} GiB, more than the {} GiB \
             evoku allows: lower {options}",
            bytes as f64 / (1u64 << 30) as f64,
            MAX_STATE_BYTES >> 30
        )));
    }
    Ok(())
}

/// Everything `solve_puzzle` needs besides the puzzle.
#[derive(Clone)]
pub struct SolveOptions {
    pub algorithm: Algorithm,
    pub device: Device,
    pub ga: GaConfig,
    /// Ant Colony System settings; its seed is `ga.seed` (one `--seed` for every algorithm).
    pub aco: crate::aco::AcoConfig,
    /// CPU threads; `None` = all cores.
    pub threads: Option<usize>,
    pub time_limit: Option<Duration>,
    /// Nodes the exact solver may spend proving a puzzle has no solution before a GA run.
    pub unsolvable_check_nodes: u64,
    /// The preset `ga` started from (named in the report).
    pub preset: Preset,
    /// Which group counts a GPU run sizes from the adapter instead of taking them from `ga`
    /// and `aco` (`--islands auto`, the default on a GPU).
    pub fill_device: FillDevice,
    /// A solution the GA's no-solution check finds is the answer (`solved_by: "exact"`); off,
    /// the GA runs anyway (to measure it alone).
    pub exact_shortcut: bool,
    /// `--algorithm exact`: 0 runs one deterministic search; N > 0 runs randomized searches
    /// restarted with Luby budgets of N nodes each unit ([`exact::restarts`]), seeded by `ga.seed`.
    pub exact_restarts: u64,
}

/// Whether GA islands and ACS colonies are sized from the GPU adapter
/// ([`crate::defaults::gpu_islands`], [`crate::defaults::gpu_colonies`]); no effect on the CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillDevice {
    pub islands: bool,
    pub colonies: bool,
}

/// One line of `evoku solve --json`.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    pub name: String,
    pub file: String,
    /// Side `n` of the board.
    pub size: usize,
    pub givens: usize,
    pub solved: bool,
    /// The solution in line format, re-checked against the rules and givens; `null` if unsolved.
    pub solution: Option<String>,
    /// Digits missing from rows and columns of the best grid found (0 when solved); for the ACS,
    /// cells the best ant left empty. `null` when no heuristic run measured one (the exact
    /// solver, or a puzzle proven unsolvable first).
    pub fitness: Option<u32>,
    /// GA generations; ACS iterations.
    pub generations: u64,
    pub restarts: u32,
    /// Individual-generations spent (islands x population x generations); search nodes for the
    /// exact solver; ant tours (colonies x ants x iterations) for the ACS.
    pub evaluations: u64,
    pub seconds: f64,
    pub backend: String,
    /// The GPU adapter that ran (name, backend, device type, limits); `null` on the CPU.
    pub adapter: Option<AdapterSummary>,
    pub algorithm: Algorithm,
    /// What ran: the GA preset (`walk`, `default`, `paper`), `aco`, `exact`, or
    /// `portfolio(exact,aco,walk)` for `auto`.
    pub configuration: String,
    /// What found the solution: `exact` (also the GA's pre-check), `presolve` (propagation
    /// alone), `aco`, `walk`, or the GA preset's name; `null` when unsolved.
    pub solved_by: Option<String>,
    /// GA islands that ran (the walk's, in a portfolio); `null` when no GA ran.
    pub islands: Option<u32>,
    /// ACS colonies that ran; `null` when no ACS ran.
    pub colonies: Option<u32>,
    /// CPU threads the engines were given.
    pub threads: usize,
    /// The time limit the run had, in seconds (`null`: none).
    pub time_limit: Option<f64>,
    /// Per portfolio member (`auto` only): islands, work per round and in all, solved.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<crate::portfolio::MemberReport>,
    pub seed: u64,
    /// Cells presolve fixed beyond the givens.
    pub presolved_cells: usize,
    /// Why the puzzle cannot be solved, when that was proven (no GA run is made then).
    pub unsolvable: Option<String>,
    pub stopped_by_time: bool,
    /// Whether SIGINT or SIGTERM ended the run: the figures and the best grid are those so far.
    pub interrupted: bool,
    /// The best grid found, in line format: the solution when solved, the best so far when the
    /// run was stopped (time limit, cap, signal); `null` when no run was made.
    #[serde(serialize_with = "grid_line")]
    pub best: Option<Grid>,
}

/// A grid as its line-format string (the form `solution` has).
fn grid_line<S: serde::Serializer>(grid: &Option<Grid>, s: S) -> Result<S::Ok, S::Error> {
    match grid {
        Some(grid) => s.serialize_some(&grid.to_string()),
        None => s.serialize_none(),
    }
}

impl SolveReport {
    fn new(puzzle: &Puzzle, options: &SolveOptions, device: &Device) -> SolveReport {
        SolveReport {
            name: puzzle.name.clone(),
            file: puzzle.file.clone(),
            size: puzzle.grid.geometry().side(),
            givens: puzzle.grid.givens(),
            solved: false,
            solution: None,
            fitness: None,
            generations: 0,
            restarts: 0,
            evaluations: 0,
            seconds: 0.0,
            backend: device.name().to_string(),
            adapter: device.adapter(),
            algorithm: options.algorithm,
            configuration: configuration(puzzle, options),
            solved_by: None,
            islands: None,
            colonies: None,
            threads: options
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            time_limit: options.time_limit.map(|t| t.as_secs_f64()),
            members: Vec::new(),
            seed: options.ga.seed,
            presolved_cells: 0,
            unsolvable: None,
            stopped_by_time: false,
            interrupted: false,
            best: None,
        }
    }

    /// Records `grid`, found by `by`, as the solution only if it passes the host check.
    fn set_solution(&mut self, puzzle: &Grid, grid: &Grid, by: &str) {
        self.solved = grid.solves(puzzle);
        if self.solved {
            self.solution = Some(grid.to_string());
            self.fitness = Some(0);
            self.solved_by = Some(by.to_string());
        }
        self.best = Some(grid.clone());
    }

    /// Records a heuristic run's best grid: as the solution when the run says it solved (the
    /// host check still decides), otherwise as the best grid found.
    fn set_best(&mut self, puzzle: &Grid, best: Grid, solved: bool, by: &str) {
        if solved {
            self.set_solution(puzzle, &best, by);
        } else {
            self.best = Some(best);
        }
    }

    /// The report with its wall time since `start`.
    fn finished(mut self, start: Instant) -> SolveReport {
        self.seconds = start.elapsed().as_secs_f64();
        self
    }
}

/// Solves one puzzle. `progress` is called after every GA step.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SolveReport> {
    let start = Instant::now();
    let grid = &puzzle.grid;
    match options.algorithm {
        Algorithm::Exact => {
            let mut report = SolveReport::new(puzzle, options, &Device::Cpu);
            let limits = exact::Limits {
                max_solutions: 1,
                max_nodes: u64::MAX,
                time_limit: options.time_limit,
            };
            let result = match options.exact_restarts {
                0 => exact::solve(grid, &limits),
                unit => exact::restarts::solve(grid, &limits, options.ga.seed, unit),
            };
            report.evaluations = result.nodes;
            report.stopped_by_time = result.status == exact::Status::TimeLimit;
            report.interrupted = result.status == exact::Status::Interrupted;
            if result.has_no_solution() {
                report.unsolvable = Some("the exact solver proved there is no solution".into());
            }
            if let Some(solution) = result.first() {
                report.set_solution(grid, solution, "exact");
            }
            Ok(report.finished(start))
        }
        Algorithm::Ga => solve_ga(puzzle, options, progress, start),
        Algorithm::Aco => solve_aco(puzzle, options, progress, start),
        Algorithm::Auto => solve_auto(puzzle, options, progress, start),
    }
}

/// What the report names as the configuration that ran.
fn configuration(puzzle: &Puzzle, options: &SolveOptions) -> String {
    match options.algorithm {
        Algorithm::Auto => crate::portfolio::configuration_name(
            &crate::portfolio::default_members(puzzle.grid.geometry().side()),
        ),
        Algorithm::Ga => serde_json::to_value(options.preset)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        Algorithm::Aco => "aco".into(),
        Algorithm::Exact => "exact".into(),
    }
}

/// The default: the portfolio of [`crate::portfolio::default_members`] for the board.
fn solve_auto(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
    start: Instant,
) -> Result<SolveReport> {
    let grid = &puzzle.grid;
    options.ga.validate()?;
    let members = crate::portfolio::default_members(grid.geometry().side());
    let outcome = crate::portfolio::solve(grid, &members, options, progress, start)?;
    let mut report = SolveReport::new(puzzle, options, &options.device);
    report.unsolvable = outcome.unsolvable;
    report.presolved_cells = outcome.presolved_cells;
    report.fitness = Some(outcome.best_penalty);
    report.generations = outcome.rounds as u64;
    report.restarts = outcome.restarts;
    report.evaluations = outcome.evaluations;
    report.stopped_by_time = outcome.stopped_by_time;
    report.interrupted = outcome.interrupted;
    report.islands = outcome.islands;
    report.colonies = outcome.colonies;
    report.members = outcome.members;
    if let Some(best) = outcome.best {
        let by = outcome.solved_by.unwrap_or_default();
        report.set_best(grid, best, outcome.solved, &by);
    }
    Ok(report.finished(start))
}

/// The Ant Colony System: `generations` counts iterations, `evaluations` ant tours, `fitness`
/// the cells the best ant left empty.
fn solve_aco(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
    start: Instant,
) -> Result<SolveReport> {
    let grid = &puzzle.grid;
    let mut config = options.aco.clone();
    config.seed = options.ga.seed;
    if let (Device::Gpu(ctx), true) = (&options.device, options.fill_device.colonies) {
        config.colonies = crate::defaults::gpu_colonies(ctx, grid, &config);
    }
    let mut report = SolveReport::new(puzzle, options, &options.device);
    report.colonies = Some(config.colonies);
    let mut engine = match crate::aco::engine(grid, &config, &options.device, options.threads)? {
        Ok(engine) => engine,
        Err(why) => {
            report.unsolvable = Some(why);
            return Ok(report.finished(start));
        }
    };
    if decided_by_precheck(&mut report, grid, options, start) {
        return Ok(report.finished(start));
    }
    let limits = crate::aco::AcoLimits {
        max_iterations: config.max_iterations,
        time_limit: time_left(options, start),
    };
    let outcome = crate::aco::run(engine.as_mut(), grid, limits, progress)?;
    report.presolved_cells = outcome.presolved_cells;
    report.fitness = Some(outcome.best_penalty);
    report.generations = outcome.iterations as u64;
    report.restarts = outcome.restarts;
    report.evaluations = outcome.ant_tours;
    report.stopped_by_time = outcome.stopped_by_time;
    report.interrupted = outcome.interrupted;
    report.set_best(grid, outcome.best, outcome.solved, "aco");
    Ok(report.finished(start))
}

/// The time left of `options.time_limit` for a run that began at `start`: the limit covers
/// every phase (presolve, engine set-up, the no-solution check), not only the run loop.
fn time_left(options: &SolveOptions, start: Instant) -> Option<Duration> {
    options
        .time_limit
        .map(|limit| limit.saturating_sub(start.elapsed()))
}

/// The share of the time limit the no-solution check may take before a heuristic run.
const CHECK_SHARE_OF_LIMIT: u32 = 4;

/// What the exact pre-check found before a heuristic run.
enum Precheck {
    /// Proven to have no solution: the reason.
    NoSolution(String),
    /// A solution found on the way, after `nodes` search nodes.
    Solution { grid: Grid, nodes: u64 },
    /// Neither within the check's budget.
    Unknown,
}

/// The exact solver on `grid` within `options.unsolvable_check_nodes` nodes and a quarter of the
/// time limit (the same check for every heuristic, so none of them searches for a solution that
/// does not exist, and none is started for a puzzle the check has just solved).
fn precheck(grid: &Grid, options: &SolveOptions, start: Instant) -> Precheck {
    let check = exact::solve(
        grid,
        &exact::Limits {
            max_solutions: 1,
            max_nodes: options.unsolvable_check_nodes,
            time_limit: options
                .time_limit
                .map(|limit| (limit / CHECK_SHARE_OF_LIMIT).saturating_sub(start.elapsed())),
        },
    );
    if check.has_no_solution() {
        return Precheck::NoSolution("the exact solver proved there is no solution".to_string());
    }
    match check.first() {
        Some(solution) => Precheck::Solution {
            grid: solution.clone(),
            nodes: check.nodes,
        },
        None => Precheck::Unknown,
    }
}

/// Applies the pre-check to `report`; true when the run is decided (no solution, or the check's
/// solution taken as the answer unless `options.exact_shortcut` is off).
fn decided_by_precheck(
    report: &mut SolveReport,
    grid: &Grid,
    options: &SolveOptions,
    start: Instant,
) -> bool {
    match precheck(grid, options, start) {
        Precheck::NoSolution(why) => {
            report.unsolvable = Some(why);
            true
        }
        Precheck::Solution {
            grid: solution,
            nodes,
        } if options.exact_shortcut => {
            report.evaluations = nodes;
            report.set_solution(grid, &solution, "exact");
            report.solved
        }
        _ => false,
    }
}

fn solve_ga(
    puzzle: &Puzzle,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
    start: Instant,
) -> Result<SolveReport> {
    let grid = &puzzle.grid;
    let mut config = options.ga.clone();
    config.validate()?;
    let mut report = SolveReport::new(puzzle, options, &options.device);
    let problem = match Problem::for_config(grid, &config) {
        Ok(problem) => problem,
        Err(ga::Unsolvable(why)) => {
            report.unsolvable = Some(why);
            return Ok(report.finished(start));
        }
    };
    report.presolved_cells = problem.presolved_cells();
    if let (Device::Gpu(ctx), true) = (&options.device, options.fill_device.islands) {
        config.islands = crate::defaults::gpu_islands(ctx, grid, &config);
    }
    report.islands = Some(config.islands);
    // The engine first: a GPU engine checks the adapter's limits before any long check.
    let mut engine = options
        .device
        .engine(problem.clone(), &config, options.threads)?;
    // A solution the check finds on the way is the answer, not a reason to start the GA.
    if decided_by_precheck(&mut report, grid, options, start) {
        return Ok(report.finished(start));
    }
    let limits = RunLimits {
        max_generations: config.max_generations,
        time_limit: time_left(options, start),
    };
    let outcome = ga::run(engine.as_mut(), &problem, limits, progress)?;
    report.fitness = Some(outcome.best_penalty);
    report.generations = outcome.generations as u64;
    report.restarts = outcome.restarts;
    report.evaluations = outcome.evaluations;
    report.stopped_by_time = outcome.stopped_by_time;
    report.interrupted = outcome.interrupted;
    let by = report.configuration.clone();
    report.set_best(grid, outcome.best, outcome.solved, &by);
    Ok(report.finished(start))
}
