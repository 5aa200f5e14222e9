//! The default difficulty level (from the technique ladder) and the Kashan paper's entropy level.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::{LogicRating, Technique};

/// The default difficulty level, 1 (easiest) to 5, from the technique ladder ([`logic_rating`](crate::rate::logic_rating)):
/// 1 Easy: hidden singles only (SE 1.2-1.5); 2 Medium: also naked singles and the "direct"
/// techniques (SE 1.7-2.5); 3 Hard: locked candidates, pairs, triples, X-wing, swordfish
/// (SE 2.6-4.0); 4 Expert: XY- and XYZ-wings, quads, jellyfish (SE 4.2-5.4), or beyond the ladder
/// with less than [`EXTREME_OPEN_SHARE`] of the empty cells still open when it stalls;
/// 5 Extreme: beyond the ladder, stalling with at least that share open (it finds next to nothing:
/// such puzzles need chains or trial and error from the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(into = "u8")]
pub struct Level(u8);

/// Share of the empty cells the ladder leaves open from which a puzzle is Extreme rather than
/// Expert.
pub const EXTREME_OPEN_SHARE: f64 = 0.7;

impl Level {
    /// Level 1: hidden singles only.
    pub const EASY: Level = Level(1);
    /// Level 2: naked singles and the direct techniques too.
    pub const MEDIUM: Level = Level(2);
    /// Level 3: locked candidates, pairs, triples, X-wing, swordfish.
    pub const HARD: Level = Level(3);
    /// Level 4: wings, quads, jellyfish, or beyond the ladder with most cells still placed.
    pub const EXPERT: Level = Level(4);
    /// Level 5: beyond the ladder from the start.
    pub const EXTREME: Level = Level(5);
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::EASY,
        Level::MEDIUM,
        Level::HARD,
        Level::EXPERT,
        Level::EXTREME,
    ];

    /// `1..=5`, else `None`.
    pub fn new(level: u8) -> Option<Level> {
        (1..=5).contains(&level).then_some(Level(level))
    }

    /// The level's number, 1..=5.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The level's name: `easy`, `medium`, `hard`, `expert` or `extreme`.
    pub fn name(self) -> &'static str {
        match self.0 {
            1 => "easy",
            2 => "medium",
            3 => "hard",
            4 => "expert",
            _ => "extreme",
        }
    }

    /// The default level of a ladder result.
    pub fn of(logic: &LogicRating) -> Level {
        match logic.hardest {
            _ if !logic.solved => {
                if logic.open as f64 >= EXTREME_OPEN_SHARE * logic.empty as f64 {
                    Level::EXTREME
                } else {
                    Level::EXPERT
                }
            }
            None => Level::EASY,
            Some(t) if t <= Technique::HiddenSingleLine => Level::EASY,
            Some(t) if t <= Technique::DirectHiddenTriple => Level::MEDIUM,
            Some(t) if t <= Technique::HiddenTriple => Level::HARD,
            Some(_) => Level::EXPERT,
        }
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    /// A number `1..=5` or a name (`easy`, `medium`, `hard`, `expert`, `extreme`).
    fn from_str(s: &str) -> Result<Level, String> {
        let s = s.trim();
        if let Ok(n) = s.parse::<u8>() {
            return Level::new(n).ok_or_else(|| format!("level must be 1..=5, got {n}"));
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown level '{s}': use 1..=5 or easy, medium, hard, expert, extreme")
            })
    }
}

/// The Kashan paper's `D = f(d)`, its own four-level example: `d` in [0, 1) -> 1, [1, 2) -> 2,
/// [2, 3) -> 3, 3 and more -> 4. Of the monotone functions tried on the SE-rated sets (other
/// bounds, a fifth level) none agreed better with SE (docs/results/rating.md#rating-against-sudoku-explainer).
pub fn entropy_level(d: f64) -> u8 {
    1 + ENTROPY_LEVEL_BOUNDS.iter().filter(|&&b| d >= b).count() as u8
}

/// Lower bounds of entropy levels 2, 3 and 4.
pub const ENTROPY_LEVEL_BOUNDS: [f64; 3] = [1.0, 2.0, 3.0];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_by_number_and_name() {
        assert_eq!("3".parse::<Level>(), Ok(Level::HARD));
        assert_eq!("Expert".parse::<Level>(), Ok(Level::EXPERT));
        assert!("6".parse::<Level>().is_err());
        assert!("brutal".parse::<Level>().is_err());
        assert_eq!(entropy_level(0.0), 1);
        assert_eq!(entropy_level(0.99), 1);
        assert_eq!(entropy_level(2.0), 3);
        assert_eq!(entropy_level(100.0), 4);
    }
}
