#!/usr/bin/env bash
# run.sh [BUILD_DIR]  (default: build)
# Fast-path micro-benchmark (not a test): builds fastpath.c against BUILD_DIR's
# liboutcore-rt and prints, per kind of hint (filtered prefetch, filtered block
# prefetch, repeated release, buffered release): nanoseconds per hint, instructions
# per hint counted by valgrind --tool=callgrind (the entry point, inclusive), and
# system calls per hint counted by strace -c -f (all threads, less a run of 0 hints).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -g -I"$root/runtime/include" "$here/fastpath.c" -o "$work/fastpath" \
   -L"$build/runtime" -loutcore-rt -Wl,-rpath,"$build/runtime"
"$work/fastpath" 20000000
hints=1000000
syscalls() { # total system calls of one run
  strace -f -c -o "$work/strace.txt" "$work/fastpath" "$@" >/dev/null
  awk '$NF == "total" { print $(NF-2) }' "$work/strace.txt"
}
base=$(syscalls 0 all)
for kind in prefetch block repeat buffered; do
  case $kind in
    prefetch) entry=oc_prefetch ;;
    block) entry=oc_prefetch_block ;;
    *) entry=oc_release_block ;;
  esac
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/fastpath" $hints $kind \
    >/dev/null 2>&1
  instructions=$(callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null |
    awk -v e="$entry" '$0 ~ ":" e " \\(1,000,000x\\)" && !found { gsub(",", "", $1); print $1; found = 1 }')
  calls=$(syscalls $hints $kind)
  awk -v k=$kind -v e=$entry -v i="${instructions:-0}" -v c="$calls" -v b="$base" -v n=$hints \
    'BEGIN { printf "%-9s %-18s %6.1f instructions/hint (callgrind)  %.3f system calls/hint (strace)\n",
             k, e, i / n, (c - b) / n }'
done
