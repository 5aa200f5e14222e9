//! Genetic-algorithm settings: operators, rates, presets, and their validation.

use crate::choice::choice_enum;
use crate::error::{Error, Result};

choice_enum! {
    /// How two parents make children (docs/ALGORITHMS.md section 2).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum CrossoverKind ("crossover", gpu "CROSSOVER") {
        /// No crossover: children are copies of tournament winners.
        None = 0 => "none",
        /// Sato & Inoue: child 1 takes each band of boxes from the parent whose rows score higher,
        /// child 2 each stack from the parent whose columns score higher.
        Band = 1 => "band",
        /// Each box from one parent or the other with probability 1/2.
        Uniform = 2 => "uniform",
        /// Three parents (best so far 0.55, best of generation 0.33, own parent 0.12), box by box.
        MultiParent = 3 => "multi-parent",
    }
}

choice_enum! {
    /// How a child is mutated: one swap of two cells inside a unit (a box, or a row with the row encoding).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum MutationKind ("mutation", gpu "MUTATION") {
        /// Two random positions of a random box; abandoned if either is a given (the paper's swap
        /// without its help table).
        Swap = 0 => "swap",
        /// The paper's help-array swap: the help table of digit counts per row and column directs
        /// the swap to cells whose digit is duplicated in its row or column.
        Directed = 1 => "directed",
        /// Like `directed`, but only swaps that give both cells one of their candidates (the digits
        /// the givens, and with presolve propagation, leave them).
        Candidate = 2 => "candidate",
        /// The row-encoded GA's (docs/ALGORITHMS.md section 3): in a random unit (box or row), the
        /// first pair of free cells, scanning from a random cell, whose swap brings neither digit
        /// into a scored line that already holds it; abandoned when no pair qualifies.
        FirstFit = 3 => "first-fit",
    }
}

choice_enum! {
    /// What a gene is: the unit kept a permutation of `1..=n`, and so the lines that are scored.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Encoding ("encoding", gpu "ENCODING") {
        /// A gene is a box (Mantere & Koljonen's); rows and columns are scored.
        Block = 0 => "block",
        /// A gene is a row (the course report's); columns and boxes are scored.
        Row = 1 => "row",
    }
}

choice_enum! {
    /// What the mutation rate is a probability of.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum MutationScope ("mutation scope", gpu "MUTATION_SCOPE") {
        /// One chance per child: with probability `rate`, one swap in a random box.
        Child = 0 => "child",
        /// One chance per box of the child (n chances, so `n * rate` mutations expected), each a
        /// swap in a random box as the paper's mutation draws it. Our reading of the paper's rate: it
        /// reproduces the paper's generation counts where `child` stalls (docs/results/paper.md#the-papers-experiment-mantere--koljonen).
        Box = 1 => "box",
    }
}

choice_enum! {
    /// How the first population is drawn.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum InitKind ("init", codes) {
        /// Each box a uniformly random permutation of its missing digits (the paper's).
        Random = 0 => "random",
        /// Each free cell prefers digits that do not clash with givens (or, with presolve, with the
        /// candidates left by propagation) in its row and column.
        Candidates = 1 => "candidates",
    }
}

choice_enum! {
    /// Named settings.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Preset ("preset") {
        /// Mantere & Koljonen: population 150, elitism 1, tournament 3, Sato & Inoue crossover 0.3,
        /// help-array swap mutation 0.3 per box (the help table directs the swap to duplicated
        /// digits), no local search, one island, 100,000 generations; a restart after 300
        /// generations without improvement (the paper restarts but gives no interval).
        Paper => "paper",
        /// The best GA setting measured with selection and crossover on (the GA's default before
        /// the walk; see docs/results/ga-presets.md#choosing-the-default-preset).
        Default => "default",
        /// The box-assignment walk: islands of two walkers, each child taking 50 box assignments
        /// a generation, with selection, crossover, mutation and local search off and a restart
        /// after 3,000 stagnant generations. The strongest setting measured at 9x9, 16x16 and 25x25
        /// (docs/results/suites.md#the-box-assignment-walk---preset-walk-the-ga-engine-solves-25x25-at-40-50--fill).
        Walk => "walk",
        /// The course report's row-encoded GA (docs/ALGORITHMS.md section 3): rows as genes, rows
        /// drawn from the givens' candidates, uniform crossover of rows, the first-fit swap,
        /// binary tournament won by the fitter with probability 0.8, two elites, adaptive rates,
        /// population 400 and a reset after 100 stuck generations. The numbers the report leaves
        /// open are measured (docs/results/row-ga.md#the-row-encoded-ga---encoding-row---preset-row-issue-15).
        Row => "row",
    }
}

/// Every knob of the GA. A run is a pure function of (puzzle, config); `seed` is part of it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GaConfig {
    pub population: u32,
    pub elites: u32,
    pub tournament: u32,
    pub crossover: CrossoverKind,
    pub crossover_rate: f64,
    pub mutation: MutationKind,
    pub mutation_rate: f64,
    pub mutation_scope: MutationScope,
    /// Box assignments per child and generation: each re-arranges a random box by a noisy
    /// minimum-cost matching (`crates/evoku/src/ga/cpu/assign/`), a short random walk; 0 turns it off.
    pub assign_steps: u32,
    /// The box assignment's noise: each cost gets a random `0..assign_noise` against 1,000 for
    /// a conflict (`ASSIGN_UNIT`); 0 makes every assignment the exact best arrangement.
    pub assign_noise: u32,
    /// Mutated variants tried per child, the best kept; 0 turns local search off.
    pub local_search: u32,
    /// Worsen a surviving elite's fitness by one for every generation it stays.
    pub aging: bool,
    /// Restart an island whose best has not improved for this many generations; 0 = never.
    pub restart_after: u32,
    /// Individuals kept from the old population at a restart.
    pub restart_keep: u32,
    /// Independent populations.
    pub islands: u32,
    /// Every this many generations each island's best replaces the last individual of the next
    /// island; 0 = no migration.
    pub migration: u32,
    pub max_generations: u32,
    pub init: InitKind,
    /// Propagate singles first and draw the population from the remaining candidates.
    pub presolve: bool,
    pub seed: u64,
    /// What a gene is: a box or a row.
    pub encoding: Encoding,
    /// Probability that the fitter of a tournament's individuals wins (else the weakest).
    pub selection_rate: f64,
    /// The report's adaptive rates: `crossover_rate` and `mutation_rate` are starting values,
    /// moved each generation by `rate_step` (docs/ALGORITHMS.md section 3).
    pub adaptive: bool,
    /// The crossover rate rises toward this while too few crossovers succeed.
    pub crossover_max: f64,
    /// The share of crossovers that should succeed (a child fitter than its parents' mean).
    pub crossover_target: f64,
    /// The mutation rate falls toward this while under 30 % of mutations improve the child.
    pub mutation_min: f64,
    /// How far either rate moves in one generation.
    pub rate_step: f64,
}

/// The share of mutations that should improve the child: the report's one number.
pub const MUTATION_TARGET: f64 = 0.3;

/// Most elites an island keeps (the size of the elite table in the island state).
pub const MAX_ELITES: u32 = 4;

/// The most islands one engine runs (`--islands`; `--runs` of `paper`, `study` and `rate`, whose
/// runs are islands).
pub const MAX_ISLANDS: u32 = 1 << 16;

/// `--runs` of `paper`, `study` and `rate` (0 allowed where `zero_skips`: rate's "no GA rating"):
/// checked here, naming `--runs`, because the runs become islands and `--islands`' own check
/// would blame an option the user never gave.
pub fn check_runs(runs: u32, zero_skips: bool) -> Result<()> {
    let low = u32::from(!zero_skips);
    if (low..=MAX_ISLANDS).contains(&runs) {
        Ok(())
    } else {
        Err(Error::invalid_option(
            "--runs",
            runs,
            format!("{low}..={MAX_ISLANDS}"),
        ))
    }
}

impl GaConfig {
    /// Checks every field; the error names the option to change and the values it accepts.
    pub fn validate(&self) -> Result<()> {
        let check = |ok: bool, option: &str, value: &dyn std::fmt::Display, allowed: &str| {
            if ok {
                Ok(())
            } else {
                Err(Error::invalid_option(option, value, allowed))
            }
        };
        let population = self.population;
        check(
            (2..=1 << 20).contains(&population),
            "--population",
            &population,
            "2..=1048576",
        )?;
        check(
            self.elites <= MAX_ELITES && self.elites < population,
            "--elites",
            &self.elites,
            &format!("at most {MAX_ELITES} and below the population"),
        )?;
        check(
            (1..=64).contains(&self.tournament),
            "--tournament",
            &self.tournament,
            "1..=64",
        )?;
        for (name, rate) in [
            ("--crossover-rate", self.crossover_rate),
            ("--mutation-rate", self.mutation_rate),
            ("--selection-rate", self.selection_rate),
            ("--crossover-max", self.crossover_max),
            ("--crossover-target", self.crossover_target),
            ("--mutation-min", self.mutation_min),
            ("--rate-step", self.rate_step),
        ] {
            check((0.0..=1.0).contains(&rate), name, &rate, "within 0..=1")?;
        }
        check(
            self.assign_steps <= 10_000,
            "--assign-steps",
            &self.assign_steps,
            "0..=10000",
        )?;
        check(
            self.assign_noise <= 100_000,
            "--assign-noise",
            &self.assign_noise,
            "0..=100000",
        )?;
        check(
            self.local_search <= 64,
            "--local-search",
            &self.local_search,
            "0..=64",
        )?;
        check(
            self.restart_keep < population,
            "--restart-keep",
            &self.restart_keep,
            "below the population",
        )?;
        check(
            (1..=MAX_ISLANDS).contains(&self.islands),
            "--islands",
            &self.islands,
            "1..=65536",
        )?;
        check(
            self.max_generations != 0 && self.max_generations < u32::MAX / 2,
            "--max-generations",
            &self.max_generations,
            "1..2^31",
        )?;
        if self.encoding == Encoding::Row {
            // Band/stack crossover and the box assignment move boxes; the candidate mutation
            // reads block-ordered candidates: none of them has a row-encoded meaning.
            check(
                self.crossover != CrossoverKind::Band,
                "--crossover",
                &"band",
                "uniform, multi-parent or none with --encoding row (band moves bands and stacks of boxes)",
            )?;
            check(
                self.assign_steps == 0,
                "--assign-steps",
                &self.assign_steps,
                "0 with --encoding row (the box assignment re-arranges boxes)",
            )?;
            check(
                self.mutation != MutationKind::Candidate,
                "--mutation",
                &"candidate",
                "first-fit, directed or swap with --encoding row (candidate is block-only)",
            )?;
        }
        Ok(())
    }
}
