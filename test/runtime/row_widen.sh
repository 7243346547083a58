#!/usr/bin/env bash
# row_widen.sh COLUMN_WALK_BINARY CGROUP_RUN
# A column walk (4096 x 4096 doubles, 128 MiB) in a 64 MiB group with release
# hints: each hinted page whose page before was released is read with the next
# pages of its row (`bytes_widened`), which later sweeps then use: bytes read stay
# within 5% of the matrix (no widened page evicted and read again). A walk down
# one column, releasing behind it, has no released page before its hinted one:
# nothing widened. Under the userfaultfd pager (`rewritten paged`), after a loop
# that wrote every row and released it: rows are widened over those old release
# marks. Every column sum is checked by the program.
set -euo pipefail
walk=$1 cgroup_run=$2
limit=$((64 << 20)) rows=4096 cols=4096
. "$(dirname "$0")/cgroup_test_lib.sh"
temp_files file peak stats
"$walk" "$file" "$cols" gen "$rows"
matrix=$((rows * cols * 8))
stat_of() { grep -o "\"$1\": [0-9]*" "$stats" | grep -o '[0-9]*$'; }

fail=0
for mode in all one "rewritten paged"; do
  evict "$file"
  status=0 backend=madvise
  [ "$mode" = "rewritten paged" ] && backend=pager
  # shellcheck disable=SC2086 # the mode's words are separate arguments
  OUTCORE_BACKEND=$backend OUTCORE_POLICY=release OUTCORE_STATS=$stats \
    "$cgroup_run" "$limit" "$peak" "$walk" "$file" "$cols" $mode || status=$?
  [ "$status" -eq 77 ] && exit 77
  [ "$status" -eq 0 ] || { echo "row_widen: $mode run failed ($status)"; exit 1; }
  widened=$(stat_of bytes_widened) read=$(stat_of bytes_read)
  echo "row_widen: $mode: widened $((widened >> 20)) MiB, read $((read >> 20)) MiB" \
       "of a $((matrix >> 20)) MiB matrix, peak $(( $(cat "$peak") >> 20 )) MiB"
  if [ "$backend" = pager ] && ! grep -q '"backend": "pager"' "$stats"; then
    echo "row_widen: $mode: skipped (the pager is not running here)"
  elif [ "$mode" != one ]; then
    # The rewrite reads the matrix once more (each row's first write fills its pages
    # from the store); the pager's clock, not the kernel's LRU, picks the victims
    # when the group is full, and takes a few widened pages (8-21 MiB measured).
    most=$((matrix + matrix / 20))
    [ "$backend" = pager ] && most=$((2 * matrix + matrix / 4))
    [ "$widened" -gt 0 ] || { echo "row_widen: $mode: no page widened"; fail=1; }
    [ "$read" -le "$most" ] || { echo "row_widen: $mode: pages read again"; fail=1; }
  else
    [ "$widened" -eq 0 ] || { echo "row_widen: one: a single column was widened"; fail=1; }
  fi
done
exit $fail
