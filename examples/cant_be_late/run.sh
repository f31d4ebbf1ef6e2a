#!/usr/bin/env bash
# The Can't Be Late setting on the paper's V100 traces: savings of spot_only, Greedy and
# Uniform Progress against on-demand, and whether every deadline was met.
#   examples/cant_be_late/run.sh [COSTSIM] [TRACES_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
costsim=${1:-$here/../../build/simulator/costsim}
traces=${2:-$here/../../pricing_data/spot-traces/cbl-eval-2022-10}
[ -x "$costsim" ] || { echo "run.sh: no costsim at $costsim (build first: cmake -S . -B build && cmake --build build)" >&2; exit 2; }
[ -f "$traces/random_windows.json" ] || { echo "run.sh: no traces at $traces" >&2; exit 2; }

printf '%-20s %-9s %-17s %10s %10s %10s %10s\n' trace deadline policy "mean USD" "saving" "met" "outlasted"
for trace in us-west-2a_v100_1 us-west-2b_v100_1 us-west-2a_v100_8 us-west-2b_v100_8; do
  # Job fractions 0.9 and 0.75 of 48 h of work: deadlines 53.3 h and 64 h.
  for deadline in 53.333h 64h; do
    "$costsim" replay "$here/scenario.json" --trace "$traces/$trace.json" \
        --windows "$traces/random_windows.json" --deadline "$deadline" |
      awk -v t="$trace" -v d="$deadline" '$2 == "on_demand" || $2 == "spot" {
        # columns: offer market policy mean ±95 P50 P95 saving% time max spot% interrupts met% outlasted
        if ($4 == "-") { printf "%-20s %-9s %-17s %10s %10s %10s %10s\n", t, d, $3, "-", "-", $(NF-2) " %", $NF; next }
        printf "%-20s %-9s %-17s %10s %10s %10s %10s\n", t, d, $3, $4, $8 " %", $(NF-2) " %", $NF }'
  done
done

# Failover: when preempted, relaunch in the zone with the most spot over the last 6 h, against
# single-zone spot, the deadline fallback and on-demand, replayed on the nine aligned 2023
# traces (the replay table of `costsim failover`; its Monte Carlo table is left out here).
echo
echo "The same job (48 h, deadline 64 h) over nine AWS zones, replayed on the 2023 traces:"
"$costsim" failover "$here/failover.json" --trials 1 | awk '/^replayed on/ { on = 1 } /^Monte Carlo/ { on = 0 } on'
