#!/usr/bin/env bash
# exit_drop.sh STREAM_BINARY CGROUP_RUN
# A stream with release hints over a file four times larger than a 64 MiB cgroup limit,
# then three unhinted reads spread over the file (a result check), each a fault with
# the kernel's 8 MiB read-around. At exit the runtime drops the files it released from:
# less than half of the three read-arounds may stay in the page cache (1.2-4.8 MiB
# here: the pages still mapped, fault-around's included, and reads still in flight),
# where all three (24 MiB) stayed before (the plain run, policy off, leaves 60 MiB).
set -euo pipefail
stream=$1 cgroup_run=$2
limit=$((64 << 20))
. "$(dirname "$0")/cgroup_test_lib.sh"
temp_files file peak
head -c $((4 * limit)) /dev/zero > "$file"
cached_bytes() { # pages of the file in the page cache (mincore), in bytes
  python3 - "$file" <<'PY'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
fd = os.open(sys.argv[1], os.O_RDONLY); size = os.fstat(fd).st_size
addr = libc.mmap(None, size, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
vec = (ctypes.c_ubyte * ((size + 4095) // 4096))()
if libc.mincore(ctypes.c_void_p(addr), ctypes.c_size_t(size), vec) != 0:
    sys.exit("mincore failed")
print(sum(b & 1 for b in vec) * 4096)
PY
}

for policy in off release; do
  evict "$file"
  status=0
  OUTCORE_POLICY=$policy "$cgroup_run" "$limit" "$peak" "$stream" "$file" 0 read 3 > /dev/null ||
    status=$?
  [ "$status" -eq 77 ] && exit 77
  [ "$status" -eq 0 ] || { echo "exit_drop: $policy run failed ($status)"; exit 1; }
  left=$(cached_bytes)
  echo "exit_drop: policy $policy: $((left >> 10)) KiB of the $((4 * limit >> 20)) MiB file cached after exit"
done
if [ "$left" -ge $((12 << 20)) ]; then
  echo "exit_drop: the released file's read-around stayed cached"
  exit 1
fi
