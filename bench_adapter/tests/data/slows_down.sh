#!/bin/bash
# A machine that slows down during validation, deterministically: it runs the real
# costsim-bench ($COSTSIM_REAL_BENCH) as given, except that every calibration burst after
# the first (output burst-1.json, burst-2.json, ...) trains a hidden layer twice as
# wide, so its steps take longer. validate must warn that the speed changed.
args=("$@")
prev=""
slow=no
for a in "$@"; do
  if [ "$prev" = "--output" ] || [ "$prev" = "-o" ]; then
    case "$(basename "$a")" in burst-0.json) ;; burst-*.json) slow=yes ;; esac
  fi
  prev=$a
done
if [ "$slow" = yes ]; then
  for i in "${!args[@]}"; do
    if [ "${args[$i]}" = "--hidden" ]; then args[$((i + 1))]=16; fi
  done
fi
exec "$COSTSIM_REAL_BENCH" "${args[@]}"
