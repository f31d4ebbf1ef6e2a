#!/usr/bin/env bash
# scripts/setup.sh — install costsim's build dependencies (Debian/Ubuntu packages) when
# missing. Sourced by demo.sh and test.sh; safe to run again.
set -euo pipefail
COSTSIM_PACKAGES=(cmake make g++ libboost-dev libhowardhinnant-date-dev librange-v3-dev doctest-dev
                  nlohmann-json3-dev libcli11-dev libfmt-dev librandom123-dev)
# --test: also what the test suite needs (npm fetches the report's charting libraries at
# build time; Chromium renders reports in the browser test).
if [ "${1:-}" = "--test" ]; then
  command -v npm >/dev/null 2>&1 || COSTSIM_PACKAGES+=(npm)
  command -v chromium >/dev/null 2>&1 || COSTSIM_PACKAGES+=(chromium)
  COSTSIM_PACKAGES+=(libtorch-dev)  # costsim-bench (LibTorch 1.13, CPU) is built and tested in stage 1
  COSTSIM_PACKAGES+=(libopenmpi-dev openmpi-bin)  # `simulate --mpi`, checked with mpirun -np 2
  COSTSIM_PACKAGES+=(libbenchmark-dev)  # bench/ kernels, compiled (not timed) in stage 1
  COSTSIM_PACKAGES+=(clang libclang-rt-dev)  # fuzz/ targets (libFuzzer), built and replayed in stage 4
  COSTSIM_PACKAGES+=(clang-format)  # stage 0: the tree is formatted as .clang-format says
  COSTSIM_PACKAGES+=(python3-dev pybind11-dev python3-pytest python3-pandas)  # the Python module and its tests
fi
# --python: what the Python module needs (scripts/python.sh).
if [ "${1:-}" = "--python" ]; then
  COSTSIM_PACKAGES+=(python3-dev pybind11-dev)
fi
# --bench: what bench/ needs (Google Benchmark kernels, the numpy peer, MPI).
if [ "${1:-}" = "--bench" ]; then
  COSTSIM_PACKAGES+=(libbenchmark-dev python3-numpy libopenmpi-dev openmpi-bin)
fi
missing=()
for p in "${COSTSIM_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "costsim setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
