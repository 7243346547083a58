#!/usr/bin/env bash
# pager_fork.sh CLANG OUTCORE_CC CGROUP_RUN
# A spilled malloc'd array under OUTCORE_BACKEND=pager OUTCORE_SPILL=on, summed by a
# forked child that then overwrites its copy: the output equals the plain build's, and
# no message says that the child does not inherit the array (the spill module copies
# spilled blocks for the child; it did print one where its fork handler ran after
# the pager's).
set -euo pipefail
source "$(dirname "$0")/plain_and_outcore.sh"
plain_and_outcore pager_fork "$@"
got=$(OUTCORE_BACKEND=pager OUTCORE_SPILL=on OUTCORE_STATS="$work/stats.json" \
      "$work/outcore" 2>"$work/stderr")
echo "pager_fork: $got"
cat "$work/stderr"
[ "$got" = "$expected" ] || { echo "pager_fork: expected $expected"; exit 1; }
grep -q '"backend": "pager"' "$work/stats.json" || {
  echo "pager_fork: skipped: the pager did not run (userfaultfd not permitted?)"; exit 77; }
if grep -q "not inherited" "$work/stderr"; then
  echo "pager_fork: a spilled block was reported as not inherited"; exit 1
fi
