//! Closed sets of named values (operators, presets, algorithms): one declaration gives each
//! value its name, its help and its operator code, for the engine, the JSON output and the
//! command line alike, without the engine depending on a command-line parser.

use crate::error::{Error, Result};

/// An enum whose values have names: `band`, `multi-parent`, `walk`.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every value, in declaration order.
    const VARIANTS: &'static [Self];
    /// What a value of this type is, for messages (`crossover`).
    const WHAT: &'static str;
    /// The value's name, as the command line and the JSON output spell it.
    fn name(self) -> &'static str;
    /// The value's doc comment, one entry per line.
    fn doc_lines(self) -> &'static [&'static str];

    /// The doc comment as one line of help, as clap writes a value's help: lines joined by
    /// spaces, without its closing full stop.
    fn help(self) -> String {
        let text = self
            .doc_lines()
            .iter()
            .flat_map(|line| line.split_whitespace())
            .collect::<Vec<_>>()
            .join(" ");
        text.strip_suffix('.').map(str::to_string).unwrap_or(text)
    }
}

/// The value named `name` (ASCII case ignored), or an [`Error::InvalidOption`] listing the names.
pub fn parse<T: Choice>(name: &str) -> Result<T> {
    let wanted = name.trim();
    T::VARIANTS
        .iter()
        .copied()
        .find(|v| v.name().eq_ignore_ascii_case(wanted))
        .ok_or_else(|| {
            let names: Vec<&str> = T::VARIANTS.iter().map(|v| v.name()).collect();
            Error::invalid_option(
                T::WHAT,
                format!("'{name}'"),
                format!("one of {}", names.join(", ")),
            )
        })
}

/// The value whose operator code (`value as u32`, what the GPU parameters hold) is `code`.
pub fn from_code<T: Choice>(code: u32, as_code: fn(T) -> u32) -> Result<T> {
    T::VARIANTS
        .iter()
        .copied()
        .find(|&v| as_code(v) == code)
        .ok_or_else(|| {
            let codes = format!("0..{}", T::VARIANTS.len());
            Error::invalid_option(format!("{} code", T::WHAT), code, codes)
        })
}

/// Declares an enum of named values and implements [`Choice`], `Display` and `FromStr` for it.
/// Each variant is written `Variant => "name"`, its doc comment above it; the doc comment is also
/// the value's help text. Operator codes take two forms:
///
/// - `enum X ("what", codes) { V = 0 => "v", ... }`: explicit codes, with `TryFrom<u32>` and
///   `From<X> for u32`;
/// - `enum X ("what", gpu "PREFIX") { ... }`: the same, declared through [`crate::gpu_enum!`]
///   so that the WGSL prelude gets one `PREFIX_V` constant per code.
#[doc(hidden)]
#[macro_export]
macro_rules! choice_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident ($what:literal, gpu $prefix:literal) {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident = $code:literal => $text:literal
            ),+ $(,)?
        }
    ) => {
        $crate::gpu_enum! {
            prefix = $prefix;
            $(#[$meta])*
            $vis enum $name {
                $( $(#[doc = $doc])* $variant = $code ),+
            }
        }
        $crate::choice::choice_enum!(@impls $name $what { $( [$($doc),*] $variant => $text ),+ });
        $crate::choice::choice_enum!(@codes $name);
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident ($what:literal, codes) {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident = $code:literal => $text:literal
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[doc = $doc])* $variant = $code, )+
        }
        $crate::choice::choice_enum!(@impls $name $what { $( [$($doc),*] $variant => $text ),+ });
        $crate::choice::choice_enum!(@codes $name);
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident ($what:literal) {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident => $text:literal
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[doc = $doc])* $variant, )+
        }
        $crate::choice::choice_enum!(@impls $name $what { $( [$($doc),*] $variant => $text ),+ });
    };
    (@impls $name:ident $what:literal { $( [$($doc:literal),*] $variant:ident => $text:literal ),+ }) => {
        impl $crate::choice::Choice for $name {
            const VARIANTS: &'static [Self] = &[$($name::$variant),+];
            const WHAT: &'static str = $what;

            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            fn doc_lines(self) -> &'static [&'static str] {
                match self {
                    $($name::$variant => &[$($doc),*],)+
                }
            }
        }

        impl $name {
            /// The value's name, as the command line and the JSON output spell it.
            pub fn name(self) -> &'static str {
                <Self as $crate::choice::Choice>::name(self)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::error::Error;

            fn from_str(name: &str) -> $crate::error::Result<$name> {
                $crate::choice::parse(name)
            }
        }
    };
    (@codes $name:ident) => {
        impl From<$name> for u32 {
            /// The operator code, as the GPU parameters hold it.
            fn from(value: $name) -> u32 {
                value as u32
            }
        }

        impl TryFrom<u32> for $name {
            type Error = $crate::error::Error;

            /// The operator with code `code` (`value as u32`), as the GPU parameters hold it.
            fn try_from(code: u32) -> $crate::error::Result<$name> {
                $crate::choice::from_code(code, u32::from)
            }
        }
    };
}

#[doc(hidden)]
pub use crate::choice_enum;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::Backend;
    use crate::ga::{CrossoverKind, InitKind, MutationKind, MutationScope, Preset};
    use crate::solve::Algorithm;

    /// Every name reads back as its value, is what the JSON output writes, and has help.
    fn names_agree<T: Choice + std::fmt::Debug + serde::Serialize + std::str::FromStr>() {
        for &value in T::VARIANTS {
            assert_eq!(parse::<T>(value.name()).ok(), Some(value));
            assert_eq!(parse::<T>(&value.name().to_uppercase()).ok(), Some(value));
            let json = serde_json::to_string(&value).unwrap();
            assert_eq!(json, format!("\"{}\"", value.name()), "{value:?}");
            assert!(!value.help().is_empty(), "{value:?} has no doc comment");
        }
        match parse::<T>("no-such-name") {
            Err(Error::InvalidOption { allowed, .. }) => {
                assert!(allowed.contains(T::VARIANTS[0].name()), "{allowed}")
            }
            other => panic!("{:?}", other.map(|v| v.name())),
        }
    }

    #[test]
    fn names_agree_with_json_and_parse_back() {
        names_agree::<CrossoverKind>();
        names_agree::<MutationKind>();
        names_agree::<MutationScope>();
        names_agree::<InitKind>();
        names_agree::<Preset>();
        names_agree::<Algorithm>();
        names_agree::<Backend>();
    }

    /// `TryFrom<u32>` inverts `as u32` on every operator and refuses the first code past them.
    fn codes_round_trip<T>()
    where
        T: Choice + std::fmt::Debug + TryFrom<u32, Error = Error> + Into<u32>,
    {
        for &value in T::VARIANTS {
            assert_eq!(T::try_from(value.into()).ok(), Some(value));
        }
        let past = T::VARIANTS.len() as u32;
        assert!(T::try_from(past).is_err(), "code {past}");
    }

    #[test]
    fn operator_codes_round_trip() {
        codes_round_trip::<CrossoverKind>();
        codes_round_trip::<MutationKind>();
        codes_round_trip::<MutationScope>();
        codes_round_trip::<InitKind>();
        assert_eq!(
            CrossoverKind::try_from(3).ok(),
            Some(CrossoverKind::MultiParent)
        );
    }
}
