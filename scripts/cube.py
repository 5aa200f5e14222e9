#!/usr/bin/env python3
"""Screen: cube-and-conquer on Lloyd & Amos puzzle files, with CaDiCaL (through python-sat) as the
conqueror, on the CNF of scripts/cadical.py (evoku's CDCL encoding).

Usage: scripts/cube.py [--depth D] [--sample K] [--first N] [--conflicts TOTAL] FILE...
Needs: pip install python-sat

Cubes: a lookahead tree of depth D over the CNF (MiniSat's unit propagation through python-sat's
`propagate`): at each node, K free variables drawn with a fixed seed are each propagated both
ways; a variable false both ways refutes the node, one false way fixes the other (failed
literal, the node is looked at again), else the variable whose two sides fix the most (march's
product) splits the node. Conquer: one incremental CaDiCaL over all cubes (learned clauses kept
from cube to cube), each cube solved under its literals as assumptions with N conflicts, the
cubes still open run again with twice the budget, round after round, until a cube is solved or
TOTAL conflicts are spent. Every solution is checked before it counts. Conflict budgets make the
screen independent of the machine's load. Prints per file the cubes, then one line per round.
"""
import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cadical import decode, encode, parse, valid  # noqa: E402


def lookahead_cubes(clauses, nvars, depth, sample, seed):
    from pysat.solvers import Solver
    la = Solver(name="minisat22", bootstrap_with=clauses)
    rnd = random.Random(seed)
    cubes, refuted = [], 0

    def split(cube, d):
        nonlocal refuted
        while True:
            ok, implied = la.propagate(assumptions=cube)
            if not ok:
                refuted += 1
                return
            if d == 0:
                cubes.append(cube)
                return
            fixed = set(abs(lit) for lit in implied)
            free = [v for v in range(1, nvars + 1) if v not in fixed]
            if not free:
                cubes.append(cube)
                return
            tried = free if len(free) <= sample else rnd.sample(free, sample)
            best, best_score, failed = None, -1, None
            for v in tried:
                ok1, i1 = la.propagate(assumptions=cube + [v])
                ok0, i0 = la.propagate(assumptions=cube + [-v])
                if not ok1 and not ok0:
                    refuted += 1
                    return
                if not ok1 or not ok0:
                    failed = -v if not ok1 else v
                    break
                score = (len(i1) - len(implied) + 1) * (len(i0) - len(implied) + 1)
                if score > best_score:
                    best, best_score = v, score
            if failed is not None:
                cube = cube + [failed]
                continue
            split(cube + [best], d - 1)
            split(cube + [-best], d - 1)
            return

    sys.setrecursionlimit(10000)
    split([], depth)
    la.delete()
    return cubes, refuted


def conquer(path, a):
    from pysat.solvers import Solver
    t0 = time.time()
    b, n, grid = parse(path)
    puzzle = list(grid)
    enc = encode(b, n, grid)
    name = Path(path).name
    if enc is None:
        print(f"{name}: no solution (singles)")
        return
    var, clauses = enc
    cubes, refuted = lookahead_cubes(clauses, len(var), a.depth, a.sample, 1)
    print(f"{name}: {len(cubes)} cubes, {refuted} refuted, {time.time() - t0:.1f} s", flush=True)
    s = Solver(name="cadical195", bootstrap_with=clauses)
    budget, spent, live = a.first, 0, list(range(len(cubes)))
    while live and spent < a.conflicts:
        still = []
        for i in live:
            if spent >= a.conflicts:
                still.append(i)
                continue
            s.conf_budget(budget)
            result = s.solve_limited(assumptions=cubes[i])
            spent = s.accum_stats().get("conflicts", 0)
            if result:
                model = set(x for x in s.get_model() if x > 0)
                ok = valid(b, n, puzzle, decode(var, model, grid))
                print(f"  {'solved' if ok else 'WRONG'}: cube {i}, budget {budget}, "
                      f"{spent} conflicts, {time.time() - t0:.1f} s")
                return
            if result is None:
                still.append(i)
        live = still
        print(f"  budget {budget}: {len(live)} cubes open, {spent} conflicts, "
              f"{time.time() - t0:.1f} s", flush=True)
        budget *= 2
    print(f"  open: {len(live)} cubes, {spent} conflicts")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--sample", type=int, default=100)
    ap.add_argument("--first", type=int, default=2000)
    ap.add_argument("--conflicts", type=int, default=2_000_000)
    a = ap.parse_args()
    for path in a.files:
        conquer(path, a)


if __name__ == "__main__":
    main()
