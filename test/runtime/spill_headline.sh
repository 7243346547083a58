#!/usr/bin/env bash
# spill_headline.sh PLAIN SPILLING CGROUP_RUN
# Two malloc'd arrays of 150 MiB (300 MiB, 2.3x the limit) in a 128 MiB memory cgroup
# without swap (memsw = limit): the build linked with liboutcore-rt completes with the
# output of the plain build run without a limit (its arrays spilled, OUTCORE_SPILL=auto);
# the plain build in the same group is reported (OOM-killed: exit 137), not asserted.
set -euo pipefail
plain=$1 spilling=$2 cgroup_run=$3
limit=$((128 << 20))
dir=${TMPDIR:-/var/tmp}
peak=$(mktemp "$dir/outcore-peak-XXXXXX")
trap 'rm -f "$peak"' EXIT
expected=$("$plain" 150 3)
status=0
got=$(CGROUP_RUN_SWAP=0 "$cgroup_run" "$limit" "$peak" "$spilling" 150 3) || status=$?
[ "$status" -eq 77 ] && exit 77
echo "spill_headline: outcore: exit $status, peak $(( $(cat "$peak") >> 20 )) MiB: $got"
[ "$status" -eq 0 ] || { echo "spill_headline: the spilling build failed"; exit 1; }
[ "$got" = "$expected" ] || { echo "spill_headline: output differs from the plain build: $expected"; exit 1; }
status=0
CGROUP_RUN_SWAP=0 "$cgroup_run" "$limit" "$peak" "$plain" 150 3 >/dev/null 2>&1 || status=$?
echo "spill_headline: plain build in the same group: exit $status (137: OOM-killed)"
