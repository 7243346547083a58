#!/usr/bin/env bash
# with_swapfile.sh MIB COMMAND...
# Runs COMMAND with a swap file of MIB MiB of its own switched on (on a disk-backed
# filesystem: /var/tmp), and switches it off and removes it afterwards, whatever
# happens. Exits with COMMAND's status, or 77 (skipped) when swap cannot be added
# here (not root, no mkswap/swapon, swapon refused).
set -euo pipefail
mib=$1
shift
skip() { echo "with_swapfile: skipped: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "needs root to add swap"
for tool in mkswap swapon swapoff; do
  command -v "$tool" >/dev/null || skip "no $tool"
done
file=$(mktemp /var/tmp/outcore-swap-XXXXXX)
on=0
cleanup() {
  [ "$on" -eq 0 ] || swapoff "$file" || echo "with_swapfile: swapoff $file failed"
  rm -f "$file"
}
trap cleanup EXIT
trap 'exit 143' INT TERM
chmod 600 "$file"
# Written, not fallocate'd: swapon rejects files with holes or unwritten extents on
# some filesystems (swapon(8)).
dd if=/dev/zero of="$file" bs=1M count="$mib" status=none
mkswap "$file" >/dev/null || skip "mkswap failed"
swapon "$file" 2>/dev/null || skip "swapon refused"
on=1
status=0
"$@" || status=$?
exit $status
