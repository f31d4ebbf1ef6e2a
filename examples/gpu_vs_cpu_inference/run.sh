#!/usr/bin/env bash
# The Databricks GPU-vs-CPU inference study (2021-12-15): every published runtime x price row
# recomputed through `costsim quote`, published and recomputed side by side, then the GPU/CPU
# throughput ratio at which a GPU cluster is cheaper per solution (`costsim breakeven`), each on the
# study's Databricks charge and with the EC2 instance added at its list price, the finding under each.
# With MEASUREMENT.json (costsim-bench distilbert-inference output) it also answers the same
# question for that measured run.
#   examples/gpu_vs_cpu_inference/run.sh [COSTSIM] [MEASUREMENT.json]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
costsim=${1:-costsim}
measurement=${2:-}
command -v "$costsim" >/dev/null 2>&1 || { echo "run.sh: no costsim at '$costsim' (give its path as \$1)" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "run.sh: needs python3" >&2; exit 2; }
costsim=$(command -v "$costsim")
exec python3 - "$costsim" "$here/../../pricing_data" "$measurement" <<'PY'
import json, subprocess, sys
from decimal import Decimal, ROUND_HALF_UP
costsim, data, measurement = sys.argv[1:4]
catalog = f"{data}/gpu_vs_cpu_inference.json"
pub = json.load(open(f"{data}/studies/gpu_vs_cpu_inference_published.json"))
price = {o["id"]: o["markets"]["on_demand"]["price"]["amount"] for o in json.load(open(catalog))["offers"]}

def cs(*args):
    r = subprocess.run([costsim, *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"run.sh: costsim {' '.join(args)}: {r.stderr.strip()}")
    return json.loads(r.stdout)

def label(note):
    test = "CPU-only run" if note.startswith("CPU-only") else note.split(" (")[0]
    test = {"test 1": "1: 40xGPUs, 1 file", "test 2": "2: 40xGPUs, 10 parts",
            "test 3": "3: 70xGPUs, 10 parts", "CPU-only run": "CPU: 100xvCPUs"}.get(test, test)
    return test, ("small" if "small dataset" in note else "large")

def quote(offer, runtime):
    return cs("quote", "--catalog", catalog, "--offer", offer, "--market", "on_demand",
              "--duration", runtime, "--start", "2021-12-15T00:00:00Z", "--json")

def with_ec2(offer):  # the same cluster with its EC2 instance attached at the on-demand list price
    return offer.replace("databricks/", "databricks+ec2/", 1)

print(f"{'test (batch, large file)':<22} {'data':<5} {'cluster':<14} {'USD/h':>6} {'runtime s':>10} "
      f"{'published':>9} {'costsim exact':>15} {'at pub. prec.':>13}  {'agrees':<6} {'+EC2 exact':>10}")
agree = total = 0
best, best_ec2, cost_of = {}, {}, {}
for r in pub["rows"]:
    q = cs("quote", "--catalog", catalog, "--offer", r["offer"], "--market", r["market"],
           "--duration", r["runtime"], "--start", "2021-12-15T00:00:00Z", "--json")
    full = Decimal(quote(with_ec2(r["offer"]), r["runtime"])["total_exact"])
    reported = r["reported_cost"]["amount"]
    places = len(reported.split(".")[1]) if "." in reported else 0
    exact = Decimal(q["total_exact"])
    rounded = exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    ok = rounded == Decimal(reported)
    agree += ok; total += 1
    test, ds = label(r["note"])
    print(f"{test:<22} {ds:<5} {r['offer'].split('/')[-1]:<14} {price[r['offer']]:>6} {r['runtime'][:-1]:>10} "
          f"{reported:>9} {q['total_exact'][:13]:>15} {str(rounded):>13}  {'yes' if ok else 'NO (study rounds 0.00038 down)':<6} "
          f"{float(full):>10.5f}")
    k = (test, ds)
    cluster = r["offer"].split("/")[-1]
    cost_of[(k, cluster)] = (exact, full)
    if k not in best or exact < best[k][1]:
        best[k] = (cluster, exact, r["runtime"])
    if k not in best_ec2 or full < best_ec2[k][1]:
        best_ec2[k] = (cluster, full, r["runtime"])
print(f"\n{agree} of {total} published costs reproduced at the study's own precision")
print("(+EC2: the same run with the cluster's EC2 instance added at its on-demand list price; not the study's figure)")
print("\ncheapest cluster per test and dataset (costsim's exact cost): Databricks charge only | with the EC2 instance")
for k, (o, c, t) in best.items():
    o2, c2, _ = best_ec2[k]
    print(f"  {k[0]:<22} {k[1]:<5} {o:<14} {float(c):.6f} USD  ({t})  | {o2:<14} {float(c2):.6f} USD")

# The study's headline: the largest GPU cluster is cheaper than the CPU cluster. It holds on the
# Databricks charge it printed; with the EC2 instance that a user also pays for, it reverses.
small3, cpu = ("3: 70xGPUs, 10 parts", "small"), ("CPU: 100xvCPUs", "small")
g, c = cost_of[(small3, "p3dn.24xlarge")], cost_of[(cpu, "c5.12xlarge")]
print("\nfinding: the largest GPU cluster (p3dn.24xlarge, test 3, small) vs the CPU cluster (c5.12xlarge, small)")
for i, basis in enumerate(["Databricks charge only (the study's prices)", "Databricks charge + EC2 instance"]):
    cheaper = "GPU" if g[i] < c[i] else "CPU"
    print(f"  {basis:<44} GPU {float(g[i]):.4f} vs CPU {float(c[i]):.4f} USD -> the {cheaper} cluster is cheaper"
          + (" (the study's finding)" if i == 0 and cheaper == "GPU" else
             " (the study's finding reverses)" if i == 1 and cheaper == "CPU" else ""))
runtime_s = lambda r: float(r["runtime"][:-1])
cpu_small = {r["offer"].split("/")[-1]: runtime_s(r) for r in pub["rows"] if r["note"].startswith("CPU-only")}
gpu_small = {r["offer"].split("/")[-1]: runtime_s(r) for r in pub["rows"] if r["note"].startswith("test 3") and "small dataset" in r["note"]}
print("\nGPU vs CPU break-even (costsim breakeven): the GPU cluster is cheaper per solution when its")
print("throughput is more than this multiple of the CPU cluster's (Databricks only | with EC2)")
for gpu in ["g4dn.xlarge", "g4dn.12xlarge", "p3.2xlarge", "p3.8xlarge", "p3dn.24xlarge"]:
    for cpu in ["c5.12xlarge", "c5.24xlarge"]:
        b = cs("breakeven", "--catalog", catalog, "--gpu", f"databricks/aws/{gpu}", "--cpu", f"databricks/aws/{cpu}", "--json")
        e = cs("breakeven", "--catalog", catalog, "--gpu", f"databricks+ec2/aws/{gpu}", "--cpu",
               f"databricks+ec2/aws/{cpu}", "--json")
        ratio = cpu_small[cpu] / gpu_small[gpu]      # the study's measured throughput ratio, small dataset, test 3
        print(f"  {gpu:<14} vs {cpu:<12} {b['throughput_ratio']:>9}  ({b['throughput_ratio_fraction']:>9})   study's measured ratio "
              f"{ratio:5.2f} (test 3, small) -> {'GPU' if ratio > float(b['throughput_ratio']) else 'CPU'} cheaper"
              f" | {e['throughput_ratio']:>9} -> {'GPU' if ratio > float(e['throughput_ratio']) else 'CPU'} cheaper")

if not measurement:
    sys.exit(0)
# The same question for a measured run: costsim-bench distilbert-inference on this machine's
# CPU. Assumption, stated: throughput scales with vCPUs (threads measured -> the cluster's vCPUs).
ms = json.load(open(measurement))
ms = ms if isinstance(ms, list) else [ms]
offers = {o["id"]: o for o in json.load(open(catalog))["offers"]}
TEXTS = 10000
print(f"\nMEASURED: {measurement}")
for m in ms:
    if m.get("workload") != "distilbert-inference":
        sys.exit(f"run.sh: {measurement}: a distilbert-inference measurement, got {m.get('workload')}")
    sps, threads, dev = m["samples_per_second"], m["threads"], m["device"]
    print(f"  batch {m['batch_size']}: {sps:.2f} texts/s on {dev.get('kind')} '{dev.get('name', '')}', {threads} threads, "
          f"BLAS {m.get('versions', {}).get('blas', '?')}")
    for cpu in ["c5.12xlarge", "c5.24xlarge"]:
        o = offers[f"databricks/aws/{cpu}"]
        cluster_sps = sps * o["vcpus"] / threads
        secs = TEXTS / cluster_sps
        q = cs("quote", "--catalog", catalog, "--offer", o["id"], "--market", "on_demand",
               "--duration", f"{secs:.3f}s", "--start", "2021-12-15T00:00:00Z", "--json")
        b = cs("breakeven", "--catalog", catalog, "--gpu", "databricks/aws/g4dn.xlarge", "--cpu", o["id"], "--json")
        need = float(b["throughput_ratio"]) * cluster_sps
        print(f"    {cpu:<12} x{o['vcpus'] / threads:.0f} of this run: {cluster_sps:8.1f} texts/s, {TEXTS} texts in {secs:8.1f} s "
              f"= {q['total_exact'][:10]} USD; g4dn.xlarge is cheaper per text above {need:.1f} texts/s "
              f"({b['throughput_ratio']} x)")
PY
