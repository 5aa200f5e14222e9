#!/usr/bin/env python3
"""What scripts/member-rounds.sh measured, as markdown: per file, the runs solved within each
round cap (the rounds a 60 s run holds, half and twice as many), the median rounds, and per seed
the runs solved within the middle cap. Open runs count as never solved; a cap above a run's own
limit counts it only if it was solved within that limit.

With `--against BASE`, each file is also set beside BASE (another setting's runs, say the
default's) on the runs both hold (the same seed and instance): the runs each solves within the
middle cap and the other does not, and over the runs both solve the rounds each took in all and
how many were faster, slower or even.

Usage: scripts/member-rounds.py [--caps 58,116,232] [--against BASE] FILE...
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
    parser.add_argument("--against", metavar="BASE", help="runs to compare each file with")
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
    if args.against:
        print()
        compare(args.against, args.files, middle)


def compare(base_path, paths, cap):
    """Each file's runs beside BASE's on the (seed, instance) runs both hold."""
    base = {(r[0], r[1]): r for r in runs(base_path)}

    def won(r):
        return r[2] and r[3] <= cap

    print(f"| file against {base_path} | runs in both | solved within {cap}: file / base |"
          " only the file | only the base | rounds of the runs both solve: file / base |"
          " faster / slower / even |")
    print("|---|---:|---:|---|---|---:|---:|")
    for path in paths:
        pairs = [(r, base[(r[0], r[1])]) for r in runs(path) if (r[0], r[1]) in base]
        if not pairs:
            continue
        only_file = [f"{a[1]} seed {a[0]}" for a, b in pairs if won(a) and not won(b)]
        only_base = [f"{b[1]} seed {b[0]}" for a, b in pairs if won(b) and not won(a)]
        both = [(a[3], b[3]) for a, b in pairs if won(a) and won(b)]
        faster = sum(1 for a, b in both if a < b)
        slower = sum(1 for a, b in both if a > b)
        print(
            f"| {path} | {len(pairs)} | {sum(1 for a, _ in pairs if won(a))} / "
            f"{sum(1 for _, b in pairs if won(b))} | {', '.join(only_file) or '-'} | "
            f"{', '.join(only_base) or '-'} | {sum(a for a, _ in both)} / {sum(b for _, b in both)} | "
            f"{faster} / {slower} / {len(both) - faster - slower} |"
        )


if __name__ == "__main__":
    main()
