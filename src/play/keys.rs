//! Keys to moves: the key map of `evoku play` and a session that applies keys to a [`Game`] and
//! keeps the status message, so a test can drive a game key by key without a terminal.
//!
//! Arrows or `h j k l` move; digits and symbols type (`1-9`, then `A-P` on 16x16 and 25x25;
//! upper case always types a symbol, lower case does unless it is one of the command keys);
//! `p` toggles pencil marks; `u` undoes; `?` gives a hint; `x`, `0`, `.`, Backspace or Delete
//! erase; `q`, Esc or Ctrl-C quit (the game is saved).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::game::{Direction, Feedback, Game};
use evoku::board::{digit_symbol, symbol_digit};

/// The key help shown under the board.
pub const KEY_HELP: &str =
    "arrows/hjkl move  digits type  p pencil  u undo  ? hint  x erase  q quit+save";

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Move(Direction),
    Digit(u8),
    Erase,
    TogglePencil,
    Undo,
    Hint,
    Quit,
}

/// The command of `key` on a board of side `side`; `None` for keys that mean nothing.
pub fn command(key: KeyEvent, side: usize) -> Option<Command> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c') if ctrl => Command::Quit,
        KeyCode::Up | KeyCode::Char('k') => Command::Move(Direction::Up),
        KeyCode::Down | KeyCode::Char('j') => Command::Move(Direction::Down),
        KeyCode::Left | KeyCode::Char('h') => Command::Move(Direction::Left),
        KeyCode::Right | KeyCode::Char('l') => Command::Move(Direction::Right),
        KeyCode::Char('p') => Command::TogglePencil,
        KeyCode::Char('u') => Command::Undo,
        KeyCode::Char('?') => Command::Hint,
        KeyCode::Char('q') | KeyCode::Esc => Command::Quit,
        KeyCode::Char('x' | '0' | '.' | ' ') | KeyCode::Backspace | KeyCode::Delete => {
            Command::Erase
        }
        KeyCode::Char(c) => {
            let digit = symbol_digit(c.to_ascii_uppercase())?;
            if usize::from(digit) > side {
                return None;
            }
            Command::Digit(digit)
        }
        _ => return None,
    })
}

/// A game with its status line and whether the player asked to quit.
pub struct Session {
    pub game: Game,
    pub message: String,
    pub quit: bool,
}

impl Session {
    pub fn new(game: Game) -> Session {
        Session {
            game,
            message: String::new(),
            quit: false,
        }
    }

    /// Applies one key; returns the command it meant, if any.
    pub fn key(&mut self, key: KeyEvent) -> Option<Command> {
        let command = command(key, self.game.geometry().side())?;
        self.apply(command);
        Some(command)
    }

    pub fn apply(&mut self, command: Command) {
        let game = &mut self.game;
        let feedback = match command {
            Command::Move(d) => {
                game.move_cursor(d);
                None
            }
            Command::Digit(d) => Some(game.enter(d)),
            Command::Erase => Some(game.erase()),
            Command::TogglePencil => {
                game.toggle_pencil();
                self.message = if game.pencil() {
                    "pencil marks on"
                } else {
                    "pencil marks off"
                }
                .into();
                None
            }
            Command::Undo => Some(game.undo()),
            Command::Hint => Some(game.hint()),
            Command::Quit => {
                self.quit = true;
                None
            }
        };
        if let Some(feedback) = feedback {
            self.message = describe(game, feedback);
        }
    }
}

fn describe(game: &Game, feedback: Feedback) -> String {
    let cell = game.cursor();
    let (row, col) = game.puzzle().position(cell);
    match feedback {
        Feedback::Placed => String::new(),
        Feedback::Mistake => format!(
            "{} is wrong at row {row}, column {col} (mistake {})",
            digit_symbol(game.value(cell)),
            game.mistakes()
        ),
        Feedback::Marked => "mark toggled".into(),
        Feedback::Erased => "erased".into(),
        Feedback::Unchanged if game.is_finished() => "solved: press q".into(),
        Feedback::Unchanged if game.is_given(cell) => "that cell is a given".into(),
        Feedback::Unchanged => String::new(),
        Feedback::Undone => "undone".into(),
        Feedback::NothingToUndo => "nothing to undo".into(),
        Feedback::Hint(c) => {
            let (row, col) = game.puzzle().position(c);
            format!(
                "hint: {} at row {row}, column {col}",
                digit_symbol(game.value(c))
            )
        }
        Feedback::Solved => format!("solved in {}: press q", summary(game)),
    }
}

/// `m:ss with M mistakes and H hints`.
pub fn summary(game: &Game) -> String {
    let count = |n: u32, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    format!(
        "{} with {} and {}",
        clock_text(game.elapsed_ms()),
        count(game.mistakes(), "mistake"),
        count(game.hints(), "hint")
    )
}

/// `m:ss` (or `h:mm:ss`).
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
