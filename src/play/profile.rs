//! The player's profile: every game played (puzzle, level, rating, time, mistakes, hints,
//! finished or abandoned) and the game in progress, in one JSON file. Written to a temporary
//! file and renamed, so a crash never leaves half a profile; a file that does not parse is an
//! error and is never written over.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::game::SavedGame;
use super::PlayError;
use evoku::choice::choice_enum;

/// The profile format's version, written into every file.
pub const PROFILE_VERSION: u32 = 1;

choice_enum! {
    /// How a game ended.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Outcome ("outcome") {
        /// Solved.
        Finished => "finished",
        /// Left unsolved.
        Abandoned => "abandoned",
    }
}

/// One game played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The puzzle in line format (`.` for empty).
    pub puzzle: String,
    /// Its level 1..=5 (see `evoku rate`).
    pub level: u8,
    /// The rater's continuous score behind the level.
    pub score: f64,
    pub seconds: f64,
    pub mistakes: u32,
    pub hints: u32,
    pub outcome: Outcome,
    /// When the game ended, in seconds since 1970 (absent when not known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_unix: Option<u64>,
}

/// Every game of one player, and the game they left unfinished.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub version: u32,
    pub games: Vec<GameRecord>,
    /// The game in progress, resumed by the next `evoku play`.
    #[serde(default)]
    pub saved: Option<SavedGame>,
}

impl Default for Profile {
    fn default() -> Profile {
        Profile {
            version: PROFILE_VERSION,
            games: Vec::new(),
            saved: None,
        }
    }
}

impl Profile {
    /// Reads the profile at `path`: `Ok(None)` when there is no file yet, an error naming the
    /// line and column when it is not a profile.
    pub fn load(path: &Path) -> Result<Option<Profile>, PlayError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(PlayError::Io {
                    path: path.to_path_buf(),
                    source,
                })
            }
        };
        let corrupt = |line, column, message: String| PlayError::CorruptProfile {
            path: path.to_path_buf(),
            line,
            column,
            message,
        };
        let profile: Profile = serde_json::from_str(&text)
            .map_err(|e| corrupt(e.line().max(1), e.column().max(1), e.to_string()))?;
        if profile.version != PROFILE_VERSION {
            return Err(corrupt(
                1,
                1,
                format!(
                    "version {} (this evoku reads version {PROFILE_VERSION})",
                    profile.version
                ),
            ));
        }
        Ok(Some(profile))
    }

    /// Writes the profile whole ([`evoku::output_file::write`]; folders created).
    pub fn save(&self, path: &Path) -> Result<(), PlayError> {
        let io = |source| PlayError::Io {
            path: path.to_path_buf(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut text = serde_json::to_vec_pretty(self).map_err(|e| io(e.into()))?;
        text.push(b'\n');
        evoku::output_file::write(path, &text).map_err(|e| match e {
            evoku::error::Error::Io { source, .. } => io(source),
            other => io(std::io::Error::other(other.to_string())),
        })
    }
}

/// The profile's default place: `evoku/profile.json` in the platform's data folder
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
/// `%APPDATA%` on Windows). `None` when the environment names no home.
pub fn default_profile_path() -> Option<PathBuf> {
    let var = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let data = if cfg!(windows) {
        var("APPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        var("XDG_DATA_HOME").or_else(|| var("HOME").map(|h| h.join(".local/share")))
    }?;
    Some(data.join("evoku").join("profile.json"))
}
