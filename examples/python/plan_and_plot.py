#!/usr/bin/env python3
"""Plan the bundled 2026 fine-tuning scenario from Python and plot its cost-time frontier.

    PYTHONPATH=build/python python3 examples/python/plan_and_plot.py [OUT.png]

Prints the recommendation and the Pareto frontier (no candidate both cheaper and faster);
with matplotlib installed, saves every candidate's expected cost against its expected time,
the frontier joined, the recommendation marked (default plan_and_plot.png).
"""

import os
import sys

import costsim

here = os.path.dirname(os.path.abspath(__file__))
scenario = os.path.join(here, "..", "..", "scenarios", "finetune_7b_2026.json")
out = sys.argv[1] if len(sys.argv) > 1 else "plan_and_plot.png"

p = costsim.plan(scenario, trials=4000)
print(f"{p.scenario}: {len(p.candidates)} candidates, {len(p.excluded)} left out")
print("recommendation:", p.recommendation)
frontier = sorted((c for c in p.candidates if c.pareto), key=lambda c: c.makespan_hours.mean)
print("cost-time frontier:")
for c in frontier:
    fo = f", failover over {c.failover_zones} zones" if c.failover_zones > 1 else ""
    print(f"  {c.makespan_hours.mean:6.1f} h  {c.cost.mean:8.2f} {c.currency}  {c.offer} {c.market} ({c.policy}{fo})")

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("matplotlib is not installed: no plot (Debian: python3-matplotlib)")
    sys.exit(0)

fig, ax = plt.subplots(figsize=(8, 5), dpi=110)
for market, colour in (("on_demand", "tab:blue"), ("spot", "tab:orange"), ("monthly", "tab:green")):
    cs = [c for c in p.candidates if c.market == market and c.cost is not None]
    if cs:
        ax.scatter([c.makespan_hours.mean for c in cs], [c.cost.mean for c in cs], s=14, alpha=0.6,
                   color=colour, label=market.replace("_", "-"))
ax.plot([c.makespan_hours.mean for c in frontier], [c.cost.mean for c in frontier], color="black", lw=1,
        label="cost-time frontier")
r = p.recommendation
if r is not None:
    ax.scatter([r.makespan_hours.mean], [r.cost.mean], s=120, facecolors="none", edgecolors="red", lw=2,
               label=f"recommended: {r.offer} {r.market}")
if p.deadline is not None:
    ax.axvline(p.deadline.total_seconds() / 3600, color="grey", ls="--", lw=1, label="deadline")
ax.set_xscale("log")
ax.set_yscale("log")
ax.set_xlabel("expected time to solution (h)")
ax.set_ylabel(f"expected cost ({p.currency})")
ax.set_title(f"{p.scenario}: {len(p.candidates)} candidates, costsim {costsim.__version__}")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(out)
print("saved", out)
