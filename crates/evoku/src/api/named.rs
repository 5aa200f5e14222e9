//! The GA's and the ACS's settings by name, for hosts that pass settings as text or keywords (the
//! Python module's `evoku.solve(..., population=400, q0=0.1)`): each name is the command line's
//! option without its dashes (`mutation_rate` for `--mutation-rate`), each value is read as that
//! option reads it, and the configs are checked by their `validate` as the command line's are.

use crate::aco::AcoConfig;
use crate::choice::{self, Choice};
use crate::error::{Error, Result};
use crate::ga::GaConfig;

/// The GA settings a name may set, the command line's `evoku solve` options.
pub const GA_NAMES: &[&str] = &[
    "population",
    "islands",
    "elites",
    "tournament",
    "crossover",
    "crossover_rate",
    "mutation",
    "mutation_rate",
    "mutation_scope",
    "assign_steps",
    "assign_noise",
    "local_search",
    "aging",
    "restart_after",
    "restart_keep",
    "migration",
    "max_generations",
    "init",
    "presolve",
    "encoding",
    "selection_rate",
    "adaptive",
    "crossover_max",
    "crossover_target",
    "mutation_min",
    "rate_step",
];

/// The ACS settings a name may set, the command line's `evoku solve` options.
pub const ACO_NAMES: &[&str] = &[
    "ants",
    "q0",
    "rho",
    "evaporation",
    "local_update",
    "colonies",
    "stagnation",
    "exchange",
    "max_iterations",
];

/// `value` read as the option `name` reads it.
fn read<T: std::str::FromStr>(name: &str, value: &str, allowed: &str) -> Result<T> {
    value
        .trim()
        .parse()
        .map_err(|_| Error::invalid_option(name, format!("'{value}'"), allowed))
}

fn flag(name: &str, value: &str) -> Result<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => Err(Error::invalid_option(
            name,
            format!("'{value}'"),
            "true or false",
        )),
    }
}

fn named<T: Choice>(value: &str) -> Result<T> {
    choice::parse(value)
}

/// Sets the GA setting `name` of `config` to `value`; `Ok(false)` when `name` is not a GA setting.
pub fn set_ga(config: &mut GaConfig, name: &str, value: &str) -> Result<bool> {
    let count = "a whole number >= 0";
    let rate = "a number";
    match name {
        "population" => config.population = read(name, value, count)?,
        "islands" => config.islands = read(name, value, count)?,
        "elites" => config.elites = read(name, value, count)?,
        "tournament" => config.tournament = read(name, value, count)?,
        "crossover" => config.crossover = named(value)?,
        "crossover_rate" => config.crossover_rate = read(name, value, rate)?,
        "mutation" => config.mutation = named(value)?,
        "mutation_rate" => config.mutation_rate = read(name, value, rate)?,
        "mutation_scope" => config.mutation_scope = named(value)?,
        "assign_steps" => config.assign_steps = read(name, value, count)?,
        "assign_noise" => config.assign_noise = read(name, value, count)?,
        "local_search" => config.local_search = read(name, value, count)?,
        "aging" => config.aging = flag(name, value)?,
        "restart_after" => config.restart_after = read(name, value, count)?,
        "restart_keep" => config.restart_keep = read(name, value, count)?,
        "migration" => config.migration = read(name, value, count)?,
        "max_generations" => config.max_generations = read(name, value, count)?,
        "init" => config.init = named(value)?,
        "presolve" => config.presolve = flag(name, value)?,
        "encoding" => config.encoding = named(value)?,
        "selection_rate" => config.selection_rate = read(name, value, rate)?,
        "adaptive" => config.adaptive = flag(name, value)?,
        "crossover_max" => config.crossover_max = read(name, value, rate)?,
        "crossover_target" => config.crossover_target = read(name, value, rate)?,
        "mutation_min" => config.mutation_min = read(name, value, rate)?,
        "rate_step" => config.rate_step = read(name, value, rate)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Sets the ACS setting `name` of `config` to `value`; `Ok(false)` when `name` is not one.
pub fn set_aco(config: &mut AcoConfig, name: &str, value: &str) -> Result<bool> {
    let count = "a whole number >= 0";
    let rate = "a number";
    match name {
        "ants" => config.ants = read(name, value, count)?,
        "q0" => config.q0 = read(name, value, rate)?,
        "rho" => config.rho = read(name, value, rate)?,
        "evaporation" => config.evaporation = read(name, value, rate)?,
        "local_update" => config.local_update = read(name, value, rate)?,
        "colonies" => config.colonies = read(name, value, count)?,
        "stagnation" => config.restart_after = read(name, value, count)?,
        "exchange" => config.exchange_interval = read(name, value, count)?,
        "max_iterations" => config.max_iterations = read(name, value, count)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// An unknown name, with the names there are.
pub fn unknown(name: &str) -> Error {
    Error::invalid_option(
        "setting",
        format!("'{name}'"),
        format!(
            "a GA setting ({}) or an ACS setting ({})",
            GA_NAMES.join(", "),
            ACO_NAMES.join(", ")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ga::{MutationKind, Preset};

    #[test]
    fn every_name_sets_its_field_and_a_bad_value_names_the_setting() {
        let mut ga = GaConfig::preset(Preset::Default);
        for name in GA_NAMES {
            let value = match *name {
                "crossover" => "band",
                "mutation" => "directed",
                "mutation_scope" => "box",
                "init" => "candidates",
                "encoding" => "block",
                "aging" | "presolve" | "adaptive" => "true",
                _ => "3",
            };
            assert!(set_ga(&mut ga, name, value).unwrap(), "{name}");
        }
        assert_eq!(ga.population, 3);
        assert_eq!(ga.mutation, MutationKind::Directed);
        assert!(ga.presolve);
        let mut aco = AcoConfig::default();
        for name in ACO_NAMES {
            assert!(set_aco(&mut aco, name, "2").unwrap(), "{name}");
        }
        assert_eq!((aco.restart_after, aco.exchange_interval), (2, 2));
        assert!(!set_ga(&mut ga, "ants", "2").unwrap());
        assert!(!set_aco(&mut aco, "population", "2").unwrap());
        let error = set_ga(&mut ga, "population", "many")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("population") && error.contains("many"),
            "{error}"
        );
        let error = set_ga(&mut ga, "crossover", "zigzag")
            .unwrap_err()
            .to_string();
        assert!(error.contains("zigzag"), "{error}");
        assert!(unknown("populaton").to_string().contains("population"));
    }
}
