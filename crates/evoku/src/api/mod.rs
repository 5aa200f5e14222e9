//! The stable API: a puzzle, and solving, rating and generating with settings (re-exported at
//! the crate root).

/// Builder methods of a settings struct that each set one field: `field: T` makes
/// `pub fn field(mut self, value: T) -> Self` setting `self.field = value`, and
/// `field: T => Some` sets `self.field = Some(value)`. Doc comments go with each method.
macro_rules! setters {
    ($settings:ident { $( $(#[$doc:meta])* $field:ident: $value:ty $(=> $wrap:ident)?, )* }) => {
        impl $settings {
            $(
                $(#[$doc])*
                pub fn $field(mut self, value: $value) -> $settings {
                    self.$field = $($wrap)?(value);
                    self
                }
            )*
        }
    };
}

mod generate;
pub mod named;
mod puzzle;
mod rate;
mod solve;

pub use generate::{generate, GenerateSettings, GeneratedPuzzle};
pub use puzzle::Puzzle;
pub use rate::{rate, Level, RateSettings, Rating};
pub use solve::{solve, Algorithm, Backend, Report, Settings, Solver};
