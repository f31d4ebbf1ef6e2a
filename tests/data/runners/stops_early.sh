#!/bin/sh
# A stand-in for costsim-bench that times three steps and exits 0, whatever --steps asks:
# validate must refuse it rather than take three steps for the whole calibration.
echo "costsim-bench: progress ready 0" >&2
for n in 1 2 3; do
  echo "costsim-bench: progress step $n" >&2
done
exit 0
