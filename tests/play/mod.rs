//! Tests: playing — the rating rule on made-up histories, a game driven key by key and rendered on
//! ratatui's test backend, the profile round trip, a corrupt profile, and `evoku player`.

use std::path::PathBuf;
use std::process::Command;

use evoku::board::Geometry;
use evoku::generate::Generator;
use evoku::rate::Level;
use evoku_cli::play::game::parse_line;
use evoku_cli::play::keys::Session;
use evoku_cli::play::level::{player_level, puzzle_rating, START_RATING};
use evoku_cli::play::{
    view, Direction, Feedback, Game, GameRecord, ManualClock, Outcome, PlayError, Profile,
    PuzzleInfo,
};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

mod keyboard;
mod player_command;
mod rating_rule;
mod saved_profile;

/// An easy 9x9 puzzle (made by `evoku generate --level easy`) and its unique solution.
const PUZZLE: &str =
    "56....1.9.4.8.1.5...2.6......6.....48....6.7..153.......4............985...5.36..";
const SOLUTION: &str =
    "568734129349821756172965438726158394893246571415379862954687213637412985281593647";

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("evoku-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn game(clock: &ManualClock) -> Game {
    let puzzle = parse_line(PUZZLE).unwrap();
    Game::from_puzzle(puzzle, Box::new(clock.clone())).unwrap()
}

fn record(level: u8, seconds: f64, mistakes: u32, hints: u32, outcome: Outcome) -> GameRecord {
    GameRecord {
        puzzle: PUZZLE.to_string(),
        level,
        score: 2.0,
        seconds,
        mistakes,
        hints,
        outcome,
        ended_unix: None,
    }
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn chars(session: &mut Session, keys: &str) {
    for c in keys.chars() {
        session.key(key(KeyCode::Char(c)));
    }
}

fn evoku(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .output()
        .expect("run evoku")
}
