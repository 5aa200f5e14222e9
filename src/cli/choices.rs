//! The engine's named values on the command line: clap's possible values, with their help, made
//! from `evoku::choice::Choice`, so that only the command line depends on clap.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use evoku::choice::Choice;

/// The value parser of an option that takes one of `T`'s names; `--help` lists each name with
/// its doc comment.
pub fn choice<T: Choice + Send + Sync>() -> impl TypedValueParser<Value = T> {
    let values = T::VARIANTS.iter().map(|&value| {
        let help = value.help();
        let possible = PossibleValue::new(value.name());
        if help.is_empty() {
            possible
        } else {
            possible.help(help)
        }
    });
    PossibleValuesParser::new(values).try_map(|name| evoku::choice::parse::<T>(&name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use evoku::ga::{CrossoverKind, Preset};

    #[test]
    fn parses_every_name_and_refuses_others() {
        let command = clap::Command::new("x").arg(
            clap::Arg::new("crossover")
                .long("crossover")
                .value_parser(choice::<CrossoverKind>()),
        );
        for &kind in CrossoverKind::VARIANTS {
            let matches = command
                .clone()
                .try_get_matches_from(["x", "--crossover", kind.name()])
                .unwrap();
            assert_eq!(matches.get_one::<CrossoverKind>("crossover"), Some(&kind));
        }
        let refused = command
            .clone()
            .try_get_matches_from(["x", "--crossover", "ring"])
            .unwrap_err()
            .to_string();
        assert!(refused.contains("multi-parent"), "{refused}");
    }

    #[test]
    fn help_is_the_doc_comment() {
        let help = Preset::Walk.help();
        assert!(
            help.starts_with("The box-assignment walk: islands of two walkers"),
            "{help}"
        );
        assert!(!help.ends_with('.') && !help.contains("  "), "{help}");
    }
}
