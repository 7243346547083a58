#!/usr/bin/env bash
# hint_path.sh [BUILD_DIR [RUNTIME_LIB_DIR]]   (not a test; docs/runtime.md "Where the time goes")
# Where the time of a hinted run goes, with counts, for MATVEC and the 2-D stencil of
# benchmarks/kernels: built with BUILD_DIR's outcore-cc (flags of benchmarks/README.md)
# and linked to the liboutcore-rt in RUNTIME_LIB_DIR (default BUILD_DIR/runtime; give
# another build's to compare runtimes), small sizes, data warm in files, no cgroup,
# OUTCORE_MEM_LIMIT=1M so the hinted versions run. Per kernel and policy (off = O,
# buffered = B): instructions in the program and on the hint path with call counts
# (callgrind), system calls (strace -c -f), the main thread's user/sys time against
# the process's, and the runtime's statistics.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
rtlib=$(cd "${2:-$build/runtime}" && pwd)
work=$(mktemp -d)
data=/var/tmp/outcore-hint-path
trap 'rm -rf "$work"' EXIT
flags=(-O2 -g -ffp-contract=off -fno-math-errno)
cc -O2 -shared -fPIC "$here/thread_times.c" -o "$work/thread_times.so"
declare -A sizes=([matvec]="64 262144 2" [stencil2d]="2048")
for kernel in matvec stencil2d; do
  "$build/tools/outcore-cc" "${flags[@]}" -c "$root/benchmarks/kernels/$kernel.c" -o "$work/$kernel.o"
  clang-19 "$work/$kernel.o" -o "$work/$kernel" -L"$rtlib" -loutcore-rt -Wl,-rpath,"$rtlib" -lpthread -lm
  dir=$data/$kernel-${sizes[$kernel]// /x}
  mkdir -p "$dir"
  [ -f "$dir/.done" ] || { OUTCORE_BENCH_DIR=$dir OUTCORE_POLICY=off "$work/$kernel" gen ${sizes[$kernel]} >/dev/null && touch "$dir/.done"; }
  for policy in off buffered; do
    echo "== $kernel ${sizes[$kernel]} policy=$policy"
    export OUTCORE_BENCH_DIR=$dir OUTCORE_POLICY=$policy OUTCORE_MEM_LIMIT=1M
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/$kernel" run ${sizes[$kernel]} \
      >/dev/null 2>&1
    callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null |
      awk '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "instructions: %s total\n", $1 }
           /:oc_[a-z_]+ \[/ && !seen[$0]++ {
             gsub(",", "", $1); n = $0; sub(/.*:/, "", n); sub(/ \[.*/, "", n)
             printf "  %-40s %s instructions inclusive\n", n, $1 }'
    # Calls into the runtime's entry points from the program (call counts).
    callgrind_annotate --tree=calling --auto=no "$work/cg.out" 2>/dev/null | python3 -c '
import re, sys, collections
calls = collections.Counter()
caller_in_runtime = True
for line in sys.stdin:
    if re.search(r"\)  \*  ", line):  # a caller: the calls listed under it are its own
        caller_in_runtime = "liboutcore-rt" in line
    m = re.search(r">\s+\S*:(oc_(?:prefetch|release|memory)[a-z_]*) \(([0-9,]+)x\)", line)
    if m and not caller_in_runtime:
        calls[m.group(1)] += int(m.group(2).replace(",", ""))
for f, n in sorted(calls.items()):
    print(f"  {f:40} {n} calls")'
    strace -f -c -o "$work/strace.txt" "$work/$kernel" run ${sizes[$kernel]} >/dev/null 2>&1
    awk 'NR > 2 && $1 !~ /^-/ && NF >= 5 { printf "  system calls: %8d %s\n", $4, $NF }' \
      "$work/strace.txt" | sort -k3 -n -r | head -8
    OUTCORE_STATS=$work/stats.json LD_PRELOAD=$work/thread_times.so "$work/$kernel" run ${sizes[$kernel]} \
      2>&1 >/dev/null | grep thread_times || true
    [ -f "$work/stats.json" ] && grep -E '"(hints_|releases_|release_calls|bytes_prefetched|bytes_released)|"tag"' "$work/stats.json" |
      tr -d '\n' | sed 's/  */ /g; s/$/\n/'
    rm -f "$work/stats.json"
    unset OUTCORE_BENCH_DIR OUTCORE_POLICY OUTCORE_MEM_LIMIT
  done
done
