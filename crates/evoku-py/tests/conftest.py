"""Shared helpers of the evoku module's tests: the repository's puzzles and the `evoku` binary."""

import json
import os
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
NINE = REPO / "tests" / "data" / "nine"


def lines(path, count):
    """The first `count` puzzles of a line-format file, as strings (comments dropped)."""
    out = []
    for line in pathlib.Path(path).read_text().splitlines():
        text = line.split("//")[0].strip()
        if text and not text.startswith("#"):
            out.append(text.split()[0])
        if len(out) == count:
            break
    return out


def to_array(strings):
    """Line-format strings as an (N, n*n) int64 array, 0 for empty."""
    return np.array([[0 if c in ".0" else int(c, 36) for c in s] for s in strings], dtype=np.int64)


@pytest.fixture
def easy():
    """Four easy 9x9 puzzles as line-format strings."""
    return lines(NINE / "easy50.txt", 4)


@pytest.fixture
def hard():
    """Three of top95's 9x9 puzzles as line-format strings."""
    return lines(NINE / "top95.txt", 3)


def evoku_bin():
    """The `evoku` binary to compare with: $EVOKU_BIN, else target/{release,debug}/evoku of the
    repository; skips the test when there is none."""
    given = os.environ.get("EVOKU_BIN")
    if given:
        if not os.access(given, os.X_OK):
            pytest.fail(f"EVOKU_BIN={given} is not an executable")
        return given
    for profile in ("release", "debug"):
        path = REPO / "target" / profile / "evoku"
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    found = shutil.which("evoku")
    if found:
        return found
    pytest.skip(
        "no evoku binary to compare with: set EVOKU_BIN to a built `evoku` (cargo build) "
        "to compare the module's results with the command's JSON"
    )


def cli_json(*args):
    """The JSON lines `evoku ARGS` prints, parsed."""
    out = subprocess.run(
        [evoku_bin(), *map(str, args)], capture_output=True, text=True, timeout=600, cwd=REPO
    )
    assert out.returncode in (0, 1), out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def without_times(value):
    """`value` without the wall-clock figures (keys with `seconds` in them), which differ
    from run to run."""
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if "seconds" not in k}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value
