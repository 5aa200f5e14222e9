#!/usr/bin/env python3
"""The table of docs/results/gpu.md's GPU section from the JSON that scripts/gpu-bench.sh wrote.

    scripts/gpu-table.py OUT_DIR

Prints markdown: the device and host, the GA throughput rows (GPU against the CPU engine of the
same host), the single-puzzle rows (one median per board size and fill, per backend) and the batch
row. A file a part did not write is shown as "not run".
"""

import json
import pathlib
import sys


def load(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def rows(document):
    """The rows of an `--export json`-style document (`rows` of objects), or []."""
    if isinstance(document, dict):
        return document.get("rows", [])
    return []


def device_line(out):
    adapters = []
    for line in (out / "devices.json").read_text().splitlines() if (out / "devices.json").exists() else []:
        try:
            adapter = json.loads(line)
        except ValueError:
            continue
        if not adapter.get("software"):
            adapters.append(f"{adapter['name']} ({adapter['backend']}, driver {adapter.get('driver_info', '')})")
    host = (out / "host.txt").read_text().split()[0] if (out / "host.txt").exists() else "?"
    return f"Device: {', '.join(adapters) or 'no hardware adapter'}; host: {host} CPU threads."


def bench_table(out):
    lines = [
        "| GA paper preset, 8,192 islands | GPU ind.-gen./s | CPU engine, all threads | GPU / CPU | states equal |",
        "|---|---:|---:|---:|---|",
    ]
    for size in (9, 16, 25):
        # The build measured, its `breed_wide` kernel (EVOKU_BREED=wide), then the older build
        # (EVOKU_BASE) when gpu-bench.sh ran them too.
        for suffix, label in (("", ""), ("-wide", ", `breed_wide`"), ("-base", ", base build")):
            found = rows(load(out / f"bench-paper-{size}{suffix}.json"))
            if not found:
                if not suffix:
                    lines.append(f"| {size}x{size} | not run | | | |")
                continue
            row = found[0]
            lines.append(
                f"| {size}x{size} ({row.get('generations')} generations{label}) | {row['gpu_median']:.3g} "
                f"| {row['cpu_median']:.3g} | {row['gpu_cpu_ratio']:.1f}x | {row.get('identical')} |"
            )
    return lines


def single_table(out):
    backends = ("auto", "cpu", "gpu")
    medians = {}
    for backend in backends:
        for size in ("16x16", "25x25", "36x36"):
            for row in rows(load(out / f"single-{backend}-{size}.json")):
                key = (row["size"], row["fill"])
                medians.setdefault(key, {})[backend] = row
    lines = [
        "| bucket | " + " | ".join(f"`--backend {b}` solved, median s" for b in backends) + " | auto / cpu |",
        "|---|" + "---|" * len(backends) + "---:|",
    ]
    for (size, fill), by in sorted(medians.items()):
        cells = []
        for backend in backends:
            row = by.get(backend)
            cells.append(
                "not run" if row is None
                else f"{row['solved']}/{row['runs']}, {row['median_s']:.3f}" if row.get("median_s") is not None
                else f"{row['solved']}/{row['runs']}"
            )
        auto, cpu = by.get("auto"), by.get("cpu")
        ratio = (
            f"{auto['median_s'] / cpu['median_s']:.2f}"
            if auto and cpu and auto.get("median_s") and cpu.get("median_s")
            else "-"
        )
        lines.append(f"| {size}x{size} {fill} % | " + " | ".join(cells) + f" | {ratio} |")
    return lines


def batch_table(out):
    lines = ["| batch of 25x25 instances (40/45/50 %), one `evoku solve` | solved | wall s |", "|---|---:|---:|"]
    walls = {}
    for backend in ("gpu", "cpu"):
        row = load(out / f"batch-{backend}.json")
        if row is None:
            lines.append(f"| `--backend {backend}` | not run | |")
            continue
        walls[backend] = row["wall_s"]
        note = "" if row["exit"] in (0, 1) else f" (exit {row['exit']})"
        lines.append(f"| `--backend {backend}`{note} | {row['solved']}/{row['puzzles']} | {row['wall_s']:.1f} |")
    if walls.get("gpu") and walls.get("cpu"):
        lines.append(f"| CPU wall / GPU wall | | {walls['cpu'] / walls['gpu']:.2f}x |")
    return lines


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    print(device_line(out))
    for table in (bench_table(out), single_table(out), batch_table(out)):
        print()
        print("\n".join(table))


if __name__ == "__main__":
    main()
