#!/usr/bin/env python3
"""bench/python_overhead.py — the Python module against the CLI on the same 10^6-trial simulate
(issue 29's bar: at most 5 % overhead). Interleaved runs, medians, one ratio:
  cli:    `costsim simulate SCENARIO --trials N --json` (whole process, output to a pipe)
  python: costsim.simulate(SCENARIO, trials=N) in this process (the same work plus the
          decoding into Python objects)
Both print or return the same JSON bytes (checked once here).

    PYTHONPATH=build-bench/python python3 bench/python_overhead.py build-bench/simulator/costsim [SCENARIO] [N] [RUNS]
"""

import statistics
import subprocess
import sys
import time

import costsim

exe = sys.argv[1]
scenario = sys.argv[2] if len(sys.argv) > 2 else "tests/data/spec_scenario.json"
n = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 7

cli_out = subprocess.run([exe, "simulate", scenario, "--trials", str(n), "--json"], capture_output=True, text=True,
                         check=True).stdout
assert costsim.simulate(scenario, trials=n).to_json() + "\n" == cli_out, "the module and the CLI differ"

cli, py = [], []
for _ in range(runs):
    t0 = time.perf_counter()
    subprocess.run([exe, "simulate", scenario, "--trials", str(n), "--json"], stdout=subprocess.PIPE, check=True)
    cli.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    costsim.simulate(scenario, trials=n)
    py.append(time.perf_counter() - t0)
c, p = statistics.median(cli), statistics.median(py)
print(f"simulate {scenario}, {n} trials, median of {runs} interleaved runs:")
print(f"  cli (whole process): {c:.3f} s")
print(f"  python module:       {p:.3f} s")
print(f"  ratio python / cli:  {p / c:.3f}  (bar: <= 1.05)")
