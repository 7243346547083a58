#!/usr/bin/env bash
# Runs the out-of-core benchmarks (never part of the test suite): sets up and builds the
# project (scripts/setup.sh), then the quick harness run, whose results land in
# ${OUT:-results-quick}/ (report.md, summary.json, results.json, PNG plots).
# Needs root (memory cgroups). Input data goes to /var/tmp/outcore-bench/data
# (delete it when done). Extra arguments go to benchmarks/run.py, e.g.
#   scripts/bench.sh --kernels matvec,column
#   FULL=1 OUT=results scripts/bench.sh       (full sizes: 256 MiB limit, 3 repetitions)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
quick=(--quick)
[ "${FULL:-0}" = 1 ] && quick=()
exec python3 benchmarks/run.py "${quick[@]}" --out "${OUT:-results-quick}" "$@"
