#!/usr/bin/env python3
"""Quick-mode plans checked against answers worked out from the SkyPilot rows themselves.

Each question is "N hours on GPU X (count, memory, clouds, region): the cheapest on-demand
offer and its cost". The answer here reads pricing_data/skypilot-catalog-v7/*.csv directly
(not costsim's catalog; AWS's P family from skypilot-catalog-v8/aws_p_family_vms.csv), bills each cloud's published rule (AWS per second, 60 s minimum;
Lambda per minute; Runpod per second) and picks the cheapest; `costsim plan --work ... --json`
must recommend an offer of that price (its row, or one of the identical offers folded into
it) at that cost. Usage: quick_answers.py COSTSIM SOURCE_DIR

Offers of one catalog GPU name can carry different cards (RunPod's "A100-80GB" is the PCIe
card, AWS's and Lambda's the SXM4 one), which run the work at different speeds. So the hours
on each offer are the hours costsim states for its variant (`--json`); this script
checks that every offer of one variant gets the same hours, that where the llm_finetune class
publishes both figures the hours are the stated work times their ratio, and that a row
without a memory size takes its variant's memory from gpu_variants_2026.json.
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


def rows():
    """(cloud, row) of every bundled file; AWS's v8 P-family rows replace the v7 rows of their types."""
    with open(f"{root}/pricing_data/skypilot-catalog-v8/aws_p_family_vms.csv", newline="") as f:
        newer = list(csv.DictReader(f))
    replaced = {r["InstanceType"] for r in newer}
    for cloud in ("aws", "lambda", "runpod"):
        with open(f"{rows_dir}/{cloud}_gpu_vms.csv", newline="") as f:
            for r in csv.DictReader(f):
                if cloud != "aws" or r["InstanceType"] not in replaced:
                    yield cloud, r
    for r in newer:
        yield "aws", r


def offers():
    for cloud, r in rows():
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
with open(root + "/pricing_data/gpu_variants_2026.json") as f:
    VARIANT_MEMORY = {k: v["memory_gib"] for k, v in json.load(f)["variants"].items()}
with open(root + "/pricing_data/gpu_speed_by_class_2026.json") as f:
    FINETUNE = {k: v for k, v in json.load(f)["classes"]["llm_finetune"]["speeds"].items()
                if v["source"] == "published"}


def costsim_runtimes(args):
    """Offer id -> (variant, hours) for every candidate (--json carries every row)."""
    plan = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)
    out = {}
    for c in plan["candidates"]:
        for i in (c["offer"], *c.get("identical_offers", [])):
            out[i] = (c.get("gpu_variant"), c["runtime"]["hours"])
    return out


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
    # two variants with published llm_finetune figures: B200 offers run 10 h / 2.84
    (10, "H100-SXM,B200", 8, None, None, None),
]

failures = 0
for hours, gpu, count, memory, clouds, region in QUESTIONS:
    question = f"{hours} h on {count}x {gpu} memory={memory} clouds={clouds} region={region}"
    args = [costsim, "plan", "--work", f"{hours}h", "--gpu", gpu, "--gpus", str(count), "--market", "on_demand",
            "--json"]
    if memory:
        args += ["--memory", f"{memory}GiB"]
    if clouds:
        args += ["--cloud", ",".join(clouds)]
    if region:
        args += ["--region", region]
    runtimes = costsim_runtimes(args)
    stated_on = {v for v, h in runtimes.values() if abs(h - hours) < 1e-12}
    per_variant = {}
    for v, h in runtimes.values():
        per_variant.setdefault(v, set()).add(round(h, 12))
    speed_problems = [f"{v}: {sorted(hs)}" for v, hs in per_variant.items() if len(hs) != 1]
    for v, hs in per_variant.items():
        for ref in stated_on:
            if v in FINETUNE and ref in FINETUNE:
                want = hours * FINETUNE[ref]["value"] / FINETUNE[v]["value"]
                if abs(next(iter(hs)) - want) > 1e-9 * want:
                    speed_problems.append(f"{v}: {next(iter(hs))} h, the published ratio gives {want} h")
    if not stated_on or speed_problems:
        print(f"FAIL {question}: hours per variant: stated on {stated_on}; {speed_problems}")
        failures += 1
        continue

    def memory_of(o):
        return o["memory"] if o["memory"] is not None else VARIANT_MEMORY.get(runtimes.get(o["id"], (None,))[0])

    cands = [o for o in ALL if o["gpu"] in gpu.split(",") and o["count"] == count
             and (clouds is None or o["cloud"] in clouds)
             and (region is None or any(re.search(region, o[k], re.I) for k in ("region", "zone", "id")))
             and (memory is None or (memory_of(o) is not None and memory_of(o) >= memory))]
    missing = [o["id"] for o in cands if o["id"] not in runtimes]
    if missing:
        print(f"FAIL {question}: rows costsim does not plan: {missing[:5]}")
        failures += 1
        continue
    cost = {o["id"]: bill(o["cloud"], runtimes[o["id"]][1], o["price"]) for o in cands}
    best = min(cost.values())
    best_ids = {i for i, c in cost.items() if abs(c - best) < 1e-9}
    out = subprocess.run(args, capture_output=True, text=True)
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
