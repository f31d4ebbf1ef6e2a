#!/usr/bin/env bash
# scripts/test.sh — the whole test suite, as CI runs it:
#   0. every C++ file formatted as .clang-format says (clang-format --dry-run -Werror);
#   1. warnings-as-errors build, unit + CLI tests (ctest), every header compiled alone,
#      costsim-bench (LibTorch) built and its CPU tests run;
#   2. the same tests under AddressSanitizer + UBSan;
#   3. install into a temporary prefix and build examples/planning_tool against it;
#   4. the libFuzzer targets (fuzz/, clang) built, run once over their seeds and every input
#      a fuzzer found, then 10 s of fuzzing each (the long runs are scripts/fuzz.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh" --test
jobs=$(nproc)
out="${COSTSIM_TEST_BUILD_DIR:-$root/build-test}"
# Each stage's wall time is printed as it ends, so CI's budget (70 min on 2 cores) is watched.
stage_start=$SECONDS
stage() {
  if [ -n "${stage_name:-}" ]; then echo "-- ${stage_name}: $((SECONDS - stage_start)) s"; fi
  stage_name=$1
  stage_start=$SECONDS
  echo "== $1"
}

stage "0/4 every C++ file is as clang-format writes it (.clang-format)"
# Nothing is reformatted here: a file that differs fails with clang-format's diff. To fix:
#   find include simulator bench bench_adapter tests fuzz examples python \( -name '*.hpp' -o -name '*.cpp' \) | xargs clang-format -i
find "$root"/{include,simulator,bench,bench_adapter,tests,fuzz,examples,python} \( -name '*.hpp' -o -name '*.cpp' -o -name '*.h' \) \
  -print0 | xargs -0 clang-format --dry-run -Werror

stage "1/4 build with -Wall -Wextra -Wpedantic -Werror, run the tests"
# COSTSIM_WITH_TORCH=ON: costsim-bench is built here and its CPU tests run (tiny shapes, seconds
# each). Stage 2 leaves it OFF: LibTorch is not built with ASan, and its OpenMP pool and
# allocator give reports that are not ours; the adapter (include/costsim) is checked there.
# COSTSIM_WITH_MPI=ON: `simulate --mpi` is checked against one process with mpirun -np 2;
# COSTSIM_BUILD_BENCH=ON: the Google Benchmark kernels compile under -Werror (not timed here).
# COSTSIM_PYTHON=ON: the Python module (pybind11) for Debian's python3, whose pytest suite
# (python/tests) runs in ctest; installed in stage 3 under the prefix and imported from there.
cmake -S "$root" -B "$out/werror" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOSTSIM_WERROR=ON -DCOSTSIM_WITH_TORCH=ON \
      -DCOSTSIM_WITH_REPORT=ON -DCOSTSIM_WITH_MPI=ON -DCOSTSIM_BUILD_BENCH=ON \
      -DCOSTSIM_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3 -DCOSTSIM_PYTHON_INSTALL_DIR=lib/python3/site-packages \
      >/dev/null
cmake --build "$out/werror" -j"$jobs"
ctest --test-dir "$out/werror" --output-on-failure -j"$jobs"

stage "2/4 AddressSanitizer + UBSan"
# -O0: GCC compiles an ASan+UBSan TU 3.7x faster than at -O1 (plan_cmd.cpp: 75 s vs 281 s on
# the 2-core machine), which saves more build time than the slower tests cost.
cmake -S "$root" -B "$out/asan" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O0" \
      -DCOSTSIM_WERROR=ON -DCOSTSIM_SANITIZE=ON \
      -DCOSTSIM_WITH_TORCH=OFF -DCOSTSIM_WITH_MPI=OFF -DCOSTSIM_INSTALL=OFF -DCOSTSIM_PYTHON=OFF >/dev/null
cmake --build "$out/asan" --target costsim_tests costsim_cli planning_tool costsim_pricing_without_json costsim_engine_without_json -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$out/asan" --output-on-failure -j"$jobs"

stage "3/4 install, then build a consumer against the installed package"
prefix="$out/prefix"
rm -rf "$prefix" "$out/consumer"
cmake --install "$out/werror" --prefix "$prefix" >/dev/null
cmake -S "$root/examples/planning_tool" -B "$out/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_CXX_FLAGS="-Wall -Wextra -Wpedantic -Werror" >/dev/null
cmake --build "$out/consumer" -j"$jobs"
"$out/consumer/planning_tool" "$prefix/share/costsim/pricing_data/gpu_platforms_2018.json" 12h 2026-02-01 USD \
  | tee "$out/consumer/output.txt"
grep -q "^cheapest: gce/us-central1/k80 (spot) 3.21 USD" "$out/consumer/output.txt"
"$prefix/bin/costsim" demo >/dev/null  # the installed CLI finds its installed scenarios and catalogs
"$prefix/bin/costsim" simulate "$root/tests/data/spec_scenario.json" --trials 1000 \
  --report "$out/consumer/report.html" >/dev/null  # ...and its installed charting libraries
grep -q "data-charts-expected" "$out/consumer/report.html"
# ...and the installed Python module, from a folder away from the tree, reads the installed data.
(cd "$out/consumer" && PYTHONPATH="$prefix/lib/python3/site-packages" /usr/bin/python3 -c \
  "import costsim; r = costsim.plan(work='10h', gpu='L4').recommendation; print(r); assert r is not None; \
assert costsim.share_dir().startswith('$prefix')")

stage "4/4 fuzz targets (clang, libFuzzer + ASan + UBSan): seeds and found inputs, then 10 s each"
COSTSIM_FUZZ_BUILD_DIR="$out/fuzz" COSTSIM_FUZZ_SEED=1 bash "$root/scripts/fuzz.sh" 10 | tee "$out/fuzz-summary.txt"
ctest --test-dir "$out/fuzz" -R "^fuzz:" --output-on-failure -j"$jobs"
if awk 'NR > 1 && ($7 != 0 || $8 != 0) { bad = 1 } END { exit !bad }' "$out/fuzz/fuzz-out/summary.tsv"; then
  echo "a fuzz target found a crash in 10 s: see $out/fuzz/fuzz-out/" >&2
  exit 1
fi

echo "-- ${stage_name}: $((SECONDS - stage_start)) s"
echo "costsim tests: all stages passed in ${SECONDS} s"
