//! What a measurement ran on and with, in words for a table's notes: the machine, the GA's and
//! the ACS's settings, counts.

use crate::ga::{GaConfig, Preset};

/// The model name of the CPU (from `/proc/cpuinfo` on Linux; the architecture elsewhere).
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// `CPU model, N threads (M logical cores)`: what a measurement ran on.
pub fn machine(threads: Option<usize>) -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "{}, {} threads ({} logical cores), {}",
        cpu_model(),
        threads.unwrap_or_else(rayon::current_num_threads),
        cores,
        std::env::consts::OS
    )
}

/// `paper`, `default` or `walk` when `config` is that preset (any seed and generation cap),
/// else `custom`.
pub fn preset_name(config: &GaConfig) -> String {
    for (preset, name) in [
        (Preset::Paper, "paper"),
        (Preset::Default, "default"),
        (Preset::Walk, "walk"),
        (Preset::Row, "row"),
    ] {
        let mut p = GaConfig::preset(preset);
        p.seed = config.seed;
        p.max_generations = config.max_generations;
        if p == *config {
            return name.to_string();
        }
    }
    "custom".to_string()
}

/// Every GA setting on one line, for the notes of a measurement, with the values spelled as
/// the command line takes them (`crossover band 0.3`, `mutation directed 0.5 per child`).
pub fn settings(config: &GaConfig) -> String {
    let on = |b: bool| if b { "on" } else { "off" };
    let row_ga = if config.encoding != crate::ga::Encoding::Block
        || config.selection_rate != 1.0
        || config.adaptive
    {
        format!(
            ", encoding {}, selection rate {}, adaptive {} (crossover max {}, target {}; \
             mutation min {}; step {})",
            cli_name(&config.encoding),
            config.selection_rate,
            on(config.adaptive),
            config.crossover_max,
            config.crossover_target,
            config.mutation_min,
            config.rate_step
        )
    } else {
        String::new()
    };
    format!(
        "population {}, islands {}, elites {}, tournament {}, crossover {} {}, mutation {} {} per {}, \
         box assignments {} (noise {}), local search {}, aging {}, restart after {} (keep {}), migration {}, \
         init {}, presolve {}, max generations {}, seed {}{row_ga}",
        config.population,
        config.islands,
        config.elites,
        config.tournament,
        cli_name(&config.crossover),
        config.crossover_rate,
        cli_name(&config.mutation),
        config.mutation_rate,
        cli_name(&config.mutation_scope),
        config.assign_steps,
        config.assign_noise,
        config.local_search,
        on(config.aging),
        config.restart_after,
        config.restart_keep,
        config.migration,
        cli_name(&config.init),
        on(config.presolve),
        config.max_generations,
        config.seed
    )
}

/// The ACS settings as the command line spells them (`--ants`, `--q0`, ...).
pub fn aco_settings(config: &crate::aco::AcoConfig) -> String {
    format!(
        "ants {}, q0 {}, rho {}, evaporation {}, local-update {}, colonies {}, stagnation {}, \
         exchange {}, max iterations {}, seed {}",
        config.ants,
        config.q0,
        config.rho,
        config.evaporation,
        config.local_update,
        config.colonies,
        config.restart_after,
        config.exchange_interval,
        config.max_iterations,
        config.seed
    )
}

/// The name the command line uses for `value` (`band`, `multi-parent`, `child`).
pub fn cli_name<T: crate::choice::Choice>(value: &T) -> String {
    value.name().to_string()
}

/// `1 puzzle`, `2 puzzles`, `0 puzzles`: a count with its noun in the right number (nouns that
/// take an `s`).
pub fn count(n: impl TryInto<u64> + Copy + std::fmt::Display, noun: &str) -> String {
    let one = n.try_into().is_ok_and(|v| v == 1);
    if one {
        return format!("{n} {noun}");
    }
    // "colony" -> "colonies", but "day" -> "days".
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}
