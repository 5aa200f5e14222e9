//! Tests: playing — the rating rule on made-up histories, a game driven key by key and rendered on
//! ratatui's test backend, the profile round trip, a corrupt profile, and `evoku player`.

use std::path::PathBuf;
use std::process::Command;

use evoku::board::Geometry;
use evoku::generate::Generator;
use evoku::play::game::parse_line;
use evoku::play::keys::Session;
use evoku::play::level::{player_level, puzzle_rating, START_RATING};
use evoku::play::{
    view, Direction, Feedback, Game, GameRecord, ManualClock, Outcome, PlayError, Profile,
    PuzzleInfo,
};
use evoku::rate::Level;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

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

// ---------------------------------------------------------------------------------------------
// The rating rule.

#[test]
fn fast_clean_solves_raise_the_level() {
    let mut games = Vec::new();
    let mut last = START_RATING;
    for level in [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3] {
        games.push(record(level, 60.0, 0, 0, Outcome::Finished));
        let now = player_level(&games);
        assert!(now.rating > last, "{now:?} after a clean solve from {last}");
        last = now.rating;
    }
    let p = player_level(&games);
    assert!(p.level > Level::EASY, "{p:?}");
    assert!(p.next >= p.level && p.next.number() <= p.level.number() + 1);
}

#[test]
fn failures_lower_the_level() {
    let strong: Vec<GameRecord> = (0..12)
        .map(|_| record(3, 60.0, 0, 0, Outcome::Finished))
        .collect();
    let before = player_level(&strong);
    let mut games = strong.clone();
    games.extend((0..8).map(|_| record(before.next.number(), 900.0, 0, 0, Outcome::Abandoned)));
    let after = player_level(&games);
    assert!(
        after.rating < before.rating - 100.0,
        "{before:?} -> {after:?}"
    );
    assert!(after.level < before.level, "{before:?} -> {after:?}");
    // Abandoning at the very start pulls below a new player: no lower bound but easy.
    let quitter = player_level(&[record(1, 10.0, 0, 0, Outcome::Abandoned)]);
    assert!(quitter.rating < START_RATING);
    assert_eq!((quitter.level, quitter.next), (Level::EASY, Level::EASY));
}

#[test]
fn mistakes_hints_and_time_count() {
    let rating = |g: GameRecord| player_level(&[g]).rating;
    let clean = rating(record(2, 60.0, 0, 0, Outcome::Finished));
    let mistakes = rating(record(2, 60.0, 3, 0, Outcome::Finished));
    let hints = rating(record(2, 60.0, 0, 2, Outcome::Finished));
    let slow = rating(record(2, 100_000.0, 0, 0, Outcome::Finished));
    let failed = rating(record(2, 60.0, 0, 0, Outcome::Abandoned));
    assert!(
        clean > mistakes && mistakes > failed,
        "{clean} {mistakes} {failed}"
    );
    assert!(clean > hints && hints > failed, "{clean} {hints} {failed}");
    assert!(clean > slow && slow > failed, "{clean} {slow} {failed}");
    // A clean solve above one's level gains more than one at it.
    let above = rating(record(3, 60.0, 0, 0, Outcome::Finished));
    assert!(above > clean);
    assert_eq!(puzzle_rating(Level::EASY), START_RATING);
}

// ---------------------------------------------------------------------------------------------
// A game driven by keys and drawn on the test backend.

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn chars(session: &mut Session, keys: &str) {
    for c in keys.chars() {
        session.key(key(KeyCode::Char(c)));
    }
}

fn screen(session: &Session, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| view::draw(f, session)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

#[test]
fn keys_move_type_count_mistakes_undo_hint_and_mark() {
    let clock = ManualClock::new();
    let mut s = Session::new(game(&clock));
    // Cell 1 (row 1, column 2) is a given: typing there changes nothing.
    s.key(key(KeyCode::Right));
    assert_eq!(s.game.cursor(), 1);
    chars(&mut s, "7");
    assert_eq!((s.game.value(1), s.game.mistakes()), (6, 0));
    assert!(s.message.contains("given"), "{}", s.message);
    // hjkl and arrows move, wrapping: cell 2 is empty and holds 8.
    chars(&mut s, "llh");
    s.key(key(KeyCode::Down));
    s.key(key(KeyCode::Up));
    assert_eq!(s.game.cursor(), 2);
    chars(&mut s, "3");
    assert_eq!((s.game.value(2), s.game.mistakes()), (3, 1));
    assert!(s.game.is_wrong(2));
    assert!(s.message.contains("wrong"), "{}", s.message);
    chars(&mut s, "u");
    assert_eq!((s.game.value(2), s.game.mistakes()), (0, 1));
    chars(&mut s, "8");
    assert_eq!((s.game.value(2), s.game.mistakes()), (8, 1));
    // Pencil marks on the next empty cell (cell 3), then a hint fills it and clears them.
    chars(&mut s, "lp74p");
    assert!(!s.game.pencil());
    assert_eq!(s.game.marks(3), (1 << 6) | (1 << 3));
    assert_eq!(s.game.value(3), 0);
    chars(&mut s, "?");
    assert_eq!(
        (s.game.value(3), s.game.marks(3), s.game.hints()),
        (7, 0, 1)
    );
    chars(&mut s, "u");
    assert_eq!(s.game.marks(3), (1 << 6) | (1 << 3));
    clock.advance_ms(83_000);
    let text = screen(&s, 80, 40);
    assert!(text.contains("1:23"), "{text}");
    assert!(text.contains("mistakes 1  hints 1"), "{text}");
    // The first box's top line: givens 5 6, the typed 8; then the marks 4 and 7 of cell 3.
    assert!(text.contains("| 5   6   8  | 4  "), "{text}");
    assert!(text.contains("|            | 7  "), "{text}");
    // Rules line up with the cells: 9 cells of 4 columns and 4 box edges.
    assert!(text
        .lines()
        .any(|l| l.trim_end() == format!("{}+", "+------------".repeat(3))));
    assert!(text
        .lines()
        .all(|l| l.trim_end().len() <= 40 || !l.starts_with(['|', '+'])));
    chars(&mut s, "q");
    assert!(s.quit);
}

#[test]
fn hints_finish_the_game_and_stop_the_clock() {
    let clock = ManualClock::new();
    let mut s = Session::new(game(&clock));
    let empty = PUZZLE.chars().filter(|&c| c == '.').count();
    for _ in 0..empty {
        clock.advance_ms(1000);
        chars(&mut s, "?");
    }
    assert!(s.game.is_finished());
    assert_eq!(s.game.hints() as usize, empty);
    assert!(s.message.starts_with("solved"), "{}", s.message);
    clock.advance_ms(60_000);
    assert_eq!(s.game.elapsed_ms(), empty as u64 * 1000);
    assert_eq!(s.game.save().entries, SOLUTION);
    chars(&mut s, "1?u");
    assert_eq!(s.game.hints() as usize, empty);
}

/// A 16x16 grid with three cells emptied in different rows, columns and boxes: unique.
fn sixteen() -> Game {
    let g = Geometry::from_side(16).unwrap();
    let mut puzzle = Generator::new(g).complete_grid(7, 0, 100_000);
    for cell in [0, 16 * 5 + 5, 16 * 10 + 10] {
        puzzle.set(cell, 0);
    }
    Game::from_puzzle(puzzle, Box::new(ManualClock::new())).unwrap()
}

#[test]
fn large_boards_take_letters_and_scale_to_the_terminal() {
    let mut s = Session::new(sixteen());
    let answer = {
        let mut probe = sixteen();
        probe.hint();
        probe.value(0)
    };
    let symbol = evoku::board::digit_symbol(answer);
    // Upper case always types a symbol; lower case does unless it is a command key.
    s.key(KeyEvent::new(KeyCode::Char(symbol), KeyModifiers::SHIFT));
    assert_eq!((s.game.value(0), s.game.mistakes()), (answer, 0));
    // Marks in every cell need 85x72; one symbol per cell needs 53x24 at three columns, 37x24
    // at two.
    assert!(screen(&s, 100, 80).lines().any(|l| l.starts_with("|  ")));
    let compact = screen(&s, 60, 24);
    assert!(compact.contains(&format!("| {symbol}")), "{compact}");
    let small = screen(&s, 60, 10);
    assert!(small.contains("needs at least 37x24"), "{small}");
}

#[test]
fn moves_on_givens_and_bad_digits_change_nothing() {
    let clock = ManualClock::new();
    let mut g = game(&clock);
    assert_eq!(g.enter(5), Feedback::Unchanged);
    assert_eq!(g.erase(), Feedback::Unchanged);
    assert_eq!(g.undo(), Feedback::NothingToUndo);
    g.move_cursor(Direction::Up);
    assert_eq!(g.cursor(), 72);
    g.move_cursor(Direction::Left);
    assert_eq!(g.cursor(), 80);
    assert_eq!(g.enter(10), Feedback::Unchanged);
}

// ---------------------------------------------------------------------------------------------
// The profile.

#[test]
fn profile_round_trip_resumes_the_game() {
    let dir = temp("round-trip");
    let path = dir.join("nested/profile.json");
    assert_eq!(Profile::load(&path).unwrap(), None);
    let clock = ManualClock::new();
    let mut s = Session::new(game(&clock));
    chars(&mut s, "lllp12pl3u");
    clock.advance_ms(42_000);
    let mut profile = Profile::default();
    profile.games.push(record(2, 75.5, 1, 0, Outcome::Finished));
    profile.saved = Some(s.game.save());
    profile.save(&path).unwrap();
    assert!(!dir.join("nested/profile.json.tmp").exists());
    let back = Profile::load(&path).unwrap().unwrap();
    assert_eq!(back, profile);
    let later = ManualClock::new();
    later.advance_ms(5_000_000);
    let resumed = Game::resume(back.saved.as_ref().unwrap(), Box::new(later.clone())).unwrap();
    assert_eq!(resumed.save(), s.game.save());
    later.advance_ms(1_000);
    assert_eq!(resumed.elapsed_ms(), 43_000);
    assert_eq!(resumed.marks(3), 0b11);
    assert_eq!(resumed.info(), s.game.info());
}

#[test]
fn a_corrupt_profile_is_named_and_left_untouched() {
    let dir = temp("corrupt");
    let path = dir.join("profile.json");
    let text = "{\"version\": 1, \"games\": [\n  {\"puzzle\": 3}\n]}\n";
    std::fs::write(&path, text).unwrap();
    let error = Profile::load(&path).unwrap_err();
    assert!(
        matches!(error, PlayError::CorruptProfile { line: 2, .. }),
        "{error}"
    );
    let message = error.to_string();
    assert!(message.contains("profile.json:2:") && message.contains("left untouched"));
    let out = evoku(&[
        "player",
        "record",
        "--profile",
        path.to_str().unwrap(),
        "--puzzle",
        PUZZLE,
        "--seconds",
        "10",
        "--outcome",
        "finished",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("not a valid evoku profile"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn a_damaged_saved_game_is_refused() {
    let clock = ManualClock::new();
    let mut saved = game(&clock).save();
    saved.entries = saved.entries.replacen('5', "4", 1);
    let error = Game::resume(&saved, Box::new(clock.clone())).err().unwrap();
    assert!(matches!(error, PlayError::Saved(_)), "{error}");
    let info = PuzzleInfo {
        level: 1,
        score: 1.5,
    };
    assert_eq!(game(&clock).info(), info);
}

// ---------------------------------------------------------------------------------------------
// `evoku player`.

fn evoku(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .output()
        .expect("run evoku")
}

#[test]
fn player_next_and_record_follow_the_history() {
    let dir = temp("cli");
    let profile = dir.join("profile.json");
    let p = profile.to_str().unwrap();
    let next = |args: &[&str]| {
        let out = evoku(&[&["player", "next", "--profile", p, "--json"], args].concat());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let first = next(&["--no-store"]);
    assert_eq!(first["record"]["level"], 1);
    assert_eq!(first["player"]["games"], 0);
    assert!(!profile.exists(), "next must not write the profile");
    let again = next(&["--no-store"]);
    assert_eq!(again["record"]["puzzle"], first["record"]["puzzle"]);
    for _ in 0..5 {
        let out = evoku(&[
            "player",
            "record",
            "--profile",
            p,
            "--puzzle",
            PUZZLE,
            "--seconds",
            "60",
            "--outcome",
            "finished",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let up = next(&["--no-store"]);
    assert_eq!(up["player"]["games"], 5);
    assert_eq!(up["record"]["level"], 2, "{up}");
    let puzzle = up["record"]["puzzle"].as_str().unwrap().to_string();
    let solution = up["record"]["solution"].as_str().unwrap();
    assert!(parse_line(solution)
        .unwrap()
        .solves(&parse_line(&puzzle).unwrap()));
    let stored = Profile::load(&profile).unwrap().unwrap();
    assert_eq!(stored.games.len(), 5);
    assert!(stored
        .games
        .iter()
        .all(|g| g.level == 1 && g.outcome == Outcome::Finished));
    // The store beside the profile gets the by-products and serves from them later.
    let with_store = next(&[]);
    assert!(dir.join("store.jsonl").exists());
    assert_eq!(with_store["record"]["level"], 2);
}

#[test]
fn help_states_the_rule_and_play_needs_a_terminal() {
    let help = evoku(&["player", "--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("R += 64 (s - E)") && text.contains("1000 + 200 (L - 1)"),
        "{text}"
    );
    let dir = temp("no-terminal");
    let profile = dir.join("profile.json");
    let out = evoku(&["play", "--profile", profile.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("needs a terminal") && stderr.contains("evoku player next"));
    assert!(!profile.exists());
}
