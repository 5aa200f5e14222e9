//! Playing Sudoku (ALGORITHMS.md section 7, after Kashan): the game model behind `evoku play`,
//! the player's profile of past games, the level they play at, the puzzle served next, and the
//! terminal view. The model is pure (the clock is injected), so tests drive it key by key and
//! render it on ratatui's test backend.

pub mod clock;
pub mod game;
pub mod keys;
pub mod level;
pub mod profile;
pub mod serve;
pub mod view;

use std::path::PathBuf;

pub use clock::{Clock, ManualClock, SystemClock};
pub use game::{Direction, Feedback, Game, PuzzleInfo, SavedGame};
pub use level::{next_level, player_level, player_rating, playing_level, PlayerLevel};
pub use profile::{GameRecord, Outcome, Profile};

/// What can go wrong while playing or keeping the profile.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The profile exists but is not a valid profile; it is left untouched.
    #[error(
        "the profile {}:{line}:{column} is not a valid evoku profile: {message}; it was left \
         untouched (fix it, or move it away to start a new profile)",
        path.display()
    )]
    CorruptProfile {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("the profile {}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A puzzle that cannot be played (no unique solution, not a board).
    #[error("cannot play this puzzle: {0}")]
    Puzzle(String),
    /// The saved game in the profile does not fit together.
    #[error("the saved game in the profile is damaged: {0}")]
    Saved(String),
    /// No puzzle could be served.
    #[error("{0}")]
    Serve(String),
}
