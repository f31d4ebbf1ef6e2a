#!/usr/bin/env bash
# scripts/report-screenshot.sh REPORT.html OUT.png [WIDTH HEIGHT]
# A PNG of a costsim report as headless Chromium draws it (Debian: apt-get install chromium).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 REPORT.html OUT.png [WIDTH HEIGHT]" >&2; exit 2; }
html=$(readlink -f "$1"); out=$(readlink -f "$2" 2>/dev/null || echo "$2")
width=${3:-1300}; height=${4:-2600}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
  { echo "$0: chromium not found (apt-get install chromium)" >&2; exit 2; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$profile" --hide-scrollbars \
  --window-size="$width,$height" --virtual-time-budget=20000 --screenshot="$out" "file://$html" 2>/dev/null
[ -s "$out" ] || { echo "$0: no screenshot written" >&2; exit 1; }
echo "wrote $out"
