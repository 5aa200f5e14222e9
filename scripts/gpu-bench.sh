#!/bin/sh
# The GPU measurements issue 14 asks for, ready for a machine with a hardware GPU (none has been
# lent to this project's work so far, see docs/RESULTS.md). Run from the repository root:
#
#   scripts/gpu-bench.sh [OUT_DIR]          (default: gpu-bench, ignored by git)
#
# It prints the adapters, then `evoku bench` on the GPU and on the CPU for the paper, default and
# walk presets at 9x9, 16x16 and 25x25 with an islands sweep (the default islands first, then sizes
# that fill a large GPU), then the default solver on the large-board sets on both backends. Every
# command's JSON lines go to OUT_DIR, one file per command, for docs/RESULTS.md.
#
# Environment: EVOKU (the binary, default target/release/evoku), ISLANDS (the sweep, default
# "auto 1024 8192 65536"), REPS (repetitions per bench, default 5), SUITE_LIMIT (seconds per
# large-board instance, default: evoku's default limits). Set WGPU_BACKEND=vulkan where a GL
# fallback could be picked.
set -eu
out=${1:-gpu-bench}
evoku=${EVOKU:-target/release/evoku}
islands=${ISLANDS:-auto 1024 8192 65536}
reps=${REPS:-5}
if [ ! -x "$evoku" ]; then
    cargo build --release
fi
mkdir -p "$out"

"$evoku" devices | tee "$out/devices.txt"

for preset in paper default walk; do
    for n in $islands; do
        echo "== bench --preset $preset --islands $n"
        "$evoku" bench --backend gpu --preset "$preset" --islands "$n" \
            --repetitions "$reps" --json >"$out/bench-gpu-$preset-$n.jsonl"
        cat "$out/bench-gpu-$preset-$n.jsonl"
    done
    echo "== bench --preset $preset --backend cpu"
    "$evoku" bench --backend cpu --preset "$preset" --repetitions "$reps" --json \
        >"$out/bench-cpu-$preset.jsonl"
    cat "$out/bench-cpu-$preset.jsonl"
done

if [ ! -d large-sets ]; then
    EVOKU="$evoku" sh scripts/make-large-sets.sh large-sets
fi
limit=""
if [ -n "${SUITE_LIMIT:-}" ]; then
    limit="--time-limit $SUITE_LIMIT"
fi
for backend in gpu cpu; do
    for size in 36x36 49x49; do
        echo "== suite large-sets/$size --backend $backend"
        # shellcheck disable=SC2086
        "$evoku" suite "large-sets/$size" --fill 40,45,50 --backend "$backend" $limit \
            --json >"$out/suite-$backend-$size.jsonl" || true
        tail -n 5 "$out/suite-$backend-$size.jsonl"
    done
done
