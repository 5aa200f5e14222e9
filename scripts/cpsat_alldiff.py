#!/usr/bin/env python3
"""Baseline: OR-tools CP-SAT with one integer variable per cell and AddAllDifferent per row,
column and box, on Lloyd & Amos puzzle files (../shared/baselines/cpsat.py is the Boolean model:
one variable per cell and digit, exactly one per cell and unit).

Usage: scripts/cpsat_alldiff.py [--limit S] [--workers W] FILE...
Needs: pip install ortools

Prints one line per file: name, CP-SAT's status, seconds (model building included), conflicts.
Every solution is checked here before it counts.
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cadical import parse, units, valid  # noqa: E402


def solve(path, limit, workers):
    from ortools.sat.python import cp_model
    t0 = time.time()
    b, n, grid = parse(path)
    m = cp_model.CpModel()
    x = [m.NewConstant(v) if v else m.NewIntVar(1, n, f"x{c}") for c, v in enumerate(grid)]
    for u in units(b, n):
        m.AddAllDifferent([x[c] for c in u])
    s = cp_model.CpSolver()
    s.parameters.max_time_in_seconds = limit
    s.parameters.num_workers = workers
    status = s.Solve(m)
    name = s.StatusName(status)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        sol = [s.Value(v) for v in x]
        ok = valid(b, n, grid, sol)
        name = "solved" if ok else "WRONG"
    print(f"{Path(path).name} {name} {time.time() - t0:.1f}s conflicts {s.NumConflicts()}",
          flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()
    for path in a.files:
        solve(path, a.limit, a.workers)


if __name__ == "__main__":
    main()
