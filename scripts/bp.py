#!/usr/bin/env python3
"""Screen: belief propagation (BP) over the puzzle's exactly-one constraints, then BP-guided
decimation, and BP marginals as CaDiCaL's phases, on Lloyd & Amos puzzle files.

Usage: scripts/bp.py decimate [--random] FILE...
                                             BP-guided decimation, no backtracking: how many
                                             cells it fixes before a clash, or a solution;
                                             --random: a random candidate of a cell with the
                                             fewest instead (the baseline), keyed by --seed
       scripts/bp.py phases [--conflicts N] FILE...
                                             CaDiCaL with each variable's first phase taken
                                             from its BP marginal
Needs: numpy; python-sat for `phases`.

The model: one Boolean per open (cell, candidate) left by naked and hidden singles; four kinds of
exactly-one factor (a cell's digit; a digit's place in a row, a column, a box). The message of an
exactly-one factor F to a variable v, as the ratio q = m(1)/m(0), is 1 / (sum of the other
variables' ratios into F); a variable's ratio into F is the product of the other three factors'
messages. Messages in log form, damped. A candidate's marginal is b/(1+b), b the product of its
four messages.
"""
import argparse
import sys
import time

import numpy as np

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from cadical import decode, encode, parse, valid  # noqa: E402


class Board:
    def __init__(self, b, n, grid):
        self.b, self.n = b, n
        m = np.ones((n, n, n), dtype=bool)
        for i, v in enumerate(grid):
            if v:
                m[i // n, i % n, :] = False
                m[i // n, i % n, v - 1] = True
        self.m = m

    def boxsum(self, x):
        b, n = self.b, self.n
        return x.reshape(b, b, b, b, n).sum(axis=(1, 3))

    def boxback(self, y):
        b, n = self.b, self.n
        return np.broadcast_to(y[:, None, :, None, :], (b, b, b, b, n)).reshape(n, n, n)

    def propagate(self, m):
        """Naked and hidden singles to a fixpoint; None on a clash."""
        while True:
            cc = m.sum(2)
            if (cc == 0).any():
                return None
            rs, cs, bs = m.sum(1), m.sum(0), self.boxsum(m)
            if (rs == 0).any() or (cs == 0).any() or (bs == 0).any():
                return None
            single = m & (cc == 1)[:, :, None]
            if (single.sum(1) > 1).any() or (single.sum(0) > 1).any() or \
                    (self.boxsum(single) > 1).any():
                return None
            new = m & ~(single.any(1)[:, None, :] & ~single)
            new &= ~(single.any(0)[None, :, :] & ~single)
            new &= ~(self.boxback(self.boxsum(single) > 0) & ~single)
            hidden = new & ((new.sum(1) == 1)[:, None, :] | (new.sum(0) == 1)[None, :, :]
                            | self.boxback(self.boxsum(new) == 1))
            hc = hidden.any(2)
            new = np.where(hc[:, :, None], hidden, new)
            if (new == m).all():
                return m
            m = new


def bp(board, m, logq=None, iters=60, damp=0.5):
    """Messages of the four factor kinds, log form; returns (log messages, log beliefs)."""
    n = board.n
    if logq is None:
        logq = np.zeros((4, n, n, n))
    mask = m.astype(float)
    for _ in range(iters):
        logb = logq.sum(0)
        new = np.empty_like(logq)
        for t in range(4):
            lr = np.where(m, logb - logq[t], -np.inf)
            shift = lr.max()
            r = np.exp(lr - shift) * mask
            if t == 0:
                s = np.broadcast_to(r.sum(2)[:, :, None], r.shape)
            elif t == 1:
                s = np.broadcast_to(r.sum(1)[:, None, :], r.shape)
            elif t == 2:
                s = np.broadcast_to(r.sum(0)[None, :, :], r.shape)
            else:
                s = board.boxback(board.boxsum(r))
            others = np.maximum(s - r, 1e-300)
            new[t] = np.where(m, -(np.log(others) + shift), 0.0)
        logq = damp * logq + (1 - damp) * new
        logq = np.clip(logq, -300, 300)
    return logq, logq.sum(0)


def decimate(path, iters, seed, random):
    b, n, grid = parse(path)
    board = Board(b, n, grid)
    m = board.propagate(board.m)
    if m is None:
        return "clash at start", 0, 0
    open0 = int((m.sum(2) > 1).sum())
    logq = None
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        cc = m.sum(2)
        if (cc == 1).all():
            return "solved", open0, steps
        if random:
            fewest = np.where(cc > 1, cc, n + 1)
            cells = np.argwhere(fewest == fewest.min())
            r, c = cells[rng.integers(len(cells))]
            ds = np.flatnonzero(m[r, c])
            d = ds[rng.integers(len(ds))]
        else:
            logq, logb = bp(board, m, logq, iters)
            score = np.where(m & (cc > 1)[:, :, None], logb, -np.inf)
            score = score + rng.random(score.shape) * 1e-9
            r, c, d = np.unravel_index(np.argmax(score), score.shape)
        m2 = m.copy()
        m2[r, c, :] = False
        m2[r, c, d] = True
        m2 = board.propagate(m2)
        steps += 1
        if m2 is None:
            left = int((m.sum(2) > 1).sum())
            return f"clash, {left} of {open0} open cells left", open0, steps
        m = m2


def phases(path, conflicts, iters):
    from pysat.solvers import Solver
    b, n, grid = parse(path)
    board = Board(b, n, list(grid))
    m = board.propagate(board.m)
    if m is None:
        return "unsat by singles", 0
    _, logb = bp(board, m, None, iters)
    puzzle = list(grid)
    var, clauses = encode(b, n, grid)
    lits = []
    for key, x in var.items():
        c, d = key
        lits.append(x if logb[c // n, c % n, d] > 0 else -x)
    with Solver(name="cadical195") as s:
        s.append_formula(clauses)
        s.set_phases(lits)
        s.conf_budget(conflicts)
        result = s.solve_limited()
        spent = s.accum_stats().get("conflicts", 0)
        if not result:
            return "open" if result is None else "unsat", spent
        model = set(x for x in s.get_model() if x > 0)
    return "solved" if valid(b, n, puzzle, decode(var, model, grid)) else "WRONG", spent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["decimate", "phases"])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--iters", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random", action="store_true")
    ap.add_argument("--conflicts", type=int, default=200000)
    a = ap.parse_args()
    for path in a.files:
        t0 = time.time()
        if a.mode == "decimate":
            out = decimate(path, a.iters, a.seed, a.random)
        else:
            out = phases(path, a.conflicts, a.iters)
        print(path.rsplit("/", 1)[-1], *out, f"{time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    main()
