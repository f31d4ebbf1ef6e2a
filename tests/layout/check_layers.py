#!/usr/bin/env python3
"""Fails when a header includes a higher layer, or reaches the io/ layer it should not.

Layers, bottom up (LAYERS below; docs/architecture.md): core, pricing, models, scenario,
engine, plan, report; io/ may include any of them. A header may include headers of its own
layer or below only. A header not in LAYERS fails the check until it is placed.

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

LAYERS = {
    "core": ["error", "decimal", "duration", "money", "fast_units", "rng", "streams", "stats", "atomic_file",
             "runner_protocol"],
    "pricing": ["price", "calendar", "billing", "offer", "catalog", "invoice", "rank", "breakeven"],
    "models": ["interruptions", "restart", "checkpoint_interval", "spot_price", "trace", "runtime_source",
               "published", "measurement"],
    "scenario": ["scenario"],
    "engine": ["trial", "cbl_policy", "tick_trial", "campaign_build", "candidate_result", "monte_carlo", "replay",
               "validate"],
    "plan": ["plan", "study_check"],
    "report": ["report"],
    "umbrella": ["costsim"],
}
ORDER = list(LAYERS)
layer_of = {f"costsim/{h}.hpp": i for i, name in enumerate(ORDER) for h in LAYERS[name]}
IO = len(ORDER)  # io/ sits above everything: it reads and writes every layer's types

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
    if h not in layer_of:
        bad.append(f"include/{h}: in no layer; add it to LAYERS in {pathlib.Path(__file__).name}")
        continue
    for d in deps[h]:
        dl = IO if d.startswith("costsim/io/") else layer_of.get(d)
        if dl is not None and dl > layer_of[h] and dl != IO:
            bad.append(f"include/{h} ({ORDER[layer_of[h]]}) includes {d} ({ORDER[dl]}), a higher layer")
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
