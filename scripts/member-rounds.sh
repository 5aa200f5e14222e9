#!/bin/bash
# Rounds to solve, per run, of the large-board exact member alone (examples/exact_member: no
# clock, so the rounds are a pure function of puzzle, settings and seed and free of the machine's
# load). For the hard band's success rate on many runs, and for screening a setting on a set it
# was not chosen on (docs/results/hardness.md, "Rounds to solve on a held-out set"). A 60 s run on
# the 2-core VM holds about 105-116 rounds at 36x36. From the repository root:
#
#   scripts/member-rounds.sh ROUNDS DIR SEED... > OUT.txt
#   scripts/member-rounds.py OUT.txt...
#
# Every puzzle file of DIR (in natural order) for each seed. Environment: MEMBER (default
# target/release/examples/exact_member; `cargo build --release --example exact_member`), and
# what exact_member reads (EVOKU_STREAM0, EVOKU_STREAM1, ...). Prints exact_member's line per run
# prefixed with `seed K`; the settings lines (`#`) as it prints them.
set -u
if [ $# -lt 3 ]; then
    echo "usage: scripts/member-rounds.sh ROUNDS DIR SEED..." >&2
    exit 2
fi
rounds=$1
dir=$2
shift 2
member=${MEMBER:-target/release/examples/exact_member}
if [ ! -x "$member" ]; then
    echo "member-rounds.sh: no binary at $member (cargo build --release --example exact_member)" >&2
    exit 2
fi
# exact_member takes every file in one call (a fresh member per file; the settings line again
# only where the board size changes them).
files=$(ls "$dir"/*.txt | sort -V)
for seed in "$@"; do
    # shellcheck disable=SC2086 # one puzzle file per word
    EVOKU_SEED=$seed "$member" "$rounds" $files | sed "/^#/!s/^/seed $seed /"
done
