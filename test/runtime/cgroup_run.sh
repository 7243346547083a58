#!/usr/bin/env bash
# cgroup_run.sh LIMIT_BYTES PEAK_FILE COMMAND...
# Runs COMMAND in a fresh child memory cgroup limited to LIMIT_BYTES (v1: under
# /sys/fs/cgroup/memory/<our group>; v2: under our unified group), writes the group's
# peak usage in bytes to PEAK_FILE, removes the group, and exits with COMMAND's
# status. Exits 77 (skipped) when no memory controller can be used.
# CGROUP_RUN_SWAP=BYTES bounds the group's swap (v1: memory.memsw.limit_in_bytes =
# LIMIT + BYTES; v2: memory.swap.max); 0 gives a group without swap.
set -euo pipefail
limit=$1 peak_file=$2
shift 2
skip() { echo "cgroup_run: skipped: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "needs root to create a memory cgroup"

v1_path=$(awk -F: '$2 ~ /(^|,)memory(,|$)/ {print $3}' /proc/self/cgroup)
if [ -n "$v1_path" ] && [ -d /sys/fs/cgroup/memory ]; then
  parent=/sys/fs/cgroup/memory$v1_path
  [ -w "$parent" ] || parent=/sys/fs/cgroup/memory
  group=$parent/outcore-test-$$
  mkdir "$group" || skip "cannot create $group"
  limit_file=memory.limit_in_bytes peak_name=memory.max_usage_in_bytes
  swap_file=memory.memsw.limit_in_bytes swap_value=$((limit + ${CGROUP_RUN_SWAP:-0}))
else
  v2_path=$(awk -F: '$1 == "0" {print $3}' /proc/self/cgroup)
  parent=/sys/fs/cgroup$v2_path
  grep -qw memory "$parent/cgroup.controllers" 2>/dev/null || skip "no memory controller"
  group=$parent/outcore-test-$$
  mkdir "$group" || skip "cannot create $group"
  limit_file=memory.max peak_name=memory.peak
  swap_file=memory.swap.max swap_value=${CGROUP_RUN_SWAP:-0}
fi
# A run killed outright (SIGKILL: a test's timeout) cannot remove its group: remove
# the empty groups of runs whose shell is gone (the machine is shared).
for stale in "$parent"/outcore-test-*; do
  [ -d "$stale" ] && [ "$stale" != "$group" ] || continue
  kill -0 "${stale##*-}" 2>/dev/null || rmdir "$stale" 2>/dev/null || true
done
cleanup() {
  # Move anything left back to the parent, then remove the group.
  if [ -f "$group/cgroup.procs" ]; then
    while read -r pid; do echo "$pid" > "$parent/cgroup.procs" 2>/dev/null || true; done < "$group/cgroup.procs"
    rmdir "$group" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 143' INT TERM
echo "$limit" > "$group/$limit_file" || skip "cannot set $limit_file"
if [ -n "${CGROUP_RUN_SWAP:-}" ]; then
  echo "$swap_value" > "$group/$swap_file" 2>/dev/null || skip "cannot set $swap_file (no swap accounting)"
fi
status=0
bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' cgroup_run "$group" "$@" || status=$?
cat "$group/$peak_name" > "$peak_file" 2>/dev/null || echo 0 > "$peak_file"
exit $status
