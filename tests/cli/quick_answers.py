#!/usr/bin/env python3
"""Quick-mode plans checked against answers worked out from the SkyPilot rows themselves.

Each question is "N hours on GPU X (count, memory, clouds, region): the cheapest on-demand
offer and its cost". The answer here reads pricing_data/skypilot-catalog-v7/*.csv directly
(not costsim's catalog), bills each cloud's published rule (AWS per second, 60 s minimum;
Lambda per minute; Runpod per second) and picks the cheapest; `costsim plan --work ... --json`
must recommend an offer of that price (its row, or one of the identical offers folded into
it) at that cost. Usage: quick_answers.py COSTSIM SOURCE_DIR
"""
import csv
import json
import math
import re
import subprocess
import sys

costsim, root = sys.argv[1], sys.argv[2]
rows_dir = root + "/pricing_data/skypilot-catalog-v7"
increment_s = {"aws": 1, "lambda": 60, "runpod": 1}
minimum_s = {"aws": 60, "lambda": 0, "runpod": 0}


def offers():
    for cloud in ("aws", "lambda", "runpod"):
        with open(f"{rows_dir}/{cloud}_gpu_vms.csv", newline="") as f:
            for r in csv.DictReader(f):
                if not r.get("Price"):
                    continue
                zone = r.get("AvailabilityZone") or ""
                mem = None
                m = re.search(r"'SizeInMiB': (\d+)", r.get("GpuInfo") or "")
                if m:
                    mem = int(m.group(1)) / 1024
                yield {"id": f"{cloud}/{zone or r['Region']}/{r['InstanceType']}", "cloud": cloud,
                       "region": r["Region"], "zone": zone, "gpu": r["AcceleratorName"],
                       "count": int(float(r["AcceleratorCount"] or 0)), "memory": mem, "price": float(r["Price"])}


ALL = list(offers())


def bill(cloud, hours, price):
    s = hours * 3600
    s = max(minimum_s[cloud], math.ceil(s / increment_s[cloud]) * increment_s[cloud])
    return price * s / 3600


QUESTIONS = [
    # (hours, gpu, count, memory GiB, clouds, region regex)
    (10, "A100-80GB", 1, None, None, None),
    (10, "H100", 8, None, ["aws", "lambda"], None),
    (6, "L4", 1, None, ["aws"], "^us-east-1$"),
    (24, "A100-80GB", 8, 80, None, None),
    (10, "L40S", 1, None, ["runpod"], None),
    (2.5, "A10G", 4, None, ["aws"], None),
    (7.25, "H100-SXM", 1, None, None, "US"),
    (1, "T4", 1, 15, ["aws"], "west"),
]

failures = 0
for hours, gpu, count, memory, clouds, region in QUESTIONS:
    cands = [o for o in ALL if o["gpu"] == gpu and o["count"] == count
             and (clouds is None or o["cloud"] in clouds)
             and (region is None or any(re.search(region, o[k], re.I) for k in ("region", "zone", "id")))
             and (memory is None or (o["memory"] is not None and o["memory"] >= memory))]
    best = min(bill(o["cloud"], hours, o["price"]) for o in cands)
    best_ids = {o["id"] for o in cands if abs(bill(o["cloud"], hours, o["price"]) - best) < 1e-9}
    args = [costsim, "plan", "--work", f"{hours}h", "--gpu", gpu, "--gpus", str(count), "--market", "on_demand",
            "--json"]
    if memory:
        args += ["--memory", f"{memory}GiB"]
    if clouds:
        args += ["--cloud", ",".join(clouds)]
    if region:
        args += ["--region", region]
    out = subprocess.run(args, capture_output=True, text=True)
    question = f"{hours} h on {count}x {gpu} memory={memory} clouds={clouds} region={region}"
    if out.returncode != 0:
        print(f"FAIL {question}: exit {out.returncode}: {out.stderr.strip()}")
        failures += 1
        continue
    plan = json.loads(out.stdout)
    rec = plan["candidates"][plan["recommended"] - 1]
    ids = {rec["offer"], *rec.get("identical_offers", [])}
    ok = bool(ids & best_ids) and abs(rec["cost"]["mean"] - best) <= 1e-6 * best
    print(f"{'ok  ' if ok else 'FAIL'} {question}: costsim {rec['offer']} {rec['cost']['mean']:.4f} USD; "
          f"from the rows {sorted(best_ids)[0]} (+{len(best_ids) - 1} at that price) {best:.4f} USD")
    failures += not ok
print(f"{len(QUESTIONS) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
