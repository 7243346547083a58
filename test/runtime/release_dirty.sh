#!/usr/bin/env bash
# release_dirty.sh STREAM_BINARY CGROUP_RUN [bounds|report]
# A stencil's output and its next input, as streams over a writable shared mapping of a
# file four times larger than a 64 MiB cgroup limit, with release hints
# (OUTCORE_POLICY=release): `write` dirties every page (write-back before release),
# `rw` only reads (clean pages of a writable mapping). Checks the group's peak: under
# 5/8 of the limit writing (29-32 MiB here; 36-62 MiB before the release worker's
# backlog throttled the program), under half reading (21-23; 44-52 before, when
# clean chunks waited as if dirty), and, where the kernel has cachestat (6.5+),
# that the clean stream started no write-back (each chunk is freed at once). The peak
# counted is the data's: the same program over a 1 MiB file gives the group's peak
# without it (the binary, its runtime; 5 MiB more under ASan), which is subtracted.
# `report` (sanitizer builds, whose slower code moves the peaks by 5-15 MiB from run to
# run) prints the peaks without bounding them. Either way the rw pass reads back what
# the write pass wrote: every word 1, nothing lost by a release.
set -euo pipefail
stream=$1 cgroup_run=$2 peaks=${3:-bounds}
limit=$((64 << 20))
. "$(dirname "$0")/cgroup_test_lib.sh"
temp_files file small peak stats out
head -c $((4 * limit)) /dev/zero > "$file"
head -c $((1 << 20)) /dev/zero > "$small"
has_cachestat() { # kernel 6.5 or later
  local v; v=$(uname -r); local major=${v%%.*} rest=${v#*.}; local minor=${rest%%[!0-9]*}
  [ "$major" -gt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -ge 5 ]; }
}

run_stream() { # run_stream FILE MODE: the group's peak in bytes; the output in $out
  local status=0
  OUTCORE_POLICY=release OUTCORE_STATS=$stats "$cgroup_run" "$limit" "$peak" \
    "$stream" "$1" 0 "$2" > "$out" || status=$?
  [ "$status" -eq 77 ] && exit 77
  [ "$status" -eq 0 ] || { echo "release_dirty: $2 run failed ($status)" >&2; exit 1; }
  cat "$peak"
}

fail=0
for mode in write rw; do
  base=$(run_stream "$small" "$mode")
  evict "$file"
  data_peak=$(( $(run_stream "$file" "$mode") - base ))
  writebacks=$(grep -o '"writebacks_started": [0-9]*' "$stats" | grep -o '[0-9]*$')
  echo "release_dirty: $mode, file $((4 * limit >> 20)) MiB, limit $((limit >> 20)) MiB:" \
       "peak ${data_peak} bytes ($((data_peak >> 20)) MiB) above a 1 MiB run's" \
       "$((base >> 20)) MiB, write-backs started ${writebacks}"
  bound=$((limit / 2))
  [ "$mode" = write ] && bound=$((limit * 5 / 8))
  if [ "$peaks" = bounds ] && [ "$data_peak" -ge "$bound" ]; then
    echo "release_dirty: $mode: peak not under $((bound >> 20)) MiB"
    fail=1
  fi
  if [ "$mode" = rw ] && has_cachestat && [ "$writebacks" -ne 0 ]; then
    echo "release_dirty: rw: clean chunks waited for a write-back"
    fail=1
  fi
  if [ "$mode" = rw ] && ! grep -qx "stream: sum $((4 * limit / 8))" "$out"; then
    echo "release_dirty: rw read back $(cat "$out"), not one per word written"
    fail=1
  fi
done
exit $fail
