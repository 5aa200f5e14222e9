//! The game model of `evoku play`: board, cursor, pencil marks, undo history, mistakes, hints and
//! a clock read from an injected [`Clock`]. Pure state and moves; the terminal view sits on top.

use serde::{Deserialize, Serialize};

use super::clock::Clock;
use super::PlayError;
use evoku::board::{Geometry, Grid};
use evoku::exact::{self, Limits};

/// Most search nodes the exact solver may spend proving a puzzle's solution unique.
pub const PROOF_NODES: u64 = 5_000_000;

/// Which way the cursor moves; it wraps around the board's edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// What a move did, for the status line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    Placed,
    /// The digit is not the solution's: one more mistake.
    Mistake,
    Marked,
    Erased,
    /// The cursor is on a given (or the game is over): nothing changed.
    Unchanged,
    Undone,
    NothingToUndo,
    /// The hint filled this cell.
    Hint(usize),
    /// The last cell is right: the game is won.
    Solved,
}

/// One entry of the undo history: a cell as it was before a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub cell: usize,
    pub value: u8,
    pub marks: u64,
}

/// The puzzle's difficulty as the rater gave it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleInfo {
    /// Level 1..=5 (see `evoku rate`).
    pub level: u8,
    /// The rater's continuous score behind the level.
    pub score: f64,
}

/// A game in progress as the profile keeps it, so it can be resumed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub puzzle: String,
    pub solution: String,
    #[serde(flatten)]
    pub info: PuzzleInfo,
    /// The player's digits in line format (`.` where empty; givens repeated).
    pub entries: String,
    /// Pencil marks per cell, bit `d - 1` for digit `d`.
    pub marks: Vec<u64>,
    pub history: Vec<Step>,
    pub cursor: usize,
    pub pencil: bool,
    pub mistakes: u32,
    pub hints: u32,
    pub elapsed_ms: u64,
}

/// A game: the puzzle, its unique solution, and what the player did.
pub struct Game {
    puzzle: Grid,
    solution: Grid,
    info: PuzzleInfo,
    entries: Grid,
    marks: Vec<u64>,
    history: Vec<Step>,
    cursor: usize,
    pencil: bool,
    mistakes: u32,
    hints: u32,
    clock: Box<dyn Clock>,
    /// Play time before the clock's reading `started_ms`.
    elapsed_before_ms: u64,
    started_ms: u64,
    /// Total play time once solved: the clock stops.
    finished_ms: Option<u64>,
}

/// The unique solution of `puzzle`, proven by the exact solver.
pub fn unique_solution(puzzle: &Grid) -> Result<Grid, PlayError> {
    let limits = Limits {
        max_solutions: 2,
        max_nodes: PROOF_NODES,
        time_limit: None,
    };
    let result = exact::solve(puzzle, &limits);
    match (result.is_unique(), result.first()) {
        (Some(true), Some(solution)) => Ok(solution.clone()),
        (Some(false), _) => Err(PlayError::Puzzle("it has more than one solution".into())),
        _ if result.has_no_solution() => Err(PlayError::Puzzle("it has no solution".into())),
        _ => Err(PlayError::Puzzle(format!(
            "the exact solver could not prove a unique solution within {PROOF_NODES} nodes"
        ))),
    }
}

/// The unique solution of `puzzle` and its rating (the rater's level and score).
pub fn rate_puzzle(puzzle: &Grid) -> Result<(Grid, PuzzleInfo), PlayError> {
    let solution = unique_solution(puzzle)?;
    let rating = evoku::rate::Rater::new(puzzle.geometry())
        .rate_with_solution(puzzle, &solution)
        .map_err(|e| PlayError::Puzzle(e.to_string()))?;
    let info = PuzzleInfo {
        level: rating.level.number(),
        score: rating.score(),
    };
    Ok((solution, info))
}

impl Game {
    /// A new game of any puzzle with a unique solution, rated here.
    pub fn from_puzzle(puzzle: Grid, clock: Box<dyn Clock>) -> Result<Game, PlayError> {
        let (solution, info) = rate_puzzle(&puzzle)?;
        Ok(Game::new(puzzle, solution, info, clock))
    }

    /// A new game of `puzzle`, whose unique solution is `solution` (see [`unique_solution`]).
    pub fn new(puzzle: Grid, solution: Grid, info: PuzzleInfo, clock: Box<dyn Clock>) -> Game {
        let cells = puzzle.geometry().cells();
        let started_ms = clock.now_ms();
        Game {
            entries: puzzle.clone(),
            puzzle,
            solution,
            info,
            marks: vec![0; cells],
            history: Vec::new(),
            cursor: 0,
            pencil: false,
            mistakes: 0,
            hints: 0,
            clock,
            elapsed_before_ms: 0,
            started_ms,
            finished_ms: None,
        }
    }

    /// Takes up a saved game again; the clock goes on from the saved time.
    pub fn resume(saved: &SavedGame, clock: Box<dyn Clock>) -> Result<Game, PlayError> {
        let bad = |what: &str| PlayError::Saved(what.to_string());
        let puzzle = parse_line(&saved.puzzle).ok_or_else(|| bad("puzzle is not a board"))?;
        let geometry = puzzle.geometry();
        let solution = parse_line(&saved.solution)
            .filter(|s| s.geometry() == geometry && s.solves(&puzzle))
            .ok_or_else(|| bad("solution does not solve the puzzle"))?;
        let entries = parse_line(&saved.entries)
            .filter(|e| e.geometry() == geometry)
            .filter(|e| {
                (0..geometry.cells()).all(|c| puzzle.get(c) == 0 || e.get(c) == puzzle.get(c))
            })
            .ok_or_else(|| bad("entries do not fit the puzzle"))?;
        let cells = geometry.cells();
        let history_fits = saved
            .history
            .iter()
            .all(|s| s.cell < cells && usize::from(s.value) <= geometry.side());
        if saved.marks.len() != cells || saved.cursor >= cells || !history_fits {
            return Err(bad("marks, cursor or history do not fit the board"));
        }
        let mut game = Game::new(puzzle, solution, saved.info, clock);
        game.entries = entries;
        game.marks = saved
            .marks
            .iter()
            .map(|m| m & geometry.all_digits())
            .collect();
        game.history = saved.history.clone();
        game.cursor = saved.cursor;
        game.pencil = saved.pencil;
        game.mistakes = saved.mistakes;
        game.hints = saved.hints;
        game.elapsed_before_ms = saved.elapsed_ms;
        if game.entries == game.solution {
            game.finished_ms = Some(saved.elapsed_ms);
        }
        Ok(game)
    }

    /// The state to keep in the profile.
    pub fn save(&self) -> SavedGame {
        SavedGame {
            puzzle: self.puzzle.to_string(),
            solution: self.solution.to_string(),
            info: self.info,
            entries: self.entries.to_string(),
            marks: self.marks.clone(),
            history: self.history.clone(),
            cursor: self.cursor,
            pencil: self.pencil,
            mistakes: self.mistakes,
            hints: self.hints,
            elapsed_ms: self.elapsed_ms(),
        }
    }

    pub fn geometry(&self) -> Geometry {
        self.puzzle.geometry()
    }
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }
    pub fn info(&self) -> PuzzleInfo {
        self.info
    }
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    pub fn pencil(&self) -> bool {
        self.pencil
    }
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }
    pub fn hints(&self) -> u32 {
        self.hints
    }
    /// The digit in `cell`, 0 if empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.entries.get(cell)
    }
    pub fn is_given(&self, cell: usize) -> bool {
        self.puzzle.get(cell) != 0
    }
    /// A filled cell that disagrees with the solution.
    pub fn is_wrong(&self, cell: usize) -> bool {
        let v = self.entries.get(cell);
        v != 0 && v != self.solution.get(cell)
    }
    /// Pencil marks of `cell`, bit `d - 1` for digit `d`.
    pub fn marks(&self, cell: usize) -> u64 {
        self.marks[cell]
    }
    pub fn is_finished(&self) -> bool {
        self.finished_ms.is_some()
    }

    /// Play time so far; it stops when the puzzle is solved.
    pub fn elapsed_ms(&self) -> u64 {
        self.finished_ms.unwrap_or_else(|| {
            self.elapsed_before_ms + self.clock.now_ms().saturating_sub(self.started_ms)
        })
    }

    pub fn move_cursor(&mut self, direction: Direction) {
        let n = self.geometry().side();
        let (row, col) = (self.cursor / n, self.cursor % n);
        let (row, col) = match direction {
            Direction::Up => ((row + n - 1) % n, col),
            Direction::Down => ((row + 1) % n, col),
            Direction::Left => (row, (col + n - 1) % n),
            Direction::Right => (row, (col + 1) % n),
        };
        self.cursor = row * n + col;
    }

    pub fn toggle_pencil(&mut self) {
        self.pencil = !self.pencil;
    }

    /// Types `digit` (1..=n) at the cursor: a pencil mark toggled in pencil mode, else the cell's
    /// digit, counted as a mistake when it is not the solution's.
    pub fn enter(&mut self, digit: u8) -> Feedback {
        let cell = self.cursor;
        let n = self.geometry().side();
        if self.is_finished() || self.is_given(cell) || digit == 0 || usize::from(digit) > n {
            return Feedback::Unchanged;
        }
        if self.pencil {
            if self.entries.get(cell) != 0 {
                return Feedback::Unchanged;
            }
            self.remember(cell);
            self.marks[cell] ^= 1 << (digit - 1);
            return Feedback::Marked;
        }
        if self.entries.get(cell) == digit {
            return Feedback::Unchanged;
        }
        self.remember(cell);
        self.entries.set(cell, digit);
        if digit != self.solution.get(cell) {
            self.mistakes += 1;
            return Feedback::Mistake;
        }
        self.finish_if_solved(Feedback::Placed)
    }

    /// Empties the cursor's cell (digit and marks).
    pub fn erase(&mut self) -> Feedback {
        let cell = self.cursor;
        let empty = self.entries.get(cell) == 0 && self.marks[cell] == 0;
        if self.is_finished() || self.is_given(cell) || empty {
            return Feedback::Unchanged;
        }
        self.remember(cell);
        self.entries.set(cell, 0);
        self.marks[cell] = 0;
        Feedback::Erased
    }

    /// Takes back the last move (mistakes and hints stay counted); the cursor goes to its cell.
    pub fn undo(&mut self) -> Feedback {
        if self.is_finished() {
            return Feedback::Unchanged;
        }
        let Some(step) = self.history.pop() else {
            return Feedback::NothingToUndo;
        };
        self.entries.set(step.cell, step.value);
        self.marks[step.cell] = step.marks;
        self.cursor = step.cell;
        Feedback::Undone
    }

    /// Fills one cell with the solution's digit: the cursor's if it is open or wrong, else the
    /// first such cell in reading order (the cursor moves there).
    pub fn hint(&mut self) -> Feedback {
        if self.is_finished() {
            return Feedback::Unchanged;
        }
        let open = |g: &Game, c: usize| g.entries.get(c) != g.solution.get(c);
        let cell = if open(self, self.cursor) {
            self.cursor
        } else {
            match (0..self.geometry().cells()).find(|&c| open(self, c)) {
                Some(c) => c,
                None => return Feedback::Unchanged,
            }
        };
        self.remember(cell);
        self.entries.set(cell, self.solution.get(cell));
        self.marks[cell] = 0;
        self.cursor = cell;
        self.hints += 1;
        self.finish_if_solved(Feedback::Hint(cell))
    }

    fn remember(&mut self, cell: usize) {
        self.history.push(Step {
            cell,
            value: self.entries.get(cell),
            marks: self.marks[cell],
        });
    }

    fn finish_if_solved(&mut self, feedback: Feedback) -> Feedback {
        if self.entries != self.solution {
            return feedback;
        }
        self.finished_ms = Some(self.elapsed_ms());
        Feedback::Solved
    }
}

/// A board in line format (`.` or `0` for empty), its size from its length.
pub fn parse_line(text: &str) -> Option<Grid> {
    let text = text.trim();
    let geometry = Geometry::from_cell_count(text.chars().count())?;
    Grid::from_symbols(geometry, text)
}
