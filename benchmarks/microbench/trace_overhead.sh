#!/usr/bin/env bash
# trace_overhead.sh [BUILD_DIR [RUNS]]   (not a test; README "Seeing what happened")
# What OUTCORE_TRACE costs: MATVEC and the 2-D stencil of benchmarks/kernels (sizes and
# flags of hint_path.sh: data warm in files, no cgroup, OUTCORE_MEM_LIMIT=1M, so every
# hint of the hinted versions runs), tracing off and on, policy buffered:
#  - instructions (callgrind): the whole process and the hint entry points, inclusive;
#  - the kernel phase's wall time (the OUTCORE_BENCH line's wall_s) over RUNS runs
#    (default 7), off and on alternating, min and median.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-7}
work=$(mktemp -d)
data=/var/tmp/outcore-hint-path
trap 'rm -rf "$work"' EXIT
flags=(-O2 -g -ffp-contract=off -fno-math-errno)
declare -A sizes=([matvec]="64 262144 2" [stencil2d]="2048")
for kernel in matvec stencil2d; do
  "$build/tools/outcore-cc" "${flags[@]}" "$root/benchmarks/kernels/$kernel.c" -o "$work/$kernel"
  dir=$data/$kernel-${sizes[$kernel]// /x}
  mkdir -p "$dir"
  [ -f "$dir/.done" ] || { OUTCORE_BENCH_DIR=$dir OUTCORE_POLICY=off "$work/$kernel" gen ${sizes[$kernel]} >/dev/null && touch "$dir/.done"; }
  export OUTCORE_BENCH_DIR=$dir OUTCORE_POLICY=buffered OUTCORE_MEM_LIMIT=1M
  for trace in off on; do
    env_trace=(); [ $trace = on ] && env_trace=(OUTCORE_TRACE=$work/trace.bin)
    env "${env_trace[@]}" valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
      "$work/$kernel" run ${sizes[$kernel]} >/dev/null 2>&1
    callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null |
      awk -v k="$kernel" -v t="$trace" '
        /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
        /:(oc_prefetch|oc_prefetch_block|oc_prefetch_release_block|oc_release_block) \[/ && !seen[$0]++ {
          gsub(",", "", $1); hint += $1 }
        END { printf "%s trace=%s: instructions %d total, %d in hint entry points\n", k, t, total, hint }'
  done
  for i in $(seq "$runs"); do
    for trace in off on; do
      env_trace=(); [ $trace = on ] && env_trace=(OUTCORE_TRACE=$work/trace.bin)
      env "${env_trace[@]}" "$work/$kernel" run ${sizes[$kernel]} |
        sed -n 's/.*"wall_s": \([0-9.]*\).*/\1/p' >> "$work/wall-$trace"
    done
  done
  for trace in off on; do
    sort -g "$work/wall-$trace" | awk -v k="$kernel" -v t="$trace" '{ w[NR] = $1 }
      END { printf "%s trace=%s: wall min %.4f s, median %.4f s (%d runs)\n", k, t, w[1], w[int((NR + 1) / 2)], NR }'
  done
  rm -f "$work"/wall-*
  ls -l "$work/trace.bin" | awk -v k="$kernel" '{ printf "%s: trace file %d bytes\n", k, $5 }'
  unset OUTCORE_BENCH_DIR OUTCORE_POLICY OUTCORE_MEM_LIMIT
done
