#!/usr/bin/env python3
"""Baseline: the CaDiCaL 1.9.5 SAT solver (through python-sat) on Lloyd & Amos puzzle files, to
put a state-of-the-art CDCL solver beside evoku's exact member on the same instances and limits.

Usage: scripts/cadical.py [--limit S] [--conflicts N] [--option NAME=VALUE ...]
                          [--encoding pairwise|segments] [--solver NAME] FILE...
       scripts/cadical.py --dimacs DIR [--encoding E] FILE...   (write the CNF, solve nothing)
       scripts/cadical.py --model OUT FILE   (check a DIMACS solver's model of FILE's CNF)
Needs: pip install python-sat; the `dimacs` example (`cargo build --release --example dimacs`,
built here when missing; $DIMACS_BIN names another build).

The CNF is the one evoku's CDCL search gets, written by Rust (`examples/dimacs.rs`, through
`evoku::exact::cdcl::dimacs`): after evoku's propagation, one variable per open (cell, candidate),
at least one digit per cell and one place per (unit, missing digit), at most one of each by
pairwise clauses; `--encoding segments` adds the segment variables of `Config::segments` (a digit
in a row or column x box intersection; the former `segments-full` of this script). Nothing is
encoded here: its `c evoku` lines say how to turn a model into the grid, which is checked against
the puzzle's givens and the rules before it counts. A FILE ending in .cnf is such a CNF, read as
is; any other file is one puzzle in Lloyd & Amos's format (box size, a line "1", then the rows
with -1 for an empty cell), as `evoku generate --fill --out-dir` writes them. Each puzzle runs in
a child process, one core, killed at --limit seconds (wall, CNF writing included); --conflicts
stops CaDiCaL itself after that many conflicts (a load-free budget). --option sets a CaDiCaL
option (its src/options.hpp), e.g. --option elim=0 to screen a feature; --solver runs another
python-sat solver (maplechrono, lingeling, glucose4, ...) on the same CNF; --dimacs writes each
puzzle's CNF to DIR/NAME.cnf for a solver outside python-sat (Kissat, for one), and --model
reads such a solver's output ("v" lines) back and checks the grid it gives.
Prints one line per puzzle (name, solved/open, seconds, conflicts) and a tally with the median.
"""
import argparse
import multiprocessing as mp
import os
import subprocess
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


def dimacs_bin():
    """The `dimacs` example binary: $DIMACS_BIN, else the release build, built when missing."""
    given = os.environ.get("DIMACS_BIN")
    if given:
        return given
    path = os.path.join(REPO, "target", "release", "examples", "dimacs")
    if not os.path.exists(path):
        subprocess.run(["cargo", "build", "--release", "--example", "dimacs"], cwd=REPO, check=True)
    return path


def write_cnf(paths, encoding, out_dir):
    """Rust writes each puzzle file's CNF to out_dir/NAME.cnf; returns those paths in order."""
    flags = ["--segments"] if encoding == "segments" else []
    done = subprocess.run([dimacs_bin(), *flags, out_dir, *paths], check=True,
                          capture_output=True, text=True)
    return done.stdout.split()


def load(path, encoding):
    """(b, n, puzzle, grid, var, clauses) of a .cnf evoku wrote, or of a puzzle file whose CNF
    Rust writes here; clauses is None when there is no solution (an empty clause)."""
    if path.endswith(".cnf"):
        b, n, grid, var, clauses = read_cnf(path)
        return b, n, list(grid), grid, var, None if [] in clauses else clauses
    _, _, puzzle = parse(path)
    with tempfile.TemporaryDirectory() as tmp:
        (cnf,) = write_cnf([path], encoding, tmp)
        b, n, grid, var, clauses = read_cnf(cnf)
    return b, n, puzzle, grid, var, None if [] in clauses else clauses


def units(b, n):
    us = [[r * n + c for c in range(n)] for r in range(n)]
    us += [[r * n + c for r in range(n)] for c in range(n)]
    us += [[(br * b + i) * n + bc * b + j for i in range(b) for j in range(b)]
           for br in range(b) for bc in range(b)]
    return us


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
                    default="pairwise", help="segments-full: the former name of segments")
    ap.add_argument("--solver", default="cadical195",
                    help="a python-sat solver name (cadical195, maplechrono, glucose4, ...)")
    ap.add_argument("--dimacs", metavar="DIR",
                    help="write each puzzle's CNF to DIR/NAME.cnf and solve nothing")
    ap.add_argument("--model", metavar="OUT",
                    help="check the model in a DIMACS solver's output OUT for the one FILE")
    a = ap.parse_args()
    if a.encoding == "segments-full":
        a.encoding = "segments"
    if a.model:
        if len(a.files) != 1:
            ap.error("--model checks one FILE")
        print(a.files[0].split("/")[-1], check(a.files[0], a.model, a.encoding))
        return
    if a.dimacs:
        for cnf in write_cnf(a.files, a.encoding, a.dimacs):
            print(cnf)
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
