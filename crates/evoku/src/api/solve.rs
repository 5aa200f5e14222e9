//! [`solve`] and [`Solver`]: what `evoku solve` does, for one puzzle at a time.

use std::time::Duration;

use super::{named, Puzzle};
use crate::aco::AcoConfig;
use crate::error::Result;
use crate::ga::{GaConfig, Preset};
use crate::plan::{FillDevice, SolveOptions, EXACT_STREAMS};
use crate::solve::{solve_puzzle, SolveReport};

pub use crate::device::Backend;
pub use crate::solve::Algorithm;

/// How [`solve`] works: the solver, where it runs, the seed and the time limit.
///
/// [`Settings::default`] is what `evoku solve` does with no options: the `auto` portfolio (the
/// exact solver, the Ant Colony System and the box-assignment walk in lock-step rounds), a
/// hardware GPU when there is one, seed 1, every core, and the time limit of the board's size.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    algorithm: Algorithm,
    backend: Backend,
    adapter: Option<String>,
    seed: u64,
    threads: Option<usize>,
    /// Streams of the exact member from 36x36 on (`--exact-streams`).
    exact_streams: u32,
    /// `None`: the default of the board's size; `Some(None)`: no limit.
    time_limit: Option<Option<Duration>>,
    /// Whether the exact solver's no-solution check may answer (`--no-exact-shortcut` clears it).
    exact_shortcut: bool,
    /// The GA's named settings (`--preset`); `None`: the walk preset, as `evoku solve`.
    preset: Option<Preset>,
    /// GA and ACS settings by name ([`Settings::set`]), applied over the preset in order.
    named: Vec<(String, String)>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            algorithm: Algorithm::Auto,
            backend: Backend::Auto,
            adapter: None,
            seed: 1,
            threads: None,
            exact_streams: EXACT_STREAMS,
            time_limit: None,
            exact_shortcut: true,
            preset: None,
            named: Vec::new(),
        }
    }
}

impl Settings {
    /// The settings of `evoku solve` with no options (see [`Settings`]).
    pub fn new() -> Settings {
        Settings::default()
    }

    /// The GPU adapter whose name contains `name` (`--adapter`).
    pub fn adapter(mut self, name: impl Into<String>) -> Settings {
        self.adapter = Some(name.into());
        self
    }

    /// The time limit per puzzle (`--time-limit`).
    pub fn time_limit(mut self, limit: Duration) -> Settings {
        self.time_limit = Some(Some(limit));
        self
    }

    /// No time limit (`--time-limit 0`).
    pub fn no_time_limit(mut self) -> Settings {
        self.time_limit = Some(None);
        self
    }

    /// A GA or ACS setting by the command line's option name without its dashes
    /// (`"mutation_rate"` for `--mutation-rate`, `"q0"`), its value read as that option reads it.
    /// An unknown name or an unreadable value is an error here; whether the values fit together
    /// is checked by [`Solver::new`], as the command line checks them.
    ///
    /// ```
    /// let settings = evoku::Settings::new().set("population", "400")?.set("q0", "0.1")?;
    /// assert!(evoku::Settings::new().set("populaton", "400").is_err());
    /// # Ok::<(), evoku::Error>(())
    /// ```
    pub fn set(mut self, name: &str, value: &str) -> Result<Settings> {
        let mut ga = GaConfig::preset(Preset::Walk);
        let mut aco = AcoConfig::default();
        if !named::set_ga(&mut ga, name, value)? && !named::set_aco(&mut aco, name, value)? {
            return Err(named::unknown(name));
        }
        self.named.push((name.to_string(), value.to_string()));
        Ok(self)
    }
}

setters! {
    Settings {
        /// The solver (`evoku solve --algorithm`); the GA runs the walk preset.
        algorithm: Algorithm,
        /// Where the GA and the ACS run (`--backend`).
        backend: Backend,
        /// The random seed (`--seed`): the same seed gives the same run.
        seed: u64,
        /// CPU threads (`--threads`; default: every core). Results do not depend on it.
        threads: usize => Some,
        /// Independent searches of the exact member from 36x36 on (`--exact-streams`; default
        /// [`EXACT_STREAMS`], at most [`crate::plan::MAX_EXACT_STREAMS`]): more keep more cores busy and change
        /// the run, which the thread count never does.
        exact_streams: u32,
        /// Whether the solution the exact solver's no-solution check finds first is the answer
        /// (`true`, the default); `false` runs the chosen method anyway, to measure the GA or the ACS
        /// alone (`--no-exact-shortcut`).
        exact_shortcut: bool,
        /// The GA's named settings (`--preset`; default `walk`), which [`Settings::set`] adjusts.
        preset: Preset => Some,
    }
}

/// What a solve found: the solution (checked against the rules and the givens) and the work.
#[derive(Clone, Debug)]
pub struct Report {
    inner: SolveReport,
}

impl Report {
    /// Whether the puzzle was solved.
    pub fn solved(&self) -> bool {
        self.inner.solved
    }

    /// The solution's cells, row by row (digits `1..=side`), re-checked on the host; `None`
    /// when unsolved.
    pub fn solution(&self) -> Option<&[u8]> {
        // A report is solved only by `SolveReport::set_solution`, which checks the grid
        // against the rules and the givens: its best grid is then the solution.
        match self.inner.solved {
            true => self.best(),
            false => None,
        }
    }

    /// What found the solution: `exact`, `presolve`, `aco`, `walk` or a GA preset's name.
    pub fn solved_by(&self) -> Option<&str> {
        self.inner.solved_by.as_deref()
    }

    /// Why the puzzle has no solution, when that was proven.
    pub fn unsolvable(&self) -> Option<&str> {
        self.inner.unsolvable.as_deref()
    }

    /// The best grid found, row by row: the solution when solved, the best so far when the run
    /// stopped (time limit, signal); `None` when no run was made (a puzzle proven unsolvable).
    pub fn best(&self) -> Option<&[u8]> {
        self.inner.best.as_ref().map(|grid| grid.cells())
    }

    /// GA generations, or ACS iterations, run.
    pub fn generations(&self) -> u64 {
        self.inner.generations
    }

    /// Work done: individual-generations for the GA, ant tours for the ACS, search nodes for the
    /// exact solver (as `evaluations` in `evoku solve --json`).
    pub fn evaluations(&self) -> u64 {
        self.inner.evaluations
    }

    /// Whether a stop request ([`crate::stop`]) ended the run: the figures are those so far.
    pub fn interrupted(&self) -> bool {
        self.inner.interrupted
    }

    /// Wall time of the solve, in seconds.
    pub fn seconds(&self) -> f64 {
        self.inner.seconds
    }

    /// The report as `evoku solve --json` prints it: one JSON object (its keys are listed in
    /// the README).
    pub fn to_json(&self) -> String {
        // A report holds strings, numbers and options only: serializing it cannot fail.
        serde_json::to_string(&self.inner).unwrap_or_default()
    }
}

/// Solves many puzzles with one device: the GPU (when one is used) is opened once.
#[derive(Clone)]
pub struct Solver {
    settings: Settings,
    options: SolveOptions,
}

impl Solver {
    /// Checks `settings` and opens the device they name.
    pub fn new(settings: &Settings) -> Result<Solver> {
        let preset = settings.preset.unwrap_or(Preset::Walk);
        let mut ga = GaConfig {
            seed: settings.seed,
            ..GaConfig::preset(preset)
        };
        let mut aco = AcoConfig::default();
        for (name, value) in &settings.named {
            if !named::set_ga(&mut ga, name, value)? {
                named::set_aco(&mut aco, name, value)?;
            }
        }
        let given = |name: &str| settings.named.iter().any(|(n, _)| n == name);
        // Checked here, before the device is opened, as `evoku solve` checks them.
        let options = SolveOptions::new(settings.algorithm, preset, ga, aco)?
            .threads(settings.threads)
            .fill_device(FillDevice {
                islands: !given("islands"),
                colonies: !given("colonies"),
            })
            .exact(settings.exact_shortcut, 0, settings.exact_streams)?;
        let (device, note) = crate::solve::choose_device(
            settings.backend,
            settings.adapter.as_deref(),
            settings.algorithm,
        )?;
        if let Some(note) = note {
            log::info!("{note}");
        }
        Ok(Solver {
            settings: settings.clone(),
            options: options.on(device),
        })
    }

    /// Solves `puzzles` as one batch, as `evoku solve` solves a file's puzzles
    /// ([`crate::solve::batch`]): on the CPU min(n, T) at once on T threads (the settings'
    /// threads, default every core), each on its share; the GA or the ACS on one GPU many puzzles
    /// in each launch ([`crate::solve::gpu_batch`]); the default solver shares one GPU as it
    /// shares the threads, min(n, T) at once within its memory (several adapters: one at a
    /// time). Each result is
    /// the one the puzzle gets alone; the results are in input order; a stop request (Ctrl-C)
    /// ends the batch early, after the puzzles already started.
    pub fn solve_batch(&self, puzzles: &[Puzzle]) -> Vec<Result<Report>> {
        let mut results = Vec::with_capacity(puzzles.len());
        if let Some(ctx) = crate::solve::gpu_batch::shared_gpu(puzzles.len(), &self.options) {
            let inner: Vec<_> = puzzles.iter().map(|p| p.inner()).collect();
            let threads = self.options.threads;
            crate::solve::gpu_batch::solve_on_gpu(
                ctx,
                &inner,
                &|puzzle| self.options_for(puzzle.grid.geometry().side(), threads),
                &crate::stop::requested,
                &mut |index, report| {
                    results.push(report.map(|inner| Report::of(&puzzles[index], inner)));
                    std::ops::ControlFlow::Continue(())
                },
            );
            return results;
        }
        let grids = puzzles.iter().map(|p| &p.inner().grid);
        let plan = crate::solve::batch::plan_for(grids, &self.options);
        let threads = plan.threads_for(self.options.threads);
        crate::solve::batch::run_ordered(
            puzzles.len(),
            plan.width,
            &crate::stop::requested,
            &|index| self.solve_with_threads(&puzzles[index], threads),
            &mut |_, result| {
                results.push(result);
                std::ops::ControlFlow::Continue(())
            },
        );
        results
    }

    /// Solves `puzzle`.
    pub fn solve(&self, puzzle: &Puzzle) -> Result<Report> {
        self.solve_with_threads(puzzle, self.options.threads)
    }

    /// The options of a puzzle of `side` x `side` cells on `threads` threads: the time limit
    /// given, else the board size's.
    fn options_for(&self, side: usize, threads: Option<usize>) -> SolveOptions {
        let mut options = self.options.clone();
        options.threads = threads;
        options.time_limit = self
            .settings
            .time_limit
            .unwrap_or_else(|| Some(crate::defaults::default_time_limit(side)));
        options
    }

    fn solve_with_threads(&self, puzzle: &Puzzle, threads: Option<usize>) -> Result<Report> {
        let options = self.options_for(puzzle.side(), threads);
        let inner = solve_puzzle(puzzle.inner(), &options, &mut |_| {})?;
        Ok(Report::of(puzzle, inner))
    }
}

impl Report {
    /// The report of `inner` on `puzzle`: a solution was checked against the puzzle when the
    /// report was made (`SolveReport::set_solution`), so it is not checked again.
    fn of(puzzle: &Puzzle, inner: SolveReport) -> Report {
        debug_assert!(
            !inner.solved
                || inner
                    .best
                    .as_ref()
                    .is_some_and(|g| puzzle.is_solved_by(g.cells())),
            "a solved report whose best grid does not solve its puzzle"
        );
        Report { inner }
    }
}

/// Solves `puzzle` as `evoku solve` does with `settings`.
///
/// ```
/// use evoku::{solve, Algorithm, Puzzle, Settings};
///
/// let puzzle: Puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()?;
/// let report = solve(&puzzle, &Settings::new().algorithm(Algorithm::Exact))?;
/// assert!(report.solved());
/// assert!(puzzle.is_solved_by(report.solution().unwrap()));
/// # Ok::<(), evoku::Error>(())
/// ```
pub fn solve(puzzle: &Puzzle, settings: &Settings) -> Result<Report> {
    Solver::new(settings)?.solve(puzzle)
}
