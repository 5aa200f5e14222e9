#!/bin/sh
# Baseline: Kissat (the SAT competition solver; built from source apart from evoku, never a
# dependency of it) on Lloyd & Amos puzzle files, through the CNF evoku's CDCL search gets
# (`scripts/cadical.py --dimacs`: after evoku's propagation), to put it beside evoku's exact member
# on the same instances and limits. One Kissat at a time, one core; each model Kissat prints is
# checked against the puzzle's givens and the rules (`scripts/cadical.py --model`) before it counts.
#
#   KISSAT=/path/to/kissat scripts/kissat.sh LIMIT_S FILE...
#   env: KISSAT (the binary; default kissat on the PATH), SEED (Kissat's --seed, default 0),
#        CONFLICTS (also stop after this many conflicts, Kissat's --conflicts: a limit free of
#        the machine's load; about 1,000,000 is Kissat's 60 s on the 2-core VM at 36x36 50 %),
#        PYTHON (default python3; --dimacs and --model need no module), DIMACS_BIN (see cadical.py)
#
# Prints one line per puzzle in scripts/cadical.py's form, `NAME solved|open|unsat|WRONG 1.23s
# conflicts N` (the seconds are Kissat's own process time; Kissat stops at LIMIT_S wall seconds,
# its --time), then a tally. A puzzle evoku's propagation solves alone has an empty CNF, which
# Kissat satisfies at once; its line ends in `presolve`.
set -eu
limit=${1:?usage: KISSAT=/path/to/kissat scripts/kissat.sh LIMIT_S FILE...}
shift
kissat=${KISSAT:-kissat}
python=${PYTHON:-python3}
here=$(dirname "$0")
command -v "$kissat" > /dev/null || { echo "kissat.sh: no Kissat at '$kissat' (set KISSAT)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
solved=0
runs=0
times=""
for file in "$@"; do
    name=$(basename "$file")
    cnf=$("$python" "$here/cadical.py" --dimacs "$tmp" "$file")
    out="$tmp/out"
    rc=0
    "$kissat" --seed="${SEED:-0}" --time="$limit" ${CONFLICTS:+--conflicts="$CONFLICTS"} "$cnf" > "$out" || rc=$?
    seconds=$(awk '/^c process-time:/ { t = $(NF - 1) } END { print t == "" ? "0.00" : t }' "$out")
    conflicts=$(awk '/^c conflicts:/ { c = $3 } END { print c == "" ? 0 : c }' "$out")
    case $rc in
    10)
        checked=$("$python" "$here/cadical.py" --model "$out" "$file")
        case $checked in
        *"solution checked") status=solved ;;
        *) status=WRONG ;;
        esac
        ;;
    20) status=unsat ;;
    0) status=open ;;
    *) status="error($rc)" ;;
    esac
    note=""
    grep -q '^p cnf 0 0$' "$cnf" && note=" presolve"
    echo "$name $status ${seconds}s conflicts $conflicts$note"
    runs=$((runs + 1))
    if [ "$status" = solved ]; then
        solved=$((solved + 1))
        times="$times $seconds"
    fi
    rm -f "$cnf" "$out"
done
median=$(echo "$times" | tr ' ' '\n' | grep . | sort -g | awk '{ t[NR] = $1 } END {
    print NR ? t[int(NR / 2) + 1] "s" : "-" }')
echo "solved $solved/$runs within ${limit}s${CONFLICTS:+ and $CONFLICTS conflicts}, median $median"
