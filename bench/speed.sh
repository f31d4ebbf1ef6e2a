#!/usr/bin/env bash
# bench/speed.sh — issue 8's figures, measured side by side in one run:
#   1. the SPEC reference scenario against bench/peers/poisson_ckpt_mc.py (numpy,
#      vectorised over trials) on the same trial count, median of RUNS interleaved rounds,
#      as ratios: (a) in the scope of the peer's own timer (its simulate(): allocate the
#      per-trial arrays, fill them), costsim's engine filling a fresh per-trial table on all
#      cores (BM_reference_all_cores); (b) the whole `costsim simulate --json` command
#      (process start, scenario load, both candidates, summaries, JSON) against the same
#      timer, the stricter figure;
#   2. the engine's time per reference trial against the random-number floor (the same
#      Philox streams drawing just the variates a trial needs), Google Benchmark kernels;
#   3. a rich scenario (OU spot price with jumps, 60 s minimum, 2 min notice,
#      deadline_fallback, 200 h of work) in simulated trial-hours per second per core;
#   4. trace replay: 48 h replays per second on a real trace.
# Usage: bench/speed.sh [TRIALS (default 1000000)] [RUNS (default 5)]
# Set-up: scripts/setup.sh --bench (Google Benchmark, numpy, OpenMPI).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
trials=${1:-1000000}
runs=${2:-5}
out=${COSTSIM_BENCH_BUILD_DIR:-$root/build-bench}
bash "$root/scripts/setup.sh" --bench
if [ -f "$out/CMakeCache.txt" ]; then  # an existing build folder keeps its settings
  cmake -S "$root" -B "$out" -DCOSTSIM_BUILD_BENCH=ON >/dev/null
else
  cmake -S "$root" -B "$out" -DCMAKE_BUILD_TYPE=Release -DCOSTSIM_BUILD_BENCH=ON -DCOSTSIM_BUILD_TESTS=OFF \
        -DCOSTSIM_BUILD_EXAMPLES=OFF -DCOSTSIM_WITH_TORCH=OFF -DCOSTSIM_WITH_REPORT=OFF >/dev/null
fi
cmake --build "$out" -j"$(nproc)" --target costsim_cli costsim_kernels_bench >/dev/null
py=/usr/bin/python3  # Debian's, where python3-numpy is installed (a pyenv python3 may lack numpy)
[ -x "$py" ] || py=python3
COSTSIM_ROOT="$root" "$py" - "$out" "$trials" "$runs" "$root" <<'PY'
import json, os, statistics, subprocess, sys, time
out, trials, runs, root = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
cores = os.cpu_count()
ref = f"{root}/tests/data/spec_scenario.json"
peer = f"{root}/bench/peers/poisson_ckpt_mc.py"
env = {**os.environ, "COSTSIM_ROOT": root, "COSTSIM_TRIALS": str(trials)}
cs, eng, py = [], [], []
for _ in range(runs):  # interleaved, so all three see the same machine load
    t0 = time.perf_counter()
    subprocess.run([f"{out}/simulator/costsim", "simulate", ref, "--trials", str(trials), "--json"],
                   check=True, stdout=subprocess.DEVNULL)
    cs.append(time.perf_counter() - t0)
    r = subprocess.run([f"{out}/bench/costsim_kernels_bench", "--benchmark_format=json",
                        "--benchmark_filter=BM_reference_all_cores"], check=True, capture_output=True, text=True, env=env)
    eng.append(json.loads(r.stdout)["benchmarks"][0]["real_time"] / 1e3)  # ms per iteration
    r = subprocess.run([sys.executable, peer, str(trials)], check=True, capture_output=True, text=True)
    py.append(float(r.stdout.split("seconds")[1]))
c, e, p = statistics.median(cs), statistics.median(eng), statistics.median(py)
print(f"machine: {cores} cores; {trials} trials, median of {runs} interleaved rounds")
print(f"1. reference scenario, numpy peer {trials / p / 1e6:.3f} M trials/s ({p:.3f} s, its simulate()):")
print(f"   a. costsim {trials / e / 1e6:.2f} M trials/s ({e:.3f} s, the same scope: a fresh per-trial table "
      f"filled on all cores): ratio {p / e:.1f}x (target >= 30x)")
print(f"   b. costsim {trials / c / 1e6:.2f} M trials/s ({c:.3f} s, the whole simulate --json command): "
      f"ratio {p / c:.1f}x")
r = subprocess.run([f"{out}/bench/costsim_kernels_bench", "--benchmark_format=json",
                    "--benchmark_repetitions=5", "--benchmark_report_aggregates_only=true",
                    "--benchmark_filter=-BM_reference_all_cores"],
                   check=True, capture_output=True, text=True, env=env)
b = {x["run_name"]: x for x in json.loads(r.stdout)["benchmarks"] if x.get("aggregate_name") == "median"}
ns = lambda name: 1e9 / b[name]["items_per_second"]
tr, fl = ns("BM_reference_trials"), ns("BM_reference_floor")
e2e = c * cores / trials * 1e9
print(f"2. per reference trial (one core): engine {tr:.0f} ns, random-number floor {fl:.0f} ns: "
      f"{tr / fl:.2f}x the floor (target <= 2x); end to end (CLI wall x cores / trials) {e2e:.0f} ns = {e2e / fl:.2f}x")
rich = b["BM_rich_trials"]
print(f"3. rich scenario: {rich['items_per_second']:.0f} trials/s per core x {rich['work_h']:.0f} h = "
      f"{rich['items_per_second'] * rich['work_h'] / 1e6:.1f} M trial-hours/s per core (target >= 10 M)")
print(f"4. trace replay (48 h, Uniform Progress, us-west-2a_v100_1): "
      f"{b['BM_replay_48h']['items_per_second']:.0f} replays/s per core")
PY
