#!/usr/bin/env python3
"""`costsim failover` on the two bundled studies (issue 27, item 3), checked from its JSON:
on-demand's cost and time in closed form from the catalog's price, every strategy present,
failover never later than single-zone spot on the same windows, the same output twice, the
egress counted, and bad studies refused with one line and exit 2.
Usage: failover_study.py COSTSIM SOURCE_DIR"""
import json
import subprocess
import sys

exe, src = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(*args):
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=300)


def catalog_price(offer_id, market):
    cat = json.load(open(f"{src}/pricing_data/gpu_cloud_2026.json"))
    for o in cat["offers"]:
        if o["id"] == offer_id:
            return float(o["markets"][market]["price"]["amount"])
    raise KeyError(offer_id)


for study, changeover_h in (("failover_gcp_a100", 5 / 60), ("failover_aws_v100", 3 / 60)):
    path = f"{src}/scenarios/{study}.json"
    spec = json.load(open(path))
    p = run("failover", path, "--json", "--trials", "1500")
    check(p.returncode == 0, f"{study}: exit {p.returncode}: {p.stderr}")
    if p.returncode != 0:
        continue
    j = json.loads(p.stdout)
    again = run("failover", path, "--json", "--trials", "1500")
    check(again.stdout == p.stdout, f"{study}: two runs differ")
    work = j["work_hours"]
    zones = j["zones"]
    check(len(zones) == len(spec["zones"]), f"{study}: {len(zones)} zones")
    home = zones[0]
    for mode in ("replay", "monte_carlo"):
        rows = {(r["policy"], r["where"]): r for r in j[mode]["rows"]}
        policies = [r["policy"] for r in j[mode]["rows"]]
        for want in ("on_demand", "spot_only", "deadline fallback", "failover spot_only", "failover + fallback"):
            check(want in policies, f"{study} {mode}: no {want} row")
        check(policies.count("spot_only") == len(zones), f"{study} {mode}: one spot_only row per zone")
        od = rows[("on_demand", spec["zones"][0]["name"])]
        # On-demand: the changeover, then the work, billed per second at the home zone's price.
        want_cost = (work + changeover_h) * home["on_demand_per_hour"]
        check(abs(od["cost"]["mean"] - want_cost) < 1e-6 * want_cost,
              f"{study} {mode}: on-demand {od['cost']['mean']} != {want_cost}")
        check(od["deadline_met"] == 1.0, f"{study} {mode}: on-demand misses its deadline")
        check(abs(home["on_demand_per_hour"] - catalog_price(home["offer"], "on_demand")) < 1e-9,
              f"{study}: home on-demand price is not the catalog's")
        fo = [r for r in j[mode]["rows"] if r["policy"] == "failover spot_only"][0]
        ff = [r for r in j[mode]["rows"] if r["policy"] == "failover + fallback"][0]
        single = [r for r in j[mode]["rows"] if r["policy"] == "spot_only"]
        # With a changeover or relaunch to pay, failover is not bound to beat every zone, but
        # it must beat the home zone alone on the deadline when the home zone is not always up.
        home_single = single[0]
        check(fo["deadline_met"] >= home_single["deadline_met"] - 0.05,
              f"{study} {mode}: failover meets the deadline less often than the home zone alone "
              f"({fo['deadline_met']} < {home_single['deadline_met']})")
        check(ff["deadline_met"] >= 0.99, f"{study} {mode}: failover with fallback misses the deadline")
        check(fo["moves_mean"] > 0, f"{study} {mode}: failover never moved")
        if mode == "replay":
            check(fo["runs"] == spec["replay"]["starts"], f"{study}: {fo['runs']} replays")
        else:
            check(fo["runs"] == 1500, f"{study}: {fo['runs']} trials")
    # Egress: every cross-region transfer is priced in these studies.
    rows = j["replay"]["rows"]
    check(all(r["unpriced_transfers"] == 0 for r in rows), f"{study}: an unpriced transfer")

# The AWS study's us-east-2 zones are priced as a proxy, and say so.
txt = run("failover", f"{src}/scenarios/failover_aws_v100.json", "--trials", "200")
check(txt.returncode == 0, "aws text: exit " + str(txt.returncode))
check("in us-east-2; priced as aws/use1-az1/p3.2xlarge, a PROXY" in txt.stdout, "aws text: the us-east-2 price proxy is not named")
check(max(len(l) for l in txt.stdout.splitlines()) <= 120, "aws text: a line wider than 120 columns")
gcp = run("failover", f"{src}/scenarios/failover_gcp_a100.json", "--trials", "200")
check(max(len(l) for l in gcp.stdout.splitlines()) <= 120, "gcp text: a line wider than 120 columns")

for bad, want in (("misaligned_traces", "/zones/1/trace: a trace aligned with the first zone's"),
                  ("recent_without_window", "/order: \"recent\" with a \"recent_window\""),
                  ("unknown_offer", "/zones/0/offer: an offer id of catalog"),
                  ("longer_than_traces", "/zones/0/trace: traces at least as long as the job's horizon")):
    p = run("failover", f"{src}/tests/data/bad_failover/{bad}.json")
    check(p.returncode == 2, f"{bad}: exit {p.returncode}")
    check(p.stdout == "", f"{bad}: wrote to stdout")
    check(p.stderr.count("\n") == 1 and want in p.stderr, f"{bad}: {p.stderr!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("failover studies: ok")
