//! The level a player plays at, estimated from their history: an Elo-style rating updated
//! against each puzzle's rating, with time, mistakes and hints counted.
//!
//! The rule is [`RULE`], shown by `evoku play --help` and `evoku player --help`.

use serde::Serialize;

use super::profile::{GameRecord, Outcome};
use evoku::rate::Level;

/// The rating rule, for `--help` and the README; the constants below are its numbers.
pub const RULE: &str = "\
How evoku estimates your level (an Elo-style rating over your history in the profile):
  * A puzzle of level L (1 easy .. 5 extreme, as `evoku rate` gives it) is rated 1000 + 200 (L - 1).
  * A new player is rated R = 1000: an easy puzzle is an even match.
  * Each game scores s in 0..1: 0 when abandoned; when finished,
    s = max(0, 1 - 0.1 mistakes - 0.25 hints) * t, with the time factor t = par / time kept
    within 0.5..1, par being 10 s per empty cell per level.
  * After each game, in the order played: R += 64 (s - E), where E = 1 / (1 + 10^((P - R) / 400))
    is the score expected against the puzzle's rating P.
  * You play at the highest level whose rating is at most R (easy at least). The next puzzle is
    at that level, or one above once R is half way (100 points) to it.
So fast, clean solves raise the level; abandoned games and many mistakes or hints lower it; a slow\nclean solve counts as half a win.";

/// A new player's rating, and the rating of a level-1 puzzle.
pub const START_RATING: f64 = 1000.0;
/// Rating points between two levels.
pub const LEVEL_STEP: f64 = 200.0;
/// Most points one game can move the rating.
pub const K_FACTOR: f64 = 64.0;
/// Par time per empty cell and level, in seconds.
pub const PAR_SECONDS_PER_CELL: f64 = 10.0;
pub const MISTAKE_PENALTY: f64 = 0.1;
pub const HINT_PENALTY: f64 = 0.25;
/// The least time factor: a slow but clean solve still counts as half a win.
pub const SLOW_FACTOR: f64 = 0.5;

/// Where a player stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PlayerLevel {
    pub rating: f64,
    /// The level they play at.
    pub level: Level,
    /// The level of the next puzzle served.
    pub next: Level,
    pub games: usize,
}

/// The rating of a puzzle of `level`.
pub fn puzzle_rating(level: Level) -> f64 {
    START_RATING + LEVEL_STEP * f64::from(level.number() - 1)
}

/// The expected score of a player rated `player` against a puzzle rated `puzzle`.
pub fn expected_score(player: f64, puzzle: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((puzzle - player) / 400.0))
}

/// Par time of a game, in seconds.
pub fn par_seconds(game: &GameRecord) -> f64 {
    let empty = game
        .puzzle
        .chars()
        .filter(|&c| c == '.' || c == '0')
        .count();
    PAR_SECONDS_PER_CELL * empty.max(1) as f64 * f64::from(game.level.clamp(1, 5))
}

/// The score `s` of one game (see the module's rule).
pub fn game_score(game: &GameRecord) -> f64 {
    if game.outcome == Outcome::Abandoned {
        return 0.0;
    }
    let clean =
        1.0 - MISTAKE_PENALTY * f64::from(game.mistakes) - HINT_PENALTY * f64::from(game.hints);
    let time = (par_seconds(game) / game.seconds.max(1e-3)).clamp(SLOW_FACTOR, 1.0);
    clean.max(0.0) * time
}

/// The rating after one more game.
pub fn update(rating: f64, game: &GameRecord) -> f64 {
    let level = Level::new(game.level.clamp(1, 5)).unwrap_or(Level::EASY);
    let expected = expected_score(rating, puzzle_rating(level));
    rating + K_FACTOR * (game_score(game) - expected)
}

/// The rating after every game of `games`, in order, from [`START_RATING`].
pub fn player_rating(games: &[GameRecord]) -> f64 {
    games.iter().fold(START_RATING, update)
}

/// Rating points above level 1, in levels (may be negative or above 4).
fn levels_above_easy(rating: f64) -> f64 {
    (rating - START_RATING) / LEVEL_STEP
}

fn clamp_level(steps: f64) -> Level {
    Level::new((steps.max(0.0) as u8).saturating_add(1).min(5)).unwrap_or(Level::EASY)
}

/// The highest level whose rating is at most `rating` (easy at least).
pub fn playing_level(rating: f64) -> Level {
    clamp_level(levels_above_easy(rating).floor())
}

/// The level to serve next: the playing level, or one above from half way to it.
pub fn next_level(rating: f64) -> Level {
    clamp_level(levels_above_easy(rating).round())
}

/// Where the player of `games` stands.
pub fn player_level(games: &[GameRecord]) -> PlayerLevel {
    let rating = player_rating(games);
    PlayerLevel {
        rating,
        level: playing_level(rating),
        next: next_level(rating),
        games: games.len(),
    }
}
