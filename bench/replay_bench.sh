#!/usr/bin/env bash
# Time per trace replay (bench/replay_bench.cpp): builds it with -O2 against the headers and
# runs it on the paper's cbl-eval-2022-10 windows.  bench/replay_bench.sh [TRACES_DIR] [REPEAT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${TMPDIR:-/tmp}/costsim_replay_bench
${CXX:-c++} -std=c++20 -O2 -DNDEBUG -I "$here/../include" "$here/replay_bench.cpp" -o "$out"
"$out" "${1:-$here/../pricing_data/spot-traces/cbl-eval-2022-10}" "${2:-20}"
