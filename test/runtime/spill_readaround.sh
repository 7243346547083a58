#!/usr/bin/env bash
# spill_readaround.sh SPILL_ALLOC CGROUP_RUN [MODE LIMIT_MIB]
# random (the default; 32 MiB): random reads over a 96 MiB spilled block in a memory
# cgroup without swap: each fault the program does not hint would read the device's
# read-around (8 MiB on this machine kind) for one page. columns (64 MiB): a sweep down
# the columns of four spilled 30.5 MiB blocks, whose faults' read-around windows
# overlap and push out the pages the next columns reuse (5-8 GiB read without the
# guard; 0.5-1.6 GiB with it, the more on a busy disk, where the guard's two intervals
# take longer). The read-around guard must turn it off (the statistics'
# spill_readaround_offs), and the bytes read must stay below 1 GiB (random) or 2.5 GiB
# (columns).
# Skipped (77) without a memory cgroup, or where the spill directory's device reads
# around less than 1 MiB (nothing to guard against).
set -euo pipefail
spill_alloc=$1 cgroup_run=$2 mode=${3:-random} limit_mib=${4:-32}
dir=${TMPDIR:-/var/tmp}
device=$(basename "$(df --output=source "$dir" | tail -n 1)")
ra_kb=$(cat "/sys/class/block/$device/queue/read_ahead_kb" 2>/dev/null ||
        cat "/sys/class/block/$device/../queue/read_ahead_kb" 2>/dev/null || echo 0)
[ "$ra_kb" -ge 1024 ] || { echo "spill_readaround: skipped: $device reads around ${ra_kb} KiB"; exit 77; }
work=$(mktemp -d "$dir/outcore-readaround-XXXXXX")
trap 'rm -rf "$work"' EXIT
expected=$(OUTCORE_SPILL=off "$spill_alloc" "$mode")
status=0
got=$(OUTCORE_SPILL=on OUTCORE_STATS="$work/stats.json" CGROUP_RUN_SWAP=0 \
      "$cgroup_run" $((limit_mib << 20)) "$work/peak" "$spill_alloc" "$mode") || status=$?
[ "$status" -eq 77 ] && exit 77
[ "$status" -eq 0 ] || { echo "spill_readaround: exit $status"; exit 1; }
[ "$got" = "$expected" ] || { echo "spill_readaround: '$got', expected '$expected'"; exit 1; }
[ "$mode" = columns ] && budget_mib=2560 || budget_mib=1024
python3 - "$work/stats.json" "$budget_mib" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
offs, read, faults = s["spill_readaround_offs"], s["bytes_read"], s["major_faults"]
print(f"spill_readaround: guard turned read-around off {offs} time(s); "
      f"{read >> 20} MiB read for {faults} major faults")
# Without the guard: random, about 4000 faults of up to 8 MiB each (tens of GiB);
# columns, 5-8 GiB.
sys.exit(0 if offs >= 1 and read < int(sys.argv[2]) << 20 else 1)
PY
