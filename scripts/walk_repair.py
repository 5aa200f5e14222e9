#!/usr/bin/env python3
"""Screen: how much of a walk's best grid lies in some solution (issue 13, large-neighbourhood
repair). Keeps part of the grid that `evoku solve --algorithm ga --preset walk --json` left (its
`best`, or its `solution`), frees the rest, and asks CaDiCaL (scripts/cadical.py's CNF) whether
the puzzle can still be completed. If a low-penalty walk grid were near a solution, keeping the
cells outside its conflicted lines, or a random share of them, would leave a satisfiable puzzle
for the exact solver to finish.

Usage: scripts/walk_repair.py PUZZLE WALK_JSON [--conflicts N] [--tries K] [--keep Q ...]
Needs: pip install python-sat

Prints the walk's penalty and conflicted lines, then for each way of choosing the kept cells
(every cell outside the conflicted rows and columns; outside their bands and stacks; a random
share Q of the cells outside the conflicted lines, K tries each, seeded) whether the rest is
`sat`, `unsat` or `open` after N conflicts, or `clash` when naked singles already empty a cell.
"""
import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cadical import encode, parse  # noqa: E402

# evoku's symbols from 1 up (digits, then upper case, then lower case).
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#"


def completes(b, n, puzzle, grid, kept, conflicts):
    """Whether the puzzle with `grid`'s digits at `kept` added as givens has a solution."""
    from pysat.solvers import Cadical195

    givens = [puzzle[i] or (grid[i] if i in kept else 0) for i in range(n * n)]
    encoded = encode(b, n, givens)
    if encoded is None:
        return "clash", 0
    solver = Cadical195(bootstrap_with=encoded[1])
    solver.conf_budget(conflicts)
    result = solver.solve_limited()
    spent = solver.accum_stats().get("conflicts", 0)
    solver.delete()
    return {True: "sat", False: "unsat", None: "open"}[result], spent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzle")
    ap.add_argument("walk_json")
    ap.add_argument("--conflicts", type=int, default=100_000)
    ap.add_argument("--tries", type=int, default=3)
    ap.add_argument("--keep", type=float, nargs="*", default=[0.05, 0.1, 0.2, 0.3])
    a = ap.parse_args()
    b, n, puzzle = parse(a.puzzle)
    walk = json.load(open(a.walk_json))
    grid = [SYMBOLS.index(ch) + 1 for ch in (walk["best"] or walk["solution"])]
    rows = {r for r in range(n) if len({grid[r * n + c] for c in range(n)}) < n}
    cols = {c for c in range(n) if len({grid[r * n + c] for r in range(n)}) < n}
    print(f"penalty {walk['fitness']}, conflicted rows {sorted(rows)}, columns {sorted(cols)}")
    free = [i for i in range(n * n) if not puzzle[i]]
    outside_lines = [i for i in free if i // n not in rows and i % n not in cols]
    bands, stacks = {r // b for r in rows}, {c // b for c in cols}
    outside_bands = [i for i in free if i // n // b not in bands and i % n // b not in stacks]
    choices = [("outside the conflicted lines", outside_lines),
               ("outside their bands and stacks", outside_bands)]
    rng = random.Random(1)
    for q in a.keep:
        for t in range(a.tries):
            kept = rng.sample(outside_lines, int(q * len(outside_lines)))
            choices.append((f"random {q:.0%} of those outside the lines, try {t}", kept))
    for name, kept in choices:
        start = time.time()
        result, spent = completes(b, n, puzzle, grid, set(kept), a.conflicts)
        print(f"keep {len(kept)} of {len(free)} free cells ({name}): {result}, "
              f"{spent} conflicts, {time.time() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main()
