#!/usr/bin/env bash
# pager_malloc.sh CLANG OUTCORE_CC CGROUP_RUN
# Two malloc'd arrays of 48 MiB (96 MiB, 1.5x the limit) built with outcore-cc run in
# a 64 MiB group without swap under OUTCORE_BACKEND=pager OUTCORE_SPILL=on: the output
# equals the plain build's run without a limit, and the pager (not the kernel) paged
# the arrays (its evictions in the OUTCORE_STATS report).
set -euo pipefail
source "$(dirname "$0")/plain_and_outcore.sh"
plain_and_outcore pager_malloc "$@"
status=0
got=$(CGROUP_RUN_SWAP=0 OUTCORE_BACKEND=pager OUTCORE_SPILL=on OUTCORE_STATS="$work/stats.json" \
      "$cgroup_run" $((64 << 20)) "$work/peak" "$work/outcore") || status=$?
[ "$status" -eq 77 ] && exit 77
echo "pager_malloc: outcore-cc build in 64 MiB without swap: exit $status: $got"
[ "$status" -eq 0 ] || exit 1
[ "$got" = "$expected" ] || { echo "pager_malloc: expected $expected"; exit 1; }
grep -q '"backend": "pager"' "$work/stats.json" || {
  echo "pager_malloc: skipped: the pager did not run (userfaultfd not permitted?)"; exit 77; }
evicted=$(sed -n 's/.*"pager_bytes_evicted": \([0-9]*\).*/\1/p' "$work/stats.json")
echo "pager_malloc: peak $(( $(cat "$work/peak") >> 20 )) MiB, pager evicted $((evicted >> 20)) MiB"
[ "$evicted" -gt 0 ] || { echo "pager_malloc: the pager evicted nothing"; exit 1; }
