#!/bin/bash
# The 36x36 hard band on a machine with many cores (issue 36: "more streams on more cores"): the
# ten 36x36 50 % instances of scripts/make-large-sets.sh, each solved alone (`evoku solve`, one
# puzzle at a time on every core) by the default solver with N CDCL streams (`--exact-streams`),
# 60 s each, seeds as given. Meant for the device machines' 16 cores; nothing is built there
# (carry the binary). At most about 10 minutes a seed and stream count (usually far less: every
# solved instance stops at once). From the repository root:
#
#   scripts/streams-bench.sh [OUT_DIR]          (default: streams-bench, ignored by git)
#
# Environment: EVOKU (default target/release/evoku), STREAMS (default "16 2"), SEEDS (default
# "1"), LIMIT (seconds per instance, default 60), INSTANCES (default "0 1 2 3 4 5 6 7 8 9").
# Writes OUT_DIR/s<N>-seed<K>.jsonl (one `solve --json` line per instance) and prints one line per
# run: instance, solved, seconds, rounds.
set -u
out=${1:-streams-bench}
evoku=${EVOKU:-target/release/evoku}
limit=${LIMIT:-60}
if [ ! -x "$evoku" ]; then
    echo "streams-bench.sh: no binary at $evoku (set EVOKU; nothing is built here)" >&2
    exit 2
fi
mkdir -p "$out"
sets=$out/sets
# The same instances as `scripts/make-large-sets.sh` (each fill draws from its own seed).
[ -d "$sets" ] || "$evoku" generate --size 36 --fill 50 --count 10 --seed 1 --out-dir "$sets" >/dev/null
{ nproc; uname -a; } >"$out/host.txt"
for streams in ${STREAMS:-16 2}; do
    for seed in ${SEEDS:-1}; do
        file=$out/s$streams-seed$seed.jsonl
        : >"$file"
        for k in ${INSTANCES:-0 1 2 3 4 5 6 7 8 9}; do
            "$evoku" solve "$sets/inst36x36_50_$k.txt" --backend cpu --exact-streams "$streams" \
                --seed "$seed" --time-limit "$limit" --json -q >>"$file" 2>>"$out/errors.txt"
            tail -n 1 "$file" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
print(sys.argv[1], r["name"], "solved" if r["solved"] else "open", round(r["seconds"], 2), "s,",
      r.get("generations"), "rounds")' "streams $streams seed $seed:"
        done
    done
done
