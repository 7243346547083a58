#!/usr/bin/env bash
# trace_overhead.sh [BUILD_DIR [RUNS]]   (not a test; README "Seeing what happened")
# What OUTCORE_TRACE costs, tracing off against on, policy buffered:
#  1. instructions (callgrind) of MATVEC (hint_path.sh's size and flags: data warm in
#     files, no cgroup, OUTCORE_MEM_LIMIT=1M, so every hint of the hinted versions runs):
#     the whole process and the hint entry points, inclusive;
#  2. the column walk (4096 x 4096) and the 2-D stencil (3072) on cold files in a 64 MiB
#     memory cgroup (test/runtime/cgroup_run.sh; skipped without one), RUNS runs each
#     (default 7), off and on alternating: the kernel phase's wall time (min, median) and
#     the CPU time of the process and of its main thread (median), from the OUTCORE_BENCH
#     line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-7}
work=$(mktemp -d)
data=/var/tmp/outcore-hint-path
trap 'rm -rf "$work"' EXIT
flags=(-O2 -g -ffp-contract=off -fno-math-errno)
for kernel in matvec column stencil2d; do
  "$build/tools/outcore-cc" "${flags[@]}" "$root/benchmarks/kernels/$kernel.c" -o "$work/$kernel"
done
# Input files made once per size.
input() { # KERNEL ARGS...: echo the data directory
  local dir=$data/$1-$(IFS=x; echo "${*:2}")
  mkdir -p "$dir"
  [ -f "$dir/.done" ] || { OUTCORE_BENCH_DIR=$dir OUTCORE_POLICY=off "$work/$1" gen "${@:2}" >/dev/null && touch "$dir/.done"; }
  echo "$dir"
}
with_trace() { # off|on COMMAND...
  if [ "$1" = on ]; then shift; OUTCORE_TRACE=$work/trace.bin "$@"; else shift; "$@"; fi
}

dir=$(input matvec 64 262144 2)
for trace in off on; do
  OUTCORE_BENCH_DIR=$dir OUTCORE_POLICY=buffered OUTCORE_MEM_LIMIT=1M with_trace $trace \
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/matvec" run 64 262144 2 \
    >/dev/null 2>&1
  callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null |
    awk -v t="$trace" '
      /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
      /:(oc_prefetch|oc_prefetch_block|oc_prefetch_release_block|oc_release_block) \[/ && !seen[$0]++ {
        gsub(",", "", $1); hint += $1 }
      END { printf "matvec warm trace=%s: instructions %d total, %d in hint entry points\n", t, total, hint }'
done

declare -A sizes=([column]="4096 4096" [stencil2d]="3072")
for kernel in column stencil2d; do
  dir=$(input $kernel ${sizes[$kernel]})
  : > "$work/runs"
  for i in $(seq "$runs"); do
    for trace in off on; do
      python3 - "$dir" <<'PY'
import os, sys
for name in os.listdir(sys.argv[1]):  # cold start: the files leave the page cache
    fd = os.open(os.path.join(sys.argv[1], name), os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)
PY
      status=0
      line=$(OUTCORE_BENCH_DIR=$dir OUTCORE_POLICY=buffered with_trace $trace \
        "$root/test/runtime/cgroup_run.sh" $((64 << 20)) "$work/peak" "$work/$kernel" run ${sizes[$kernel]}) || status=$?
      [ $status -eq 77 ] && { echo "$kernel: no memory cgroup, skipped"; continue 3; }
      echo "$trace $line" >> "$work/runs"
    done
  done
  python3 - "$work/runs" "$kernel" <<'PY'
import json, statistics, sys
runs = {"off": [], "on": []}
for line in open(sys.argv[1]):
    trace, rest = line.split(" ", 1)
    d = json.loads(rest[rest.index("{"):])
    runs[trace].append((d["wall_s"], d["user_s"] + d["sys_s"], d["thread_user_s"] + d["thread_sys_s"]))
for trace, rows in runs.items():
    wall = sorted(r[0] for r in rows)
    print(f"{sys.argv[2]} cold 64 MiB trace={trace}: wall min {wall[0]:.3f} s, median "
          f"{statistics.median(wall):.3f} s; CPU median: process {statistics.median(r[1] for r in rows):.3f} s, "
          f"main thread {statistics.median(r[2] for r in rows):.3f} s ({len(rows)} runs)")
PY
done
