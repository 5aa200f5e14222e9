#!/usr/bin/env python3
"""What scripts/member-rounds.sh measured, as markdown: per file, the runs solved within each
round cap (the rounds a 60 s run holds, half and twice as many), the median rounds, and per seed
the runs solved within the middle cap. Open runs count as never solved; a cap above a run's own
limit counts it only if it was solved within that limit.

Usage: scripts/member-rounds.py [--caps 58,116,232] FILE...
"""
import argparse
import statistics


def runs(path):
    """[(seed, instance, solved, rounds)] from `seed K NAME solved|open|no-solution rounds R ...`."""
    out = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) >= 6 and w[0] == "seed" and w[4] == "rounds":
                out.append((int(w[1]), w[2], w[3] == "solved", int(w[5])))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--caps", default="58,116,232", help="round caps, comma-separated")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    caps = [int(c) for c in args.caps.split(",")]
    middle = caps[len(caps) // 2]
    head = " | ".join(f"within {c}" for c in caps)
    print(f"| file | runs | {head} | median rounds | within {middle}, per seed |")
    print("|---|---:|" + "---:|" * len(caps) + "---:|---|")
    for path in args.files:
        rs = runs(path)
        if not rs:
            continue
        counts = " | ".join(str(sum(1 for r in rs if r[2] and r[3] <= c)) for c in caps)
        median = statistics.median(r[3] if r[2] else float("inf") for r in rs)
        median = "open" if median == float("inf") else f"{median:g}"
        seeds = sorted({r[0] for r in rs})
        per_seed = ", ".join(
            f"{s}: {sum(1 for r in rs if r[0] == s and r[2] and r[3] <= middle)}/{sum(1 for r in rs if r[0] == s)}"
            for s in seeds
        )
        print(f"| {path} | {len(rs)} | {counts} | {median} | {per_seed} |")


if __name__ == "__main__":
    main()
