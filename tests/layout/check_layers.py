#!/usr/bin/env python3
"""Fails when a header outside costsim/io/ reaches the JSON layer it should not.

include/costsim/io/ holds the file readers and writers (nlohmann/json, CSV); the types,
pricing, models and engines around it must not need them. A header "reaches" io/ when it,
or anything it includes from costsim, includes an io/ header. Headers that still do are
listed in NOT_YET_SPLIT (issue 17): a header that reaches io/ without being listed fails
the check, and so does a listed one that no longer reaches it (take it off the list).

Usage: check_layers.py ROOT
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
INC = ROOT / "include"

# Still reading or writing their own formats (scenario parsing, result JSON, the report),
# or including a header that does. Shrinks as each is split into a type and an io/ codec.
NOT_YET_SPLIT = {
    "candidate_result.hpp",  # to_json(summary)
    "scenario.hpp",          # parse_scenario, load_scenario; plan kept as JSON
    "campaign_build.hpp",    # via scenario.hpp
    "monte_carlo.hpp",       # via scenario.hpp; to_json/to_csv(simulation_result)
    "replay.hpp",            # via scenario.hpp; to_json(replay_result)
    "plan.hpp",              # expands the plan's JSON
    "study_check.hpp",       # via scenario.hpp
    "validate.hpp",          # the validate section and its result
    "report.hpp",            # reads a result's JSON
    "costsim.hpp",           # the umbrella includes everything
}

include_re = re.compile(r'^\s*#\s*include\s+["<](costsim/[^">]+)[">]', re.M)
deps = {}
for h in sorted((INC / "costsim").rglob("*.hpp")):
    rel = h.relative_to(INC).as_posix()
    deps[rel] = include_re.findall(h.read_text(encoding="utf-8"))

memo = {}


def reaches_io(h, stack=()):
    if h in memo:
        return memo[h]
    hit = None
    for d in deps.get(h, []):
        if d.startswith("costsim/io/"):
            hit = [h, d]
            break
        if d in stack:
            continue
        sub = reaches_io(d, stack + (h,))
        if sub:
            hit = [h] + sub
            break
    memo[h] = hit
    return hit


bad = []
for h in sorted(deps):
    if h.startswith("costsim/io/"):
        continue
    name = h[len("costsim/"):]
    path = reaches_io(h)
    if path and name not in NOT_YET_SPLIT:
        bad.append(f"include/{h}: reaches the io/ layer ({' -> '.join(path)}); move its codec to io/")
    if not path and name in NOT_YET_SPLIT:
        bad.append(f"include/{h}: no longer reaches io/; take it off NOT_YET_SPLIT in {pathlib.Path(__file__).name}")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
