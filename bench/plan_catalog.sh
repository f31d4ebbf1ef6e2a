#!/usr/bin/env bash
# bench/plan_catalog.sh — issue 25's bar: planning the whole bundled 2026 catalog in <= 1 s
# and <= 200 MB, whole process, median of RUNS. Measured side by side in one run, as ratios:
#   quick:  costsim plan --work 10h --deadline 24h   (every offer with a speed figure, identical
#           offers planned once, each candidate to a 1 % interval: 2,000-20,000 trials)
#   fixed:  the same plan with --trials 20000        (every candidate at the fixed count)
# Usage: bench/plan_catalog.sh [RUNS (default 5)]   (a Release build in build-bench/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
out=${COSTSIM_BENCH_BUILD_DIR:-$root/build-bench}
bash "$root/scripts/setup.sh"
if [ ! -f "$out/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$out" -DCMAKE_BUILD_TYPE=Release -DCOSTSIM_BUILD_TESTS=OFF -DCOSTSIM_BUILD_EXAMPLES=OFF \
        -DCOSTSIM_WITH_TORCH=OFF -DCOSTSIM_WITH_REPORT=OFF >/dev/null
fi
cmake --build "$out" -j"$(nproc)" --target costsim_cli >/dev/null
python3 - "$out/simulator/costsim" "$runs" <<'PY'
import resource, statistics, subprocess, sys, time
exe, runs = sys.argv[1], int(sys.argv[2])
cases = {"quick": ["plan", "--work", "10h", "--deadline", "24h"],
         "fixed": ["plan", "--work", "10h", "--deadline", "24h", "--trials", "20000"]}
times = {k: [] for k in cases}
peak = {k: 0 for k in cases}
for _ in range(runs):  # interleaved, so both see the same machine load
    for k, args in cases.items():
        t0 = time.perf_counter()
        p = subprocess.Popen([exe, *args], stdout=subprocess.DEVNULL)
        _, status, usage = __import__("os").wait4(p.pid, 0)
        times[k].append(time.perf_counter() - t0)
        peak[k] = max(peak[k], usage.ru_maxrss / 1024)  # KiB -> MiB
        if status != 0:
            sys.exit(f"{k}: exit status {status}")
q, f = statistics.median(times["quick"]), statistics.median(times["fixed"])
print(f"whole bundled 2026 catalog, plan --work 10h --deadline 24h, median of {runs}, whole process:")
print(f"  quick (to a 1 % interval): {q:.3f} s, peak {peak['quick']:.0f} MiB   (bar: <= 1 s, <= 200 MB)")
print(f"  fixed 20000 trials:        {f:.3f} s, peak {peak['fixed']:.0f} MiB")
print(f"  ratio fixed / quick: {f / q:.1f}x")
PY
