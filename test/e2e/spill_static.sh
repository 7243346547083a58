#!/usr/bin/env bash
# spill_static.sh CLANG OUTCORE_CC CGROUP_RUN
# Two global arrays of 96 MiB (192 MiB, 1.5x the limit; one static, one external
# that the program's other file names) and a small external one defined in that
# other file (moved too, -outcore-spill-globals-min=16K), built with outcore-cc:
# the pass moves them onto pages of their own, which the runtime spills in place in
# a 128 MiB group without swap; the program links as plain does and its output
# equals the plain build's run without a limit. The plain build in the group is
# reported, not asserted.
set -euo pipefail
source "$(dirname "$0")/plain_and_outcore.sh"
plain_and_outcore spill_static "$@" -- -mllvm -outcore-spill-globals-min=16K
for array in m out deviation; do
  nm "$work/outcore" | grep -q " $array.pages$" || { echo "spill_static: $array not moved"; exit 1; }
done
nm "$work/outcore" | grep -q "outcore.spill.globals" || { echo "spill_static: no constructor"; exit 1; }
status=0
got=$(CGROUP_RUN_SWAP=0 "$cgroup_run" $((128 << 20)) "$work/peak" "$work/outcore") || status=$?
[ "$status" -eq 77 ] && exit 77
echo "spill_static: outcore-cc build in 128 MiB without swap: exit $status: $got"
[ "$status" -eq 0 ] || exit 1
[ "$got" = "$expected" ] || { echo "spill_static: expected $expected"; exit 1; }
status=0
CGROUP_RUN_SWAP=0 "$cgroup_run" $((128 << 20)) "$work/peak" "$work/plain" >/dev/null 2>&1 || status=$?
echo "spill_static: plain build in the same group: exit $status (137: OOM-killed)"
