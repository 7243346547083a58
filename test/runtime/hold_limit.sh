#!/usr/bin/env bash
# hold_limit.sh STREAM_BINARY CGROUP_RUN
# Streams a file four times larger than a 64 MiB cgroup limit with buffered releases
# (priority 1, OUTCORE_POLICY=buffered) and checks that pacing keeps the group's peak
# usage below its limit: the group never reaches it, so a neighbour in the group
# would keep its pages (OSDI Sec. 4.5).
set -euo pipefail
stream=$1 cgroup_run=$2
limit=$((64 << 20))
. "$(dirname "$0")/cgroup_test_lib.sh"
temp_files file peak
head -c $((4 * limit)) /dev/urandom > "$file"
evict "$file"
status=0
OUTCORE_POLICY=buffered "$cgroup_run" "$limit" "$peak" "$stream" "$file" 1 || status=$?
[ "$status" -eq 77 ] && exit 77
[ "$status" -eq 0 ] || { echo "hold_limit: run failed ($status)"; exit 1; }
peak_mib=$(( $(cat "$peak") >> 20 ))
echo "hold_limit: file $((4 * limit >> 20)) MiB, limit $((limit >> 20)) MiB: peak ${peak_mib} MiB"
if [ "$(cat "$peak")" -ge "$limit" ]; then
  echo "hold_limit: the group reached its limit"
  exit 1
fi
