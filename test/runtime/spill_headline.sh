#!/usr/bin/env bash
# spill_headline.sh PLAIN SPILLING CGROUP_RUN [ARGS...]
# A program as users write it, with malloc'd data 2-2.3x the limit, in a 128 MiB memory
# cgroup without swap (memsw = limit): the build linked with liboutcore-rt completes
# with the output of the plain build run without a limit (its memory spilled,
# OUTCORE_SPILL=auto); the plain build in the same group is reported (OOM-killed: exit
# 137), not asserted. ARGS go to both builds (default "150 3": spill_jacobi's two
# arrays of 150 MiB, 3 sweeps). A program that reports "N shared mappings of deleted
# files" on stderr (spill_rows) must have spilled into at most 4 of them: a matrix
# allocated row by row shares the arena's mapping.
set -euo pipefail
plain=$1 spilling=$2 cgroup_run=$3
shift 3
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(150 3)
limit=$((128 << 20))
dir=${TMPDIR:-/var/tmp}
peak=$(mktemp "$dir/outcore-peak-XXXXXX")
err=$(mktemp "$dir/outcore-stderr-XXXXXX")
trap 'rm -f "$peak" "$err"' EXIT
expected=$("$plain" "${args[@]}" 2>/dev/null)
status=0
got=$(CGROUP_RUN_SWAP=0 "$cgroup_run" "$limit" "$peak" "$spilling" "${args[@]}" 2>"$err") || status=$?
[ "$status" -eq 77 ] && exit 77
echo "spill_headline: outcore: exit $status, peak $(( $(cat "$peak") >> 20 )) MiB: $got"
cat "$err"
[ "$status" -eq 0 ] || { echo "spill_headline: the spilling build failed"; exit 1; }
[ "$got" = "$expected" ] || { echo "spill_headline: output differs from the plain build: $expected"; exit 1; }
mappings=$(sed -n 's/.* \([0-9][0-9]*\) shared mappings of deleted files.*/\1/p' "$err")
if [ -n "$mappings" ] && { [ "$mappings" -lt 1 ] || [ "$mappings" -gt 4 ]; }; then
  echo "spill_headline: $mappings spilled mappings, expected 1 to 4"
  exit 1
fi
status=0
CGROUP_RUN_SWAP=0 "$cgroup_run" "$limit" "$peak" "$plain" "${args[@]}" >/dev/null 2>&1 || status=$?
echo "spill_headline: plain build in the same group: exit $status (137: OOM-killed)"
