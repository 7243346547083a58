#!/usr/bin/env bash
# release_dirty.sh STREAM_BINARY CGROUP_RUN
# A stencil's output and its next input, as streams over a writable shared mapping of a
# file four times larger than a 64 MiB cgroup limit, with release hints
# (OUTCORE_POLICY=release): `write` dirties every page (write-back before release),
# `rw` only reads (clean pages of a writable mapping). Checks the group's peak: under
# 5/8 of the limit writing (29-32 MiB here; 36-62 MiB before the release worker's
# backlog throttled the program), under half reading (21-23; 44-52 before, when
# clean chunks waited as if dirty), and, where the kernel has cachestat (6.5+),
# that the clean stream started no write-back (each chunk is freed at once).
set -euo pipefail
stream=$1 cgroup_run=$2
limit=$((64 << 20))
dir=${TMPDIR:-/var/tmp}
file=$(mktemp "$dir/outcore-dirty-XXXXXX")
peak=$(mktemp "$dir/outcore-peak-XXXXXX")
stats=$(mktemp "$dir/outcore-stats-XXXXXX")
trap 'rm -f "$file" "$peak" "$stats"' EXIT
head -c $((4 * limit)) /dev/zero > "$file"
evict() { python3 -c 'import os,sys; fd=os.open(sys.argv[1], os.O_RDWR); os.fsync(fd); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)' "$file"; }
has_cachestat() { # kernel 6.5 or later
  local v; v=$(uname -r); local major=${v%%.*} rest=${v#*.}; local minor=${rest%%[!0-9]*}
  [ "$major" -gt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -ge 5 ]; }
}

fail=0
for mode in write rw; do
  evict
  status=0
  OUTCORE_POLICY=release OUTCORE_STATS=$stats "$cgroup_run" "$limit" "$peak" \
    "$stream" "$file" 0 "$mode" > /dev/null || status=$?
  [ "$status" -eq 77 ] && exit 77
  [ "$status" -eq 0 ] || { echo "release_dirty: $mode run failed ($status)"; exit 1; }
  peak_mib=$(( $(cat "$peak") >> 20 ))
  writebacks=$(grep -o '"writebacks_started": [0-9]*' "$stats" | grep -o '[0-9]*$')
  echo "release_dirty: $mode, file $((4 * limit >> 20)) MiB, limit $((limit >> 20)) MiB:" \
       "peak ${peak_mib} MiB, write-backs started ${writebacks}"
  bound=$((limit / 2))
  [ "$mode" = write ] && bound=$((limit * 5 / 8))
  if [ "$(cat "$peak")" -ge "$bound" ]; then
    echo "release_dirty: $mode: peak not under $((bound >> 20)) MiB"
    fail=1
  fi
  if [ "$mode" = rw ] && has_cachestat && [ "$writebacks" -ne 0 ]; then
    echo "release_dirty: rw: clean chunks waited for a write-back"
    fail=1
  fi
done
exit $fail
