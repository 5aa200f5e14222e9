#!/bin/sh
# The GPU measurements of issues 13 and 14, for a machine with a hardware GPU. Run from the
# repository root:
#
#   scripts/gpu-bench.sh [OUT_DIR [PART...]]    (OUT_DIR default: gpu-bench, ignored by git)
#
# PART is one or more of the following (default: all three, in this order). A lent device gives a
# session 30 minutes and one command 10, so run one part per command; the times are what they
# took or are bounded by on an H200 host of 16 cores:
#
#   bench    `evoku bench` (the GPU column and the CPU column on every core, same puzzle, preset and
#            seed, with the final island states compared) for the paper, default and walk presets
#            at 9x9, 16x16 and 25x25 over an islands sweep, one board size per command so that
#            each gets enough generations: a repetition is timed up to its island read-back,
#            which costs a fixed few milliseconds, so a repetition of a few generations
#            under-reports the kernels (on an H200 the paper preset at 9x9 read 2.1e8 with 10
#            generations and 3.9e8 with 20). About 6-8 minutes with the default sweep.
#   suite    the default solver on the large-board sets, both backends: 36x36 and 49x49 at
#            SUITE_FILLS, SUITE_PER_BUCKET instances each, SUITE_LIMIT seconds each (issue 13's
#            "the same sets in a tenth of the CPU time"). At most 2 x (3 + 3) x 3 x 25 s = 15
#            minutes with the defaults, far less where instances solve: split it with
#            SUITE_SIZES and SUITE_BACKENDS to stay within one command's 10 minutes.
#   streams  the large-board exact member on many cores: `evoku suite --backend cpu
#            --exact-streams N` on 36x36 50 %'s hardest instances (STREAMS_FILES) for N in
#            STREAMS (a run is a function of N, never of the thread count, so N = cores is the
#            multi-core setting). At most 4 x 60 s per N.
#
# It prints the adapters and warms the GPU up first (clocks idle low: the first seconds of work
# run slow). Every command's JSON goes to OUT_DIR.
#
# Environment: EVOKU (the binary, default target/release/evoku), ISLANDS (the sweep, default
# "auto 8192"), REPS (repetitions per bench, default 3), GENERATIONS (per size, default
# "9:100 16:40 25:20"), SUITE_LIMIT (seconds per large-board instance, default 25),
# SUITE_FILLS (default 45,50), SUITE_PER_BUCKET (default 3), SUITE_SIZES (default "36x36 49x49"),
# SUITE_BACKENDS (default "gpu cpu"), STREAMS (default "2 8 16"), STREAMS_LIMIT (default 60),
# STREAMS_FILES (default 36x36 50 % instances 3, 4, 6 and 8 of large-sets). Set
# WGPU_BACKEND=vulkan where a GL fallback could be picked.
set -eu
out=${1:-gpu-bench}
[ $# -gt 0 ] && shift
parts=${*:-bench suite streams}
evoku=${EVOKU:-target/release/evoku}
if [ ! -x "$evoku" ]; then
    cargo build --release
fi
mkdir -p "$out"

"$evoku" devices | tee "$out/devices.txt"
"$evoku" bench --backend gpu --preset paper --sizes 9 --islands 1024 --generations 50 \
    --repetitions 1 --quiet >/dev/null

large_sets() {
    if [ ! -d large-sets ]; then
        EVOKU="$evoku" sh scripts/make-large-sets.sh large-sets
    fi
}

bench() {
    islands=${ISLANDS:-auto 8192}
    reps=${REPS:-3}
    generations=${GENERATIONS:-9:100 16:40 25:20}
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
}

suite() {
    large_sets
    for backend in ${SUITE_BACKENDS:-gpu cpu}; do
        for size in ${SUITE_SIZES:-36x36 49x49}; do
            echo "== suite large-sets/$size --backend $backend"
            "$evoku" suite "large-sets/$size" --fill "${SUITE_FILLS:-45,50}" \
                --per-bucket "${SUITE_PER_BUCKET:-3}" --backend "$backend" \
                --time-limit "${SUITE_LIMIT:-25}" --json >"$out/suite-$backend-$size.json" || true
        done
    done
}

streams() {
    large_sets
    files=${STREAMS_FILES:-$(for k in 3 4 6 8; do printf 'large-sets/36x36/inst36x36_50_%s.txt ' "$k"; done)}
    for n in ${STREAMS:-2 8 16}; do
        echo "== suite --backend cpu --exact-streams $n"
        # shellcheck disable=SC2086 # the file list splits on purpose
        "$evoku" suite $files --backend cpu --exact-streams "$n" \
            --time-limit "${STREAMS_LIMIT:-60}" --json >"$out/streams-$n.json" || true
    done
}

for part in $parts; do
    case $part in
    bench | suite | streams) "$part" ;;
    *)
        echo "gpu-bench.sh: unknown part '$part' (bench, suite or streams)" >&2
        exit 2
        ;;
    esac
done
