#!/usr/bin/env bash
# The spot-vs-on-demand study: CIFAR-10 ResNet, 4 hyperparameter settings (batch 128/256 x
# learning rate 0.01/0.1) x p3.2xlarge / g3.4xlarge x on-demand / spot with interruptions,
# checkpoints and restarts, through `costsim simulate`: the spot saving as mean and P05/P95.
#   examples/spot_vs_on_demand/run.sh [COSTSIM] [TRIALS]     (TRIALS default 20000)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
costsim=${1:-costsim}
trials=${2:-20000}
command -v "$costsim" >/dev/null 2>&1 || { echo "run.sh: no costsim at '$costsim' (give its path as \$1)" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "run.sh: needs python3" >&2; exit 2; }
costsim=$(command -v "$costsim")
exec python3 - "$costsim" "$here" "$trials" <<'PY'
import json, subprocess, sys
costsim, here, trials = sys.argv[1:4]
print(f"{'setting':<12} {'instance':<11} {'interruptions':<13} {'work h':>6} {'on-demand $':>11} {'spot mean $':>11} {'P05 $':>7} {'P95 $':>7} "
      f"{'interr.':>7} {'time h':>6} {'P95 h':>6}  {'saving mean':>11} {'P05':>7} {'P95':>7}")
savings = {}
for setting in ["b128_lr0.01", "b128_lr0.1", "b256_lr0.01", "b256_lr0.1"]:
    for inst in ["p3.2xlarge", "g3.4xlarge"]:
        f = f"{here}/scenarios/{setting}_{inst}.json"
        r = subprocess.run([costsim, "simulate", f, "--trials", trials, "--seed", "1", "--json"], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"run.sh: costsim simulate {f}: {r.stderr.strip()}")
        res = json.loads(r.stdout)
        od = next(c for c in res["candidates"] if c["market"] == "on_demand")
        for sp, model in zip([c for c in res["candidates"] if c["market"] == "spot"], ["advisor >20%", "poisson 0.2/h"]):
            base = od["cost"]["mean"]             # on-demand has no interruptions: one fixed invoice
            work = json.load(open(f))["workload"]["work"]
            # saving = 1 - spot cost / on-demand cost, per trial; its quantiles are those of the spot cost, reversed
            s_mean, s_p05, s_p95 = (1 - sp["cost"]["mean"] / base, 1 - sp["cost"]["p95"] / base, 1 - sp["cost"]["p05"] / base)
            savings.setdefault(model, []).append(s_mean)
            print(f"{setting:<12} {inst:<11} {model:<13} {float(work[:-1])/60:6.2f} {base:11.2f} {sp['cost']['mean']:11.2f} "
                  f"{sp['cost']['p05']:7.2f} {sp['cost']['p95']:7.2f} {sp['interruptions']['mean']:7.2f} "
                  f"{sp['makespan_hours']['mean']:6.2f} {sp['makespan_hours']['p95']:6.2f}  "
                  f"{s_mean*100:9.1f} % {s_p05*100:5.1f} % {s_p95*100:5.1f} %")
for model, v in savings.items():
    print(f"mean spot saving over the 8 runs, {model:<13}: {sum(v)/len(v)*100:.1f} %   (study: ~70 %; {trials} trials per candidate, seed 1)")
PY
