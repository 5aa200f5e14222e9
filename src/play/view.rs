//! The terminal view of a game: the board scaled to the terminal (pencil marks drawn in every
//! cell when it fits, else one symbol per cell with the cursor's marks on the status line), the
//! status, and a clear message when even the smallest board does not fit.

use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::game::Game;
use super::keys::{clock_text, Session, KEY_HELP};
use evoku::board::digit_symbol;

/// Lines under the board: status, message, key help.
const STATUS_LINES: u16 = 3;

/// How a cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// `b` lines of `b` marks per cell (`b` the box size), the digit in the middle.
    Marks,
    /// One line per cell, `width` columns (3 or 2).
    Compact { width: u16 },
}

impl Scale {
    fn cell_width(self, box_size: u16) -> u16 {
        match self {
            Scale::Marks => box_size + 1,
            Scale::Compact { width } => width,
        }
    }

    fn cell_height(self, box_size: u16) -> u16 {
        match self {
            Scale::Marks => box_size,
            Scale::Compact { .. } => 1,
        }
    }

    /// Columns and lines the board and its status take (longer status lines are cut).
    pub fn size(self, side: usize) -> (u16, u16) {
        let n = side as u16;
        let b = (side as f64).sqrt().round() as u16;
        let width = n * self.cell_width(b) + b + 1;
        let height = n * self.cell_height(b) + b + 1 + STATUS_LINES;
        (width, height)
    }
}

/// Largest first: the scale used in a terminal of `area`, if any fits.
pub fn scale_for(side: usize, area: Rect) -> Option<Scale> {
    [
        Scale::Marks,
        Scale::Compact { width: 3 },
        Scale::Compact { width: 2 },
    ]
    .into_iter()
    .find(|s| {
        let (w, h) = s.size(side);
        w <= area.width && h <= area.height
    })
}

/// Draws the session on the whole frame.
pub fn draw(frame: &mut Frame, session: &Session) {
    let area = frame.area();
    let side = session.game.geometry().side();
    let Some(scale) = scale_for(side, area) else {
        let (w, h) = Scale::Compact { width: 2 }.size(side);
        let text = format!(
            "The terminal is {}x{}; a {side}x{side} board needs at least {w}x{h}. \
             Enlarge the window or the font size, or press q to save and quit.",
            area.width, area.height
        );
        let wrapped = Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: true });
        frame.render_widget(wrapped, area);
        return;
    };
    let mut lines = board_lines(&session.game, scale);
    lines.extend(status_lines(session, scale));
    frame.render_widget(Paragraph::new(lines), area);
}

fn board_lines(game: &Game, scale: Scale) -> Vec<Line<'static>> {
    let g = game.geometry();
    let (n, b) = (g.side(), g.box_size());
    let cw = usize::from(scale.cell_width(b as u16));
    let ch = usize::from(scale.cell_height(b as u16));
    let border = Style::default().fg(Color::DarkGray);
    let rule = {
        let mut s = String::new();
        for c in 0..n {
            if c % b == 0 {
                s.push('+');
            }
            s.push_str(&"-".repeat(cw));
        }
        s.push('+');
        Line::styled(s, border)
    };
    let mut lines = Vec::with_capacity(n * ch + b + 1);
    for row in 0..n {
        if row % b == 0 {
            lines.push(rule.clone());
        }
        for k in 0..ch {
            let mut spans = Vec::with_capacity(2 * n + 1);
            for col in 0..n {
                if col % b == 0 {
                    spans.push(Span::styled("|", border));
                }
                spans.push(cell_span(game, row * n + col, scale, k, cw));
            }
            spans.push(Span::styled("|", border));
            lines.push(Line::from(spans));
        }
    }
    lines.push(rule);
    lines
}

/// Line `k` of a cell, `cw` columns wide.
fn cell_span(game: &Game, cell: usize, scale: Scale, k: usize, cw: usize) -> Span<'static> {
    let b = game.geometry().box_size();
    let value = game.value(cell);
    let mut style = if game.is_given(cell) {
        Style::default()
            .add_modifier(Modifier::BOLD)
            .fg(Color::Cyan)
    } else if game.is_wrong(cell) {
        Style::default().fg(Color::Red)
    } else if value != 0 {
        Style::default().fg(Color::White)
    } else {
        Style::default().fg(Color::DarkGray)
    };
    if cell == game.cursor() {
        style = style.add_modifier(Modifier::REVERSED);
    }
    let marks = game.marks(cell);
    let text = match scale {
        Scale::Marks if value != 0 => {
            let symbol = if k == b / 2 { digit_symbol(value) } else { ' ' };
            format!("{symbol:^cw$}")
        }
        Scale::Marks => {
            let row: String = (1..=b)
                .map(|i| {
                    let d = (k * b + i) as u8;
                    if marks >> (d - 1) & 1 == 1 {
                        digit_symbol(d)
                    } else {
                        ' '
                    }
                })
                .collect();
            format!(" {row}")
        }
        Scale::Compact { .. } => {
            let symbol = match value {
                0 if marks != 0 => ':',
                0 => ' ',
                v => digit_symbol(v),
            };
            if cw >= 3 {
                format!(" {symbol} ")
            } else {
                format!(" {symbol}")
            }
        }
    };
    Span::styled(text, style)
}

fn status_lines(session: &Session, scale: Scale) -> Vec<Line<'static>> {
    let game = &session.game;
    let g = game.geometry();
    let info = game.info();
    let level = evoku::rate::Level::new(info.level).map_or("?", |l| l.name());
    let mut status = format!(
        "{} {level} (level {})  {}  mistakes {}  hints {}{}",
        g.name(),
        info.level,
        clock_text(game.elapsed_ms()),
        game.mistakes(),
        game.hints(),
        if game.pencil() { "  PENCIL" } else { "" }
    );
    let marks = game.marks(game.cursor());
    if matches!(scale, Scale::Compact { .. }) && marks != 0 {
        let symbols: String = (1..=g.side() as u8)
            .filter(|d| marks >> (d - 1) & 1 == 1)
            .map(digit_symbol)
            .collect();
        status.push_str(&format!("  marks {symbols}"));
    }
    vec![
        Line::from(status),
        Line::styled(session.message.clone(), Style::default().fg(Color::Yellow)),
        Line::styled(KEY_HELP, Style::default().fg(Color::DarkGray)),
    ]
}
