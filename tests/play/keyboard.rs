//! Playing: a game driven key by key and drawn on ratatui's test backend.

use super::*;

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
    let mut puzzle = Generator::new(g).complete_grid(7, 0, 100_000).unwrap();
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
