#!/bin/sh
# A stand-in for costsim-bench that exits 0 after one progress step, whatever it is asked:
# validate must refuse it (too few progress lines to time), not divide by zero.
echo "costsim-bench: progress ready 0" >&2
echo "costsim-bench: progress step 1" >&2
exit 0
