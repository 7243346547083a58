#!/usr/bin/env bash
# planes.sh PLANES_BINARY CGROUP_RUN
# A 3-D stencil's output written plane by plane (planes of 0.96 MiB, in strips of rows
# released behind: OUTCORE_POLICY=release) into a shared file mapping 1.5 times a
# 64 MiB cgroup limit. A plane's releases end inside a 2 MiB chunk that the next plane
# is writing; a write-back started there wrote the chunk's folio, and the next plane
# dirtied it again (1.67 times the bytes written were dirtied; MGRID wrote 870 MiB for
# 682 of results). Checks that the bytes the process dirtied stay within 1.05 times
# those written (the plain run, policy off, shown for comparison), that at most the
# file's first and last chunks (and 1 MiB) stay cached once the releases settled, and
# that every word was written once.
set -euo pipefail
planes=$1 cgroup_run=$2
limit=$((64 << 20))
. "$(dirname "$0")/cgroup_test_lib.sh"
temp_files file peak out
head -c $((3 * limit / 2)) /dev/zero > "$file"

run() { # run POLICY: the program's line
  evict "$file"
  local status=0
  OUTCORE_POLICY=$1 "$cgroup_run" "$limit" "$peak" "$planes" "$file" > "$out" || status=$?
  [ "$status" -eq 77 ] && exit 77
  [ "$status" -eq 0 ] || { echo "planes: $1 run failed ($status): $(cat "$out")"; exit 1; }
  cat "$out"
  : > "$file" && head -c $((3 * limit / 2)) /dev/zero > "$file" # zeros again for the next run
}
echo "planes: off: $(run off)"
line=$(run release)
echo "planes: release: $line"
dirtied=$(echo "$line" | sed -n 's/^planes: dirtied \([0-9]*\) bytes.*/\1/p')
written=$(echo "$line" | sed -n 's/.* bytes for \([0-9]*\) written.*/\1/p')
cached=$(echo "$line" | sed -n 's/.* written, \([0-9-]*\) cached after.*/\1/p')
if [ -z "$dirtied" ] || [ -z "$written" ] || [ "$dirtied" -gt $((written * 105 / 100)) ]; then
  echo "planes: more than 1.05 times the bytes written were dirtied: folios written back twice"
  exit 1
fi
# The file's first and last chunks keep their border pages (nothing released lies on
# their other side); every other chunk goes. Where a plane's border met a chunk
# boundary, the chunk stayed: 6.5 MiB cached before.
if [ -z "$cached" ] || [ "$cached" -lt 0 ] || [ "$cached" -gt $((5 << 20)) ]; then
  echo "planes: more than two chunks and 1 MiB of the file still cached: chunks not released whole"
  exit 1
fi
