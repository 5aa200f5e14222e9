#!/bin/sh
# The GPU measurements of issue 14, for a machine with a hardware GPU. Run from the repository
# root:
#
#   scripts/gpu-bench.sh [OUT_DIR]          (default: gpu-bench, ignored by git)
#
# It prints the adapters, warms the GPU up (clocks idle low: the first seconds of work run slow),
# then runs `evoku bench` (the GPU column and the CPU column on every core, same puzzle, preset
# and seed, with the final island states compared) for the paper, default and walk presets at
# 9x9, 16x16 and 25x25 over an islands sweep, one board size per command so that each gets
# enough generations: a repetition is timed up to its island read-back, which costs a fixed few
# milliseconds, so a repetition of a few generations under-reports the kernels (measured on an
# H200: the paper preset at 9x9 read 2.1e8 with 10 generations and 3.9e8 with 20). Then the
# default solver on the large-board sets on both backends. Every command's JSON goes to OUT_DIR.
#
# Environment: EVOKU (the binary, default target/release/evoku), ISLANDS (the sweep, default
# "auto 8192"), REPS (repetitions per bench, default 3), GENERATIONS (per size, default
# "9:100 16:40 25:20"), SUITE_LIMIT (seconds per large-board instance, default 60). Set
# WGPU_BACKEND=vulkan where a GL fallback could be picked.
set -eu
out=${1:-gpu-bench}
evoku=${EVOKU:-target/release/evoku}
islands=${ISLANDS:-auto 8192}
reps=${REPS:-3}
generations=${GENERATIONS:-9:100 16:40 25:20}
if [ ! -x "$evoku" ]; then
    cargo build --release
fi
mkdir -p "$out"

"$evoku" devices | tee "$out/devices.txt"
"$evoku" bench --backend gpu --preset paper --sizes 9 --islands 1024 --generations 50 \
    --repetitions 1 --quiet >/dev/null

for preset in paper default walk; do
    for n in $islands; do
        for pair in $generations; do
            size=${pair%%:*}
            gens=${pair#*:}
            echo "== bench --preset $preset --islands $n --sizes $size --generations $gens"
            "$evoku" bench --backend gpu --preset "$preset" --islands "$n" --sizes "$size" \
                --generations "$gens" --repetitions "$reps" --json \
                >"$out/bench-$preset-$n-$size.json" || true
        done
    done
    echo "== bench --preset $preset --backend cpu (the preset's own islands)"
    "$evoku" bench --backend cpu --preset "$preset" --repetitions "$reps" --json \
        >"$out/bench-cpu-$preset.json"
done

if [ ! -d large-sets ]; then
    EVOKU="$evoku" sh scripts/make-large-sets.sh large-sets
fi
for backend in gpu cpu; do
    for size in 36x36 49x49; do
        echo "== suite large-sets/$size --backend $backend"
        "$evoku" suite "large-sets/$size" --fill 40,45,50 --backend "$backend" \
            --time-limit "${SUITE_LIMIT:-60}" --json >"$out/suite-$backend-$size.json" || true
    done
done
