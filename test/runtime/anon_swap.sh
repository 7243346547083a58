#!/usr/bin/env bash
# anon_swap.sh KERNEL OUTCORE_CC CC SOURCE CGROUP_RUN   (run inside with_swapfile.sh)
# Anonymous (malloc'd) memory with swap, on test/runtime/anon_kernels.c (KERNEL: matvec,
# a MATVEC-like sweep, column, a column walk, or product, a matrix product re-reading a
# 48 MiB B for each of 256 rows) built plain and with outcore-cc:
#  (a) 128 MiB of data (product: 65 MiB) in a 64 MiB group that may swap: under off,
#      prefetch and buffered the program finishes (never OOM-killed) with the plain
#      build's output, byte for byte; under `buffered` the runtime issued releases
#      (MADV_PAGEOUT); product under buffered read at most 512 MiB (B is held, as
#      plain holds it; releasing it ahead of the limit read 11 GB);
#  (b) matvec under buffered: its sweep's swap-ins were read ahead of its hinted
#      blocks (bytes_swapped_in_ahead), at least 128 KiB a prefetch call on average
#      (65 KiB when each hinted block was its own call);
#  (c) fills under buffered: the first two arrays' pages lie in order in the swap file
#      (at least 0.9 of neighbouring pages in neighbouring slots), as the kernel's own
#      reclaim leaves them: the runtime's page-outs, issued while the program's faults
#      reclaim, had taken slots in turn with that reclaim (0.45-0.86);
#  (d) the same group with no swap for it (v1 memsw = limit, v2 swap.max 0), data
#      that fits, the hinted loops forced (OUTCORE_MEM_LIMIT=1M): no release reaches
#      the OS (anonymous releases are not issuable), prefetch kills nothing.
# Exits 77 (skipped) when the group cannot be made.
set -euo pipefail
kernel=$1 outcore_cc=$2 cc=$3 source=$4 cgroup_run=$5
dir=$(mktemp -d "${TMPDIR:-/var/tmp}/outcore-anon-swap-XXXXXX")
trap 'rm -rf "$dir"' EXIT
"$cc" -O2 -o "$dir/plain" "$source"
"$outcore_cc" -O2 -o "$dir/hinted" "$source"
limit=$((64 << 20))
failed=0

stat_of() { sed -n "s/.*\"$2\": \\([0-9-]*\\).*/\\1/p" "$1"; }

# run NAME SWAP_BYTES EXPECTED_FILE ENV... -- ARGS...
run() {
  local name=$1 swap=$2 expected=$3
  shift 3
  local env=()
  while [ "$1" != -- ]; do env+=("$1"); shift; done
  shift
  local status=0
  # The arrays stay anonymous: this tests the paths for anonymous memory, not spilling
  # (which OUTCORE_SPILL=auto chooses without swap).
  env "${env[@]}" OUTCORE_SPILL=off OUTCORE_STATS="$dir/$name.json" CGROUP_RUN_SWAP=$swap \
    "$cgroup_run" "$limit" "$dir/peak" "$dir/hinted" "$@" > "$dir/$name.out" \
    2> "$dir/$name.err" || status=$?
  cat "$dir/$name.err" >&2
  [ "$status" -eq 77 ] && exit 77
  if [ "$status" -ne 0 ]; then
    echo "anon_swap: $name: exit status $status$([ "$status" -eq 137 ] && echo ' (OOM-killed)')"
    failed=1
  elif ! cmp -s "$expected" "$dir/$name.out"; then
    echo "anon_swap: $name: output differs from the plain build's"
    failed=1
  else
    echo "anon_swap: $name: ok, peak $(( $(cat "$dir/peak") >> 20 )) MiB," \
         "prefetched $(( $(stat_of "$dir/$name.json" bytes_prefetched) >> 20 )) MiB," \
         "held back $(( $(stat_of "$dir/$name.json" bytes_held_back) >> 20 )) MiB," \
         "release calls $(stat_of "$dir/$name.json" releases_issued)," \
         "not issuable $(stat_of "$dir/$name.json" releases_unissuable)"
  fi
}

mib=128
[ $kernel = product ] && mib=48
[ $kernel = fills ] && mib=192
"$dir/plain" $kernel $mib > "$dir/$kernel.expected"
for policy in off prefetch buffered; do
  run "$kernel-$policy-swap" $((256 << 20)) "$dir/$kernel.expected" \
    OUTCORE_POLICY=$policy -- $kernel $mib
done
if [ -f "$dir/$kernel-buffered-swap.json" ] &&
   [ "$(stat_of "$dir/$kernel-buffered-swap.json" releases_issued)" -eq 0 ]; then
  echo "anon_swap: $kernel-buffered-swap: no release was issued with swap"
  failed=1
fi

json=$dir/$kernel-buffered-swap.json
if [ $kernel = product ] && [ -f "$json" ]; then
  read_mib=$(( $(stat_of "$json" bytes_read) >> 20 ))
  echo "anon_swap: $kernel-buffered-swap: read $read_mib MiB," \
       "distrusted releasing ahead $(stat_of "$json" pacing_distrusts) times"
  if [ "$read_mib" -gt 512 ]; then
    echo "anon_swap: $kernel-buffered-swap: B was released ahead of the limit and read back"
    failed=1
  fi
fi
if [ $kernel = matvec ] && [ -f "$json" ]; then
  ahead=$(stat_of "$json" bytes_swapped_in_ahead) calls=$(stat_of "$json" hints_issued)
  per_call=$(( $(stat_of "$json" bytes_prefetched) / (calls > 0 ? calls : 1) ))
  echo "anon_swap: $kernel-buffered-swap: swapped in ahead $((ahead >> 20)) MiB," \
       "$((per_call >> 10)) KiB a prefetch call"
  if [ "$ahead" -eq 0 ] || [ "$per_call" -lt $((128 << 10)) ]; then
    echo "anon_swap: $kernel-buffered-swap: the sweep's swap-ins were not read ahead"
    failed=1
  fi
fi

# fills: "first F second S", each -1 where no page went to swap (or pagemap hides slots).
err=$dir/$kernel-buffered-swap.err
if [ $kernel = fills ] && [ -f "$err" ]; then
  for order in $(sed -n 's/.*in order: first \([-0-9.]*\) second \([-0-9.]*\).*/\1 \2/p' "$err"); do
    if [ "$order" != -1.00 ] && [ $((10#${order/./})) -lt 90 ]; then
      echo "anon_swap: $kernel-buffered-swap: an array's pages are out of order in swap"
      failed=1
    fi
  done
fi

"$dir/plain" $kernel 24 > "$dir/$kernel-small.expected"
for policy in prefetch buffered; do
  run "$kernel-$policy-noswap" 0 "$dir/$kernel-small.expected" \
    OUTCORE_POLICY=$policy OUTCORE_MEM_LIMIT=1M -- $kernel 24
  json=$dir/$kernel-$policy-noswap.json
  [ -f "$json" ] || continue
  if [ "$(stat_of "$json" releases_issued)" -ne 0 ]; then
    echo "anon_swap: $kernel-$policy-noswap: release calls reached the OS without swap"
    failed=1
  fi
  if [ $policy = buffered ] && [ "$(stat_of "$json" releases_unissuable)" -eq 0 ]; then
    echo "anon_swap: $kernel-$policy-noswap: the hinted loops released nothing"
    failed=1
  fi
done
exit $failed
