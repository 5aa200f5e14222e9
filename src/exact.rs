//! Exact solver: constraint propagation to a fixpoint, then depth-first search with MRV.
//!
//! Candidates are `u64` bit masks (bit `d-1` for digit `d`), so every board from 4x4 to 64x64 works.
//!
//! * [`propagate`] runs propagation alone (no guessing): naked singles, hidden singles (a digit with
//!   one place in a row, column or box) and, on boards of side 16 and more, locked candidates
//!   (pointing and claiming) and all-different filtering (a digit stays a candidate of a cell only
//!   if some perfect matching of the unit's open cells to its missing digits uses it), to a
//!   fixpoint. It detects clashing givens, a cell left without candidates, a digit left without a
//!   place in a unit and a unit whose open cells cannot all be filled. The two strong rules cost
//!   more than they save on 9x9 but cut 25x25 searches by orders of magnitude;
//!   [`Solver::set_locked_candidates`] and [`Solver::set_alldiff`] override the default.
//! * [`solve`] and [`count_solutions`] search: minimum-remaining-values cell choice (ties: lowest
//!   cell index), candidates in increasing digit order, propagation after every choice. Each search
//!   level owns a copy of the state in one preallocated arena (no allocation in the inner loop);
//!   candidate updates are incremental (only changed cells and the units they touch are revisited).
//!   The search is deterministic.
//! * [`Solver::solve_randomized`] and [`restarts`]: the same search with a keyed random tie-break
//!   among the most constrained cells, a keyed random digit order and optionally branching on a
//!   digit's places in a unit ([`Solver::set_dual`]), restarted with Luby node budgets: a pure
//!   function of the key or seed, for the heavy-tailed searches of large boards.
//!
//! The search also measures the *entropy* of docs/ALGORITHMS.md section 5 (Kashan paper): the
//! sum, over every branching node the search explored, of `log2(candidates of the chosen cell)`.
//! With one solution requested this is the uncertainty met on the way to the first solution.
//! Because this solver propagates hidden singles too (the paper only fixes cells with one
//! candidate), the value is lower than the paper's; it is 0 for a puzzle that propagation alone
//! solves.

use std::cell::RefCell;
use std::fmt;
use std::time::{Duration, Instant};

use crate::board::{Geometry, Grid};

pub mod restarts;

/// How far a search may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop once this many solutions are found (1: first solution; 2: decide uniqueness).
    /// A value of 0 is treated as 1.
    pub max_solutions: usize,
    /// Stop before the search visits more than this many nodes (the root counts as one).
    pub max_nodes: u64,
    /// Stop after about this long (the clock is read every few thousand nodes).
    pub time_limit: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_solutions: 1,
            max_nodes: u64::MAX,
            time_limit: None,
        }
    }
}

impl Limits {
    /// Stop at `max_solutions` solutions, no node or time limit.
    pub fn solutions(max_solutions: usize) -> Limits {
        Limits {
            max_solutions,
            ..Limits::default()
        }
    }
}

/// Why the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The whole search tree was explored: the solutions found are all there are.
    Complete,
    /// `max_nodes` was reached first.
    NodeLimit,
    /// `time_limit` was reached first.
    TimeLimit,
    /// `max_solutions` solutions were found and the tree was not exhausted.
    SolutionLimit,
    /// A stop was requested (SIGINT, SIGTERM: [`crate::stop`]).
    Interrupted,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactResult {
    /// Solutions in the order the (deterministic) search found them.
    pub solutions: Vec<Grid>,
    pub status: Status,
    /// Search nodes visited: the root plus one per tried choice.
    pub nodes: u64,
    /// Entropy of the search (see the module documentation): sum of `log2(branching factor)` over
    /// every branching node visited.
    pub entropy: f64,
}

impl ExactResult {
    /// The first solution found.
    pub fn first(&self) -> Option<&Grid> {
        self.solutions.first()
    }

    /// `Some(true)` when exactly one solution exists, `Some(false)` when none or several do,
    /// `None` when a limit stopped the search before that was decided.
    pub fn is_unique(&self) -> Option<bool> {
        match (self.solutions.len(), self.status) {
            (n, _) if n >= 2 => Some(false),
            (n, Status::Complete) => Some(n == 1),
            _ => None,
        }
    }

    /// True only when the search proved that there is no solution.
    pub fn has_no_solution(&self) -> bool {
        self.status == Status::Complete && self.solutions.is_empty()
    }
}

/// A row, column or box, numbered from 0 (boxes row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    Row(usize),
    Column(usize),
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Why a puzzle has no solution, as found by propagation. Cells are row-major indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// Two givens of one row, column or box hold the same digit.
    Clash {
        first: usize,
        second: usize,
        digit: u8,
    },
    /// Propagation left this cell without a candidate.
    EmptyCell { cell: usize },
    /// Propagation left this digit without a place in this unit.
    NoPlace { unit: Unit, digit: u8 },
    /// The open cells of this unit cannot all take different digits (found by all-different
    /// filtering: some of them share too few candidates).
    Unfillable { unit: Unit },
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Contradiction::Clash {
                first,
                second,
                digit,
            } => write!(
                f,
                "givens clash: digit {digit} at cells {first} and {second} share a row, column or box"
            ),
            Contradiction::EmptyCell { cell } => {
                write!(f, "contradiction: cell {cell} has no candidate left")
            }
            Contradiction::NoPlace { unit, digit } => {
                write!(f, "contradiction: digit {digit} has no place left in {unit}")
            }
            Contradiction::Unfillable { unit } => write!(
                f,
                "contradiction: the open cells of {unit} cannot all take different digits"
            ),
        }
    }
}

impl std::error::Error for Contradiction {}

/// The result of propagation alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Propagation {
    /// The givens plus every cell propagation fixed.
    pub grid: Grid,
    /// Candidates per row-major cell; a single bit for a fixed cell.
    pub candidates: Vec<u64>,
    /// Cells fixed beyond the givens.
    pub fixed: usize,
}

impl Propagation {
    /// True when propagation alone filled the board.
    pub fn is_solved(&self) -> bool {
        self.grid.is_complete()
    }
}

/// Search the solutions of `puzzle`. A puzzle whose givens clash has no solution.
pub fn solve(puzzle: &Grid, limits: &Limits) -> ExactResult {
    with_solver(puzzle.geometry(), |s| s.solve(puzzle, limits))
}

/// Count solutions up to `limit` (2 decides uniqueness), without node or time limit.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> ExactResult {
    solve(puzzle, &Limits::solutions(limit))
}

/// Propagation only (no search): used by the GA's presolve and by the Ant Colony System.
pub fn propagate(puzzle: &Grid) -> Result<Propagation, Contradiction> {
    with_solver(puzzle.geometry(), |s| s.propagate(puzzle))
}

thread_local! {
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Run `f` on this thread's cached solver for `geometry` (tables and buffers are reused).
fn with_solver<R>(geometry: Geometry, f: impl FnOnce(&mut Solver) -> R) -> R {
    let mut f = Some(f);
    let cached = SOLVER.with(|slot| {
        let Ok(mut slot) = slot.try_borrow_mut() else {
            return None;
        };
        if slot.as_ref().map(|s| s.geometry()) != Some(geometry) {
            *slot = Some(Solver::new(geometry));
        }
        let solver = slot.as_mut().expect("solver just set");
        Some((f.take().expect("called once"))(solver))
    });
    match cached {
        Some(r) => r,
        None => (f.take().expect("called once"))(&mut Solver::new(geometry)),
    }
}

/// Internal failure: the contradiction, cheap to return in the inner loop.
type Fail = Contradiction;

/// Geometry tables, built once per board size.
#[derive(Clone, Debug)]
struct Tables {
    geometry: Geometry,
    box_size: usize,
    side: usize,
    cells: usize,
    /// Words of the per-state "done" bitset.
    words: usize,
    /// Peers of each cell, `npeers` per cell.
    peers: Vec<u16>,
    npeers: usize,
    /// Cells of each unit (rows 0..n, columns n..2n, boxes 2n..3n), `side` per unit.
    units: Vec<u16>,
    /// Row, column and box unit index of each cell.
    cell_units: Vec<[u8; 3]>,
    all: u64,
    /// Locked candidates (pointing / claiming) are applied.
    locked: bool,
    /// Full all-different filtering (matching) is applied to every changed unit.
    alldiff: bool,
}

impl Tables {
    fn new(g: Geometry) -> Tables {
        let b = g.box_size();
        let n = g.side();
        let cells = g.cells();
        let units: Vec<u16> = g.unit_cells().map(|c| c as u16).collect();
        let cell_units: Vec<[u8; 3]> = (0..cells).map(|c| g.units_of(c).map(|u| u as u8)).collect();
        let npeers = 2 * (n - 1) + (b - 1) * (b - 1);
        let mut peers = Vec::with_capacity(cells * npeers);
        for (c, cell_unit) in cell_units.iter().enumerate() {
            let start = peers.len();
            let [row, col, bx] = cell_unit.map(usize::from);
            let same = |u: usize| &units[u * n..(u + 1) * n];
            peers.extend(same(row).iter().filter(|&&p| p as usize != c));
            peers.extend(same(col).iter().filter(|&&p| p as usize != c));
            peers.extend(same(bx).iter().filter(|&&p| {
                let p = p as usize;
                g.row_of(p) != g.row_of(c) && g.col_of(p) != g.col_of(c)
            }));
            peers[start..].sort_unstable();
            debug_assert_eq!(peers.len() - start, npeers);
        }
        Tables {
            geometry: g,
            box_size: b,
            side: n,
            cells,
            words: cells.div_ceil(64),
            peers,
            npeers,
            units,
            cell_units,
            all: g.all_digits(),
            locked: n >= 16,
            alldiff: n >= 16,
        }
    }

    /// Length of one state in the arena: candidates, then the done bitset.
    fn stride(&self) -> usize {
        self.cells + self.words
    }

    fn unit_name(&self, u: usize) -> Unit {
        let n = self.side;
        match u / n {
            0 => Unit::Row(u),
            1 => Unit::Column(u - n),
            _ => Unit::Box(u - 2 * n),
        }
    }
}

/// Buffers reused across propagation calls.
#[derive(Clone, Debug)]
struct Scratch {
    /// Cells whose candidates became a single digit and whose peers have not yet lost it.
    queue: Vec<u16>,
    /// Units whose candidates changed since they were last scanned for hidden singles.
    dirty: [u64; 3],
    /// Units changed since all-different filtering last ran on them.
    alldiff_dirty: [u64; 3],
    /// Bands (rows of boxes) and stacks (columns of boxes) changed since locked candidates last
    /// ran on them.
    bands_dirty: u64,
    stacks_dirty: u64,
}

impl Scratch {
    /// Forget pending work (the state it referred to is a fixpoint or was abandoned).
    fn clear(&mut self) {
        self.queue.clear();
        self.dirty = [0; 3];
        self.alldiff_dirty = [0; 3];
        self.bands_dirty = 0;
        self.stacks_dirty = 0;
    }

    /// Every unit needs a scan.
    fn mark_all(&mut self, t: &Tables) {
        for u in 0..3 * t.side {
            self.dirty[u >> 6] |= 1u64 << (u & 63);
        }
    }

    #[inline(always)]
    fn mark(&mut self, t: &Tables, cell: usize) {
        for &u in &t.cell_units[cell] {
            self.dirty[(u >> 6) as usize] |= 1u64 << (u & 63);
        }
    }
}

/// Reusable exact solver for one geometry: tables, propagation buffers and the search arena.
#[derive(Clone, Debug)]
pub struct Solver {
    t: Tables,
    s: Scratch,
    /// One state per search level: `cells` candidate masks, then `words` done bits.
    arena: Vec<u64>,
    /// Key of the random digit order of [`solve_shuffled`](Self::solve_shuffled); `None`: digits
    /// in increasing order.
    shuffle: Option<u32>,
    /// Whether ties of the minimum-remaining-values choice are broken at random (keyed by
    /// `shuffle`'s key and the node count) instead of by lowest cell index.
    tie_break: bool,
    /// Whether a randomized search also branches on where a digit goes in a unit
    /// ([`set_dual`](Self::set_dual)).
    dual: bool,
    /// Whether a stop request ([`crate::stop`]) ends a search (the default); off for searches
    /// that must return a grid, such as filling an empty board.
    interruptible: bool,
}

struct Level {
    /// The cell branched on (unused in a place branch).
    cell: usize,
    /// Untried alternatives: digits of `cell`, or for a place branch positions in `unit`.
    remaining: u64,
    /// A place branch (randomized search only): digit `digit` goes to one of `unit`'s cells.
    place: Option<(usize, u64)>,
}

impl Solver {
    pub fn new(geometry: Geometry) -> Solver {
        let t = Tables::new(geometry);
        let s = Scratch {
            queue: Vec::with_capacity(t.cells),
            dirty: [0; 3],
            alldiff_dirty: [0; 3],
            bands_dirty: 0,
            stacks_dirty: 0,
        };
        let arena = vec![0; t.stride() * 8];
        Solver {
            t,
            s,
            arena,
            shuffle: None,
            tie_break: false,
            dual: false,
            interruptible: true,
        }
    }

    pub fn geometry(&self) -> Geometry {
        self.t.geometry
    }

    /// Turn locked candidates (pointing and claiming) on or off; by default they are on for boards
    /// of side 16 and more, where they pay for themselves, and off for smaller boards.
    pub fn set_locked_candidates(&mut self, on: bool) {
        self.t.locked = on;
    }

    /// Turn all-different filtering on or off (see [`set_locked_candidates`](Self::set_locked_candidates)
    /// for the default).
    pub fn set_alldiff(&mut self, on: bool) {
        self.t.alldiff = on;
    }

    /// Propagation only; see [`propagate`].
    pub fn propagate(&mut self, puzzle: &Grid) -> Result<Propagation, Contradiction> {
        assert_eq!(
            puzzle.geometry(),
            self.t.geometry,
            "solver built for another size"
        );
        if let Some(c) = puzzle.first_clash() {
            return Err(Contradiction::Clash {
                first: c.first,
                second: c.second,
                digit: c.digit,
            });
        }
        let stride = self.t.stride();
        let state = &mut self.arena[..stride];
        init(&self.t, &mut self.s, state, puzzle);
        let (cand, done) = state.split_at_mut(self.t.cells);
        run(&self.t, &mut self.s, cand, done)?;
        let candidates = cand.to_vec();
        let grid = to_grid(&self.t, &candidates);
        let fixed = grid.givens() - puzzle.givens();
        Ok(Propagation {
            grid,
            candidates,
            fixed,
        })
    }

    /// Propagate arbitrary candidate masks in place (one per row-major cell, bit `d-1` for digit
    /// `d`): every single-candidate cell counts as fixed. Returns how many cells are fixed
    /// afterwards. On a contradiction the masks are left part-way.
    pub fn propagate_candidates(&mut self, candidates: &mut [u64]) -> Result<usize, Contradiction> {
        let t = &self.t;
        assert_eq!(candidates.len(), t.cells, "one mask per cell");
        let s = &mut self.s;
        s.clear();
        for (c, m) in candidates.iter_mut().enumerate() {
            *m &= t.all;
            if *m == 0 {
                return Err(Contradiction::EmptyCell { cell: c });
            }
            if *m & (*m - 1) == 0 {
                s.queue.push(c as u16);
            }
        }
        s.mark_all(t);
        let done = &mut self.arena[..t.words];
        done.fill(0);
        run(t, s, candidates, done)?;
        Ok(candidates.iter().filter(|&&m| m & (m - 1) == 0).count())
    }

    /// Fix `cell` to `digit` in candidate masks that are already propagated (the output of
    /// [`propagate`], [`propagate_candidates`](Self::propagate_candidates) or an earlier
    /// `assign`), and propagate incrementally: only what the choice changes is revisited. This is
    /// the step the Ant Colony System takes after each choice. On a contradiction the masks are
    /// left part-way.
    pub fn assign(
        &mut self,
        candidates: &mut [u64],
        cell: usize,
        digit: u8,
    ) -> Result<(), Contradiction> {
        let t = &self.t;
        assert_eq!(candidates.len(), t.cells, "one mask per cell");
        assert!(
            (1..=t.side).contains(&(digit as usize)),
            "digit out of range"
        );
        let bit = 1u64 << (digit - 1);
        if candidates[cell] & bit == 0 {
            return Err(Contradiction::EmptyCell { cell });
        }
        if candidates[cell] == bit {
            return Ok(());
        }
        let s = &mut self.s;
        s.clear();
        candidates[cell] = bit;
        s.mark(t, cell);
        s.queue.push(cell as u16);
        let done = &mut self.arena[..t.words];
        run(t, s, candidates, done)
    }

    /// Like [`solve`](Self::solve), but each branching cell's digits are tried in a random order
    /// drawn from the counter-based hash ([`crate::rng::draw`]) keyed by `key` and the node count:
    /// the same key gives the same search. Used to fill random complete grids.
    pub fn solve_shuffled(&mut self, puzzle: &Grid, limits: &Limits, key: u32) -> ExactResult {
        self.shuffle = Some(key);
        let result = self.solve(puzzle, limits);
        self.shuffle = None;
        result
    }

    /// A randomized search ([`restarts`]): like [`solve_shuffled`](Self::solve_shuffled), and
    /// ties of the minimum-remaining-values cell choice are broken at random too (a hash of the
    /// key, the node count and the cell), so that each key explores a different tree. The same
    /// key gives the same search; a `Complete` status still proves what it says, since the whole
    /// tree is explored whatever the order.
    pub fn solve_randomized(&mut self, puzzle: &Grid, limits: &Limits, key: u32) -> ExactResult {
        self.shuffle = Some(key);
        self.tie_break = true;
        let result = self.solve(puzzle, limits);
        self.shuffle = None;
        self.tie_break = false;
        result
    }

    /// Whether randomized searches ([`solve_randomized`](Self::solve_randomized)) also branch on
    /// the places of a digit in a unit when those are fewer than the best cell's candidates
    /// (default: no). The plain search never does.
    pub fn set_dual(&mut self, on: bool) {
        self.dual = on;
    }

    /// Whether a stop request ends a search (default: yes).
    pub fn set_interruptible(&mut self, on: bool) {
        self.interruptible = on;
    }

    /// Search; see [`solve`].
    pub fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> ExactResult {
        assert_eq!(
            puzzle.geometry(),
            self.t.geometry,
            "solver built for another size"
        );
        let t = &self.t;
        let s = &mut self.s;
        let stride = t.stride();
        let cells = t.cells;
        let max_solutions = limits.max_solutions.max(1);
        let shuffle = self.shuffle;
        let tie_key = shuffle.filter(|_| self.tie_break).map(|key| key ^ TIE_SALT);
        let start = limits.time_limit.map(|d| (Instant::now(), d));
        // Read the clock and the stop flag every few thousand nodes on 9x9, more often where nodes
        // cost more.
        let clock_mask: u64 = match cells {
            0..=81 => 0xfff,
            82..=256 => 0x3ff,
            257..=625 => 0xff,
            626..=1296 => 0x3f,
            _ => 0xf,
        };
        let mut result = ExactResult {
            solutions: Vec::new(),
            status: Status::Complete,
            nodes: 1,
            entropy: 0.0,
        };

        init(t, s, &mut self.arena[..stride], puzzle);
        let (cand, done) = self.arena[..stride].split_at_mut(cells);
        if run(t, s, cand, done).is_err() {
            return result;
        }

        let mut levels: Vec<Level> = Vec::new();
        // Index of the state the search stands on (always propagated, without contradiction).
        let mut depth = 0usize;
        'search: loop {
            let state = &self.arena[depth * stride..(depth + 1) * stride];
            let branch = match tie_key {
                None => choose(t, state).map(|(cell, remaining)| Level {
                    cell,
                    remaining,
                    place: None,
                }),
                Some(key) => {
                    let tie = crate::rng::draw(key, result.nodes as u32);
                    choose_random(t, state, tie, self.dual)
                }
            };
            match branch {
                None => {
                    result.solutions.push(to_grid(t, &state[..cells]));
                    if result.solutions.len() >= max_solutions {
                        // Levels only hold untried alternatives, so none left means exhausted.
                        if !levels.is_empty() {
                            result.status = Status::SolutionLimit;
                        }
                        break 'search;
                    }
                }
                Some(level) => {
                    result.entropy += (level.remaining.count_ones() as f64).log2();
                    levels.push(level);
                    let need = (levels.len() + 1) * stride;
                    if self.arena.len() < need {
                        self.arena.resize(need.max(self.arena.len() * 2), 0);
                    }
                }
            }
            // Try the next alternative of the deepest level until one propagates cleanly.
            loop {
                let k = match levels.len() {
                    0 => break 'search,
                    len => len - 1,
                };
                if result.nodes >= limits.max_nodes {
                    result.status = Status::NodeLimit;
                    break 'search;
                }
                if result.nodes & clock_mask == 0 {
                    if start.is_some_and(|(t0, limit)| t0.elapsed() >= limit) {
                        result.status = Status::TimeLimit;
                        break 'search;
                    }
                    if self.interruptible && crate::stop::requested() {
                        result.status = Status::Interrupted;
                        break 'search;
                    }
                }
                result.nodes += 1;
                let level = &mut levels[k];
                let pick = match shuffle {
                    None => level.remaining & level.remaining.wrapping_neg(),
                    Some(key) => {
                        random_bit(level.remaining, crate::rng::draw(key, result.nodes as u32))
                    }
                };
                level.remaining &= !pick;
                let (cell, bit) = match level.place {
                    None => (level.cell, pick),
                    Some((unit, digit)) => (
                        t.units[unit * t.side + pick.trailing_zeros() as usize] as usize,
                        digit,
                    ),
                };
                let target = if level.remaining == 0 {
                    // Last alternative: reuse the parent's state in place.
                    levels.pop();
                    k
                } else {
                    self.arena
                        .copy_within(k * stride..(k + 1) * stride, (k + 1) * stride);
                    k + 1
                };
                let state = &mut self.arena[target * stride..(target + 1) * stride];
                let (cand, done) = state.split_at_mut(cells);
                s.clear();
                cand[cell] = bit;
                s.mark(t, cell);
                s.queue.push(cell as u16);
                if run(t, s, cand, done).is_ok() {
                    depth = target;
                    continue 'search;
                }
            }
        }
        result
    }
}

/// Separates the tie-break draws of a randomized search from its digit-order draws.
const TIE_SALT: u32 = 0x27d4_eb2f;

/// One of the set bits of `mask` (not 0), chosen by `draw`.
fn random_bit(mut mask: u64, draw: u32) -> u64 {
    for _ in 0..draw % mask.count_ones() {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

/// Fill `state` from the puzzle: every cell all digits, givens a single digit and queued.
fn init(t: &Tables, s: &mut Scratch, state: &mut [u64], puzzle: &Grid) {
    let (cand, done) = state.split_at_mut(t.cells);
    done.fill(0);
    s.clear();
    for (c, (slot, &d)) in cand.iter_mut().zip(puzzle.cells()).enumerate() {
        if d == 0 {
            *slot = t.all;
        } else {
            *slot = 1u64 << (d - 1);
            s.queue.push(c as u16);
        }
    }
    s.mark_all(t);
}

/// Propagate to a fixpoint: peer elimination of queued singles, hidden singles in dirty units and,
/// when enabled, locked candidates.
fn run(t: &Tables, s: &mut Scratch, cand: &mut [u64], done: &mut [u64]) -> Result<(), Fail> {
    loop {
        // Naked singles.
        while let Some(cell) = s.queue.pop() {
            let cell = cell as usize;
            let bit = cand[cell];
            done[cell >> 6] |= 1u64 << (cell & 63);
            for &p in &t.peers[cell * t.npeers..(cell + 1) * t.npeers] {
                let p = p as usize;
                let m = cand[p];
                if m & bit != 0 {
                    let m = m & !bit;
                    cand[p] = m;
                    if m == 0 {
                        s.queue.clear();
                        return Err(Contradiction::EmptyCell { cell: p });
                    }
                    s.mark(t, p);
                    if m & (m - 1) == 0 {
                        s.queue.push(p as u16);
                    }
                }
            }
        }
        // Hidden singles in the units that changed.
        let dirty = s.dirty;
        if dirty == [0; 3] {
            if t.alldiff && alldiff_units(t, s, cand)? {
                continue;
            }
            if t.locked && locked_candidates(t, s, cand)? {
                continue;
            }
            return Ok(());
        }
        s.dirty = [0; 3];
        if t.alldiff {
            for (pending, d) in s.alldiff_dirty.iter_mut().zip(dirty) {
                *pending |= d;
            }
        }
        if t.locked {
            // Every changed cell dirties its box unit (2n + box).
            let n = t.side;
            for bx in 0..n {
                let u = 2 * n + bx;
                if dirty[u >> 6] & (1u64 << (u & 63)) != 0 {
                    s.bands_dirty |= 1u64 << (bx / t.box_size);
                    s.stacks_dirty |= 1u64 << (bx % t.box_size);
                }
            }
        }
        for (w, mut bits) in dirty.into_iter().enumerate() {
            while bits != 0 {
                let u = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let unit = &t.units[u * t.side..(u + 1) * t.side];
                let (mut once, mut twice, mut singles) = (0u64, 0u64, 0u64);
                for &c in unit {
                    let m = cand[c as usize];
                    twice |= once & m;
                    once |= m;
                    if m & (m - 1) == 0 {
                        singles |= m;
                    }
                }
                if once != t.all {
                    s.queue.clear();
                    let digit = (!once & t.all).trailing_zeros() as u8 + 1;
                    return Err(Contradiction::NoPlace {
                        unit: t.unit_name(u),
                        digit,
                    });
                }
                let hidden = once & !twice & !singles;
                if hidden == 0 {
                    continue;
                }
                for &c in unit {
                    let c = c as usize;
                    let m = cand[c];
                    let h = m & hidden;
                    if h != 0 {
                        if h & (h - 1) != 0 {
                            // Two digits whose only place in this unit is the same cell.
                            s.queue.clear();
                            return Err(Contradiction::NoPlace {
                                unit: t.unit_name(u),
                                digit: 64 - h.leading_zeros() as u8,
                            });
                        }
                        cand[c] = h;
                        s.mark(t, c);
                        s.queue.push(c as u16);
                    }
                }
            }
        }
    }
}

/// All-different filtering on the units changed since it last ran. Returns whether anything changed.
fn alldiff_units(t: &Tables, s: &mut Scratch, cand: &mut [u64]) -> Result<bool, Fail> {
    for w in 0..3 {
        while s.alldiff_dirty[w] != 0 {
            let bits = s.alldiff_dirty[w];
            s.alldiff_dirty[w] = bits & (bits - 1);
            let u = w * 64 + bits.trailing_zeros() as usize;
            // Stop at the first change: new singles must reach their peers before the next unit
            // (whose filtering assumes every single's digit is gone from the other cells).
            if alldiff(t, s, cand, u)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Generalised arc consistency for one unit (Regin): keep a digit of a cell only if some perfect
/// matching of the unit's cells to digits uses it. Fixed cells are left out (their digits are gone
/// from the other cells already). A matching is found by augmenting paths; an unmatched candidate
/// survives only when its cell and the cell matched to that digit lie in one strongly connected
/// component of the alternating graph, contracted onto cells.
fn alldiff(t: &Tables, s: &mut Scratch, cand: &mut [u64], u: usize) -> Result<bool, Fail> {
    const NONE: u8 = u8::MAX;
    let n = t.side;
    let unit = &t.units[u * n..(u + 1) * n];
    // The unfixed cells, compacted: local index i, unit position pos[i], candidates m[i].
    let mut m = [0u64; 64];
    let mut pos = [0u8; 64];
    let mut k = 0usize;
    for (p, &c) in unit.iter().enumerate() {
        let x = cand[c as usize];
        if x & (x - 1) != 0 {
            m[k] = x;
            pos[k] = p as u8;
            k += 1;
        }
    }
    if k < 2 {
        return Ok(false);
    }
    let mut cell_digit = [NONE; 64];
    let mut digit_cell = [NONE; 64];
    let mut used = 0u64;
    for i in 0..k {
        let a = m[i] & !used;
        if a != 0 {
            let d = a.trailing_zeros() as usize;
            used |= 1u64 << d;
            cell_digit[i] = d as u8;
            digit_cell[d] = i as u8;
        }
    }
    // Augmenting paths (breadth first) for the cells greedy matching left out.
    let mut queue = [0u8; 64];
    let mut pred = [0u8; 64];
    for start in 0..k {
        if cell_digit[start] != NONE {
            continue;
        }
        let (mut head, mut tail) = (0usize, 1usize);
        queue[0] = start as u8;
        let mut seen = 0u64;
        let mut found = NONE;
        'bfs: while head < tail {
            let x = queue[head] as usize;
            head += 1;
            let mut a = m[x] & !seen;
            seen |= a;
            while a != 0 {
                let d = a.trailing_zeros() as usize;
                a &= a - 1;
                pred[d] = x as u8;
                if digit_cell[d] == NONE {
                    found = d as u8;
                    break 'bfs;
                }
                queue[tail] = digit_cell[d];
                tail += 1;
            }
        }
        if found == NONE {
            // Hall's condition fails: the cells reached share fewer digits than they number.
            return Err(Contradiction::Unfillable {
                unit: t.unit_name(u),
            });
        }
        let mut d = found as usize;
        loop {
            let x = pred[d] as usize;
            let previous = cell_digit[x];
            cell_digit[x] = d as u8;
            digit_cell[d] = x as u8;
            if previous == NONE {
                break;
            }
            d = previous as usize;
        }
    }
    // Alternating graph contracted onto cells: i -> j when cell i may take the digit matched to
    // j; `back` is its transpose.
    let mut next = [0u64; 64];
    let mut back = [0u64; 64];
    for i in 0..k {
        let mut a = m[i] & !(1u64 << cell_digit[i]);
        while a != 0 {
            let j = digit_cell[a.trailing_zeros() as usize] as usize;
            a &= a - 1;
            next[i] |= 1u64 << j;
            back[j] |= 1u64 << i;
        }
    }
    let reach = |graph: &[u64; 64], from: usize, within: u64| {
        let mut seen = 1u64 << from;
        let mut frontier = seen;
        while frontier != 0 {
            let mut step = 0u64;
            while frontier != 0 {
                step |= graph[frontier.trailing_zeros() as usize];
                frontier &= frontier - 1;
            }
            frontier = step & within & !seen;
            seen |= frontier;
        }
        seen
    };
    // Strongly connected components by forward-backward reachability. One component holding
    // every cell (the common case) prunes nothing.
    let everyone = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
    let mut remaining = everyone;
    let mut changed = false;
    while remaining != 0 {
        let v = remaining.trailing_zeros() as usize;
        let mut scc = reach(&next, v, remaining) & reach(&back, v, remaining);
        if scc == everyone {
            return Ok(false);
        }
        remaining &= !scc;
        let members = scc;
        let mut digits = 0u64;
        while scc != 0 {
            digits |= 1u64 << cell_digit[scc.trailing_zeros() as usize];
            scc &= scc - 1;
        }
        let mut scc = members;
        while scc != 0 {
            let i = scc.trailing_zeros() as usize;
            scc &= scc - 1;
            let removed = m[i] & !digits;
            if removed != 0 {
                changed |= eliminate(t, s, cand, unit[pos[i] as usize] as usize, removed)?;
            }
        }
    }
    Ok(changed)
}

/// Remove `mask` from a cell; queue it if it became a single.
#[inline(always)]
fn eliminate(
    t: &Tables,
    s: &mut Scratch,
    cand: &mut [u64],
    cell: usize,
    mask: u64,
) -> Result<bool, Fail> {
    let m = cand[cell];
    if m & mask == 0 {
        return Ok(false);
    }
    let m = m & !mask;
    cand[cell] = m;
    if m == 0 {
        return Err(Contradiction::EmptyCell { cell });
    }
    s.mark(t, cell);
    if m & (m - 1) == 0 {
        s.queue.push(cell as u16);
    }
    Ok(true)
}

/// Pointing and claiming, on the bands and stacks changed since the last run. Returns whether
/// anything changed.
fn locked_candidates(t: &Tables, s: &mut Scratch, cand: &mut [u64]) -> Result<bool, Fail> {
    for horizontal in [true, false] {
        loop {
            let dirty = if horizontal {
                &mut s.bands_dirty
            } else {
                &mut s.stacks_dirty
            };
            if *dirty == 0 {
                break;
            }
            let band = dirty.trailing_zeros() as usize;
            *dirty &= *dirty - 1;
            // Stop at the first change: a band's segment masks leave fixed cells out, which is
            // only right once every single has been propagated to its peers.
            if locked_band(t, s, cand, band, horizontal)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Locked candidates in one band (horizontal: `b` rows of boxes) or stack (vertical): claiming (a
/// digit of a line found in one box only leaves the rest of that box) and pointing (a digit of a
/// box found in one line only leaves the rest of that line).
fn locked_band(
    t: &Tables,
    s: &mut Scratch,
    cand: &mut [u64],
    band: usize,
    horizontal: bool,
) -> Result<bool, Fail> {
    let b = t.box_size;
    let n = t.side;
    // Cell at position `i` along line `r`.
    let at = |r: usize, i: usize| if horizontal { r * n + i } else { i * n + r };
    // segs[k * b + j]: candidates of the unfixed cells of line band*b + k inside its j-th box
    // (placed digits never lock anything new).
    let mut segs = [0u64; 64];
    for k in 0..b {
        let r = band * b + k;
        for j in 0..b {
            let mut seg = 0u64;
            for i in j * b..(j + 1) * b {
                let m = cand[at(r, i)];
                if m & (m - 1) != 0 {
                    seg |= m;
                }
            }
            segs[k * b + j] = seg;
        }
    }
    let mut changed = false;
    // Claiming.
    for k in 0..b {
        let (mut once, mut twice) = (0u64, 0u64);
        for &m in &segs[k * b..(k + 1) * b] {
            twice |= once & m;
            once |= m;
        }
        let unique = once & !twice;
        if unique == 0 {
            continue;
        }
        for j in 0..b {
            let m = segs[k * b + j] & unique;
            if m == 0 {
                continue;
            }
            for k2 in (0..b).filter(|&k2| k2 != k) {
                for i in j * b..(j + 1) * b {
                    changed |= eliminate(t, s, cand, at(band * b + k2, i), m)?;
                }
            }
        }
    }
    // Pointing (segment masks may be stale after claiming; they only over-approximate, which
    // keeps every elimination sound).
    for j in 0..b {
        let (mut once, mut twice) = (0u64, 0u64);
        for k in 0..b {
            let m = segs[k * b + j];
            twice |= once & m;
            once |= m;
        }
        let unique = once & !twice;
        if unique == 0 {
            continue;
        }
        for k in 0..b {
            let m = segs[k * b + j] & unique;
            if m == 0 {
                continue;
            }
            for i in (0..n).filter(|&i| i / b != j) {
                changed |= eliminate(t, s, cand, at(band * b + k, i), m)?;
            }
        }
    }
    Ok(changed)
}

/// The cells not yet fixed, in increasing order, from the `done` bit words of a search state.
#[inline]
fn open_cells<'a>(t: &'a Tables, done: &'a [u64]) -> impl Iterator<Item = usize> + 'a {
    done.iter().enumerate().flat_map(move |(w, &d)| {
        let mut free = !d;
        if w == t.words - 1 && !t.cells.is_multiple_of(64) {
            free &= (1u64 << (t.cells % 64)) - 1;
        }
        std::iter::from_fn(move || {
            (free != 0).then(|| {
                let cell = w * 64 + free.trailing_zeros() as usize;
                free &= free - 1;
                cell
            })
        })
    })
}

/// Minimum-remaining-values choice among unfixed cells (lowest index on ties); `None` when solved.
#[inline]
fn choose(t: &Tables, state: &[u64]) -> Option<(usize, u64)> {
    let (cand, done) = state.split_at(t.cells);
    let mut best: Option<(usize, u64)> = None;
    let mut best_count = u32::MAX;
    for cell in open_cells(t, done) {
        let m = cand[cell];
        let count = m.count_ones();
        if count < best_count {
            best_count = count;
            best = Some((cell, m));
            if count <= 2 {
                return best;
            }
        }
    }
    best
}

/// Like [`choose`], ties broken by the lowest hash of (`tie`, cell) instead of the lowest index:
/// every open cell is visited (no early stop at two candidates, which would favour low indices).
/// With `dual`, a (unit, digit) whose digit has fewer places left in the unit than the best
/// cell has candidates is branched on instead: the digit goes to each of those places in turn
/// (the dual view of quasigroup completion; ties between the views broken by hash too).
fn choose_random(t: &Tables, state: &[u64], tie: u32, dual: bool) -> Option<Level> {
    let (cand, done) = state.split_at(t.cells);
    let mut best: Option<Level> = None;
    let mut best_score = u64::MAX;
    for cell in open_cells(t, done) {
        let m = cand[cell];
        let count = m.count_ones() as u64;
        if count <= best_score >> 32 {
            let score = count << 32 | crate::rng::mix(tie ^ cell as u32) as u64;
            if score < best_score {
                best_score = score;
                best = Some(Level {
                    cell,
                    remaining: m,
                    place: None,
                });
            }
        }
    }
    if !dual || best.is_none() || best_score >> 32 <= 2 {
        return best;
    }
    let n = t.side;
    let mut places = [0u64; 64];
    for u in 0..3 * n {
        let unit = &t.units[u * n..(u + 1) * n];
        places[..n].fill(0);
        for (pos, &c) in unit.iter().enumerate() {
            let mut m = cand[c as usize];
            while m != 0 {
                places[m.trailing_zeros() as usize] |= 1 << pos;
                m &= m - 1;
            }
        }
        for (digit, &p) in places[..n].iter().enumerate() {
            let count = p.count_ones() as u64;
            if count >= 2 && count <= best_score >> 32 {
                let salt = (u * n + digit) as u32 | 0x8000_0000;
                let score = count << 32 | crate::rng::mix(tie ^ salt) as u64;
                if score < best_score {
                    best_score = score;
                    best = Some(Level {
                        cell: 0,
                        remaining: p,
                        place: Some((u, 1u64 << digit)),
                    });
                }
            }
        }
    }
    best
}

fn to_grid(t: &Tables, cand: &[u64]) -> Grid {
    let cells = cand
        .iter()
        .map(|&m| {
            if m != 0 && m & (m - 1) == 0 {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        })
        .collect();
    Grid::from_cells(t.geometry, cells).expect("digits fit the geometry")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(b: usize, line: &str) -> Grid {
        let g = Geometry::new(b).unwrap();
        let cells = line
            .chars()
            .map(|c| crate::board::symbol_digit(c).unwrap_or(0))
            .collect();
        Grid::from_cells(g, cells).unwrap()
    }

    /// Every combination of the optional propagators.
    fn solvers(g: Geometry) -> Vec<Solver> {
        let mut v = Vec::new();
        for locked in [false, true] {
            for alldiff in [false, true] {
                let mut s = Solver::new(g);
                s.set_locked_candidates(locked);
                s.set_alldiff(alldiff);
                v.push(s);
            }
        }
        v
    }

    fn sorted(mut v: Vec<Grid>) -> Vec<Grid> {
        v.sort_by(|a, b| a.cells().cmp(b.cells()));
        v
    }

    #[test]
    fn propagators_agree_on_every_solution() {
        // Puzzles with many solutions: the solution sets must not depend on the propagators.
        // Givens are blanked, first to last, until a unique puzzle has a few hundred solutions.
        let loosen = |b: usize, line: &str, enough: usize| {
            let mut p = grid(b, line);
            for c in 0..p.geometry().cells() {
                if p.get(c) != 0 {
                    p.set(c, 0);
                    if count_solutions(&p, enough).solutions.len() >= enough {
                        break;
                    }
                }
            }
            p.to_string()
        };
        let cases = [
            (2, "................".to_string()),
            (
                3,
                loosen(
                    3,
                    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                    2,
                ),
            ),
            (
                3,
                loosen(
                    3,
                    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
                    100,
                ),
            ),
            (
                4,
                "1.3.5.7.9.B.D.F.\
                 ................\
                 ................\
                 ................\
                 2...............\
                 ................\
                 ................\
                 ................\
                 ................\
                 ................\
                 ................\
                 ................\
                 ................\
                 ................\
                 ................\
                 ................"
                    .to_string(),
            ),
        ];
        let mut complete = 0;
        for (b, line) in &cases {
            let p = grid(*b, line);
            let mut reference: Option<ExactResult> = None;
            for mut s in solvers(p.geometry()) {
                let r = s.solve(&p, &Limits::solutions(400));
                assert!(r.solutions.iter().all(|x| x.solves(&p)));
                match &reference {
                    None => reference = Some(r),
                    Some(first) => {
                        assert_eq!(r.solutions.len(), first.solutions.len(), "{line}");
                        if r.status == Status::Complete {
                            assert_eq!(first.status, Status::Complete);
                            assert_eq!(
                                sorted(r.solutions.clone()),
                                sorted(first.solutions.clone())
                            );
                        }
                    }
                }
            }
            let r = reference.unwrap();
            assert!(r.solutions.len() >= 2, "{line}");
            complete += usize::from(r.status == Status::Complete);
        }
        assert!(complete >= 2, "too few fully counted cases");
    }

    #[test]
    fn propagators_agree_on_contradictions() {
        // Unique 9x9 puzzles made unsolvable by one wrong (clash-free) given.
        let p = grid(
            3,
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let solution = count_solutions(&p, 1).solutions[0].clone();
        let mut broken = 0;
        for c in (0..81).filter(|&c| p.get(c) == 0).step_by(7) {
            for d in 1..=9u8 {
                let mut q = p.clone();
                q.set(c, d);
                if d == solution.get(c) || q.first_clash().is_some() {
                    continue;
                }
                broken += 1;
                for mut s in solvers(q.geometry()) {
                    assert!(s.solve(&q, &Limits::solutions(2)).has_no_solution());
                }
                break;
            }
        }
        assert!(broken >= 5);
    }

    #[test]
    fn alldiff_removes_a_naked_pair() {
        // Row 1 of a 9x9: cells 1 and 2 can only hold 1 or 2 (columns 2-3 are blocked for 3-9 by
        // givens below), so 1 and 2 leave the rest of the row, though singles see nothing.
        let p = grid(
            3,
            ".........\
             .34......\
             .56......\
             .7.......\
             .8.......\
             .9.......\
             ..7......\
             ..8......\
             ..9......",
        );
        let mut plain = Solver::new(p.geometry());
        plain.set_alldiff(false);
        let mut strong = Solver::new(p.geometry());
        strong.set_alldiff(true);
        let weak = plain.propagate(&p).unwrap();
        let tight = strong.propagate(&p).unwrap();
        assert_eq!(weak.candidates[1], 0b11);
        assert_eq!(tight.candidates[1], 0b11);
        assert_ne!(weak.candidates[0] & 0b11, 0);
        assert_eq!(tight.candidates[0] & 0b11, 0);
        for c in 3..9 {
            assert_eq!(tight.candidates[c] & 0b11, 0, "cell {c}");
        }
    }

    #[test]
    fn a_digit_without_a_place_is_found() {
        // No cell of row 1 may hold 9, yet every cell has candidates.
        let g = Geometry::new(3).unwrap();
        let mut masks = vec![g.all_digits(); 81];
        masks[0..9].fill(0xff);
        let mut s = Solver::new(g);
        s.set_alldiff(false);
        assert_eq!(
            s.propagate_candidates(&mut masks),
            Err(Contradiction::NoPlace {
                unit: Unit::Row(0),
                digit: 9
            })
        );
    }

    #[test]
    fn alldiff_finds_a_hall_violation() {
        // Three cells of row 1 share the candidates {1, 2}: no assignment exists, though every
        // cell has candidates and every digit has places.
        let g = Geometry::new(3).unwrap();
        let mut masks = vec![g.all_digits(); 81];
        masks[0..3].fill(0b11);
        let mut strong = Solver::new(g);
        strong.set_alldiff(true);
        let err = strong.propagate_candidates(&mut masks.clone()).unwrap_err();
        assert!(
            matches!(
                err,
                Contradiction::Unfillable {
                    unit: Unit::Row(0) | Unit::Box(0)
                }
            ),
            "{err}"
        );
        let mut weak = Solver::new(g);
        weak.set_alldiff(false);
        assert_eq!(weak.propagate_candidates(&mut masks), Ok(0));
    }

    #[test]
    fn assign_matches_propagating_from_scratch() {
        let p = grid(
            3,
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let solution = count_solutions(&p, 1).solutions[0].clone();
        let mut s = Solver::new(p.geometry());
        let start = s.propagate(&p).unwrap();
        let mut masks = start.candidates.clone();
        // The same masks rebuilt from the givens alone propagate to the same fixpoint.
        let mut raw: Vec<u64> = p
            .cells()
            .iter()
            .map(|&d| if d == 0 { 0x1ff } else { 1 << (d - 1) })
            .collect();
        assert_eq!(
            s.propagate_candidates(&mut raw),
            Ok(p.givens() + start.fixed)
        );
        assert_eq!(raw, masks);
        // Fixing open cells to the solution's digits, one by one, ends in the solution; each step
        // agrees with propagating the extended puzzle from scratch.
        let mut extended = p.clone();
        for c in 0..81 {
            if masks[c].count_ones() > 1 {
                let d = solution.get(c);
                s.assign(&mut masks, c, d).unwrap();
                extended.set(c, d);
                assert_eq!(masks, s.propagate(&extended).unwrap().candidates);
            }
        }
        assert!(masks
            .iter()
            .enumerate()
            .all(|(c, &m)| m == 1 << (solution.get(c) - 1)));
        // A digit that is not a candidate is refused; a wrong candidate fails sooner or later.
        let mut masks = start.candidates.clone();
        let open = (0..81).find(|&c| masks[c].count_ones() > 1).unwrap();
        let absent = (1..=9u8)
            .find(|&d| masks[open] & (1 << (d - 1)) == 0)
            .unwrap();
        assert!(s.assign(&mut masks, open, absent).is_err());
        let wrong = (1..=9u8)
            .find(|&d| masks[open] & (1 << (d - 1)) != 0 && d != solution.get(open))
            .unwrap();
        let mut failed = s.assign(&mut masks, open, wrong).is_err();
        for c in 0..81 {
            if failed {
                break;
            }
            if masks[c].count_ones() > 1 {
                let d = (masks[c].trailing_zeros() + 1) as u8;
                failed = s.assign(&mut masks, c, d).is_err();
            }
        }
        assert!(failed, "a wrong digit led to a full grid");
    }

    #[test]
    fn search_is_deterministic() {
        let g = Geometry::new(3).unwrap();
        let empty = Grid::empty(g);
        let a = count_solutions(&empty, 5);
        let b = Solver::new(g).solve(&empty, &Limits::solutions(5));
        assert_eq!(a, b);
        // MRV ties go to the lowest cell and digits go up: the first solution starts 123456789.
        assert_eq!(&a.solutions[0].to_string()[..9], "123456789");
    }

    #[test]
    fn contradiction_messages_name_the_place() {
        let c = Contradiction::NoPlace {
            unit: Unit::Column(2),
            digit: 7,
        };
        assert_eq!(
            c.to_string(),
            "contradiction: digit 7 has no place left in column 3"
        );
        let e: Box<dyn std::error::Error> = Box::new(Contradiction::EmptyCell { cell: 4 });
        assert!(e.to_string().contains("cell 4"));
    }

    #[test]
    fn limits_default_and_unique_logic() {
        let l = Limits::default();
        assert_eq!(
            (l.max_solutions, l.max_nodes, l.time_limit),
            (1, u64::MAX, None)
        );
        let g = Geometry::new(2).unwrap();
        let r = ExactResult {
            solutions: vec![Grid::empty(g)],
            status: Status::NodeLimit,
            nodes: 3,
            entropy: 0.0,
        };
        assert_eq!(r.is_unique(), None);
        assert!(!r.has_no_solution());
        let none = ExactResult {
            solutions: vec![],
            status: Status::TimeLimit,
            nodes: 3,
            entropy: 0.0,
        };
        assert!(!none.has_no_solution());
        assert_eq!(none.is_unique(), None);
    }
}
