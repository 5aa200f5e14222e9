"""Generates a batch of puzzles, rates them, solves them and saves everything as one .npz file.

    pip install ./crates/evoku-py
    python examples/python_batch.py [COUNT] [LEVEL] [OUT.npz]
"""

import sys
import time

import numpy as np

import evoku


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    level = sys.argv[2] if len(sys.argv) > 2 else "hard"
    out = sys.argv[3] if len(sys.argv) > 3 else "evoku-batch.npz"

    start = time.perf_counter()
    made = evoku.generate(9, level=level, count=count, seed=1)
    print(f"generated {len(made)} puzzles at level {level} in {time.perf_counter() - start:.1f} s")

    start = time.perf_counter()
    rated = evoku.rate(made.puzzles, runs=10, backend="cpu", seed=1)
    print(
        f"rated in {time.perf_counter() - start:.1f} s: mean entropy {rated.entropy.mean():.1f} bits, "
        f"GA solved {rated.ga_solved.sum()} of {10 * len(rated)} runs"
    )

    start = time.perf_counter()
    solved = evoku.solve(made.puzzles, backend="cpu", seed=1)
    by = {str(k): int(v) for k, v in zip(*np.unique(solved.solved_by, return_counts=True))}
    print(f"solved {solved.solved.sum()} of {len(solved)} in {time.perf_counter() - start:.1f} s (by {by})")
    # Each generated puzzle has one solution: the solver must have found it.
    assert (solved.solutions[solved.solved] == made.solutions[solved.solved]).all()

    np.savez_compressed(
        out,
        puzzles=made.puzzles,
        solutions=made.solutions,
        level=made.level,
        entropy=rated.entropy,
        technique=rated.technique,
        ga_solved=rated.ga_solved,
        solved=solved.solved,
        seconds=solved.seconds,
        solved_by=solved.solved_by,
    )
    print(f"saved {out}")


if __name__ == "__main__":
    main()
