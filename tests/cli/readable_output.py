#!/usr/bin/env python3
"""What a person reads fits: no line of the default plan or demo output is over 120 columns,
and an unknown offer id gets one line under 300 characters with at most five near ids.
Usage: readable_output.py COSTSIM SOURCE_DIR"""
import subprocess
import sys

costsim, root = sys.argv[1], sys.argv[2]
failures = 0
checks = 0


def run(args):
    return subprocess.run([costsim, *args], capture_output=True, text=True)


def check(name, ok, detail=""):
    global failures, checks
    checks += 1
    print(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}")
    failures += not ok


for args in (["demo"], ["plan", f"{root}/scenarios/finetune_7b_2026.json"],
             ["plan", f"{root}/scenarios/bilstm_sentiment_demo.json", "--trials", "500"],
             ["plan", "--work", "10h", "--deadline", "24h"], ["plan", "--work", "10h", "--gpu", "A100-80GB"],
             ["plan", "--work", "3h", "--gpu", "H100,all", "--cloud", "aws,runpod"],
             ["offers"], ["offers", "--gpu", "H100", "--market", "spot"]):
    out = run(args)
    widest = max((len(line) for line in out.stdout.splitlines()), default=0)
    check(f"costsim {' '.join(args[:4])} fits 120 columns", out.returncode == 0 and widest <= 120,
          f"exit {out.returncode}, widest line {widest}")

catalog = f"{root}/pricing_data/gpu_cloud_2026.json"
for args in (["quote", "--catalog", catalog, "--offer", "aws/p5.48xlarge", "--market", "on_demand", "--duration", "1h"],
             ["quote", "--catalog", catalog, "--offer", "x" * 2000, "--market", "on_demand", "--duration", "1h"],
             ["breakeven", "--catalog", catalog, "--gpu", "aws/use1-az6/p5.48xlarg", "--cpu", "nope"]):
    out = run(args)
    lines = out.stderr.splitlines()
    near = lines[0].split("did you mean ")[-1].count(",") + 1 if lines and "did you mean" in lines[0] else 0
    check(f"unknown offer {args[4][:30]!r} is one short line", out.returncode == 2 and len(lines) == 1
          and len(lines[0]) < 300 and near <= 5 and out.stdout == "",
          f"exit {out.returncode}, {len(lines)} lines, {len(lines[0]) if lines else 0} characters, {near} near ids")

out = run(["quote", "--catalog", catalog, "--offer", "aws/us-east-1/p5.48xlarge", "--market", "spot",
           "--duration", "2h"])
check("a region-level id is quoted in its cheapest zone, and says which", out.returncode == 0
      and "the cheapest spot of" in out.stdout and "(aws/use1-" in out.stdout, out.stderr.strip())

print(f"{checks - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
