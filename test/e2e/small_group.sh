#!/usr/bin/env bash
# small_group.sh CLANG OUTCORE_CC CGROUP_RUN
# A stream over malloc'd arrays (48 MiB) built with outcore-cc runs in groups of 8 and
# 12 MiB without swap, under each backend: the output equals the plain build's run
# without a limit. In such groups one fault's read-around (8 MiB on this machine's
# disk) or a pager fill of 1 MiB with others in flight had the kernel kill the program.
set -euo pipefail
source "$(dirname "$0")/plain_and_outcore.sh"
plain_and_outcore small_group "$@"
failed=0
for backend in madvise pager; do
  for mib in 8 12; do
    status=0
    got=$(CGROUP_RUN_SWAP=0 OUTCORE_BACKEND=$backend "$cgroup_run" $((mib << 20)) "$work/peak" \
          "$work/outcore" 2>"$work/err") || status=$?
    [ "$status" -eq 77 ] && exit 77
    echo "small_group: $backend in $mib MiB: exit $status, peak $(( $(cat "$work/peak") >> 20 )) MiB: $got"
    if [ "$status" -ne 0 ] || [ "$got" != "$expected" ]; then
      cat "$work/err"
      failed=1
    fi
  done
done
[ "$failed" -eq 0 ] || { echo "small_group: expected $expected"; exit 1; }
