#!/usr/bin/env bash
# run.sh [BUILD_DIR]  (default: build)
# Fast-path micro-benchmark (not a test): builds fastpath.c against BUILD_DIR's
# liboutcore-rt, prints nanoseconds per filtered hint, then instructions per
# filtered hint counted by valgrind --tool=callgrind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -g -I"$root/runtime/include" "$here/fastpath.c" -o "$work/fastpath" \
   -L"$build/runtime" -loutcore-rt -Wl,-rpath,"$build/runtime"
"$work/fastpath" 100000000
hints=1000000
valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/fastpath" $hints >/dev/null 2>&1
callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null |
  awk -v n=$hints '/=> .*:oc_prefetch(_block)? \(1,000,000x\)/ {
      gsub(",", "", $1); sub(/.*:/, "", $4); printf "%-18s %.1f instructions/hint (callgrind)\n", $4, $1 / n }'
