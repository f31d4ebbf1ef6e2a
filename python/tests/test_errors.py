"""Bad input raises costsim.InputError with the file, the JSON pointer or argument, and what
was expected; it never crashes the interpreter. Every error is a costsim.Error."""

import datetime as dt
import os

import pytest

import costsim


def test_the_error_types_form_one_hierarchy():
    assert issubclass(costsim.InputError, costsim.Error) and issubclass(costsim.InputError, ValueError)
    assert issubclass(costsim.ModelError, costsim.Error)
    e = costsim.ModelError("greedy needs a deadline")
    assert e.message == "greedy needs a deadline"


def test_a_missing_scenario_file_names_the_file(tmp_path):
    missing = str(tmp_path / "nope.json")
    with pytest.raises(costsim.InputError) as e:
        costsim.simulate(missing, trials=10)
    assert e.value.file == missing and "nope.json" in str(e.value)


def test_a_bad_value_in_a_dict_scenario_names_its_json_pointer(src):
    scen = {"schema": "costsim.scenario/v1", "name": "x", "currency": "USD",
            "catalog": os.path.join(src, "pricing_data", "gpu_platforms_2018.json"),
            "workload": {"name": "w", "work": "-3h"},
            "candidates": [{"offer": "aws/us-east-1/p3.2xlarge", "market": "on_demand", "policy": "on_demand"}]}
    with pytest.raises(costsim.InputError) as e:
        costsim.simulate(scen, trials=10)
    assert e.value.pointer == "/workload/work" and e.value.file.endswith("<dict>")


def test_an_unknown_offer_id_names_near_ids(src):
    with pytest.raises(costsim.InputError) as e:
        costsim.quote(os.path.join(src, "pricing_data", "gpu_platforms_2018.json"), "aws/us-east-1/p3.2xlarg",
                      "on_demand", "1h")
    assert e.value.pointer == "/offers" and "p3.2xlarge" in e.value.message
    assert "\n" not in str(e.value) and len(str(e.value)) < 2000


def test_a_bad_duration_string_names_the_argument():
    with pytest.raises(costsim.InputError) as e:
        costsim.plan(work="ten hours", gpu="L4")
    assert e.value.file == "command line" and e.value.pointer == "--work"


def test_a_naive_datetime_and_a_negative_timedelta_are_refused():
    with pytest.raises(costsim.InputError) as e:
        costsim.quote(None, "aws/us-east-1/p3.2xlarge", "on_demand", "1h", start=dt.datetime(2026, 1, 1))
    assert e.value.pointer == "start"
    with pytest.raises(costsim.InputError):
        costsim.plan(work=dt.timedelta(hours=-1), gpu="L4")


def test_a_market_the_offer_lacks_names_the_offers_markets(src):
    with pytest.raises(costsim.InputError) as e:
        costsim.quote(os.path.join(src, "pricing_data", "gpu_platforms_2018.json"), "paperspace/gpu-plus/m4000",
                      "spot", "1h")
    assert e.value.pointer.endswith("/markets") and "it has: on_demand" in e.value.message


def test_a_filter_that_matches_nothing_is_refused():
    with pytest.raises(costsim.InputError) as e:
        costsim.load_catalog().offers(gpu="Voodoo2")
    assert e.value.pointer == "--gpu"


def test_a_plan_needs_a_scenario_or_the_job_and_not_both(src):
    with pytest.raises(costsim.InputError) as e:
        costsim.plan()
    assert e.value.pointer == "scenario"
    with pytest.raises(costsim.InputError) as e:
        costsim.plan(os.path.join(src, "scenarios", "bilstm_sentiment_demo.json"), work="3h")
    assert e.value.pointer == "work"
    with pytest.raises(TypeError):
        costsim.plan(work="3h", gpu="L4", colour="blue")


def test_replay_refuses_starts_beside_windows_and_an_unknown_sense(src):
    scen = os.path.join(src, "examples", "cant_be_late", "scenario.json")
    traces = os.path.join(src, "pricing_data", "spot-traces", "cbl-eval-2022-10")
    with pytest.raises(costsim.InputError):
        costsim.replay(scen, os.path.join(traces, "us-west-2a_v100_1.json"), starts=3,
                       windows=os.path.join(traces, "random_windows.json"))
    with pytest.raises(costsim.InputError) as e:
        costsim.replay(scen, os.path.join(traces, "us-west-2a_v100_1.json"), sense="available")
    assert e.value.pointer == "sense"


def test_a_wrong_argument_type_is_a_type_error():
    with pytest.raises(TypeError):
        costsim.simulate(42)
    with pytest.raises(TypeError):
        costsim.plan(work=10, gpu="L4")
