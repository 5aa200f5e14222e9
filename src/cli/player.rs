//! `evoku player`: the player's profile without a terminal, for scripts and tests: the next
//! puzzle for the player (`next`), a game's result (`record`), and where the player stands (`show`).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};

use super::choices::choice;
use crate::play::game::rate_puzzle;
use crate::play::level::{player_level, RULE};
use crate::play::serve::{next_puzzle, Served};
use crate::play::{GameRecord, Outcome, PlayerLevel, Profile};
use evoku::board::Geometry;
use evoku::format::{parse_one, ParseOptions};
use evoku::generate::Store;
use serde::Serialize;

#[derive(Args, Debug)]
#[command(after_long_help = RULE)]
pub struct PlayerArgs {
    #[command(subcommand)]
    command: PlayerCommand,
}

#[derive(Subcommand, Debug)]
enum PlayerCommand {
    /// Print the next puzzle for the player and its level (the profile is not changed).
    Next(NextArgs),
    /// Record a game's result in the profile and print the player's new level.
    Record(RecordArgs),
    /// Print the player's rating, level and games.
    Show(ShowArgs),
}

/// Where the profile and the puzzle store are.
#[derive(Args, Debug)]
pub struct ProfileArgs {
    /// The player's profile (JSON). Default: evoku/profile.json in the platform's data folder
    /// ($XDG_DATA_HOME or ~/.local/share on Linux).
    #[arg(long, value_name = "FILE")]
    pub profile: Option<PathBuf>,
    /// JSON-lines puzzle store, as `evoku generate --store` keeps (default: store.jsonl beside
    /// the profile).
    #[arg(long, value_name = "FILE", conflicts_with = "no_store")]
    pub store: Option<PathBuf>,
    /// Serve puzzles from the generator only, without a store.
    #[arg(long)]
    pub no_store: bool,
}

impl ProfileArgs {
    pub fn profile_path(&self) -> Result<PathBuf> {
        match &self.profile {
            Some(p) => Ok(p.clone()),
            None => crate::play::profile::default_profile_path().context(
                "no home folder to keep the profile in ($HOME is not set): give --profile FILE",
            ),
        }
    }

    /// The profile, or a new one when there is no file yet (said on stderr).
    pub fn load(&self, path: &std::path::Path) -> Result<Profile> {
        Ok(match Profile::load(path)? {
            Some(profile) => profile,
            None => {
                eprintln!(
                    "evoku: no profile at {} yet: a new player, rated to start at level easy",
                    path.display()
                );
                Profile::default()
            }
        })
    }

    fn store_path(&self, profile: &std::path::Path) -> Option<PathBuf> {
        if self.no_store {
            return None;
        }
        Some(
            self.store
                .clone()
                .unwrap_or_else(|| profile.with_file_name("store.jsonl")),
        )
    }
}

/// How the next puzzle is made.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Board side: 9, 16 or 25.
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// The same seed and profile give the same puzzle.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Fresh grids tried for the puzzle before giving up on its level.
    #[arg(long, default_value_t = 10_000)]
    pub max_attempts: u32,
}

/// The next puzzle for the profile's player, from the store and the generator (store saved).
pub fn serve(
    profile_args: &ProfileArgs,
    serve: &ServeArgs,
    profile: &Profile,
    path: &std::path::Path,
) -> Result<Served> {
    let geometry = Geometry::from_side(serve.size).with_context(|| {
        format!(
            "--size must be the square of a box size 2..=8 (4, 9, 16, 25, ...), got {}",
            serve.size
        )
    })?;
    let mut store = match profile_args.store_path(path) {
        Some(p) => {
            Some(Store::open(&p).with_context(|| format!("reading the store {}", p.display()))?)
        }
        None => None,
    };
    let served = next_puzzle(
        profile,
        geometry,
        serve.seed,
        serve.max_attempts,
        store.as_mut(),
    )?;
    if let Some(store) = &store {
        store
            .save()
            .with_context(|| format!("writing the store {}", store.path().display()))?;
    }
    Ok(served)
}

#[derive(Args, Debug)]
struct NextArgs {
    #[command(flatten)]
    profile: ProfileArgs,
    #[command(flatten)]
    serve: ServeArgs,
    /// One JSON object: the puzzle record, where it came from, and the player's level.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct RecordArgs {
    #[command(flatten)]
    profile: ProfileArgs,
    /// The puzzle played (line format, `.` or `0` for empty); it is rated again here.
    #[arg(long)]
    puzzle: String,
    /// Time played, in seconds.
    #[arg(long)]
    seconds: f64,
    /// Wrong digits entered during the game.
    #[arg(long, default_value_t = 0)]
    mistakes: u32,
    /// Hints taken during the game.
    #[arg(long, default_value_t = 0)]
    hints: u32,
    /// How the game ended: `finished` (solved) or `abandoned`.
    #[arg(long, value_parser = choice::<Outcome>())]
    outcome: Outcome,
    /// Print the player's new level as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ShowArgs {
    #[command(flatten)]
    profile: ProfileArgs,
    /// One JSON object: the player's rating, level and next level.
    #[arg(long)]
    json: bool,
}

pub fn run(args: PlayerArgs) -> Result<ExitCode> {
    match args.command {
        PlayerCommand::Next(a) => next(a),
        PlayerCommand::Record(a) => record(a),
        PlayerCommand::Show(a) => show(a),
    }
}

fn next(args: NextArgs) -> Result<ExitCode> {
    let path = args.profile.profile_path()?;
    let profile = args.profile.load(&path)?;
    let served = serve(&args.profile, &args.serve, &profile, &path)?;
    if args.json {
        super::stdout::line(&serde_json::to_string(&served)?)?;
    } else {
        super::stdout::line(&served.record.puzzle.to_string())?;
        super::stdout::line(&format!(
            "level {} ({}), {}; {}",
            served.record.level,
            served.record.level_name,
            if served.source == "store" {
                "from the store"
            } else {
                "generated"
            },
            standing(&served.player)
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The game's record: the puzzle rated here, so its level is the rater's, not the caller's.
pub fn rated_record(puzzle: &str) -> Result<GameRecord> {
    let grid = parse_one(puzzle, &ParseOptions::default()).context("reading --puzzle")?;
    let (_, info) = rate_puzzle(&grid)?;
    Ok(GameRecord {
        puzzle: grid.to_string(),
        level: info.level,
        score: info.score,
        seconds: 0.0,
        mistakes: 0,
        hints: 0,
        outcome: Outcome::Abandoned,
        ended_unix: now_unix(),
    })
}

pub fn now_unix() -> Option<u64> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_secs())
}

fn record(args: RecordArgs) -> Result<ExitCode> {
    if !(args.seconds.is_finite() && args.seconds >= 0.0) {
        anyhow::bail!(
            "--seconds must be a time in seconds (0 or more), got {}",
            args.seconds
        );
    }
    let path = args.profile.profile_path()?;
    let mut profile = args.profile.load(&path)?;
    let game = GameRecord {
        seconds: args.seconds,
        mistakes: args.mistakes,
        hints: args.hints,
        outcome: args.outcome,
        ..rated_record(&args.puzzle)?
    };
    profile.games.push(game);
    profile.save(&path)?;
    print_level(&player_level(&profile.games), args.json)
}

fn show(args: ShowArgs) -> Result<ExitCode> {
    let path = args.profile.profile_path()?;
    let profile = args.profile.load(&path)?;
    print_level(&player_level(&profile.games), args.json)
}

#[derive(Serialize)]
struct LevelJson<'a> {
    #[serde(flatten)]
    player: &'a PlayerLevel,
    level_name: &'static str,
    next_name: &'static str,
}

fn print_level(player: &PlayerLevel, json: bool) -> Result<ExitCode> {
    if json {
        let line = LevelJson {
            player,
            level_name: player.level.name(),
            next_name: player.next.name(),
        };
        super::stdout::line(&serde_json::to_string(&line)?)?;
    } else {
        super::stdout::line(&standing(player))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One line on where the player stands.
pub fn standing(p: &PlayerLevel) -> String {
    format!(
        "player rated {:.0} after {} games: plays at {}, next puzzle {}",
        p.rating,
        p.games,
        p.level.name(),
        p.next.name()
    )
}
