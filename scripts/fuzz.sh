#!/usr/bin/env bash
# scripts/fuzz.sh — builds the libFuzzer targets (clang, COSTSIM_FUZZ=ON) and runs each for
# a fixed time on a corpus seeded from the bundled files of its format.
#   scripts/fuzz.sh [SECONDS [TARGET...]]     (default 600 s, every target; 2 at a time)
# Crashes land in build-fuzz/fuzz-out/TARGET/ (crash-*, leak-*, timeout-*, oom-*); copy each
# to fuzz/regressions/TARGET/ once fixed. The summary (executions, coverage, features,
# corpus) is printed and written to build-fuzz/fuzz-out/summary.tsv.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-600}
shift || true
build="${COSTSIM_FUZZ_BUILD_DIR:-$root/build-fuzz}"
parallel=${COSTSIM_FUZZ_PARALLEL:-2}
seed=${COSTSIM_FUZZ_SEED:-0}  # 0: libFuzzer picks one; CI fixes it so that a run repeats
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(grep -E '^[a-z_0-9]+$' "$root/fuzz/targets.txt")  # every target
fi
cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DCOSTSIM_FUZZ=ON \
      -DCOSTSIM_WERROR=ON -DCOSTSIM_BUILD_CLI=OFF -DCOSTSIM_BUILD_EXAMPLES=OFF -DCOSTSIM_WITH_TORCH=OFF \
      -DCOSTSIM_WITH_MPI=OFF -DCOSTSIM_WITH_REPORT=OFF -DCOSTSIM_INSTALL=OFF -DCOSTSIM_BUILD_TESTS=ON \
      -DCOSTSIM_PYTHON=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]/%/_fuzz}"

out="$build/fuzz-out"
mkdir -p "$out"
run_one() {
  local t=$1 dir="$out/$1"
  rm -rf "$dir" && mkdir -p "$dir/corpus"
  # The seeds: the same files the replay test reads (fuzz/seeds.cmake), plus earlier finds.
  cmake -DSOURCE_DIR="$root" -DNAME="$t" -DDEST="$dir/corpus" -P "$root/fuzz/copy_seeds.cmake"
  [ -d "$root/fuzz/regressions/$t" ] && cp "$root/fuzz/regressions/$t/"* "$dir/corpus/" 2>/dev/null || true
  # -rss_limit_mb: a reader must not need 2 GiB for any input; -timeout: nor 10 s.
  (cd "$dir" && "$build/fuzz/${t}_fuzz" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -seed="$seed" -artifact_prefix="$dir/" corpus >"$dir/log.txt" 2>&1) && rc=0 || rc=$?
  local execs cov ft units
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/log.txt" | grep -o '[0-9]*$' || echo 0)
  cov=$(grep -o 'cov: [0-9]*' "$dir/log.txt" | tail -1 | grep -o '[0-9]*' || echo 0)
  ft=$(grep -o 'ft: [0-9]*' "$dir/log.txt" | tail -1 | grep -o '[0-9]*' || echo 0)
  units=$(ls "$dir/corpus" | wc -l)
  local found
  found=$(ls "$dir" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | wc -l || true)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$secs" "$execs" "$cov" "$ft" "$units" "$found" "$rc" >"$dir/summary.tsv"
}
export -f run_one
export out secs root build seed
printf '%s\n' "${targets[@]}" | xargs -P "$parallel" -I{} bash -c 'run_one {}'
{
  printf 'target\tseconds\texecutions\tcoverage_edges\tfeatures\tcorpus\tfound\texit\n'
  for t in "${targets[@]}"; do cat "$out/$t/summary.tsv"; done
} | tee "$out/summary.tsv" | column -t
