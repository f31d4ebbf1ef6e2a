"""Every result's to_json() is the text the CLI's --json prints for the same inputs and seed,
byte for byte, on the bundled scenarios, catalogs and traces."""

import json
import os

import costsim


def test_plan_of_the_bundled_demo_scenario_is_byte_identical(cli, src):
    f = os.path.join(src, "scenarios", "bilstm_sentiment_demo.json")
    assert costsim.plan(f, trials=2000).to_json() == cli("plan", f, "--trials", "2000", "--json")


def test_plan_of_the_bundled_2026_scenario_is_byte_identical(cli, src):
    f = os.path.join(src, "scenarios", "finetune_7b_2026.json")
    got = costsim.plan(f, trials=1000, seed=7, deadline="30h").to_json()
    assert got == cli("plan", f, "--trials", "1000", "--seed", "7", "--deadline", "30h", "--json")


def test_plan_of_a_scenario_given_as_a_dict_is_the_plan_of_the_file(src):
    f = os.path.join(src, "scenarios", "bilstm_sentiment_demo.json")
    with open(f) as fh:
        d = json.load(fh)
    a = costsim.plan(d, trials=1000, base_dir=os.path.dirname(f)).to_dict()
    b = costsim.plan(f, trials=1000).to_dict()
    assert a == b


def test_quick_plan_is_byte_identical_to_the_cli_quick_mode(cli):
    got = costsim.plan(work="10h", gpu="L4", deadline="24h", cloud=["aws", "gcp"]).to_json()
    assert got == cli("plan", "--work", "10h", "--gpu", "L4", "--deadline", "24h", "--cloud", "aws,gcp", "--json")


def test_simulate_is_byte_identical_and_the_same_on_one_or_two_threads(cli, src):
    f = os.path.join(src, "tests", "data", "spec_scenario.json")
    one = costsim.simulate(f, trials=3001, seed=5, threads=1).to_json()
    two = costsim.simulate(f, trials=3001, seed=5, threads=2).to_json()
    assert one == two == cli("simulate", f, "--trials", "3001", "--seed", "5", "--json")


def test_replay_on_the_papers_windows_is_byte_identical(cli, src):
    scen = os.path.join(src, "examples", "cant_be_late", "scenario.json")
    traces = os.path.join(src, "pricing_data", "spot-traces", "cbl-eval-2022-10")
    trace, windows = os.path.join(traces, "us-west-2a_v100_1.json"), os.path.join(traces, "random_windows.json")
    got = costsim.replay(scen, trace, windows=windows, deadline="52h").to_json()
    assert got == cli("replay", scen, "--trace", trace, "--windows", windows, "--deadline", "52h", "--json")


def test_replay_in_the_obtainable_sense_is_byte_identical(cli, src):
    scen = os.path.join(src, "tests", "data", "traces", "sense_scenario.json")
    trace = os.path.join(src, "pricing_data", "spot-traces", "spothedge-gcp-a100", "us-west1-b_a100_40gb_8.json")
    got = costsim.replay(scen, trace, starts=5, sense="obtainable").to_json()
    assert got == cli("replay", scen, "--trace", trace, "--starts", "5", "--sense", "obtainable", "--json")


def test_quote_is_byte_identical(cli, src):
    cat = os.path.join(src, "pricing_data", "gpu_platforms_2018.json")
    got = costsim.quote(cat, "aws/us-east-1/p3.2xlarge", "on_demand", "1.5h").to_json()
    assert got == cli("quote", "--catalog", cat, "--offer", "aws/us-east-1/p3.2xlarge", "--market", "on_demand",
                      "--duration", "1.5h", "--json")


def test_offers_are_byte_identical(cli):
    got = costsim.load_catalog().offers_json(gpu="H100", cloud=["aws", "lambda"], market="spot")
    assert got == cli("offers", "--gpu", "H100", "--cloud", "aws,lambda", "--market", "spot", "--json")
