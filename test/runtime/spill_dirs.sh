#!/usr/bin/env bash
# spill_dirs.sh SPILL_ALLOC [CGROUP_RUN]
# A spill directory that is missing, in memory (tmpfs), read-only or full: every
# allocation still works (spill_alloc fallback/family checks the data), with one clear
# line on stderr. Read-only and full use a small loop-mounted ext4 image (root only;
# those cases are skipped otherwise). With CGROUP_RUN: ordinary blocks that cannot
# move into a full disk's files stay ordinary (spill_alloc moves_full, in a 64 MiB
# group without swap).
set -euo pipefail
prog=$1
cgroup_run=${2:-}
export OUTCORE_SPILL=on OUTCORE_SPILL_MIN=1M
fail() { echo "spill_dirs: $*"; exit 1; }
err=$(mktemp); img=$(mktemp /var/tmp/outcore-spill-img-XXXXXX); mnt=$(mktemp -d)
cleanup() { mountpoint -q "$mnt" && umount "$mnt"; rm -f "$err" "$img"; rmdir "$mnt"; }
trap cleanup EXIT

# expect_refusal DIR WHAT: the fallback run passes and says "cannot spill" exactly once.
expect_refusal() {
  OUTCORE_SPILL_DIR=$1 "$prog" fallback 2>"$err" || fail "$2: allocations failed"
  [ "$(grep -c 'cannot spill' "$err")" -eq 1 ] || fail "$2: expected one message, got: $(cat "$err")"
  echo "spill_dirs: $2: $(cat "$err")"
}

expect_refusal /nonexistent/outcore-spill "missing directory"

if [ -d /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ]; then
  OUTCORE_SPILL_DIR=/dev/shm "$prog" family 2>"$err" || fail "tmpfs: allocations failed"
  grep -q "ignoring OUTCORE_SPILL_DIR=/dev/shm" "$err" || fail "tmpfs: no message: $(cat "$err")"
  echo "spill_dirs: tmpfs: $(cat "$err")"
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "spill_dirs: read-only and full directories skipped: need root for a loop mount"
  exit 0
fi
truncate -s 16M "$img"
mkfs.ext4 -q -F "$img" >/dev/null 2>&1 || { echo "spill_dirs: mkfs.ext4 unavailable: skipped"; exit 0; }
mount -o loop "$img" "$mnt" 2>/dev/null || { echo "spill_dirs: loop mount refused: rest skipped"; exit 0; }
# Full: 16 MiB of disk cannot reserve a 40 MiB block.
OUTCORE_SPILL_DIR=$mnt "$prog" full 2>"$err" || fail "full: allocations failed"
[ "$(grep -c 'No space left' "$err")" -eq 1 ] || fail "full: expected one ENOSPC message: $(cat "$err")"
echo "spill_dirs: full: $(cat "$err")"
if [ -n "$cgroup_run" ]; then
  set +e
  OUTCORE_SPILL=auto OUTCORE_SPILL_DIR=$mnt CGROUP_RUN_SWAP=0 \
    "$cgroup_run" 67108864 /dev/null "$prog" moves_full 2>"$err"
  status=$?
  set -e
  if [ "$status" -eq 77 ]; then
    echo "spill_dirs: moves into a full disk skipped: no memory cgroup"
  else
    [ "$status" -eq 0 ] || fail "moves into a full disk: status $status: $(cat "$err")"
    [ "$(grep -c 'No space left' "$err")" -eq 1 ] ||
      fail "moves into a full disk: expected one ENOSPC message: $(cat "$err")"
    echo "spill_dirs: moves into a full disk: $(cat "$err")"
  fi
fi
umount "$mnt"
mount -o loop,ro "$img" "$mnt"
expect_refusal "$mnt" "read-only directory"
