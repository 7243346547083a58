#!/usr/bin/env bash
# release_behind.sh STREAM_BINARY CGROUP_RUN
# Streams a file four times larger than a cgroup memory limit with release hints
# (OUTCORE_POLICY=release) and checks that the group's peak usage stays well below
# the limit (under half); the plain run (policy off) is shown for comparison.
set -euo pipefail
stream=$1 cgroup_run=$2
limit=$((128 << 20))
. "$(dirname "$0")/cgroup_test_lib.sh"
temp_files file peak
head -c $((4 * limit)) /dev/urandom > "$file"

run() {
  evict "$file"
  local status=0
  OUTCORE_POLICY=$1 "$cgroup_run" "$limit" "$peak" "$stream" "$file" || status=$?
  [ "$status" -eq 77 ] && exit 77
  [ "$status" -eq 0 ] || { echo "release_behind: $1 run failed ($status)"; exit 1; }
  echo $(( $(cat "$peak") >> 20 ))
}
off_mib=$(run off | tail -1)
rel_mib=$(run release | tail -1)
echo "release_behind: file $((4 * limit >> 20)) MiB, limit $((limit >> 20)) MiB:" \
     "peak ${off_mib} MiB plain (off), ${rel_mib} MiB with release hints"
if [ "$rel_mib" -ge $((limit >> 21)) ]; then
  echo "release_behind: peak not well below the limit"
  exit 1
fi
