#!/usr/bin/env python3
"""Every 2026 spot row says where its risk comes from (issue 27): AWS rows carry their
Spot Advisor band and the snapshot's date; no row resampled from a V100 trace goes without
the word `proxy`; a spot recommendation carries its /3 and x3 sensitivity.

usage: spot_risk_sources.py COSTSIM REPO_ROOT"""
import json
import subprocess
import sys

exe, root = sys.argv[1], sys.argv[2]


def plan(*args):
    out = subprocess.run([exe, "plan", *args, "--json", "--trials", "400"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


failures = []
for args in (["--work", "10h", "--gpu", "all", "--deadline", "48h"],
             ["--work", "10h", "--gpu", "H100", "--gpus", "8", "--deadline", "24h"],
             [f"{root}/scenarios/finetune_7b_2026.json"]):
    d = plan(*args)
    spot = [c for c in d["candidates"] if c["market"] == "spot"]
    if not spot:
        failures.append(f"{args}: no spot rows")
    for c in spot:
        m = c["interruption_model"]
        where = f"{' '.join(args)}: {c['offer']}"
        if m.get("source") not in ("advisor", "trace", "proxy"):
            failures.append(f"{where}: source {m.get('source')!r}")
        if "v100" in m.get("file", "") and m.get("source") != "proxy":
            failures.append(f"{where}: a V100 trace without the word proxy")
        if c["offer"].startswith("aws/"):
            if m.get("source") != "advisor" or m.get("advisor_as_of") != "2025-06-28" or "advisor_band" not in m:
                failures.append(f"{where}: an AWS spot row without its Advisor band and date: {m}")
    rec = d["recommended"]
    if rec and d["candidates"][rec - 1]["market"] == "spot":
        s = d.get("sensitivity", [])
        if [round(x["factor"], 6) for x in s] != [round(1 / 3, 6), 3.0]:
            failures.append(f"{args}: a spot recommendation without its /3 and x3 sensitivity: {s}")

for f in failures[:20]:
    print(f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
