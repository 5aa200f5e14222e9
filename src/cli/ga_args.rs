//! The genetic-algorithm options shared by every command that runs the GA.

use clap::Args;

use super::choices::choice;
use evoku::ga::{CrossoverKind, Encoding, GaConfig, InitKind, MutationKind, MutationScope, Preset};

/// `--islands N` or `--islands auto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IslandCount {
    /// Sized from the GPU adapter (`evoku::plan::sizing::gpu_islands`); the preset's on the CPU.
    Auto,
    Count(u32),
}

fn parse_islands(text: &str) -> Result<IslandCount, String> {
    if text == "auto" {
        return Ok(IslandCount::Auto);
    }
    text.parse()
        .map(IslandCount::Count)
        .map_err(|_| format!("'{text}' is not a number of islands or `auto`"))
}

/// `--preset` and every override of it.
#[derive(Args, Debug, Clone)]
pub struct GaArgs {
    /// Named GA settings (default: `walk` for `evoku solve` and `suite`, the strongest GA
    /// setting measured; `default` for the other commands).
    #[arg(long, value_parser = choice::<Preset>())]
    preset: Option<Preset>,
    /// Random seed: the same seed gives the same run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Individuals per island (default: the preset's).
    #[arg(long)]
    population: Option<u32>,
    /// Independent populations run side by side; `auto` (the default of `solve`, `suite` and `bench`)
    /// sizes them from a GPU adapter and keeps the preset's on the CPU.
    #[arg(long, value_parser = parse_islands)]
    islands: Option<IslandCount>,
    /// Best individuals copied unchanged into the next generation.
    #[arg(long)]
    elites: Option<u32>,
    /// Individuals drawn per tournament selection (the fittest of them breeds).
    #[arg(long)]
    tournament: Option<u32>,
    /// Crossover operator.
    #[arg(long, value_parser = choice::<CrossoverKind>())]
    crossover: Option<CrossoverKind>,
    /// Probability that a pair of parents is crossed over (0..=1).
    #[arg(long)]
    crossover_rate: Option<f64>,
    /// Mutation operator: a swap of two cells inside a unit (a box, or a row with --encoding row).
    #[arg(long, value_parser = choice::<MutationKind>())]
    mutation: Option<MutationKind>,
    /// Probability of a mutation (0..=1), per child or per box (see --mutation-scope).
    #[arg(long)]
    mutation_rate: Option<f64>,
    /// What the mutation rate is a probability of: one chance per child or one per box.
    #[arg(long, value_parser = choice::<MutationScope>())]
    mutation_scope: Option<MutationScope>,
    /// Box assignments per child and generation, each a random box re-arranged by a noisy
    /// minimum-cost matching of its free cells to its digits (0 = off).
    #[arg(long)]
    assign_steps: Option<u32>,
    /// The box assignment's noise: a random 0..N added to each cost, where a conflict costs
    /// 1,000 (0 = always the exact best arrangement; default 1200).
    #[arg(long)]
    assign_noise: Option<u32>,
    /// Mutated variants tried per child (0 = no local search).
    #[arg(long)]
    local_search: Option<u32>,
    /// Aging penalty on elites that stay best.
    #[arg(long, overrides_with = "no_aging")]
    aging: bool,
    /// No aging penalty.
    #[arg(long)]
    no_aging: bool,
    /// Restart an island after this many generations without improvement (0 = never); with
    /// --adaptive the rates start over too (the row-encoded GA's reset).
    #[arg(long, visible_alias = "reset-after")]
    restart_after: Option<u32>,
    /// Individuals kept at a restart.
    #[arg(long)]
    restart_keep: Option<u32>,
    /// Migrate each island's best to the next island every N generations (0 = never).
    #[arg(long)]
    migration: Option<u32>,
    /// How the first population is drawn.
    #[arg(long, value_parser = choice::<InitKind>())]
    init: Option<InitKind>,
    /// Propagate singles first, fix forced cells, draw the population from the candidates left.
    #[arg(long, overrides_with = "no_presolve")]
    presolve: bool,
    /// No presolve: the GA starts from the givens alone.
    #[arg(long)]
    no_presolve: bool,
    /// Generations per run at most (default: the preset's).
    #[arg(long)]
    max_generations: Option<u32>,
    /// What a gene is: a box (block, the default) or a row (the row-encoded GA, scored on
    /// columns and boxes).
    #[arg(long, value_parser = choice::<Encoding>())]
    encoding: Option<Encoding>,
    /// Probability that the fitter individual wins a tournament, else the weaker (0..=1; 1 =
    /// always the fitter).
    #[arg(long)]
    selection_rate: Option<f64>,
    /// Adaptive rates: --crossover-rate and --mutation-rate are starting values that move by
    /// --rate-step each generation (crossover up while too few crossovers succeed, mutation
    /// down while under 30 % of mutations improve).
    #[arg(long, overrides_with = "no_adaptive")]
    adaptive: bool,
    /// Fixed crossover and mutation rates.
    #[arg(long)]
    no_adaptive: bool,
    /// Highest crossover rate the adaptive rates reach (0..=1).
    #[arg(long)]
    crossover_max: Option<f64>,
    /// Share of crossovers that should succeed, a child fitter than its parents' mean (0..=1).
    #[arg(long)]
    crossover_target: Option<f64>,
    /// Lowest mutation rate the adaptive rates reach (0..=1).
    #[arg(long)]
    mutation_min: Option<f64>,
    /// How far an adaptive rate moves in one generation (0..=1).
    #[arg(long)]
    rate_step: Option<f64>,
}

impl GaArgs {
    /// The preset (`Preset::Default` unless given) with every option given applied.
    pub fn config(&self) -> GaConfig {
        self.config_or(Preset::Default)
    }

    /// The preset given, else `default`.
    pub fn preset_or(&self, default: Preset) -> Preset {
        self.preset.unwrap_or(default)
    }

    /// Whether `--preset` was given.
    pub fn preset_given(&self) -> bool {
        self.preset.is_some()
    }

    /// Whether islands are to be sized from the adapter (no `--islands N`).
    pub fn islands_auto(&self) -> bool {
        !matches!(self.islands, Some(IslandCount::Count(_)))
    }

    /// The preset given, else `default`, with every option given applied.
    pub fn config_or(&self, default: Preset) -> GaConfig {
        let mut c = GaConfig::preset(self.preset_or(default));
        c.seed = self.seed;
        if let Some(IslandCount::Count(islands)) = self.islands {
            c.islands = islands;
        }
        macro_rules! set {
            ($($field:ident <- $arg:ident),*) => {$(if let Some(v) = self.$arg { c.$field = v; })*};
        }
        set!(population <- population, elites <- elites,
             tournament <- tournament, crossover <- crossover, crossover_rate <- crossover_rate,
             mutation <- mutation, mutation_rate <- mutation_rate,
             mutation_scope <- mutation_scope, assign_steps <- assign_steps, assign_noise <- assign_noise,
             local_search <- local_search, restart_after <- restart_after,
             restart_keep <- restart_keep, migration <- migration, init <- init,
             max_generations <- max_generations, encoding <- encoding,
             selection_rate <- selection_rate, crossover_max <- crossover_max,
             crossover_target <- crossover_target, mutation_min <- mutation_min,
             rate_step <- rate_step);
        if self.adaptive || self.no_adaptive {
            c.adaptive = self.adaptive;
        }
        if self.aging || self.no_aging {
            c.aging = self.aging;
        }
        if self.presolve || self.no_presolve {
            c.presolve = self.presolve;
        }
        c
    }

    /// Whether `--max-generations` was given (else the preset's cap stands in `config`).
    pub fn max_generations_given(&self) -> bool {
        self.max_generations.is_some()
    }
}
