#!/usr/bin/env bash
# scripts/demo.sh — set up, build the `costsim` command, and run the bundled demo.
# Extra arguments go to `costsim` (e.g. scripts/demo.sh quote --catalog ... --json).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
build="$root/build-release"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCOSTSIM_BUILD_TESTS=OFF -DCOSTSIM_WITH_TORCH=OFF >/dev/null
cmake --build "$build" --target costsim_cli -j"$(nproc)" >/dev/null
if (($#)); then exec "$build/simulator/costsim" "$@"; else exec "$build/simulator/costsim" demo; fi
