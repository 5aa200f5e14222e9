#!/bin/sh
# The hardness curve of one board size (issue 36): Lloyd & Amos-style instances at fills 30 to 70 %
# in 5 % steps (`evoku generate --fill`, seeded: the same command makes the same files), solved by
# the default solver (`evoku suite --plot` draws the curve) and, where installed, by OR-tools CP-SAT,
# CaDiCaL and Kissat on the same instances and limits. `scripts/hardness-table.py OUT` turns the results
# into one markdown table.
#
#   scripts/hardness.sh SIZE [COUNT] [LIMIT_S] [OUT_DIR]
#     SIZE 25, 36, 49 or 64; COUNT instances per fill (default 10); LIMIT_S seconds per solve
#     (default: evoku's default limit of the size); OUT_DIR default hardness/ (ignored by git)
#   env: EVOKU (default target/release/evoku), SEED (default 36), FILLS (default 30,...,70),
#        CPSAT (default ../shared/baselines/cpsat.py; needs `pip install ortools`),
#        CADICAL=1 to run scripts/cadical.py too (needs `pip install python-sat`),
#        KISSAT=/path/to/kissat to run scripts/kissat.sh too (Kissat built from source apart),
#        PYTHON (the interpreter for the baselines; default python3),
#        THREADS (evoku's --threads; default every core), WORKERS (CP-SAT's; default 2)
set -eu
size=${1:?usage: scripts/hardness.sh SIZE [COUNT] [LIMIT_S] [OUT_DIR]}
count=${2:-10}
limit=${3:-}
out=${4:-hardness}
evoku=${EVOKU:-target/release/evoku}
seed=${SEED:-36}
fills=${FILLS:-30,35,40,45,50,55,60,65,70}
cpsat=${CPSAT:-../shared/baselines/cpsat.py}
[ -x "$evoku" ] || cargo build --release
dir="$out/${size}x$size"
mkdir -p "$dir"
# The instances, once as Lloyd & Amos files (for evoku suite and CaDiCaL) and once as lines (for
# CP-SAT): the same seed gives the same instances in both forms.
if [ ! -d "$dir/instances" ]; then
    "$evoku" generate --size "$size" --fill "$fills" --count "$count" --seed "$seed" \
        --out-dir "$dir/instances"
fi
"$evoku" generate --size "$size" --fill "$fills" --count "$count" --seed "$seed" > "$dir/instances.txt"
limit_opt=""
[ -n "$limit" ] && limit_opt="--time-limit $limit"
threads_opt=""
[ -n "${THREADS:-}" ] && threads_opt="--threads $THREADS"
# shellcheck disable=SC2086
"$evoku" suite "$dir/instances" -q $limit_opt $threads_opt --plot "$dir/curve.svg" \
    --export csv "$dir/evoku.csv" --export-runs csv "$dir/evoku-runs.csv" > "$dir/evoku.txt" || true
# The baselines get evoku's limit of the size when none is given.
if [ -z "$limit" ]; then
    limit=$(awk -F, 'NR > 1 && $9 != "" { print $9; exit }' "$dir/evoku.csv")
fi
if [ -f "$cpsat" ] && "${PYTHON:-python3}" -c "import ortools" 2>/dev/null; then
    "${PYTHON:-python3}" "$cpsat" "$dir/instances.txt" "$limit" --workers "${WORKERS:-2}" > "$dir/cpsat.txt"
else
    echo "hardness: CP-SAT skipped ($cpsat or the ortools module missing)" >&2
fi
if [ "${CADICAL:-0}" = 1 ]; then
    "${PYTHON:-python3}" scripts/cadical.py --limit "$limit" "$dir"/instances/*.txt > "$dir/cadical.txt"
fi
if [ -n "${KISSAT:-}" ]; then
    KISSAT=$KISSAT scripts/kissat.sh "$limit" "$dir"/instances/*.txt > "$dir/kissat.txt"
fi
echo "hardness: $dir (curve.svg, evoku.csv, evoku-runs.csv, cpsat.txt, cadical.txt, kissat.txt)" >&2
