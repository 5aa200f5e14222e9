//! Screen of a propagation beyond all-different (issue 36, docs/results/hardness.md): the
//! *digit patterns* of the pattern overlay method. A digit's places in a solution are a pattern:
//! one cell in each row, column and box. A candidate (cell, digit) that lies in no pattern of its
//! digit over the current candidates is in no solution and goes. All-different filtering sees
//! one unit at a time; a pattern sees a digit's rows, columns and boxes together (every fish,
//! X-wing to jellyfish, is a special case).
//!
//! `cargo run --release --example patterns -- NODES FILE...`
//! After the exact solver's propagation, each digit's candidates are checked: a depth-first
//! search looks for a pattern through each candidate no pattern found so far covers (each pattern
//! found covers its cells), at most NODES nodes each (a search cut off keeps the candidate).
//! The candidates removed are propagated again, and the whole repeats until nothing changes.
//! Prints per file: open candidates after propagation, candidates the patterns removed, cells
//! fixed in all, rounds, searches, searches cut off, CPU seconds.
//! `EVOKU_PAIRS=1` also removes a candidate of digit d when every pattern of d through it leaves
//! another digit e (e sharing one of its cells) without a pattern (slower: a search per pair).

use evoku::board::{Geometry, Grid};
use evoku::exact::{propagate, Solver};
use evoku::format::{read_puzzles, ParseOptions};

fn cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// One digit's open rows and, per row, the columns where it is still a candidate.
struct Digit {
    side: usize,
    b: usize,
    /// Column mask per row (0 for a row where the digit is fixed).
    cols: Vec<u64>,
    open_rows: u64,
    open_cols: u64,
    /// Columns of each stack.
    stack_cols: Vec<u64>,
}

enum Found {
    Yes(Vec<(usize, usize)>),
    No,
    CutOff,
}

impl Digit {
    fn new(g: Geometry, candidates: &[u64], digit: u8) -> Digit {
        let (side, b) = (g.side(), g.box_size());
        let bit = 1u64 << (digit - 1);
        let mut cols = vec![0u64; side];
        let (mut open_rows, mut open_cols) = (0u64, 0u64);
        let mut fixed_cols = 0u64;
        for (r, row_cols) in cols.iter_mut().enumerate() {
            let mut fixed = false;
            for c in 0..side {
                let m = candidates[r * side + c];
                if m == bit {
                    fixed = true;
                    fixed_cols |= 1 << c;
                } else if m & bit != 0 {
                    *row_cols |= 1 << c;
                }
            }
            if fixed {
                *row_cols = 0;
            } else {
                open_rows |= 1 << r;
            }
        }
        for c in 0..side {
            if fixed_cols & (1 << c) == 0 {
                open_cols |= 1 << c;
            }
        }
        let stack_cols = (0..b).map(|s| ((1u64 << b) - 1) << (s * b)).collect();
        Digit {
            side,
            b,
            cols,
            open_rows,
            open_cols,
            stack_cols,
        }
    }

    fn avail(&self, r: usize, used_cols: u64, used_boxes: u64) -> u64 {
        let band = r / self.b;
        let stacks = (used_boxes >> (band * self.b)) & ((1u64 << self.b) - 1);
        let mut blocked = used_cols;
        let mut s = stacks;
        while s != 0 {
            blocked |= self.stack_cols[s.trailing_zeros() as usize];
            s &= s - 1;
        }
        self.cols[r] & !blocked
    }

    /// A pattern through `(r0, c0)` (or any pattern when `None`), avoiding `banned` cells.
    fn find(&self, forced: Option<(usize, usize)>, banned: &[u64], limit: u64) -> Found {
        let mut rows = self.open_rows;
        let (mut used_cols, mut used_boxes) = (!self.open_cols & mask(self.side), 0u64);
        let mut path = Vec::with_capacity(self.side);
        if let Some((r, c)) = forced {
            rows &= !(1 << r);
            used_cols |= 1 << c;
            used_boxes |= 1 << ((r / self.b) * self.b + c / self.b);
            path.push((r, c));
        }
        let mut nodes = 0;
        match self.dfs(
            rows, used_cols, used_boxes, banned, &mut path, &mut nodes, limit,
        ) {
            Some(true) => Found::Yes(path),
            Some(false) => Found::No,
            None => Found::CutOff,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        rows: u64,
        used_cols: u64,
        used_boxes: u64,
        banned: &[u64],
        path: &mut Vec<(usize, usize)>,
        nodes: &mut u64,
        limit: u64,
    ) -> Option<bool> {
        if rows == 0 {
            return Some(true);
        }
        *nodes += 1;
        if *nodes > limit {
            return None;
        }
        // The row with the fewest columns left; every open column must stay reachable.
        let (mut best, mut best_count, mut best_avail) = (usize::MAX, u32::MAX, 0u64);
        let mut reach = 0u64;
        let mut rs = rows;
        while rs != 0 {
            let r = rs.trailing_zeros() as usize;
            rs &= rs - 1;
            let a = self.avail(r, used_cols, used_boxes) & !banned[r];
            let n = a.count_ones();
            if n == 0 {
                return Some(false);
            }
            reach |= a;
            if n < best_count {
                (best, best_count, best_avail) = (r, n, a);
            }
        }
        if (!used_cols & mask(self.side)) & !reach != 0 {
            return Some(false);
        }
        let mut a = best_avail;
        while a != 0 {
            let c = a.trailing_zeros() as usize;
            a &= a - 1;
            let bx = (best / self.b) * self.b + c / self.b;
            path.push((best, c));
            match self.dfs(
                rows & !(1 << best),
                used_cols | (1 << c),
                used_boxes | (1 << bx),
                banned,
                path,
                nodes,
                limit,
            ) {
                Some(true) => return Some(true),
                Some(false) => {}
                None => return None,
            }
            path.pop();
        }
        Some(false)
    }
}

impl Digit {
    /// Patterns of this digit, counted up to `cap` (then `cap`).
    fn count(&self, rows: u64, used_cols: u64, used_boxes: u64, n: &mut u64, cap: u64) {
        if *n >= cap {
            return;
        }
        if rows == 0 {
            *n += 1;
            return;
        }
        let (mut best, mut best_count, mut best_avail) = (usize::MAX, u32::MAX, 0u64);
        let mut rs = rows;
        while rs != 0 {
            let r = rs.trailing_zeros() as usize;
            rs &= rs - 1;
            let a = self.avail(r, used_cols, used_boxes);
            if a.count_ones() < best_count {
                (best, best_count, best_avail) = (r, a.count_ones(), a);
            }
        }
        let mut a = best_avail;
        while a != 0 {
            let c = a.trailing_zeros() as usize;
            a &= a - 1;
            let bx = (best / self.b) * self.b + c / self.b;
            self.count(
                rows & !(1 << best),
                used_cols | (1 << c),
                used_boxes | (1 << bx),
                n,
                cap,
            );
        }
    }
}

impl Digit {
    /// Every pattern (the column of each open row), up to `cap` of them; `None` past it.
    fn enumerate(&self, cap: usize) -> Option<Vec<Vec<(usize, usize)>>> {
        let mut out = Vec::new();
        let mut path = Vec::new();
        let used = !self.open_cols & mask(self.side);
        self.collect(self.open_rows, used, 0, &mut path, &mut out, cap)
            .then_some(out)
    }

    fn collect(
        &self,
        rows: u64,
        used_cols: u64,
        used_boxes: u64,
        path: &mut Vec<(usize, usize)>,
        out: &mut Vec<Vec<(usize, usize)>>,
        cap: usize,
    ) -> bool {
        if rows == 0 {
            out.push(path.clone());
            return out.len() <= cap;
        }
        let (mut best, mut best_count, mut best_avail) = (usize::MAX, u32::MAX, 0u64);
        let mut rs = rows;
        while rs != 0 {
            let r = rs.trailing_zeros() as usize;
            rs &= rs - 1;
            let a = self.avail(r, used_cols, used_boxes);
            if a.count_ones() < best_count {
                (best, best_count, best_avail) = (r, a.count_ones(), a);
            }
        }
        let mut a = best_avail;
        while a != 0 {
            let c = a.trailing_zeros() as usize;
            a &= a - 1;
            let bx = (best / self.b) * self.b + c / self.b;
            path.push((best, c));
            let more = self.collect(
                rows & !(1 << best),
                used_cols | (1 << c),
                used_boxes | (1 << bx),
                path,
                out,
                cap,
            );
            path.pop();
            if !more {
                return false;
            }
        }
        true
    }
}

/// Pattern pairs: each digit with at most `cap` patterns keeps only the patterns that leave every
/// other digit a pattern avoiding their cells; its candidates in no pattern kept go.
fn pattern_pairs_pass(
    g: Geometry,
    candidates: &mut [u64],
    cap: usize,
    limit: u64,
    counts: &mut Counts,
    dropped: &mut usize,
) -> usize {
    let side = g.side();
    let digits: Vec<Digit> = (1..=side as u8)
        .map(|d| Digit::new(g, candidates, d))
        .collect();
    let mut removed = 0;
    for (di, d) in digits.iter().enumerate() {
        let Some(patterns) = d.enumerate(cap) else {
            continue;
        };
        let mut covered = vec![0u64; side];
        for p in &patterns {
            let mut banned = vec![0u64; side];
            for &(r, c) in p {
                banned[r] |= 1 << c;
            }
            let mut ok = true;
            for (ei, e) in digits.iter().enumerate() {
                if ei == di {
                    continue;
                }
                counts.searches += 1;
                match e.find(None, &banned, limit) {
                    Found::No => {
                        ok = false;
                        break;
                    }
                    Found::CutOff => counts.cut_off += 1,
                    Found::Yes(_) => {}
                }
            }
            if ok {
                for &(r, c) in p {
                    covered[r] |= 1 << c;
                }
            } else {
                *dropped += 1;
            }
        }
        for r in 0..side {
            let gone = d.cols[r] & !covered[r];
            let mut cs = gone;
            while cs != 0 {
                let c = cs.trailing_zeros() as usize;
                cs &= cs - 1;
                candidates[r * side + c] &= !(1u64 << di);
                removed += 1;
            }
        }
        if removed > 0 {
            break;
        }
    }
    counts.removed += removed;
    removed
}

/// Cubes by digit patterns: the digit with the fewest patterns splits the puzzle into one part
/// per pattern (exactly one holds in each solution); each part, the puzzle with the pattern's
/// cells given, goes to the CDCL with `budget` conflicts.
fn cubes(puzzle: &Grid, base: &Grid, candidates: &[u64], budget: u64) {
    use evoku::exact::cdcl::{Cdcl, Config, Outcome};
    let g = puzzle.geometry();
    let side = g.side();
    let (mut best, mut best_n) = (0u8, u64::MAX);
    for digit in 1..=side as u8 {
        let d = Digit::new(g, candidates, digit);
        let mut n = 0;
        d.count(d.open_rows, !d.open_cols & mask(side), 0, &mut n, 100_000);
        if n < best_n {
            (best, best_n) = (digit, n);
        }
    }
    let d = Digit::new(g, candidates, best);
    let patterns = d.enumerate(100_000).expect("counted");
    let (mut unsat0, mut unsat, mut solved, mut open, mut conflicts) = (0, 0, 0, 0, 0u64);
    let mut unsat_conflicts = Vec::new();
    let start = cpu_seconds();
    let take: usize =
        std::env::var("EVOKU_CUBES_TAKE").map_or(usize::MAX, |v| v.parse().expect("take"));
    for (i, p) in patterns.iter().enumerate().take(take) {
        let mut grid = base.clone();
        for &(r, c) in p {
            grid.set(r * side + c, best);
        }
        let mut cdcl = Cdcl::new(&grid, Config::default(), 1, 0);
        let vars = cdcl.variables();
        let outcome = cdcl.run(budget);
        let used = cdcl.stats().conflicts;
        conflicts += used;
        match outcome {
            Outcome::Unsat if vars == 0 || used == 0 => unsat0 += 1,
            Outcome::Unsat => {
                unsat += 1;
                unsat_conflicts.push(used);
            }
            Outcome::Solved(s) => {
                assert!(s.solves(puzzle));
                solved += 1;
                println!("  cube {i}: solved in {used} conflicts");
            }
            _ => open += 1,
        }
    }
    unsat_conflicts.sort_unstable();
    let median = unsat_conflicts
        .get(unsat_conflicts.len() / 2)
        .copied()
        .unwrap_or(0);
    println!(
        "digit {best}: {} cubes; refuted by propagation {unsat0}, refuted by the CDCL {unsat} (median {median} conflicts), solved {solved}, open {open} at {budget}; {conflicts} conflicts, cpu {:.1} s",
        patterns.len(),
        cpu_seconds() - start
    );
}

fn mask(n: usize) -> u64 {
    if n == 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

#[derive(Default)]
struct Counts {
    removed: usize,
    searches: usize,
    cut_off: usize,
}

/// One pass over every digit: removes the candidates in no pattern. Returns how many went.
fn pass(g: Geometry, candidates: &mut [u64], limit: u64, counts: &mut Counts) -> usize {
    let side = g.side();
    let none = vec![0u64; side];
    let mut removed = 0;
    for digit in 1..=side as u8 {
        let d = Digit::new(g, candidates, digit);
        let mut covered = vec![0u64; side];
        let mut drop = Vec::new();
        for r in 0..side {
            let mut cs = d.cols[r];
            while cs != 0 {
                let c = cs.trailing_zeros() as usize;
                cs &= cs - 1;
                if covered[r] & (1 << c) != 0 {
                    continue;
                }
                counts.searches += 1;
                match d.find(Some((r, c)), &none, limit) {
                    Found::Yes(path) => {
                        for (pr, pc) in path {
                            covered[pr] |= 1 << pc;
                        }
                    }
                    Found::No => drop.push((r, c)),
                    Found::CutOff => counts.cut_off += 1,
                }
            }
        }
        for (r, c) in drop {
            candidates[r * side + c] &= !(1u64 << (digit - 1));
            removed += 1;
        }
    }
    counts.removed += removed;
    removed
}

/// Pairs: a candidate (cell, d) goes when no pattern of d through it leaves every digit e that
/// shares one of the pattern's cells a pattern avoiding those cells. Sampled: only the first
/// pattern per candidate and banned cells of one digit at a time, so it is a screen of whether
/// pairs remove anything, not a complete filter.
fn pairs_pass(g: Geometry, candidates: &mut [u64], limit: u64, counts: &mut Counts) -> usize {
    let side = g.side();
    let mut removed = 0;
    let digits: Vec<Digit> = (1..=side as u8)
        .map(|d| Digit::new(g, candidates, d))
        .collect();
    for (di, d) in digits.iter().enumerate() {
        for r in 0..side {
            let mut cs = d.cols[r];
            while cs != 0 {
                let c = cs.trailing_zeros() as usize;
                cs &= cs - 1;
                // Placing d at (r, c) bans (r, c) for every other digit.
                let mut banned = vec![0u64; side];
                banned[r] = 1 << c;
                let mut dead = false;
                for (ei, e) in digits.iter().enumerate() {
                    if ei == di || e.cols[r] & (1 << c) == 0 {
                        continue;
                    }
                    counts.searches += 1;
                    match e.find(None, &banned, limit) {
                        Found::No => {
                            dead = true;
                            break;
                        }
                        Found::CutOff => counts.cut_off += 1,
                        Found::Yes(_) => {}
                    }
                }
                if dead {
                    candidates[r * side + c] &= !(1u64 << di);
                    removed += 1;
                }
            }
        }
    }
    counts.removed += removed;
    removed
}

fn main() -> Result<(), evoku::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [limit, files @ ..] = &args[..] else {
        eprintln!("usage: patterns NODES FILE...");
        std::process::exit(2);
    };
    let limit: u64 = limit.parse().expect("NODES: a number");
    let pairs = std::env::var("EVOKU_PAIRS").is_ok_and(|v| v == "1");
    let pattern_cap: usize = std::env::var("EVOKU_PATTERN_PAIRS")
        .map_or(0, |v| v.parse().expect("EVOKU_PATTERN_PAIRS: a cap"));
    for file in files {
        let (puzzles, _) = read_puzzles(file, &ParseOptions::default())?;
        let puzzle: &Grid = &puzzles[0].grid;
        let g = puzzle.geometry();
        let start = cpu_seconds();
        let Ok(p) = propagate(puzzle) else {
            println!("{file}: propagation finds no solution");
            continue;
        };
        let mut candidates = p.candidates.clone();
        let open = |m: &[u64]| {
            m.iter()
                .filter(|&&x| x & (x - 1) != 0)
                .map(|x| x.count_ones() as usize)
                .sum::<usize>()
        };
        let before = open(&candidates);
        let fixed_before = p.grid.givens();
        if std::env::var("EVOKU_COUNT").is_ok() {
            let mut counts: Vec<u64> = (1..=g.side() as u8)
                .map(|digit| {
                    let d = Digit::new(g, &candidates, digit);
                    let mut n = 0;
                    d.count(
                        d.open_rows,
                        !d.open_cols & mask(g.side()),
                        0,
                        &mut n,
                        100_000_000,
                    );
                    n
                })
                .collect();
            counts.sort_unstable();
            println!(
                "{} patterns per digit (sorted, capped at 1e8): {counts:?}",
                puzzles[0].name
            );
        }
        if let Ok(budget) = std::env::var("EVOKU_CUBES") {
            cubes(
                puzzle,
                &p.grid,
                &candidates,
                budget.parse().expect("EVOKU_CUBES: conflicts"),
            );
            continue;
        }
        let mut solver = Solver::new(g);
        let mut counts = Counts::default();
        let mut rounds = 0;
        let mut dropped = 0;
        let mut outcome = "ok";
        loop {
            rounds += 1;
            let mut n = pass(g, &mut candidates, limit, &mut counts);
            if n == 0 && pattern_cap > 0 {
                n = pattern_pairs_pass(
                    g,
                    &mut candidates,
                    pattern_cap,
                    limit,
                    &mut counts,
                    &mut dropped,
                );
            }
            if n == 0 && pairs {
                n = pairs_pass(g, &mut candidates, limit, &mut counts);
            }
            if n == 0 {
                break;
            }
            if solver.propagate_candidates(&mut candidates).is_err() {
                outcome = "contradiction (no solution)";
                break;
            }
        }
        let fixed = candidates.iter().filter(|&&m| m & (m - 1) == 0).count();
        println!(
            "{} open-candidates {before} removed {} left {} fixed {fixed_before} -> {fixed} rounds {rounds} \
             searches {} cut-off {} patterns-dropped {dropped} {outcome} cpu {:.2} s",
            puzzles[0].name,
            counts.removed,
            open(&candidates),
            counts.searches,
            counts.cut_off,
            cpu_seconds() - start
        );
    }
    Ok(())
}
