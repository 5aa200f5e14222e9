//! Rating puzzles: the GA rating of Mantere & Koljonen, the entropy rating of the Kashan paper,
//! and the technique ladder whose level is the default (ALGORITHMS.md section 5).
//!
//! * [`ga_rating`]: R independent GA runs as R islands of one engine run (no migration); every
//!   island's own solve generation is read from the island states, so the figures do not depend on
//!   the step size, the thread count or the order islands finish in.
//! * [`entropy`]: `d`, the sum of `log2(candidates of the chosen cell)` over the branching nodes on
//!   the search path from the root to the solution, with the exact solver's propagation (singles
//!   below 16x16; also locked candidates and all-different from 16x16 up) and its MRV cell choice.
//!   The path, not the whole tree, because (a) for a unique puzzle it does not depend on the order
//!   digits are tried in (the tree up to the first solution does), (b) the whole tree of a
//!   uniqueness proof charges the cost of refuting wrong guesses, which tracks how hard a puzzle
//!   is for a search program rather than for a person, and (c) the path agrees better with Sudoku
//!   Explainer (docs/RESULTS.md). [`entropy_level`] is the paper's `f(d)`.
//! * [`logic_rating`]: a human-style solver that always applies the easiest technique that makes
//!   progress, in Sudoku Explainer's order and with its difficulty figures (hidden single 1.2 ...
//!   hidden quad 5.4); the rating is the hardest technique needed. A puzzle the ladder cannot
//!   finish needs chains or trial and error; it is rated above the ladder, by the share of the
//!   empty cells the ladder leaves open.
//! * [`Level`]: the default level, from the ladder. It agrees best with Sudoku Explainer
//!   (Spearman correlations in docs/RESULTS.md): 0.98 on both rated sets, against 0.85 for the
//!   entropy level and 0.78 for the GA rating.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::board::{Geometry, Grid};
use crate::exact::{Limits, Solver};
use crate::ga::{Engine, GaConfig, Problem};
use crate::solve::Device;

/// Why a puzzle could not be rated.
#[derive(Debug, thiserror::Error)]
pub enum RateError {
    /// The puzzle has no solution (clashing givens or a proven contradiction).
    #[error("the puzzle has no solution: {0}")]
    NoSolution(String),
    /// The exact solver hit its limits before deciding whether a solution exists.
    #[error("the exact solver gave up after {nodes} nodes without deciding the puzzle")]
    Undecided { nodes: u64 },
    /// The GA engine failed (GPU errors, invalid settings).
    #[error(transparent)]
    Engine(#[from] crate::error::Error),
}

// ---------------------------------------------------------------------------------------------
// Levels.

/// The default difficulty level, 1 (easiest) to 5, from the technique ladder ([`logic_rating`]):
/// 1 Easy: hidden singles only (SE 1.2-1.5); 2 Medium: also naked singles and the "direct"
/// techniques (SE 1.7-2.5); 3 Hard: locked candidates, pairs, triples, X-wing, swordfish
/// (SE 2.6-4.0); 4 Expert: XY- and XYZ-wings, quads, jellyfish (SE 4.2-5.4), or beyond the ladder
/// with less than [`EXTREME_OPEN_SHARE`] of the empty cells still open when it stalls;
/// 5 Extreme: beyond the ladder, stalling with at least that share open (it finds next to nothing:
/// such puzzles need chains or trial and error from the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(into = "u8")]
pub struct Level(u8);

/// Share of the empty cells the ladder leaves open from which a puzzle is Extreme rather than
/// Expert.
pub const EXTREME_OPEN_SHARE: f64 = 0.7;

impl Level {
    pub const EASY: Level = Level(1);
    pub const MEDIUM: Level = Level(2);
    pub const HARD: Level = Level(3);
    pub const EXPERT: Level = Level(4);
    pub const EXTREME: Level = Level(5);
    pub const ALL: [Level; 5] = [
        Level::EASY,
        Level::MEDIUM,
        Level::HARD,
        Level::EXPERT,
        Level::EXTREME,
    ];

    /// `1..=5`, else `None`.
    pub fn new(level: u8) -> Option<Level> {
        (1..=5).contains(&level).then_some(Level(level))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn name(self) -> &'static str {
        match self.0 {
            1 => "easy",
            2 => "medium",
            3 => "hard",
            4 => "expert",
            _ => "extreme",
        }
    }

    /// The default level of a ladder result.
    pub fn of(logic: &LogicRating) -> Level {
        match logic.hardest {
            _ if !logic.solved => {
                if logic.open as f64 >= EXTREME_OPEN_SHARE * logic.empty as f64 {
                    Level::EXTREME
                } else {
                    Level::EXPERT
                }
            }
            None => Level::EASY,
            Some(t) if t <= Technique::HiddenSingleLine => Level::EASY,
            Some(t) if t <= Technique::DirectHiddenTriple => Level::MEDIUM,
            Some(t) if t <= Technique::HiddenTriple => Level::HARD,
            Some(_) => Level::EXPERT,
        }
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    /// A number `1..=5` or a name (`easy`, `medium`, `hard`, `expert`, `extreme`).
    fn from_str(s: &str) -> Result<Level, String> {
        let s = s.trim();
        if let Ok(n) = s.parse::<u8>() {
            return Level::new(n).ok_or_else(|| format!("level must be 1..=5, got {n}"));
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown level '{s}': use 1..=5 or easy, medium, hard, expert, extreme")
            })
    }
}

/// The Kashan paper's `D = f(d)`, its own four-level example: `d` in [0, 1) -> 1, [1, 2) -> 2,
/// [2, 3) -> 3, 3 and more -> 4. Of the monotone functions tried on the SE-rated sets (other
/// bounds, a fifth level) none agreed better with SE (docs/RESULTS.md).
pub fn entropy_level(d: f64) -> u8 {
    1 + ENTROPY_LEVEL_BOUNDS.iter().filter(|&&b| d >= b).count() as u8
}

/// Lower bounds of entropy levels 2, 3 and 4.
pub const ENTROPY_LEVEL_BOUNDS: [f64; 3] = [1.0, 2.0, 3.0];

// ---------------------------------------------------------------------------------------------
// The rating of one puzzle (everything but the GA).

/// The deterministic ratings of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// Cells of the board.
    pub cells: usize,
    pub givens: usize,
    /// Solutions found, up to 2 (2 means two or more).
    pub solutions: usize,
    /// Entropy `d` (bits) along the path to the (first) solution.
    pub entropy: f64,
    /// `f(d)`, see [`entropy_level`].
    pub entropy_level: u8,
    /// Hardest technique of the ladder (Sudoku Explainer scale); `None` when propagation of
    /// givens alone finishes the puzzle, or the puzzle is complete.
    pub technique: Option<Technique>,
    /// Whether the ladder finished the puzzle.
    pub logic_solved: bool,
    /// Cells the ladder left open (0 when it finished the puzzle).
    pub open: usize,
    /// Empty cells of the puzzle.
    pub empty: usize,
    /// The default level.
    pub level: Level,
    /// Search nodes the exact solver spent deciding uniqueness.
    pub nodes: u64,
}

impl Rating {
    /// A continuous score behind the level, for ranking: the Sudoku Explainer figure of the
    /// hardest technique when the ladder finishes the puzzle (1.0 when nothing is needed), else
    /// `6 + 5 * (share of the empty cells left open)`, above every ladder technique.
    pub fn score(&self) -> f64 {
        if self.logic_solved {
            self.technique.map_or(1.0, |t| t.difficulty())
        } else {
            6.0 + 5.0 * self.open as f64 / self.empty.max(1) as f64
        }
    }
}

/// Reusable rater for one geometry: the exact solver and the ladder's tables.
pub struct Rater {
    solver: Solver,
    ladder: Ladder,
}

impl Rater {
    pub fn new(geometry: Geometry) -> Rater {
        Rater {
            solver: Solver::new(geometry),
            ladder: Ladder::new(geometry),
        }
    }

    pub fn geometry(&self) -> Geometry {
        self.ladder.t.geometry
    }

    /// Rates `puzzle`, deciding uniqueness with the exact solver within `limits` (the solution
    /// count is capped at 2 whatever `limits` says).
    pub fn rate(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Rating, RateError> {
        if let Some(c) = puzzle.first_clash() {
            return Err(RateError::NoSolution(format!(
                "digit {} appears twice in a unit (cells {} and {})",
                c.digit, c.first, c.second
            )));
        }
        let limits = Limits {
            max_solutions: 2,
            ..limits.clone()
        };
        let result = self.solver.solve(puzzle, &limits);
        let Some(solution) = result.first().cloned() else {
            return Err(if result.has_no_solution() {
                RateError::NoSolution("the exact solver proved it".into())
            } else {
                RateError::Undecided {
                    nodes: result.nodes,
                }
            });
        };
        let solutions = result.solutions.len();
        let mut rating = self.rate_with_solution(puzzle, &solution)?;
        rating.solutions = solutions;
        rating.nodes = result.nodes;
        Ok(rating)
    }

    /// Rates a puzzle whose solution is known (uniqueness is taken for granted: `solutions` is 1
    /// and `nodes` 0).
    pub fn rate_with_solution(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
    ) -> Result<Rating, RateError> {
        let d = entropy_with(&mut self.solver, puzzle, solution)?;
        let logic = self.ladder.rate(puzzle);
        let cells = puzzle.geometry().cells();
        Ok(Rating {
            cells,
            givens: puzzle.givens(),
            solutions: 1,
            entropy: d,
            entropy_level: entropy_level(d),
            technique: logic.hardest,
            logic_solved: logic.solved,
            open: logic.open,
            empty: logic.empty,
            level: Level::of(&logic),
            nodes: 0,
        })
    }

    /// The default level only (the ladder alone; uniqueness is the caller's business).
    pub fn level(&mut self, puzzle: &Grid) -> Level {
        let logic = self.ladder.rate(puzzle);
        Level::of(&logic)
    }

    /// The ladder alone.
    pub fn logic(&mut self, puzzle: &Grid) -> LogicRating {
        self.ladder.rate(puzzle)
    }

    /// The ladder, and the grid as far as it filled it (0 where it stalled).
    pub fn logic_grid(&mut self, puzzle: &Grid) -> (LogicRating, Grid) {
        let rating = self.ladder.rate(puzzle);
        (rating, self.ladder.grid())
    }
}

/// Rates one puzzle without limits (see [`Rater::rate`]).
pub fn rate(puzzle: &Grid) -> Result<Rating, RateError> {
    Rater::new(puzzle.geometry()).rate(puzzle, &Limits::solutions(2))
}

// ---------------------------------------------------------------------------------------------
// Entropy.

/// The entropy `d` of `puzzle` (see the module documentation), solving it first. For a puzzle
/// with several solutions it is measured along the path to the first one the search finds.
pub fn entropy(puzzle: &Grid) -> Result<f64, RateError> {
    let mut solver = Solver::new(puzzle.geometry());
    let result = solver.solve(puzzle, &Limits::solutions(1));
    match result.first() {
        Some(solution) => entropy_with(&mut solver, puzzle, &solution.clone()),
        None => Err(RateError::NoSolution("the exact solver proved it".into())),
    }
}

/// Replays the exact search along `solution`: propagate, take the minimum-remaining-values cell
/// (lowest index on ties, as [`crate::exact::solve`] does), add `log2` of its candidate count, fix it to
/// the solution's digit, propagate again. Every node of that path is a node of the real search, so
/// the sum is the search's uncertainty on the way to the solution, without the refuted branches.
pub fn entropy_with(solver: &mut Solver, puzzle: &Grid, solution: &Grid) -> Result<f64, RateError> {
    let mut cand = solver
        .propagate(puzzle)
        .map_err(|c| RateError::NoSolution(c.to_string()))?
        .candidates;
    let mut d = 0.0;
    loop {
        let mut best: Option<(usize, u32)> = None;
        for (cell, &m) in cand.iter().enumerate() {
            let count = m.count_ones();
            if count > 1 && best.is_none_or(|(_, b)| count < b) {
                best = Some((cell, count));
                if count == 2 {
                    break;
                }
            }
        }
        let Some((cell, count)) = best else {
            break;
        };
        d += f64::from(count).log2();
        solver
            .assign(&mut cand, cell, solution.get(cell))
            .map_err(|c| RateError::NoSolution(format!("the given solution is wrong: {c}")))?;
    }
    Ok(d)
}

// ---------------------------------------------------------------------------------------------
// The technique ladder.

/// A solving technique, in Sudoku Explainer's order of difficulty.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    HiddenSingleBox,
    HiddenSingleLine,
    DirectPointing,
    DirectClaiming,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriple,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    XyWing,
    XyzWing,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
}

impl Technique {
    /// Sudoku Explainer's difficulty figure.
    pub fn difficulty(self) -> f64 {
        use Technique::*;
        match self {
            HiddenSingleBox => 1.2,
            HiddenSingleLine => 1.5,
            DirectPointing => 1.7,
            DirectClaiming => 1.9,
            DirectHiddenPair => 2.0,
            NakedSingle => 2.3,
            DirectHiddenTriple => 2.5,
            Pointing => 2.6,
            Claiming => 2.8,
            NakedPair => 3.0,
            XWing => 3.2,
            HiddenPair => 3.4,
            NakedTriple => 3.6,
            Swordfish => 3.8,
            HiddenTriple => 4.0,
            XyWing => 4.2,
            XyzWing => 4.4,
            NakedQuad => 5.0,
            Jellyfish => 5.2,
            HiddenQuad => 5.4,
        }
    }
}

/// What the ladder found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogicRating {
    /// Hardest technique applied; `None` if none was needed.
    pub hardest: Option<Technique>,
    /// Whether the ladder filled the board.
    pub solved: bool,
    /// Steps taken (rounds of one technique).
    pub steps: u32,
    /// Cells left open when the ladder stopped.
    pub open: usize,
    /// Empty cells of the puzzle.
    pub empty: usize,
}

/// The ladder on one puzzle (builds the tables; use a [`Rater`] to rate many).
pub fn logic_rating(puzzle: &Grid) -> LogicRating {
    Ladder::new(puzzle.geometry()).rate(puzzle)
}

/// Geometry tables of the ladder.
struct LadderTables {
    geometry: Geometry,
    n: usize,
    b: usize,
    /// Cells of unit `u` (rows, columns, boxes), `n` each.
    units: Vec<u16>,
    /// Row, column and box unit of each cell.
    cell_units: Vec<[u16; 3]>,
    all: u64,
}

impl LadderTables {
    fn new(g: Geometry) -> LadderTables {
        let n = g.side();
        let mut units = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            units.extend((0..n).map(|c| (r * n + c) as u16));
        }
        for c in 0..n {
            units.extend((0..n).map(|r| (r * n + c) as u16));
        }
        for bx in 0..n {
            units.extend((0..n).map(|p| g.box_cell(bx, p) as u16));
        }
        let cell_units = (0..g.cells())
            .map(|c| {
                [
                    g.row_of(c) as u16,
                    (n + g.col_of(c)) as u16,
                    (2 * n + g.box_of(c)) as u16,
                ]
            })
            .collect();
        LadderTables {
            geometry: g,
            n,
            b: g.box_size(),
            units,
            cell_units,
            all: g.all_digits(),
        }
    }

    fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.n..(u + 1) * self.n]
    }

    fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.cell_units[a], &self.cell_units[b]);
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    }
}

/// The ladder's working state: candidates (a single bit for a placed cell) and placed digits.
struct Ladder {
    t: LadderTables,
    cand: Vec<u64>,
    placed: Vec<bool>,
    /// Digits placed in each unit.
    unit_done: Vec<u64>,
    open: usize,
    /// Eliminations of the instance being examined: (cell, digits removed).
    elims: Vec<(usize, u64)>,
}

/// The board contradicts itself (only for puzzles without a solution).
struct Broken;

impl Ladder {
    fn new(g: Geometry) -> Ladder {
        let t = LadderTables::new(g);
        let cells = g.cells();
        let units = 3 * t.n;
        Ladder {
            t,
            cand: vec![0; cells],
            placed: vec![false; cells],
            unit_done: vec![0; units],
            open: 0,
            elims: Vec::new(),
        }
    }

    fn rate(&mut self, puzzle: &Grid) -> LogicRating {
        assert_eq!(puzzle.geometry(), self.t.geometry, "rater of another size");
        let all = self.t.all;
        self.cand.fill(all);
        self.placed.fill(false);
        self.unit_done.fill(0);
        self.open = self.cand.len();
        let mut rating = LogicRating {
            hardest: None,
            solved: false,
            steps: 0,
            open: 0,
            empty: puzzle.cells().iter().filter(|&&d| d == 0).count(),
        };
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 && self.place(cell, 1u64 << (d - 1)).is_err() {
                rating.open = self.open;
                return rating;
            }
        }
        loop {
            if self.open == 0 {
                rating.solved = true;
                break;
            }
            match self.step() {
                Ok(Some(t)) => {
                    rating.steps += 1;
                    rating.hardest = rating.hardest.max(Some(t));
                }
                Ok(None) | Err(Broken) => break,
            }
        }
        rating.open = self.open;
        rating
    }

    /// The placed digits, 0 for open cells.
    fn grid(&self) -> Grid {
        let cells = self
            .cand
            .iter()
            .zip(&self.placed)
            .map(|(&m, &p)| if p { m.trailing_zeros() as u8 + 1 } else { 0 })
            .collect();
        Grid::from_cells(self.t.geometry, cells).expect("digits fit the geometry")
    }

    /// Applies the easiest technique that makes progress; `None` when stuck.
    fn step(&mut self) -> Result<Option<Technique>, Broken> {
        use Technique::*;
        if self.hidden_singles(true)? {
            return Ok(Some(HiddenSingleBox));
        }
        if self.hidden_singles(false)? {
            return Ok(Some(HiddenSingleLine));
        }
        if self.pointing(true)? {
            return Ok(Some(DirectPointing));
        }
        if self.claiming(true)? {
            return Ok(Some(DirectClaiming));
        }
        if self.hidden_subsets(2, true)? {
            return Ok(Some(DirectHiddenPair));
        }
        if self.naked_singles()? {
            return Ok(Some(NakedSingle));
        }
        if self.hidden_subsets(3, true)? {
            return Ok(Some(DirectHiddenTriple));
        }
        if self.pointing(false)? {
            return Ok(Some(Pointing));
        }
        if self.claiming(false)? {
            return Ok(Some(Claiming));
        }
        if self.naked_subsets(2)? {
            return Ok(Some(NakedPair));
        }
        if self.fish(2)? {
            return Ok(Some(XWing));
        }
        if self.hidden_subsets(2, false)? {
            return Ok(Some(HiddenPair));
        }
        if self.naked_subsets(3)? {
            return Ok(Some(NakedTriple));
        }
        if self.fish(3)? {
            return Ok(Some(Swordfish));
        }
        if self.hidden_subsets(3, false)? {
            return Ok(Some(HiddenTriple));
        }
        if self.wings(false)? {
            return Ok(Some(XyWing));
        }
        if self.wings(true)? {
            return Ok(Some(XyzWing));
        }
        if self.naked_subsets(4)? {
            return Ok(Some(NakedQuad));
        }
        if self.fish(4)? {
            return Ok(Some(Jellyfish));
        }
        if self.hidden_subsets(4, false)? {
            return Ok(Some(HiddenQuad));
        }
        Ok(None)
    }

    /// Places `bit` in `cell` and removes it from the cell's open peers.
    fn place(&mut self, cell: usize, bit: u64) -> Result<(), Broken> {
        if self.placed[cell] {
            return if self.cand[cell] == bit {
                Ok(())
            } else {
                Err(Broken)
            };
        }
        if self.cand[cell] & bit == 0 {
            return Err(Broken);
        }
        self.placed[cell] = true;
        self.cand[cell] = bit;
        self.open -= 1;
        for u in self.t.cell_units[cell] {
            let u = u as usize;
            if self.unit_done[u] & bit != 0 {
                return Err(Broken);
            }
            self.unit_done[u] |= bit;
            for i in 0..self.t.n {
                let p = self.t.units[u * self.t.n + i] as usize;
                if !self.placed[p] && self.cand[p] & bit != 0 {
                    self.cand[p] &= !bit;
                    if self.cand[p] == 0 {
                        return Err(Broken);
                    }
                }
            }
        }
        Ok(())
    }

    /// Positions (bit `i` for the unit's `i`-th cell) of open cells of unit `u` that may hold `bit`.
    fn positions(&self, u: usize, bit: u64) -> u64 {
        let mut mask = 0u64;
        for (i, &c) in self.t.unit(u).iter().enumerate() {
            let c = c as usize;
            if !self.placed[c] && self.cand[c] & bit != 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Positions of every digit in unit `u` at once: `out[d]` gets bit `i` when the unit's
    /// `i`-th cell is open and may hold digit `d + 1`.
    fn unit_positions(&self, u: usize, out: &mut [u64]) {
        out.fill(0);
        for (i, &c) in self.t.unit(u).iter().enumerate() {
            let c = c as usize;
            if !self.placed[c] {
                for d in bits(self.cand[c]) {
                    out[d] |= 1 << i;
                }
            }
        }
    }

    /// Every hidden single of the boxes (`boxes`) or of the rows and columns.
    fn hidden_singles(&mut self, boxes: bool) -> Result<bool, Broken> {
        let n = self.t.n;
        let range = if boxes { 2 * n..3 * n } else { 0..2 * n };
        let mut found = false;
        for u in range {
            let missing = self.t.all & !self.unit_done[u];
            if missing == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in self.t.unit(u) {
                let c = c as usize;
                if !self.placed[c] {
                    let m = self.cand[c];
                    twice |= once & m;
                    once |= m;
                }
            }
            if missing & !once != 0 {
                return Err(Broken);
            }
            for d in bits(missing & !twice) {
                let bit = 1u64 << d;
                let pos = self.positions(u, bit);
                if pos == 0 {
                    // Its only place took another hidden single of this unit.
                    return Err(Broken);
                }
                let cell = self.t.unit(u)[pos.trailing_zeros() as usize] as usize;
                self.place(cell, bit)?;
                found = true;
            }
        }
        Ok(found)
    }

    /// Every naked single.
    fn naked_singles(&mut self) -> Result<bool, Broken> {
        let mut found = false;
        for cell in 0..self.cand.len() {
            let m = self.cand[cell];
            if !self.placed[cell] && m & (m - 1) == 0 {
                self.place(cell, m)?;
                found = true;
            }
        }
        Ok(found)
    }

    /// Applies `self.elims` if it removes anything (and, when `direct`, only if the result has a
    /// hidden single in a unit of an eliminated cell for an eliminated digit). Clears the list.
    fn apply(&mut self, direct: bool) -> Result<bool, Broken> {
        let mut elims = std::mem::take(&mut self.elims);
        elims.retain(|&(c, bits)| !self.placed[c] && self.cand[c] & bits != 0);
        let mut applied = false;
        if !elims.is_empty() {
            let before: Vec<u64> = elims.iter().map(|&(c, _)| self.cand[c]).collect();
            for &(c, bits) in &elims {
                self.cand[c] &= !bits;
            }
            let keep = !direct || self.has_new_hidden_single(&elims, &before);
            if keep {
                if elims.iter().any(|&(c, _)| self.cand[c] == 0) {
                    return Err(Broken);
                }
                applied = true;
            } else {
                for (&(c, _), &m) in elims.iter().zip(&before).rev() {
                    self.cand[c] = m;
                }
            }
        }
        elims.clear();
        self.elims = elims;
        Ok(applied)
    }

    fn has_new_hidden_single(&self, elims: &[(usize, u64)], before: &[u64]) -> bool {
        for (&(c, _), &old) in elims.iter().zip(before) {
            let mut removed = old & !self.cand[c];
            while removed != 0 {
                let bit = removed & removed.wrapping_neg();
                removed &= !bit;
                for u in self.t.cell_units[c] {
                    let u = u as usize;
                    if self.unit_done[u] & bit == 0 && self.positions(u, bit).count_ones() == 1 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Pointing: a digit of a box confined to one line leaves the rest of that line.
    fn pointing(&mut self, direct: bool) -> Result<bool, Broken> {
        let (n, b) = (self.t.n, self.t.b);
        let mut found = false;
        let mut table = [0u64; 64];
        for bx in 0..n {
            let bu = 2 * n + bx;
            let missing = self.t.all & !self.unit_done[bu];
            if missing == 0 {
                continue;
            }
            // Eliminations leave the box alone, so its table stays exact.
            self.unit_positions(bu, &mut table[..n]);
            for d in bits(missing) {
                let bit = 1u64 << d;
                let pos = table[d];
                if pos.count_ones() < 2 {
                    continue;
                }
                // Box positions are row-major inside the box: p / b is the row, p % b the column.
                let rows = bits(pos).map(|p| p / b).fold(0u64, |m, r| m | 1 << r);
                let cols = bits(pos).map(|p| p % b).fold(0u64, |m, c| m | 1 << c);
                let first = self.t.unit(bu)[pos.trailing_zeros() as usize] as usize;
                let [row, col, _] = self.t.cell_units[first].map(usize::from);
                for (lines, line) in [(rows, row), (cols, col)] {
                    if lines.count_ones() != 1 {
                        continue;
                    }
                    for &c in self.t.unit(line) {
                        let c = c as usize;
                        if self.t.cell_units[c][2] as usize != bu {
                            self.elims.push((c, bit));
                        }
                    }
                    if self.apply(direct)? {
                        found = true;
                        if direct {
                            return Ok(true);
                        }
                    }
                }
            }
        }
        Ok(found)
    }

    /// Claiming: a digit of a line confined to one box leaves the rest of that box.
    fn claiming(&mut self, direct: bool) -> Result<bool, Broken> {
        let n = self.t.n;
        let mut found = false;
        let mut table = [0u64; 64];
        for line in 0..2 * n {
            let missing = self.t.all & !self.unit_done[line];
            if missing == 0 {
                continue;
            }
            // Eliminations leave the line alone, so its table stays exact.
            self.unit_positions(line, &mut table[..n]);
            for d in bits(missing) {
                let bit = 1u64 << d;
                let pos = table[d];
                if pos.count_ones() < 2 {
                    continue;
                }
                let boxes = bits(pos)
                    .map(|i| self.t.cell_units[self.t.unit(line)[i] as usize][2])
                    .fold((u16::MAX, true), |(first, same), bx| {
                        (bx, same && (first == u16::MAX || first == bx))
                    });
                if !boxes.1 {
                    continue;
                }
                let bu = boxes.0 as usize;
                for &c in self.t.unit(bu) {
                    let c = c as usize;
                    if !self.t.cell_units[c].contains(&(line as u16)) {
                        self.elims.push((c, bit));
                    }
                }
                if self.apply(direct)? {
                    found = true;
                    if direct {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(found)
    }

    /// Naked subsets of `k` cells: `k` cells of a unit holding only `k` digits between them.
    fn naked_subsets(&mut self, k: usize) -> Result<bool, Broken> {
        let mut found = false;
        let mut items = Vec::new();
        for u in 0..3 * self.t.n {
            items.clear();
            for (i, &c) in self.t.unit(u).iter().enumerate() {
                let c = c as usize;
                let count = self.cand[c].count_ones() as usize;
                if !self.placed[c] && (2..=k).contains(&count) {
                    items.push((i, self.cand[c]));
                }
            }
            let mut hits = Vec::new();
            subsets(&items, k, &mut |members, digits| {
                hits.push((members, digits));
            });
            for (members, digits) in hits {
                for (i, &c) in self.t.unit(u).iter().enumerate() {
                    if members & (1 << i) == 0 {
                        self.elims.push((c as usize, digits));
                    }
                }
                found |= self.apply(false)?;
            }
        }
        Ok(found)
    }

    /// Hidden subsets of `k` digits: `k` digits of a unit with only `k` places between them.
    fn hidden_subsets(&mut self, k: usize, direct: bool) -> Result<bool, Broken> {
        let mut found = false;
        let mut items = Vec::new();
        let mut table = [0u64; 64];
        let n = self.t.n;
        for u in 0..3 * n {
            items.clear();
            let missing = self.t.all & !self.unit_done[u];
            if missing == 0 {
                continue;
            }
            // Applying a subset only shrinks other digits' places: a stale table over-approximates
            // them, and every subset it shows is still a subset, so eliminations stay sound.
            self.unit_positions(u, &mut table[..n]);
            for d in bits(missing) {
                let pos = table[d];
                if (2..=k).contains(&(pos.count_ones() as usize)) {
                    items.push((d, pos));
                }
            }
            let mut hits = Vec::new();
            subsets(&items, k, &mut |digits, places| hits.push((digits, places)));
            for (digits, places) in hits {
                for i in bits(places) {
                    let c = self.t.unit(u)[i] as usize;
                    self.elims.push((c, self.t.all & !digits));
                }
                if self.apply(direct)? {
                    found = true;
                    if direct {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(found)
    }

    /// Fish of size `k` (X-wing 2, swordfish 3, jellyfish 4): a digit whose places in `k` rows
    /// lie in `k` columns leaves the rest of those columns (and the same with rows and columns
    /// swapped).
    fn fish(&mut self, k: usize) -> Result<bool, Broken> {
        let n = self.t.n;
        let mut found = false;
        let mut items = Vec::new();
        // Places of every digit in every row and column. Eliminations made below only shrink
        // them, so the stale table over-approximates and every fish it shows is sound.
        let mut table = vec![0u64; 2 * n * n];
        for (line, out) in table.chunks_mut(n).enumerate() {
            self.unit_positions(line, out);
        }
        for digit in 0..n {
            let bit = 1u64 << digit;
            for rows_are_base in [true, false] {
                let (base, cover) = if rows_are_base { (0, n) } else { (n, 0) };
                items.clear();
                for line in 0..n {
                    if self.unit_done[base + line] & bit != 0 {
                        continue;
                    }
                    let pos = table[(base + line) * n + digit];
                    if (2..=k).contains(&(pos.count_ones() as usize)) {
                        items.push((line, pos));
                    }
                }
                let mut hits = Vec::new();
                subsets(&items, k, &mut |lines, covers| hits.push((lines, covers)));
                for (lines, covers) in hits {
                    for i in bits(covers) {
                        // Cell j of cover line i lies on base line j.
                        for (j, &c) in self.t.unit(cover + i).iter().enumerate() {
                            if lines & (1 << j) == 0 {
                                self.elims.push((c as usize, bit));
                            }
                        }
                    }
                    found |= self.apply(false)?;
                }
            }
        }
        Ok(found)
    }

    /// XY-wing (`xyz` false): pivot {x,y}, pincers {x,z} and {y,z} seeing it; z leaves every cell
    /// seeing both pincers. XYZ-wing (`xyz` true): pivot {x,y,z}, and the cells must see the pivot
    /// too.
    fn wings(&mut self, xyz: bool) -> Result<bool, Broken> {
        let cells = self.cand.len();
        let want = if xyz { 3 } else { 2 };
        let mut found = false;
        let mut pincers = Vec::new();
        for pivot in 0..cells {
            let pm = self.cand[pivot];
            if self.placed[pivot] || pm.count_ones() != want {
                continue;
            }
            pincers.clear();
            for u in self.t.cell_units[pivot] {
                for &c in self.t.unit(u as usize) {
                    let c = c as usize;
                    let m = self.cand[c];
                    if c != pivot
                        && !self.placed[c]
                        && m.count_ones() == 2
                        && (pm & m).count_ones() == if xyz { 2 } else { 1 }
                        && !pincers.contains(&c)
                    {
                        pincers.push(c);
                    }
                }
            }
            for i in 0..pincers.len() {
                for j in i + 1..pincers.len() {
                    let (a, b) = (pincers[i], pincers[j]);
                    let (ma, mb) = (self.cand[a], self.cand[b]);
                    let z = ma & mb;
                    if z.count_ones() != 1 || ma | mb != pm | z || (xyz && pm & z == 0) {
                        continue;
                    }
                    if !xyz && pm & z != 0 {
                        continue;
                    }
                    for c in 0..cells {
                        if c != pivot
                            && self.t.sees(c, a)
                            && self.t.sees(c, b)
                            && (!xyz || self.t.sees(c, pivot))
                        {
                            self.elims.push((c, z));
                        }
                    }
                    found |= self.apply(false)?;
                }
            }
        }
        Ok(found)
    }
}

/// Bits set in `mask`, as indices.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// Calls `hit(members, union)` for every `k` items (index, mask) whose masks cover exactly `k`
/// bits; `members` has bit `index` set for each chosen item.
fn subsets(items: &[(usize, u64)], k: usize, hit: &mut dyn FnMut(u64, u64)) {
    fn go(
        items: &[(usize, u64)],
        k: usize,
        start: usize,
        chosen: usize,
        members: u64,
        union: u64,
        hit: &mut dyn FnMut(u64, u64),
    ) {
        if chosen == k {
            if union.count_ones() as usize == k {
                hit(members, union);
            }
            return;
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen {
                break;
            }
            let u = union | items[i].1;
            if u.count_ones() as usize <= k {
                go(
                    items,
                    k,
                    i + 1,
                    chosen + 1,
                    members | 1 << items[i].0,
                    u,
                    hit,
                );
            }
        }
    }
    if items.len() >= k {
        go(items, k, 0, 0, 0, 0, hit);
    }
}

// ---------------------------------------------------------------------------------------------
// GA rating.

/// How to run the GA rating.
#[derive(Clone, Debug)]
pub struct GaRatingOptions {
    /// Independent runs (islands of one engine run).
    pub runs: u32,
    /// Generations after which a run counts as unsolved.
    pub max_generations: u32,
    /// CPU threads; `None` = all cores. Results do not depend on it.
    pub threads: Option<usize>,
    /// Generations per engine step; `None` = the engine's choice. Results do not depend on it.
    pub generations_per_step: Option<u32>,
    pub time_limit: Option<Duration>,
}

impl Default for GaRatingOptions {
    fn default() -> GaRatingOptions {
        GaRatingOptions {
            runs: 100,
            max_generations: DEFAULT_RATING_GENERATIONS,
            threads: None,
            generations_per_step: None,
            time_limit: None,
        }
    }
}

/// The default cap on the generations of one rating run.
pub const DEFAULT_RATING_GENERATIONS: u32 = 20_000;

/// The result of the GA rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GaRating {
    pub runs: u32,
    pub solved: u32,
    /// Generations each run took, island order; an unsolved run counts as the generations it ran
    /// (the cap, or less when the time limit stopped the rating).
    pub generations: Vec<u32>,
    /// Mean of `generations` (unsolved runs at the cap: a lower bound of the true mean).
    pub mean_generations: f64,
    pub median_generations: f64,
    pub max_generations: u32,
    pub seconds: f64,
    pub stopped_by_time: bool,
}

/// Reported after every engine step.
#[derive(Clone, Copy, Debug)]
pub struct GaRatingProgress {
    pub generation: u32,
    pub solved: u32,
    pub runs: u32,
    pub elapsed: Duration,
}

/// The GA configuration of a rating: `config` with one island per run and no migration (runs
/// must be independent), capped at `max_generations`.
pub fn rating_config(config: &GaConfig, options: &GaRatingOptions) -> GaConfig {
    GaConfig {
        islands: options.runs,
        migration_interval: 0,
        max_generations: options.max_generations,
        ..config.clone()
    }
}

/// Mantere & Koljonen's rating: `options.runs` independent GA runs of `puzzle` on `device`, as
/// one batch of islands. Every island runs until it solves or reaches the cap; an island that
/// solved is frozen by the engine, so its generation count is exact whatever the step size.
pub fn ga_rating(
    puzzle: &Grid,
    device: &Device,
    config: &GaConfig,
    options: &GaRatingOptions,
    progress: &mut dyn FnMut(&GaRatingProgress),
) -> Result<GaRating, RateError> {
    let config = rating_config(config, options);
    config.validate()?;
    let problem = Problem::new(puzzle, config.init, config.presolve)
        .map_err(|u| RateError::NoSolution(u.0))?;
    let mut engine = device.engine(problem, &config, options.threads)?;
    rate_engine(engine.as_mut(), options, progress)
}

/// The GA rating on an engine built by the caller from [`rating_config`] (one island per run, no
/// migration); `options.runs` is taken from the engine's island count.
pub fn rate_engine(
    engine: &mut dyn Engine,
    options: &GaRatingOptions,
    progress: &mut dyn FnMut(&GaRatingProgress),
) -> Result<GaRating, RateError> {
    let start = Instant::now();
    let cap = options.max_generations;
    let mut generation = 0u32;
    let mut stopped_by_time = false;
    let mut islands = engine.islands()?;
    let runs = islands.len() as u32;
    loop {
        let solved = islands.iter().filter(|s| s.solved != 0).count() as u32;
        progress(&GaRatingProgress {
            generation,
            solved,
            runs,
            elapsed: start.elapsed(),
        });
        if solved == runs || generation >= cap {
            break;
        }
        if options.time_limit.is_some_and(|t| start.elapsed() >= t) {
            stopped_by_time = true;
            break;
        }
        let step = options
            .generations_per_step
            .unwrap_or_else(|| engine.generations_per_step())
            .clamp(1, cap - generation);
        engine.step(step)?;
        generation += step;
        islands = engine.islands()?;
    }
    let generations: Vec<u32> = islands
        .iter()
        .map(|s| {
            if s.solved != 0 {
                s.generation
            } else {
                generation
            }
        })
        .collect();
    let solved = islands.iter().filter(|s| s.solved != 0).count() as u32;
    Ok(GaRating {
        runs,
        solved,
        mean_generations: mean(&generations),
        median_generations: median(&generations),
        generations,
        max_generations: cap,
        seconds: start.elapsed().as_secs_f64(),
        stopped_by_time,
    })
}

fn mean(v: &[u32]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64
}

fn median(v: &[u32]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_unstable();
    let m = s.len() / 2;
    if s.len() % 2 == 1 {
        f64::from(s[m])
    } else {
        (f64::from(s[m - 1]) + f64::from(s[m])) / 2.0
    }
}

// ---------------------------------------------------------------------------------------------
// One puzzle, every rating: the work behind `evoku rate`.

/// Everything [`rate_puzzle`] needs besides the puzzle.
#[derive(Clone)]
pub struct RateOptions {
    /// Where the GA runs.
    pub device: Device,
    /// The GA settings; islands, migration and the cap are set by [`rating_config`].
    pub ga: GaConfig,
    /// `runs == 0` skips the GA rating.
    pub ga_rating: GaRatingOptions,
    /// Limits of the exact solver's uniqueness check.
    pub exact_limits: Limits,
}

/// One line of `evoku rate --json`.
#[derive(Clone, Debug, Serialize)]
pub struct RateReport {
    pub name: String,
    pub file: String,
    pub line: usize,
    /// The puzzle in line format.
    pub puzzle: String,
    /// Side `n` of the board.
    pub size: usize,
    pub givens: usize,
    /// Solutions, up to 2 (2 means two or more; the ratings then follow the first solution).
    pub solutions: usize,
    /// Entropy `d` in bits (see [`entropy_with`]).
    pub entropy: f64,
    /// `f(d)` (see [`entropy_level`]).
    pub entropy_level: u8,
    /// The default level, 1..=5 (see [`Level`]).
    pub level: Level,
    pub level_name: &'static str,
    /// Hardest ladder technique applied (see `logic_solved`); `null` when none was needed.
    pub technique: Option<Technique>,
    /// Whether the ladder finished the puzzle.
    pub logic_solved: bool,
    /// The continuous score behind the level (see [`Rating::score`]).
    pub score: f64,
    /// GA runs (0 when the GA rating was skipped).
    pub ga_runs: u32,
    pub ga_solved: Option<u32>,
    pub ga_mean_generations: Option<f64>,
    pub ga_median_generations: Option<f64>,
    /// Generations of each run (the cap for an unsolved one), run order.
    pub ga_generations: Option<Vec<u32>>,
    /// The cap on each run's generations.
    pub ga_max_generations: Option<u32>,
    pub ga_seconds: Option<f64>,
    pub ga_stopped_by_time: bool,
    /// Where the GA ran (`cpu` or `gpu`).
    pub backend: String,
    pub seed: u64,
    /// Wall time for every rating of this puzzle.
    pub seconds: f64,
}

/// Rates one puzzle: uniqueness, entropy, ladder and (unless `runs` is 0) the GA.
pub fn rate_puzzle(
    puzzle: &crate::format::Puzzle,
    options: &RateOptions,
    progress: &mut dyn FnMut(&GaRatingProgress),
) -> Result<RateReport, RateError> {
    let start = Instant::now();
    let grid = &puzzle.grid;
    let rating = Rater::new(grid.geometry()).rate(grid, &options.exact_limits)?;
    let ga = if options.ga_rating.runs > 0 {
        Some(ga_rating(
            grid,
            &options.device,
            &options.ga,
            &options.ga_rating,
            progress,
        )?)
    } else {
        None
    };
    Ok(RateReport {
        name: puzzle.name.clone(),
        file: puzzle.file.clone(),
        line: puzzle.line,
        puzzle: grid.to_string(),
        size: grid.geometry().side(),
        givens: rating.givens,
        solutions: rating.solutions,
        entropy: rating.entropy,
        entropy_level: rating.entropy_level,
        level: rating.level,
        level_name: rating.level.name(),
        technique: rating.technique,
        logic_solved: rating.logic_solved,
        score: rating.score(),
        ga_runs: ga.as_ref().map_or(0, |g| g.runs),
        ga_solved: ga.as_ref().map(|g| g.solved),
        ga_mean_generations: ga.as_ref().map(|g| g.mean_generations),
        ga_median_generations: ga.as_ref().map(|g| g.median_generations),
        ga_generations: ga.as_ref().map(|g| g.generations.clone()),
        ga_max_generations: ga.as_ref().map(|g| g.max_generations),
        ga_seconds: ga.as_ref().map(|g| g.seconds),
        ga_stopped_by_time: ga.as_ref().is_some_and(|g| g.stopped_by_time),
        backend: options.device.name().to_string(),
        seed: options.ga.seed,
        seconds: start.elapsed().as_secs_f64(),
    })
}

// ---------------------------------------------------------------------------------------------
// Agreement with another scale.

/// Spearman's rank correlation of `a` and `b` (ties get their mean rank); `NaN` when either is
/// constant or the lengths differ or are below 2.
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    if a.len() != b.len() || a.len() < 2 {
        return f64::NAN;
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// 1-based ranks, ties averaged.
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && v[order[j + 1]] == v[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            r[k] = rank;
        }
        i = j + 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_known_orders() {
        assert!((spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]) - 1.0).abs() < 1e-12);
        assert!((spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        assert_eq!(ranks(&[5.0, 1.0, 5.0, 2.0]), vec![3.5, 1.0, 3.5, 2.0]);
        assert!(spearman(&[1.0, 1.0], &[1.0, 2.0]).is_nan());
    }

    #[test]
    fn subsets_find_exactly_the_covering_sets() {
        // Masks {0,1}, {1,2}, {0,2}, {3,4}: the three first cover three bits together.
        let items = [(0, 0b011), (1, 0b110), (2, 0b101), (3, 0b11000)];
        let mut found = Vec::new();
        subsets(&items, 3, &mut |m, u| found.push((m, u)));
        assert_eq!(found, vec![(0b0111, 0b111)]);
        let mut pairs = Vec::new();
        subsets(&items, 2, &mut |m, u| pairs.push((m, u)));
        assert!(pairs.is_empty());
    }

    #[test]
    fn levels_parse_by_number_and_name() {
        assert_eq!("3".parse::<Level>(), Ok(Level::HARD));
        assert_eq!("Expert".parse::<Level>(), Ok(Level::EXPERT));
        assert!("6".parse::<Level>().is_err());
        assert!("brutal".parse::<Level>().is_err());
        assert_eq!(entropy_level(0.0), 1);
        assert_eq!(entropy_level(0.99), 1);
        assert_eq!(entropy_level(2.0), 3);
        assert_eq!(entropy_level(100.0), 4);
    }
}
