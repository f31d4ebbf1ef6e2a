#!/usr/bin/env python3
"""Fails when a header includes a higher layer, or a lower layer reaches the JSON library.

The folders of include/costsim/ are the layers, bottom up (docs/architecture.md):

  core/      error, decimal, duration, money, random streams, statistics, atomic files
  pricing/   prices, billing rules, offers, catalogs, quote(), ranking, break-even
  models/    interruptions, restarts, checkpoint intervals, spot prices, traces, runtimes
  engine/    the scenario, trials, the Monte Carlo engine, trace replay, validate's supervisor
  plan/      the planner and the published-study check
  io/        readers and writers of every file format (nlohmann/json, CSV)
  workflow/  workflows that read and write files as they go (validate)
  report/    the HTML report, read from a result document

A header may include headers of its own layer or below. Below io/ no header may include
nlohmann/json, directly or through another header: the types, pricing, models and engines
compile without it (tests/layout/*_without_json.cpp prove it by building programs).
costsim/costsim.hpp, the umbrella, sits above all. A header outside these folders fails.

Usage: check_layers.py ROOT
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
INC = ROOT / "include"
ORDER = ["core", "pricing", "models", "engine", "plan", "io", "workflow", "report"]
IO = ORDER.index("io")
UMBRELLA = "costsim/costsim.hpp"

include_re = re.compile(r'^\s*#\s*include\s+["<]([^">]+)[">]', re.M)
deps = {}
for h in sorted((INC / "costsim").rglob("*.hpp")):
    rel = h.relative_to(INC).as_posix()
    deps[rel] = include_re.findall(h.read_text(encoding="utf-8"))


def layer(h):
    if h == UMBRELLA:
        return len(ORDER)
    parts = h.split("/")
    return ORDER.index(parts[1]) if len(parts) == 3 and parts[1] in ORDER else None


memo = {}


def reaches_json(h, stack=()):
    """The include chain from h to nlohmann/json, if there is one."""
    if h in memo:
        return memo[h]
    hit = None
    for d in deps.get(h, []):
        if d.startswith("nlohmann/"):
            hit = [h, d]
            break
        if d in deps and d not in stack:
            sub = reaches_json(d, stack + (h,))
            if sub:
                hit = [h] + sub
                break
    memo[h] = hit
    return hit


bad = []
for h in sorted(deps):
    lh = layer(h)
    if lh is None:
        bad.append(f"include/{h}: in no layer; put it in one of include/costsim/{{{','.join(ORDER)}}}/")
        continue
    for d in deps[h]:
        if not d.startswith("costsim/"):
            continue
        ld = layer(d)
        if ld is None:
            bad.append(f"include/{h} includes {d}, which is in no layer")
        elif ld > lh:
            bad.append(f"include/{h} ({ORDER[lh]}) includes {d} ({ORDER[ld]}), a higher layer")
    if lh < IO:
        path = reaches_json(h)
        if path:
            bad.append(f"include/{h} ({ORDER[lh]}) reaches the JSON library ({' -> '.join(path)}); "
                       "its reader or writer belongs in io/")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
