#!/usr/bin/env bash
# The GPU-platform study (RaRe Technologies, Feb 2018): BiLSTM sentiment, 1,420,765 tweets x
# 4 epochs, on each provider's offer: runtime, billing rule, invoice lines (fees, setup,
# monthly proration), total in USD, the dedicated server amortised and as the one-job bill (setup fee
# and a whole month), and break-even hours.
#   examples/gpu_platforms/run.sh [COSTSIM] [MEASUREMENT.json]
# MEASUREMENT.json: costsim-bench output (costsim.measurement/v1) for the "measured" runtimes
# (default: pricing_data/measurements/cpu-2core-vm_bilstm-sentiment.json, measured here).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
costsim=${1:-costsim}
measurement=${2:-$here/../../pricing_data/measurements/cpu-2core-vm_bilstm-sentiment.json}
command -v "$costsim" >/dev/null 2>&1 || { echo "run.sh: no costsim at '$costsim' (give its path as \$1)" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "run.sh: needs python3" >&2; exit 2; }
costsim=$(command -v "$costsim")
exec python3 - "$costsim" "$here" "$measurement" <<'PY'
import json, subprocess, sys
from fractions import Fraction as F
costsim, here, measurement = sys.argv[1:4]
catalog = f"{here}/../../pricing_data/gpu_platforms_2018.json"
scen = json.load(open(f"{here}/scenario.json"))
speed = scen["workload"]["speed"]
START = "2018-02-05T09:00:00Z"     # a Monday of the study's month: the calendar of monthly proration

def cs(*args):
    r = subprocess.run([costsim, *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"run.sh: costsim {' '.join(args)}: {r.stderr.strip()}")
    return r.stdout

def dur(s):      # "12m" -> seconds
    units = {"s": 1, "m": 60, "h": 3600}
    return float(s[:-1]) * units[s[-1]]

offers = json.load(open(catalog))["offers"]
def quote(o, market, seconds):
    return json.loads(cs("quote", "--catalog", catalog, "--offer", o["id"], "--market", market,
                         "--duration", f"{seconds:.0f}s", "--start", START, "--currency", "USD", "--json"))

# costsim's runtime of every offer and where it comes from (published / measured / estimate).
plan = json.loads(cs("plan", f"{here}/scenario.json", "--trials", "100", "--json"))
runtime = {}
for c in plan["candidates"]:
    runtime.setdefault(c["offer"], (c["runtime"]["hours"] * 3600, c["runtime"]["source"]))

def table(title, v100_seconds, per_offer=None):
    print(title)
    print(f"  {'offer':<31} {'market':<10} {'GPU':<13} {'runtime':>8} {'source':<9} {'billed':>8}  {'billing rule':<47} {'USD':>8}  lines")
    for o in offers:
        model = (o.get("gpus") or {}).get("model")
        for market in o["markets"]:
            if market == "spot":
                continue        # the 2018 study priced on-demand and monthly only
            if model not in speed:
                q = quote(o, market, 1)
                print(f"  {o['id']:<31} {market:<10} {'unknown':<13} {'?':>8} {'-':<9} {q['billed_seconds']/60:7.0f}m  {q['billing']:<47} {'>=' + q['total']:>8}"
                      "  GPU not recorded, runtime unknown: any run up to 1 h costs the minimum")
                continue
            if per_offer:
                secs, source = per_offer[o["id"]]
            else:
                secs, source = v100_seconds / speed[model], "measured" if model == measured_model else "estimate"
            q = quote(o, market, secs)
            lines = "; ".join(f"{l['item']} {l['exact'][:8]}" for l in q["lines"])
            print(f"  {o['id']:<31} {market:<10} {model:<13} {secs/60:7.1f}m {source:<9} {q['billed_seconds']/60:7.1f}m  {q['billing']:<47} {q['total']:>8}  {lines}")
            if market == "monthly":
                mo = o["markets"]["monthly"]
                rate = F(json.load(open(catalog))["exchange_rates"][0]["rate"])
                commit = (12 * F(mo["price"]["amount"]) + F(mo["setup_fee"]["amount"])) * rate
                per_h = commit / (12 * 730)
                print(f"  {'':<31} {'amortised':<10} {'':<13} {'':>8} {'':<9} {'':>8}  {'12-month commitment at 100 % use':<47} {float(per_h * F(secs) / 3600):8.4f}"
                      f"  ({float(commit):.2f} USD / 8760 h = {float(per_h):.4f} USD/h)")
                # The real bill of one job: the server is rented by the month, so a single run pays
                # the setup fee and a whole month (February 2018, 28 days, quoted as such).
                whole = json.loads(cs("quote", "--catalog", catalog, "--offer", o["id"], "--market", market,
                                      "--duration", "28d", "--start", "2018-02-01T00:00:00Z", "--currency", "USD", "--json"))
                print(f"  {'':<31} {'one job':<10} {'':<13} {'':>8} {'':<9} {'':>8}  {'rented by the month: setup fee + one month':<47} {whole['total']:>8}"
                      "  (the bill if this run is all the server does)")
    print()

measured_model = None
table("A. runtimes: PUBLISHED where the study printed a cost (the cost over the offer's billed rate), the same\n"
      "   GPU's published time on other offers, else an ESTIMATE from the speed table (costsim plan scenario.json)",
      0, runtime)

st = plan["study"]
print(f"   The study's published costs beside costsim's ({st['study']}):")
print(f"  {'offer':<31} {'published':>10} {'costsim exact':>14} {'at its precision':>17}  agrees")
for r in st["rows"]:
    print(f"  {r['offer']:<31} {r['published'] + ' ' + r['currency']:>10} {r['costsim_exact'][:8]:>14} "
          f"{r['costsim_at_published_precision'] + ' ' + r['currency']:>17}  {'yes' if r['agrees'] else 'NO'}")
print("   The study's conclusions, on costsim's figures:")
for k in st["conclusions"]:
    print(f"  {'holds' if k['holds'] else 'FAILS':<6} {k['claim']}: {k['evidence']}")
print()

# B. measured runtimes: costsim-bench output, scaled by the same relative-speed table.
samples = 1420765 * 4
m = json.load(open(measurement))
m = m[0] if isinstance(m, list) else m
if m.get("workload") != "bilstm-sentiment":
    sys.exit(f"run.sh: {measurement}: a bilstm-sentiment measurement, got {m.get('workload')}")
sps, dev = m["samples_per_second"], m["device"]
name = dev.get("name", "")
model = next((k for k in sorted(speed, key=len, reverse=True) if k.replace(" ", "").lower() in name.replace(" ", "").lower()), None)
if dev.get("kind") == "cuda" and model:
    v100 = samples / sps * speed[model]          # measured model's time scaled to the V100 reference
    measured_model = model
    table(f"B. MEASURED: {sps:.1f} samples/s on {name} ({measurement}); other GPUs scaled by the speed table", v100)
else:
    blas = m.get("versions", {}).get("blas", "?").split("/")[-1]
    print(f"B. MEASURED on {dev.get('kind')} '{name}', {m['threads']} thread(s), {blas} ({measurement.split('/')[-1]}):\n"
          f"   {sps:.1f} samples/s -> 4 epochs take {samples/sps/3600:.2f} h on this CPU. Not scaled to the GPUs: the speed\n"
          f"   table is relative to a V100 and no CPU:GPU ratio has been measured (no GPU here; Debian's LibTorch is CPU-only).\n")

print("C. break-even: hours of use per month above which the Hetzner dedicated server (99 EUR/month +")
print("   99 EUR setup, 12-month commitment, 1.24 USD/EUR) beats each hourly offer (costsim breakeven)")
print(f"  {'hourly offer':<31} {'USD/h':>8} {'h/month':>9} {'utilisation':>12}")
for o in offers:
    if "on_demand" not in o["markets"]:
        continue
    b = json.loads(cs("breakeven", "--catalog", catalog, "--monthly", "hetzner/dedicated/ex51-ssd-gpu",
                      "--hourly", o["id"], "--json"))
    util = f"{float(b['utilisation'])*100:.1f} %" if b.get("utilisation") is not None else "-"
    hpm = f"{float(b['hours_per_month']):.2f}" if b.get("hours_per_month") is not None else "never"
    print(f"  {o['id']:<31} {float(b['hourly_price']):8.4f} {hpm:>9} {util:>12}")
PY
