#!/usr/bin/env bash
# scripts/report-screenshot.sh REPORT.html OUT.png [WIDTH [HEIGHT]]
#   a PNG of a costsim report as headless Chromium draws it (Debian: apt-get install chromium);
#   without HEIGHT, the whole page (the height the page reports once its charts drew).
# scripts/report-screenshot.sh --bundled OUTDIR [COSTSIM]
#   the three bundled reports (the demo plan, the 2026 fine-tune plan, the Can't Be Late
#   replay) built with COSTSIM (default build/simulator/costsim), each screenshot at 1024 and
#   1400 px wide: OUTDIR/report-{demo,finetune,replay}-{1024,1400}.png, for a reviewer.
#   SCALE (default 1) shrinks the pixels, not the layout: SCALE=0.6 for the docs' small PNGs.
set -euo pipefail
usage() { echo "usage: $0 REPORT.html OUT.png [WIDTH [HEIGHT]] | $0 --bundled OUTDIR [COSTSIM]" >&2; exit 2; }
[ $# -ge 2 ] || usage
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
  { echo "$0: chromium not found (apt-get install chromium)" >&2; exit 2; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir="$profile" --hide-scrollbars
       --virtual-time-budget=20000)

shot() {  # shot REPORT.html OUT.png WIDTH [HEIGHT]
  local html out width height
  html=$(readlink -f "$1"); out=$(readlink -f "$2" 2>/dev/null || echo "$2"); width=$3; height=${4:-}
  if [ -z "$height" ]; then
    height=$("$browser" "${flags[@]}" --window-size="$width,900" --dump-dom "file://$html" 2>/dev/null |
               grep -o 'data-height="[0-9]*"' | grep -o '[0-9][0-9]*' || true)
    [ -n "$height" ] || { echo "$0: $1 did not report its height (not a costsim report?)" >&2; exit 1; }
    height=$((height + 20))
  fi
  rm -f "$out"
  "$browser" "${flags[@]}" --force-device-scale-factor="${SCALE:-1}" --window-size="$width,$height" \
    --screenshot="$out" "file://$html" 2>/dev/null
  [ -s "$out" ] || { echo "$0: no screenshot written" >&2; exit 1; }
  echo "wrote $out"
}

if [ "$1" != "--bundled" ]; then
  shot "$1" "$2" "${3:-1300}" "${4:-}"
  exit 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
outdir=$2
costsim=${3:-$root/build/simulator/costsim}
[ -x "$costsim" ] || { echo "$0: $costsim is not built (cmake --build build --target costsim_cli)" >&2; exit 2; }
mkdir -p "$outdir"
work=$(mktemp -d)
trap 'rm -rf "$profile" "$work"' EXIT
cbl=$root/pricing_data/spot-traces/cbl-eval-2022-10
"$costsim" plan "$root/scenarios/bilstm_sentiment_demo.json" --report "$work/demo.html" >/dev/null
"$costsim" plan "$root/scenarios/finetune_7b_2026.json" --json >"$work/finetune.json"
"$costsim" report "$work/finetune.json" -o "$work/finetune.html" >/dev/null
"$costsim" replay "$root/examples/cant_be_late/scenario.json" --trace "$cbl/us-west-2a_v100_1.json" \
  --windows "$cbl/random_windows.json" --json >"$work/replay.json"
"$costsim" report "$work/replay.json" -o "$work/replay.html" >/dev/null
for kind in demo finetune replay; do
  for width in 1024 1400; do shot "$work/$kind.html" "$outdir/report-$kind-$width.png" "$width"; done
done
