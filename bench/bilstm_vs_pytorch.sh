#!/usr/bin/env bash
# bench/bilstm_vs_pytorch.sh — samples/s of `costsim-bench bilstm-sentiment` against the same
# model in PyTorch eager (bench/peers/bilstm_pytorch.py), same machine, threads and shape,
# run alternately so both see the same load; prints each run, the medians and the ratio.
#   bench/bilstm_vs_pytorch.sh [--threads N] [--runs R] [--steps S] [--warmup W] [--stock]
#                              [--bench PATH] [--peer PATH] [--python PATH]
# Both count samples over the timed steps divided by their wall time (the peer's definition;
# costsim-bench's "samples_per_second_mean"). --stock also runs costsim-bench with
# torch::optim::Adam and zeroed gradients (operation for operation the peer's step).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
threads=1 runs=5 steps=200 warmup=20 stock=0
bench="$root/build-bench/bench_adapter/costsim-bench"
peer="$root/bench/peers/bilstm_pytorch.py"
python=/usr/bin/python3  # Debian's python3-torch lives there, not in a pyenv
while (($#)); do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --stock) stock=1; shift ;;
    --bench) bench=$2; shift 2 ;;
    --peer) peer=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    *) echo "bilstm_vs_pytorch.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$bench" ] || { echo "bilstm_vs_pytorch.sh: no costsim-bench at $bench (build it, or pass --bench)" >&2; exit 2; }
[ -f "$peer" ] || { echo "bilstm_vs_pytorch.sh: no peer at $peer (pass --peer)" >&2; exit 2; }
"$python" -c 'import torch' 2>/dev/null || { echo "bilstm_vs_pytorch.sh: $python has no torch (apt-get install python3-torch)" >&2; exit 2; }

shape=(--vocab 274562 --seq 40 --batch 32)  # the study's model; the peer's defaults
ours() {  # $1: fused | stock
  "$bench" bilstm-sentiment --device cpu --threads "$threads" "${shape[@]}" --warmup "$warmup" --steps "$steps" \
    --optimizer-impl "$1" | "$python" -c 'import json,sys; print("%.1f" % json.load(sys.stdin)["samples_per_second_mean"])'
}
theirs() {
  # The peer warms up 20 steps, fixed.
  "$python" "$peer" "${shape[@]}" --steps "$steps" --threads "$threads" | awk '{print $2}'
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores; threads $threads; steps $steps; runs $runs"
echo "libtorch $(dpkg-query -W -f='${Version}' libtorch-dev 2>/dev/null || echo '?'); python3-torch $("$python" -c 'import torch; print(torch.__version__)')"
a=() b=() c=()
for ((i = 1; i <= runs; i++)); do
  x=$(ours fused); y=$(theirs); a+=("$x"); b+=("$y")
  line="run $i: costsim-bench $x samples/s   pytorch eager $y samples/s"
  if ((stock)); then z=$(ours stock); c+=("$z"); line+="   costsim-bench --optimizer-impl stock $z samples/s"; fi
  echo "$line"
done
ma=$(median "${a[@]}"); mb=$(median "${b[@]}")
echo "median: costsim-bench $ma samples/s, pytorch eager $mb samples/s"
echo "ratio costsim-bench / pytorch: $(awk -v a="$ma" -v b="$mb" 'BEGIN {printf "%.2f", a / b}')x"
if ((stock)); then
  mc=$(median "${c[@]}")
  echo "ratio costsim-bench (stock Adam) / pytorch: $(awk -v a="$mc" -v b="$mb" 'BEGIN {printf "%.2f", a / b}')x"
fi
