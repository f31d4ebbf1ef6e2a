#!/usr/bin/env python3
"""Checks that scripts/build_speed_tables.py, run on the bundled sources in
pricing_data/speed-sources/, gives exactly the "classes" of pricing_data/gpu_speed_by_class_2026.json:
every published and derived figure of the table can be reproduced from a clone.
Usage: check_speed_table.py <source tree>"""
import json
import subprocess
import sys

root = sys.argv[1]
out = subprocess.run([sys.executable, f"{root}/scripts/build_speed_tables.py", "--json"],
                     check=True, capture_output=True, text=True).stdout
built = json.loads(out)
with open(f"{root}/pricing_data/gpu_speed_by_class_2026.json") as f:
    bundled = json.load(f)["classes"]
if built != bundled:
    for name in sorted(set(built) | set(bundled)):
        if built.get(name) != bundled.get(name):
            print(f"class {name}: the script gives {json.dumps(built.get(name))[:400]}")
            print(f"  the bundled table has   {json.dumps(bundled.get(name))[:400]}")
    sys.exit(1)
n = sum(len(c["speeds"]) for c in built.values())
print(f"speed table reproduced: {len(built)} classes, {n} figures")
