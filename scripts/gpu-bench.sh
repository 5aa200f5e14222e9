#!/bin/bash
# The GPU measurements of issue 33, in one command of at most 8 minutes on a machine with a
# hardware GPU (an H100 or H200 with 16 cores), every CPU figure from the same host in the same
# call. Nothing is built there: carry the binaries. From the repository root:
#
#   scripts/gpu-bench.sh [OUT_DIR]          (default: gpu-bench, ignored by git)
#
# What it runs, in order, each part bounded by `timeout` so the whole stays within 8 minutes:
#
#   devices  `evoku devices --json`, nvidia-smi, the host's cores.
#   tests    the GPU tests of the integration-test binary (EVOKU_TESTS, if given) with
#            EVOKU_REQUIRE_GPU=1: the stage-by-stage parity of every WGSL stage with its CPU twin.
#   bench    `evoku bench --preset paper --islands 8192` at 9x9, 16x16 and 25x25 (100, 40 and 20
#            generations per repetition, 3 repetitions): the GPU column and the CPU engine on all
#            cores, same puzzle and seed, final island states compared. Then 16x16 and 25x25
#            again with EVOKU_BREED=wide (`breed_wide`, a workgroup per individual: the same
#            children, another kernel; 20 and 10 generations). With EVOKU_BASE (an older build, carried too) the same
#            bench runs on it after, for an A/B of a kernel change on one card in one call.
#   single   one puzzle at a time (`evoku suite --jobs 1`: each run alone with every core),
#            `--backend auto`, `cpu` and `gpu`: 16x16 and 25x25 at 40/45/50 % fill
#            (SINGLE_PER_BUCKET instances each), 36x36 at 45/50 %.
#   batch    300 25x25 instances (100 each at 40/45/50 %, `evoku generate --fill`) solved as one
#            batch by `evoku solve`, `--backend gpu` against `--backend cpu` on every core: wall
#            time and solved count.
#
# The instances are generated with fixed seeds, so every run measures the same puzzles. Each
# part writes JSON to OUT_DIR; `scripts/gpu-table.py OUT_DIR` prints the docs/results/gpu.md table.
#
# Environment: EVOKU (default target/release/evoku), EVOKU_TESTS (an integration-test binary,
# optional), EVOKU_BASE (an older evoku binary to A/B the bench against, optional), PARTS (default "devices tests bench single batch"), SINGLE_PER_BUCKET (default 3),
# BATCH_COUNT (instances per fill, default 100), BATCH_LIMIT (seconds per puzzle, default 20).
# A folder .gl of Debian's libvulkan1 and libglvnd packages, if present, is unpacked first (the
# device machines have the NVIDIA driver but no Vulkan loader).
set -u
out=${1:-gpu-bench}
evoku=${EVOKU:-target/release/evoku}
parts=${PARTS:-devices tests bench single batch}
mkdir -p "$out"
t0=$(date +%s)
say() { echo "[$(($(date +%s) - t0)) s] $*"; }
# Seconds since the epoch with nanoseconds, for wall times.
now() { date +%s.%N; }

if [ -d .gl ] && ! ldconfig -p | grep -q libvulkan.so.1; then
    for f in .gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
fi
export WGPU_BACKEND=${WGPU_BACKEND:-vulkan}
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
if [ ! -x "$evoku" ]; then
    echo "gpu-bench.sh: no binary at $evoku (set EVOKU; nothing is built here)" >&2
    exit 2
fi

# The instances: generated once per folder, same seeds every time.
sets=$out/sets
make_sets() {
    [ -d "$sets" ] && return
    "$evoku" generate --size 16 --fill 40,45,50 --count 5 --seed 33 --out-dir "$sets/16x16" >/dev/null
    "$evoku" generate --size 25 --fill 40,45,50 --count "${BATCH_COUNT:-100}" --seed 33 \
        --out-dir "$sets/25x25" >/dev/null
    "$evoku" generate --size 36 --fill 45,50 --count 2 --seed 33 --out-dir "$sets/36x36" >/dev/null
}

devices() {
    nvidia-smi >"$out/nvidia-smi.txt" 2>&1 || true
    { nproc; uname -a; } >"$out/host.txt"
    "$evoku" devices --json >"$out/devices.json" 2>"$out/devices.err"
    "$evoku" devices
    if ! grep -q '"software": *false' "$out/devices.json"; then
        echo "gpu-bench.sh: no hardware adapter (see $out/devices.err)" >&2
        exit 3
    fi
    # Warm up: the card idles at low clocks.
    "$evoku" bench --backend gpu --preset paper --sizes 9 --islands 1024 --generations 50 \
        --repetitions 1 --quiet >/dev/null 2>&1 || true
}

tests() {
    [ -n "${EVOKU_TESTS:-}" ] || { say "tests: EVOKU_TESTS not set, skipped"; return; }
    EVOKU_REQUIRE_GPU=1 timeout 120 "$EVOKU_TESTS" --test-threads 4 gpu:: parity aco_gpu \
        loop_bounds >"$out/tests.txt" 2>&1
    echo "exit $?" >>"$out/tests.txt"
    grep -E "^test result|^exit" "$out/tests.txt"
}

bench() {
    bench_with "$evoku" "" "9:100 16:40 25:20"
    # Half the generations: nothing says the wide kernel is not many times slower.
    EVOKU_BREED=wide bench_with "$evoku" -wide "16:20 25:10"
    [ -n "${EVOKU_BASE:-}" ] && bench_with "$EVOKU_BASE" -base "9:100 16:40 25:20"
}

# The bench of binary $1 at the sizes:generations of $3, its files named
# bench-paper-SIZE$2.json.
bench_with() {
    for pair in $3; do
        size=${pair%%:*}
        gens=${pair#*:}
        timeout 60 "$1" bench --backend gpu --preset paper --islands 8192 --sizes "$size" \
            --generations "$gens" --repetitions 3 --json -q >"$out/bench-paper-$size$2.json"
        say "bench $size$2: exit $?"
    done
}

single() {
    make_sets
    for backend in auto cpu gpu; do
        for size in 16x16 25x25; do
            timeout 100 "$evoku" suite "$sets/$size" --fill 40,45,50 \
                --per-bucket "${SINGLE_PER_BUCKET:-3}" --backend "$backend" --jobs 1 --time-limit 20 \
                --json -q >"$out/single-$backend-$size.json" 2>>"$out/single.err"
            say "single $backend $size: exit $?"
        done
        timeout 60 "$evoku" suite "$sets/36x36" --backend "$backend" --jobs 1 --time-limit 20 --json -q \
            >"$out/single-$backend-36x36.json" 2>>"$out/single.err"
        say "single $backend 36x36: exit $?"
    done
}

batch() {
    make_sets
    for backend in gpu cpu; do
        start=$(now)
        timeout 150 "$evoku" solve "$sets"/25x25/*.txt --backend "$backend" \
            --time-limit "${BATCH_LIMIT:-20}" --json >"$out/batch-$backend.jsonl" \
            2>"$out/batch-$backend.err"
        code=$?
        end=$(now)
        solved=$(grep -c '"solved": *true' "$out/batch-$backend.jsonl")
        total=$(grep -c '"solved"' "$out/batch-$backend.jsonl")
        printf '{"backend":"%s","exit":%d,"wall_s":%s,"solved":%d,"puzzles":%d}\n' \
            "$backend" "$code" "$(awk "BEGIN { print $end - $start }")" "$solved" "$total" \
            >"$out/batch-$backend.json"
        say "batch $backend: $(cat "$out/batch-$backend.json")"
    done
}

for part in $parts; do
    case $part in
    devices | tests | bench | single | batch) say "$part"; "$part" ;;
    *)
        echo "gpu-bench.sh: unknown part '$part'" >&2
        exit 2
        ;;
    esac
done
say done
