#!/usr/bin/env bash
# scripts/python.sh — build the costsim Python module and install it into the site-packages of
# the `python3` on PATH (or $PYTHON), reading the bundled data of this clone. One command on a
# fresh Debian machine: installs python3-dev and pybind11-dev when missing (no PyPI needed).
#   bash scripts/python.sh && python3 -c "import costsim; print(costsim.plan(work='10h', gpu='L4').recommendation)"
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh" --python
py=${PYTHON:-$(command -v python3)}
out="${COSTSIM_PYTHON_BUILD_DIR:-$root/build-python}"
cmake -S "$root" -B "$out" -DCMAKE_BUILD_TYPE=Release -DCOSTSIM_PYTHON=ON -DPython3_EXECUTABLE="$py" \
      -DCOSTSIM_BUILD_TESTS=OFF -DCOSTSIM_BUILD_CLI=OFF -DCOSTSIM_BUILD_EXAMPLES=OFF -DCOSTSIM_WITH_TORCH=OFF \
      -DCOSTSIM_WITH_MPI=OFF -DCOSTSIM_WITH_REPORT=OFF -DCOSTSIM_PYTHON_SHARE="$root" >/dev/null
cmake --build "$out" --target costsim_python -j"$(nproc)"
cmake --install "$out" --component python
"$py" -c "import costsim; print('costsim', costsim.__version__, 'installed for', __import__('sys').executable, 'at', costsim.__file__)"
