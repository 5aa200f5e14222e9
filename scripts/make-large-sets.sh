#!/bin/sh
# Makes the large-board benchmark sets (issue 13): Lloyd & Amos-style instances (a random complete
# grid, cells removed at random down to the fill; solutions need not be unique), ten per 5 % step:
# 36x36 at 30-60 %, 49x49 at 35-55 %, and three 64x64 at 40, 45 and 50 %. Seeded: the same command
# makes the same files, so they are not committed (puzzles/large/ keeps a sample).
#
#   scripts/make-large-sets.sh [OUT_DIR]     (default: large-sets, ignored by git)
#   evoku suite large-sets/36x36 --fill 40,45,50 --preset walk
set -eu
out=${1:-large-sets}
evoku=${EVOKU:-target/release/evoku}
if [ ! -x "$evoku" ]; then
    cargo build --release
fi
"$evoku" generate --size 36 --fill 30,35,40,45,50,55,60 --count 10 --seed 1 --out-dir "$out/36x36"
"$evoku" generate --size 49 --fill 35,40,45,50,55 --count 10 --seed 1 --out-dir "$out/49x49"
"$evoku" generate --size 64 --fill 40,45,50 --count 3 --seed 1 --out-dir "$out/64x64"
