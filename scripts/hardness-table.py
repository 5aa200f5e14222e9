#!/usr/bin/env python3
"""The hardness curves of `scripts/hardness.sh` as one markdown table: per board size and fill, the
default solver's success and median time beside CP-SAT's, CaDiCaL's and Kissat's on the same
instances and limits, and the peak of each size (the fills with the lowest success rate of the
default solver; where it solves every instance, the fill with the longest median time) with every
solver's figures there.

Usage: scripts/hardness-table.py [OUT_DIR]   (default hardness/, as scripts/hardness.sh writes it)
"""
import csv
import os
import re
import statistics
import sys


def evoku(path):
    """{fill: (solved, runs, median_s)} from the suite's bucket table."""
    rows = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            median = float(r["median_s"]) if r["median_s"] else None
            rows[int(r["fill"])] = (int(r["solved"]), int(r["runs"]), median)
    return rows


def tally(pairs):
    """{fill: (solved, runs, median_s)} from (fill, solved, seconds) triples."""
    by_fill = {}
    for fill, solved, seconds in pairs:
        by_fill.setdefault(fill, []).append((solved, seconds))
    out = {}
    for fill, runs in by_fill.items():
        times = [s for ok, s in runs if ok]
        out[fill] = (len(times), len(runs), statistics.median(times) if times else None)
    return out


def cpsat(path, fills):
    """cpsat.py's lines `k NxN fill F% solved True 1.23s`; the fill is read back from the
    givens, so it is matched to the nearest fill asked for."""
    pairs = []
    line = re.compile(r"^\d+ \d+x\d+ fill (\d+)% solved (True|False) ([\d.]+)s$")
    for text in open(path):
        m = line.match(text.strip())
        if m:
            fill = min(fills, key=lambda f: abs(f - int(m.group(1))))
            pairs.append((fill, m.group(2) == "True", float(m.group(3))))
    return tally(pairs)


def sat_lines(path):
    """The lines of cadical.py and kissat.sh, `instNxN_F_k.txt solved 1.23s conflicts N`."""
    pairs = []
    line = re.compile(r"^inst\d+x\d+_(\d+)_\d+\.txt (\S+) ([\d.]+)s")
    for text in open(path):
        m = line.match(text.strip())
        if m:
            pairs.append((int(m.group(1)), m.group(2) == "solved", float(m.group(3))))
    return tally(pairs)


def cell(result):
    if result is None:
        return "-"
    solved, runs, median = result
    return f"{solved}/{runs}" + (f", {median:.3g} s" if median is not None else "")


def load(base, name, parse, *args):
    """{fill: (solved, runs, median_s)} of base/name, or {} when that solver was not run."""
    path = os.path.join(base, name)
    return parse(path, *args) if os.path.exists(path) else {}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "hardness"
    sizes = sorted((int(d.split("x")[0]), d) for d in os.listdir(out) if re.match(r"^\d+x\d+$", d))
    print("| board | fill | default solver | CP-SAT | CaDiCaL | Kissat |")
    print("|---|---|---|---|---|---|")
    peaks = []
    for side, d in sizes:
        base = os.path.join(out, d)
        if not os.path.exists(os.path.join(base, "evoku.csv")):
            continue
        ours = evoku(os.path.join(base, "evoku.csv"))
        fills = sorted(ours)
        others = [load(base, "cpsat.txt", cpsat, fills), load(base, "cadical.txt", sat_lines),
                  load(base, "kissat.txt", sat_lines)]
        for fill in fills:
            print(f"| {d} | {fill} % | {cell(ours[fill])} | " + " | ".join(cell(o.get(fill)) for o in others) + " |")
        rate = {f: ours[f][0] / max(ours[f][1], 1) for f in fills}
        lowest = min(rate.values())
        band = [f for f in fills if rate[f] == lowest]
        if len(band) == 1 or lowest == 1:
            # One fill, or all solved: the peak is the longest median among the lowest.
            peak = max(band, key=lambda f: ours[f][2] or float("inf"))
            band = [peak]
        there = "; ".join(f"{label} " + ", ".join(cell(o.get(f)) for f in band)
                          for label, o in zip(["CP-SAT", "CaDiCaL", "Kissat"], others) if o)
        peaks.append(f"{d} at {', '.join(map(str, band))} %: default {', '.join(cell(ours[f]) for f in band)}"
                     + (f"; {there}" if there else ""))
    print()
    print("Peaks (the lowest success of the default solver; where all are solved, the longest median):")
    for peak in peaks:
        print(f"- {peak}")


if __name__ == "__main__":
    main()
