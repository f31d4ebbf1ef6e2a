"""Fixtures of the costsim Python tests: the CLI built beside the module, and the source tree
(ctest sets COSTSIM_CLI and COSTSIM_SOURCE; PYTHONPATH finds the module in the build tree)."""

import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def src():
    return os.environ.get("COSTSIM_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))


@pytest.fixture(scope="session")
def cli():
    exe = os.environ.get("COSTSIM_CLI")
    if not exe:
        pytest.skip("COSTSIM_CLI is not set (ctest sets it)")

    def run(*args):
        p = subprocess.run([exe, *args], capture_output=True, text=True, check=False)
        assert p.returncode == 0, p.stderr
        assert p.stdout.endswith("\n")
        return p.stdout[:-1]

    return run
