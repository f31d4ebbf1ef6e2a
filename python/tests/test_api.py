"""The module's functions and types: catalogs and offers, exact quotes with Decimal money,
timedelta durations and aware datetimes, plans from a file, a dict or keywords, simulate and
replay, and the results' attributes, dicts and data frames."""

import datetime as dt
import decimal
import json
import os

import pytest

import costsim


def test_the_bundled_catalog_loads_and_filters_offers_cheapest_first():
    cat = costsim.load_catalog()
    assert cat.name == "gpu-cloud-2026" and len(cat) > 2000
    assert isinstance(cat.as_of, dt.date)
    offers = cat.offers(gpu="A100-80GB", cloud="aws", market="spot")
    assert offers and all(o.gpu == "A100-80GB" and o.provider == "aws" and o.spot for o in offers)
    prices = [o.spot.amount.amount for o in offers]
    assert prices == sorted(prices)
    assert all(isinstance(p, decimal.Decimal) for p in prices)
    assert offers[0].spot.amount.currency == "USD" and offers[0].spot.per == "hour"


def test_offers_under_a_price_cap_are_under_it():
    cat = costsim.load_catalog()
    cheap = cat.offers(gpu=["L4", "T4"], max_price="0.5")
    assert cheap and all(o.on_demand.amount.amount <= decimal.Decimal("0.5") for o in cheap)


def test_a_quote_is_exact_decimal_money_with_its_lines(src):
    cat = costsim.load_catalog(os.path.join(src, "pricing_data", "gpu_platforms_2018.json"))
    start = dt.datetime(2026, 2, 1, 9, 0, tzinfo=dt.timezone.utc)
    inv = costsim.quote(cat, "aws/us-east-1/p3.2xlarge", "on_demand", dt.timedelta(minutes=90), start=start)
    # 3.06 USD/h billed per second for 5,400 s
    assert inv.total == costsim.Money(decimal.Decimal("4.59"), "USD")
    assert inv.total_exact.amount == decimal.Decimal("4.59")
    assert inv.duration == dt.timedelta(minutes=90) and inv.billed == dt.timedelta(minutes=90)
    assert inv.start == start and inv.start.tzinfo is not None
    assert [l.amount.amount for l in inv.lines] == [decimal.Decimal("4.59")]
    assert str(inv.total) == "4.59 USD"


def test_a_quote_bills_a_started_hour_where_the_offer_bills_hourly(src):
    cat = os.path.join(src, "pricing_data", "gpu_platforms_2018.json")
    inv = costsim.quote(cat, "ibm/softlayer-baremetal/k80", "on_demand", "61m")
    assert inv.billed == dt.timedelta(hours=2) and inv.total.amount == decimal.Decimal("5.60")


def test_a_region_level_id_is_quoted_at_the_regions_cheapest_zone_and_says_so():
    inv = costsim.quote(None, "aws/us-east-1/p3.2xlarge", "spot", "2h")
    assert inv.offer_id.startswith("aws/use1-") and "cheapest" in inv.note


def test_plan_with_the_failover_market_has_failover_rows_that_say_so():
    p = costsim.plan(work="10h", gpu="A100-80GB", gpus=8, deadline="24h", market="on_demand,spot,failover",
                     cloud="gcp", trials=500)
    fo = [c for c in p.candidates if c.failover_zones > 1]
    assert fo and all(c.market == "spot" for c in fo)
    assert "failover over 2 zones" in str(fo[0])
    assert all(c.failover_zones == 1 for c in p.candidates if c.market == "on_demand")


def test_plan_with_keywords_recommends_an_offer_and_labels_its_sources():
    p = costsim.plan(work="10h", gpu="L4", deadline=dt.timedelta(hours=24), trials=2000)
    r = p.recommendation
    assert r is not None and r.recommended and r.rank is not None
    assert r.deadline_met >= 0.95
    assert r.runtime_source == "measured"
    assert isinstance(r.expected_cost, costsim.Money) and r.expected_cost.currency == "USD"
    assert isinstance(r.expected_time, dt.timedelta)
    assert r.offer in str(r) and "USD" in str(r) and "meets the deadline" in str(r)
    assert "deadline" not in str(costsim.plan(work="2h", gpu="L4", cloud="aws", trials=500).recommendation)
    ranks = [c.rank for c in p.candidates]
    assert ranks == sorted(ranks)
    assert p.excluded and all(e.reason for e in p.excluded)


def test_plan_by_the_jobs_size_estimates_the_work_and_refuses_a_bad_count():
    p = costsim.plan(model="7B", tokens=50e6, method="lora", gpu="L4", cloud="aws", market="on_demand", trials=500)
    r = p.recommendation
    assert r is not None and r.runtime_source == "estimate"
    cli = costsim.plan(model="7B", tokens="50M", method="lora", gpu="L4", cloud="aws", market="on_demand", trials=500)
    assert cli.to_dict() == p.to_dict()
    with pytest.raises(costsim.InputError) as e:
        costsim.plan(model="7B", tokens="50X", method="lora")
    assert e.value.pointer == "--tokens"


def test_plan_results_have_the_cli_keys():
    d = costsim.plan(work="2h", gpu="L4", cloud="aws", trials=500).to_dict()
    for k in ("scenario", "trials", "seed", "currency", "candidates", "excluded", "recommended", "catalog"):
        assert k in d
    assert json.loads(json.dumps(d)) == d


def test_simulate_and_replay_give_candidates_with_summaries(src):
    s = costsim.simulate(os.path.join(src, "tests", "data", "spec_scenario.json"), trials=2000)
    assert s.trials == 2000 and s.candidates
    c = s.candidates[0]
    assert c.cost.p05 <= c.cost.p50 <= c.cost.p95 and c.makespan_hours.mean > 0
    scen = os.path.join(src, "tests", "data", "traces", "sense_scenario.json")
    trace = os.path.join(src, "pricing_data", "spot-traces", "spothedge-gcp-a100", "europe-west4-a_a100_40gb_8.json")
    own = costsim.replay(scen, trace, starts=5, sense="obtainable")
    other = costsim.replay(scen, trace, starts=5)
    spot_own = [c for c in own.candidates if c.market == "spot"][0]
    spot_other = [c for c in other.candidates if c.market == "spot"][0]
    assert own.sense == "obtainable" and spot_own.raw["interruptions"]["mean"] == 0 and spot_own.deadline_met == 1.0
    assert other.sense == "preempted" and spot_other.raw["outlasted"] == 5 and spot_other.cost is None


def test_a_scenario_without_candidates_simulates_its_plan_with_a_warning(src):
    with pytest.warns(UserWarning, match="lists no candidates"):
        s = costsim.simulate(os.path.join(src, "scenarios", "bilstm_sentiment_demo.json"), trials=200)
    assert len(s.candidates) > 10


def test_results_become_data_frames_when_pandas_is_there(src):
    pandas = pytest.importorskip("pandas")
    p = costsim.plan(work="2h", gpu="L4", cloud="aws", trials=500)
    df = p.to_dataframe()
    assert isinstance(df, pandas.DataFrame) and len(df) == len(p.candidates)
    assert {"offer", "market", "policy", "rank", "cost_mean", "hours_p95", "deadline_met"} <= set(df.columns)
    inv = costsim.quote(os.path.join(src, "pricing_data", "gpu_platforms_2018.json"), "aws/us-east-1/p3.2xlarge",
                        "on_demand", "1h")
    assert list(inv.to_dataframe()["amount"]) == [decimal.Decimal("3.06")]
