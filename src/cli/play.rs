//! `evoku play`: Sudoku in the terminal at the player's level. The game model and its view live
//! in the library (`crate::play`); this file opens the terminal, feeds it keys and keeps the
//! profile: the game is saved in it on every quit and recorded when finished or abandoned.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use crate::play::game::parse_line;
use crate::play::keys::{clock_text, summary, Session};
use crate::play::level::{player_level, RULE};
use crate::play::{view, Game, GameRecord, Outcome, Profile, PuzzleInfo, SystemClock};
use anyhow::{Context, Result};
use clap::Args;
use evoku::format::{parse_one, ParseOptions};
use ratatui::crossterm::event::{self, Event};

use super::player::{now_unix, serve, standing, ProfileArgs, ServeArgs};

#[derive(Args, Debug)]
#[command(after_long_help = RULE)]
pub struct PlayArgs {
    #[command(flatten)]
    profile: ProfileArgs,
    #[command(flatten)]
    serve: ServeArgs,
    /// Play this puzzle (line format) instead of the one served for your level.
    #[arg(long)]
    puzzle: Option<String>,
    /// Abandon the saved game (it is recorded as abandoned) and start a new one.
    #[arg(long)]
    new: bool,
}

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!(
            "evoku play needs a terminal; scripts can use `evoku player next` and \
             `evoku player record`"
        );
    }
    let path = args.profile.profile_path()?;
    let mut profile = args.profile.load(&path)?;
    let saved = profile.saved.take();
    let game = match saved {
        Some(saved) if !args.new && args.puzzle.is_none() => {
            Game::resume(&saved, Box::new(SystemClock::new()))
                .context("resuming the saved game (`evoku play --new` abandons it)")?
        }
        saved => {
            if let Some(old) = saved {
                profile.games.push(abandoned(
                    &old.puzzle,
                    old.info,
                    old.elapsed_ms,
                    old.mistakes,
                    old.hints,
                ));
            }
            new_game(&args, &profile, &path)?
        }
    };
    // Saved before the first key, so a crash or a closed terminal loses nothing.
    profile.saved = Some(game.save());
    profile.save(&path)?;
    let mut session = Session::new(game);
    run_terminal(&mut session)?;
    let game = &session.game;
    if game.is_finished() {
        profile.saved = None;
        profile.games.push(GameRecord {
            outcome: Outcome::Finished,
            ..abandoned(
                &game.puzzle().to_string(),
                game.info(),
                game.elapsed_ms(),
                game.mistakes(),
                game.hints(),
            )
        });
        profile.save(&path)?;
        super::stdout::line(&format!(
            "Solved in {}. {}",
            summary(game),
            standing(&player_level(&profile.games))
        ))?;
    } else {
        profile.saved = Some(game.save());
        profile.save(&path)?;
        super::stdout::line(&format!(
            "Game saved at {} in {}: `evoku play` resumes it (`--new` abandons it).",
            clock_text(game.elapsed_ms()),
            path.display()
        ))?;
        if evoku::stop::requested() && !session.quit {
            return Ok(ExitCode::from(evoku::stop::EXIT_INTERRUPTED));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn abandoned(
    puzzle: &str,
    info: PuzzleInfo,
    elapsed_ms: u64,
    mistakes: u32,
    hints: u32,
) -> GameRecord {
    GameRecord {
        puzzle: puzzle.to_string(),
        level: info.level,
        score: info.score,
        seconds: elapsed_ms as f64 / 1000.0,
        mistakes,
        hints,
        outcome: Outcome::Abandoned,
        ended_unix: now_unix(),
    }
}

/// The puzzle given with `--puzzle`, or the one served for the player's level.
fn new_game(args: &PlayArgs, profile: &Profile, path: &Path) -> Result<Game> {
    let clock = Box::new(SystemClock::new());
    if let Some(text) = &args.puzzle {
        let puzzle = parse_one(text, &ParseOptions::default()).context("reading --puzzle")?;
        return Ok(Game::from_puzzle(puzzle, clock)?);
    }
    let served = while_making(|| serve(&args.profile, &args.serve, profile, path))??;
    let record = &served.record;
    let (puzzle, solution) = (parse_line(&record.puzzle), parse_line(&record.solution));
    let (Some(puzzle), Some(solution)) = (puzzle, solution) else {
        anyhow::bail!("the served puzzle record is not a board: {}", record.puzzle);
    };
    let info = PuzzleInfo {
        level: record.level,
        score: record.score,
    };
    Ok(Game::new(puzzle, solution, info, clock))
}

/// Runs `make` (serving a puzzle: a 64x64 takes half a minute) on a thread while the terminal
/// says so and reads keys: `q`, Esc or Ctrl-C ask it to stop ([`evoku::stop`]), as SIGINT does.
fn while_making<T: Send>(make: impl FnOnce() -> T + Send) -> Result<T> {
    std::thread::scope(|scope| {
        let maker = scope.spawn(make);
        let shown = show_making(&maker);
        if shown.is_err() {
            // The terminal failed: the maker is not left running behind the error.
            evoku::stop::request();
        }
        let made = maker
            .join()
            .map_err(|_| anyhow::anyhow!("making the puzzle panicked"));
        shown.and(made)
    })
}

/// The waiting screen of [`while_making`], until `maker` ends.
fn show_making<T>(maker: &std::thread::ScopedJoinHandle<'_, T>) -> Result<()> {
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};
    let _guard = TerminalGuard::enter()?;
    let backend = ratatui::backend::CrosstermBackend::new(std::io::stdout());
    let mut terminal = ratatui::Terminal::new(backend).context("opening the terminal")?;
    terminal.clear()?;
    let text = "Making a puzzle for you... (q quits)";
    while !maker.is_finished() {
        terminal.draw(|frame| {
            frame.render_widget(ratatui::widgets::Paragraph::new(text), frame.area())
        })?;
        if event::poll(Duration::from_millis(100))? {
            if let Event::Key(key) = event::read()? {
                let ctrl_c =
                    key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
                if ctrl_c || matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                    evoku::stop::request();
                }
            }
        }
    }
    Ok(())
}

/// Raw mode and the alternate screen for the life of the value, restored even on an error.
struct TerminalGuard;

impl TerminalGuard {
    fn enter() -> Result<TerminalGuard> {
        ratatui::crossterm::terminal::enable_raw_mode()
            .context("switching the terminal to raw mode")?;
        let guard = TerminalGuard;
        ratatui::crossterm::execute!(
            std::io::stdout(),
            ratatui::crossterm::terminal::EnterAlternateScreen
        )
        .context("opening the alternate screen")?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        let _ = ratatui::crossterm::execute!(
            std::io::stdout(),
            ratatui::crossterm::terminal::LeaveAlternateScreen
        );
        let _ = ratatui::crossterm::terminal::disable_raw_mode();
    }
}

/// Draws and reads keys until the player quits; the clock line is redrawn a few times a second.
fn run_terminal(session: &mut Session) -> Result<()> {
    let _guard = TerminalGuard::enter()?;
    let backend = ratatui::backend::CrosstermBackend::new(std::io::stdout());
    let mut terminal = ratatui::Terminal::new(backend).context("opening the terminal")?;
    terminal.clear()?;
    // A signal (SIGINT, SIGTERM) ends the game as `q` does: saved.
    while !session.quit && !evoku::stop::requested() {
        terminal.draw(|frame| view::draw(frame, session))?;
        if event::poll(Duration::from_millis(250))? {
            if let Event::Key(key) = event::read()? {
                session.key(key);
            }
        }
    }
    terminal.show_cursor()?;
    Ok(())
}
