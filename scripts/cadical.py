#!/usr/bin/env python3
"""Baseline: the CaDiCaL 1.9.5 SAT solver (through python-sat) on Lloyd & Amos puzzle files, to
put a state-of-the-art CDCL solver beside evoku's exact member on the same instances and limits.

Usage: scripts/cadical.py [--limit S] [--conflicts N] [--option NAME=VALUE ...]
                          [--encoding pairwise|segments|segments-full] [--solver NAME] FILE...
       cargo run --release --example dimacs -- [--segments] DIR PUZZLE...; scripts/cadical.py DIR/*.cnf
       scripts/cadical.py --dimacs DIR [--encoding E] FILE...   (write the CNF, solve nothing)
       scripts/cadical.py --model OUT FILE   (check a DIMACS solver's model of FILE's CNF)
Needs: pip install python-sat

A FILE ending in .cnf is the DIMACS Rust wrote (`examples/dimacs.rs`, through
`evoku::exact::cdcl::dimacs`): the very CNF evoku's CDCL search gets, after evoku's propagation,
read here as is (its `c evoku` lines say how to turn a model into the grid, which is checked).
Any other file is one puzzle in Lloyd & Amos's format (box size, a line "1", then the rows with -1 for
an empty cell), as `evoku generate` and `scripts/make-large-sets.sh` write them, encoded here
for the Python-only variants below. That CNF is close to the
one evoku's CDCL search uses (crates/evoku/src/exact/cdcl/encode.rs): after naked singles, one variable per
open (cell, candidate); at least one digit per cell and one place per (unit, missing digit); at
most one of each by pairwise binary clauses. Each puzzle runs in a child process, one core, killed
at --limit seconds (wall, model building included); --conflicts stops CaDiCaL itself after that
many conflicts (a load-free budget). --option sets a CaDiCaL option (its src/options.hpp), e.g.
--option elim=0 to screen a feature. --encoding segments-full adds segment variables (a digit in
a row or column x box intersection) as evoku's `Config::segments` does, `segments` the same with
the cell-level at-most-one clauses cut to those inside a segment; --solver runs another
python-sat solver (maplechrono, lingeling, glucose4, ...) on the same CNF; --dimacs writes each
puzzle's CNF to DIR/NAME.cnf for a solver outside python-sat (Kissat, for one), and --model
reads such a solver's output ("v" lines) back and checks the grid it gives. Every solution is
checked here before it counts.
Prints one line per puzzle (name, solved/open, seconds, conflicts) and a tally with the median.
"""
import argparse
import multiprocessing as mp
import time


def parse(path):
    toks = open(path).read().split()
    b = int(toks[0])
    n = b * b
    vals = [int(t) for t in toks[2:2 + n * n]]
    if len(vals) != n * n:
        raise ValueError(f"{path}: {len(vals)} cells, expected {n * n}")
    return b, n, [max(v, 0) for v in vals]


def read_cnf(path):
    """The DIMACS `examples/dimacs.rs` wrote: (b, n, base grid, {(cell, digit - 1): var}, clauses).
    The base grid holds the givens and the cells evoku's propagation fixed (0: open)."""
    b, base, var, clauses, clause = None, None, {}, [], []
    for line in open(path):
        t = line.split()
        if not t or t[0] == "p":
            continue
        if t[0] == "c":
            if len(t) >= 4 and t[1] == "evoku":
                if t[2] == "box":
                    b = int(t[3])
                elif t[2] == "base":
                    base = [int(x) for x in t[3].split(",")]
                elif t[2] == "var":
                    var[(int(t[4]), int(t[5]) - 1)] = int(t[3])
            continue
        for x in map(int, t):
            if x == 0:
                clauses.append(clause)
                clause = []
            else:
                clause.append(x)
    if b is None or base is None:
        raise ValueError(f"{path}: no `c evoku box` and `c evoku base` lines: not a CNF evoku wrote")
    return b, b * b, base, var, clauses


def load(path, encoding):
    """(b, n, puzzle, grid, var, clauses) of a .cnf evoku wrote or of a puzzle file encoded here;
    clauses is None when there is no solution."""
    if path.endswith(".cnf"):
        b, n, grid, var, clauses = read_cnf(path)
        return b, n, list(grid), grid, var, None if [] in clauses else clauses
    b, n, grid = parse(path)
    puzzle = list(grid)
    enc = encode(b, n, grid, encoding)
    var, clauses = enc if enc is not None else ({}, None)
    return b, n, puzzle, grid, var, clauses


def units(b, n):
    us = [[r * n + c for c in range(n)] for r in range(n)]
    us += [[r * n + c for r in range(n)] for c in range(n)]
    us += [[(br * b + i) * n + bc * b + j for i in range(b) for j in range(b)]
           for br in range(b) for bc in range(b)]
    return us


def encode(b, n, grid, encoding="pairwise"):
    """Naked singles to a fixpoint, then the pairwise CNF; None when singles find a clash."""
    us = units(b, n)
    peers = [set() for _ in range(n * n)]
    for u in us:
        for c in u:
            peers[c].update(u)
    for c in range(n * n):
        peers[c].discard(c)
    cand = [(1 << n) - 1 if v == 0 else 1 << (v - 1) for v in grid]
    queue = [c for c in range(n * n) if grid[c]]
    while queue:
        c = queue.pop()
        m = 1 << (grid[c] - 1)
        for p in peers[c]:
            if cand[p] & m and not grid[p]:
                cand[p] &= ~m
                if cand[p] == 0:
                    return None
                if cand[p] & (cand[p] - 1) == 0:
                    grid[p] = cand[p].bit_length()
                    queue.append(p)
            elif grid[p] == grid[c]:
                return None
    var = {}

    def v(c, d):
        return var.setdefault((c, d), len(var) + 1)

    clauses = []
    for c in range(n * n):
        if grid[c]:
            continue
        ds = [d for d in range(n) if cand[c] >> d & 1]
        clauses.append([v(c, d) for d in ds])
        clauses += [[-v(c, x), -v(c, y)] for i, x in enumerate(ds) for y in ds[i + 1:]]
    for u in us:
        placed = 0
        for c in u:
            if grid[c]:
                placed |= 1 << (grid[c] - 1)
        for d in range(n):
            if placed >> d & 1:
                continue
            cs = [c for c in u if not grid[c] and cand[c] >> d & 1]
            clauses.append([v(c, d) for c in cs])
            if encoding in ("pairwise", "segments-full"):
                clauses += [[-v(x, d), -v(y, d)] for i, x in enumerate(cs) for y in cs[i + 1:]]
    if encoding != "pairwise":
        clauses += segments(b, n, grid, cand, v, var)
    return var, clauses


def segments(b, n, grid, cand, v, var):
    """Segment variables: s = OR of a (row or column) x box intersection's cells for one digit,
    with at least one segment per (line, digit) and per (box, digit, direction) and at most one
    of them pairwise; unit propagation then finds locked candidates (pointing and claiming).
    The cell-level at-most-one clauses left are those inside one segment (the segment-level
    ones cover the rest; "segments-full" keeps every peer pair as well)."""
    out = []
    # seg[(dir, line, k, d)] -> variable; dir 0 = row segments, 1 = column segments.
    seg = {}
    for dirn in (0, 1):
        for line in range(n):
            for k in range(b):
                if dirn == 0:
                    cells = [line * n + k * b + j for j in range(b)]
                else:
                    cells = [(k * b + i) * n + line for i in range(b)]
                for d in range(n):
                    cs = [c for c in cells if not grid[c] and cand[c] >> d & 1]
                    if not cs:
                        continue
                    s = len(var) + 1
                    var[("seg", dirn, line, k, d)] = s
                    seg[(dirn, line, k, d)] = s
                    out.append([-s] + [v(c, d) for c in cs])
                    out += [[-v(c, d), s] for c in cs]
                    out += [[-v(x, d), -v(y, d)] for i, x in enumerate(cs) for y in cs[i + 1:]]
    for dirn in (0, 1):
        for d in range(n):
            # Along a line: the b segments of the line.
            for line in range(n):
                ss = [seg[(dirn, line, k, d)] for k in range(b) if (dirn, line, k, d) in seg]
                if ss:
                    out.append(ss)
                out += [[-x, -y] for i, x in enumerate(ss) for y in ss[i + 1:]]
            # Inside a box: the b segments of the box in this direction.
            for band in range(b):
                for k in range(b):
                    ss = [seg[(dirn, band * b + i, k, d)] for i in range(b)
                          if (dirn, band * b + i, k, d) in seg]
                    if ss:
                        out.append(ss)
                    out += [[-x, -y] for i, x in enumerate(ss) for y in ss[i + 1:]]
    return out


def decode(var, model, grid):
    """The grid with every cell whose (cell, digit) variable is in `model` (true variables) set."""
    for key, x in var.items():
        if len(key) == 2 and x in model:
            grid[key[0]] = key[1] + 1
    return grid


def valid(b, n, puzzle, grid):
    """The grid keeps the puzzle's givens and holds every digit once in each unit."""
    return all(p in (0, q) for p, q in zip(puzzle, grid)) and all(
        sorted(grid[c] for c in u) == list(range(1, n + 1)) for u in units(b, n))


def solve(path, conflicts, options, encoding, solver, out):
    from pysat.solvers import Solver
    b, n, puzzle, grid, var, clauses = load(path, encoding)
    if clauses is None:
        out.put(("unsat", 0))
        return
    with Solver(name=solver) as s:
        if options:
            s.configure(options)
        s.append_formula(clauses)
        if conflicts:
            s.conf_budget(conflicts)
            result = s.solve_limited()
        else:
            result = s.solve()
        spent = s.accum_stats().get("conflicts", 0)
        if not result:
            out.put(("unsat" if result is False else "open", spent))
            return
        model = set(x for x in s.get_model() if x > 0)
    ok = valid(b, n, puzzle, decode(var, model, grid))
    out.put(("solved" if ok else "WRONG", spent))


def check(path, out, encoding):
    """The grid a DIMACS solver's model gives, checked against the puzzle and the rules."""
    b, n, puzzle, grid, var, clauses = load(path, encoding)
    if clauses is None:
        return "no solution (propagation finds a clash), so no model can be right"
    model = set()
    for line in open(out):
        if line.startswith("v "):
            model.update(int(t) for t in line.split()[1:] if int(t) > 0)
    return "solution checked" if valid(b, n, puzzle, decode(var, model, grid)) else "WRONG"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--limit", type=float, default=120.0)
    ap.add_argument("--conflicts", type=int, default=0)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--encoding", choices=["pairwise", "segments", "segments-full"],
                    default="pairwise")
    ap.add_argument("--solver", default="cadical195",
                    help="a python-sat solver name (cadical195, maplechrono, glucose4, ...)")
    ap.add_argument("--dimacs", metavar="DIR",
                    help="write each puzzle's CNF to DIR/NAME.cnf and solve nothing")
    ap.add_argument("--model", metavar="OUT",
                    help="check the model in a DIMACS solver's output OUT for the one FILE")
    a = ap.parse_args()
    if a.model:
        if len(a.files) != 1:
            ap.error("--model checks one FILE")
        print(a.files[0].split("/")[-1], check(a.files[0], a.model, a.encoding))
        return
    if a.dimacs:
        for path in a.files:
            b, n, grid = parse(path)
            enc = encode(b, n, grid, a.encoding)
            name = path.split("/")[-1].rsplit(".", 1)[0]
            with open(f"{a.dimacs}/{name}.cnf", "w") as f:
                if enc is None:
                    f.write("p cnf 1 2\n1 0\n-1 0\n")
                    continue
                var, clauses = enc
                f.write(f"p cnf {len(var)} {len(clauses)}\n")
                f.writelines(" ".join(map(str, c)) + " 0\n" for c in clauses)
        return
    options = {k: int(v) for k, v in (o.split("=") for o in a.option)}
    times = []
    for path in a.files:
        out = mp.Queue()
        t0 = time.time()
        child = mp.Process(target=solve, args=(path, a.conflicts, options, a.encoding, a.solver, out))
        child.start()
        child.join(a.limit)
        if child.is_alive():
            child.terminate()
            child.join()
            status, spent = "open", "-"
        else:
            status, spent = out.get() if not out.empty() else ("error", "-")
        dt = time.time() - t0
        if status == "solved":
            times.append(dt)
        print(f"{path.split('/')[-1]} {status} {dt:.2f}s conflicts {spent}", flush=True)
    times.sort()
    med = f"{times[len(times) // 2]:.2f}s" if times else "-"
    print(f"solved {len(times)}/{len(a.files)} within {a.limit:g}s, median {med}")


if __name__ == "__main__":
    main()
