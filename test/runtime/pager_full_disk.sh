#!/usr/bin/env bash
# pager_full_disk.sh RT_PAGER
# A store on a 1 MiB tmpfs: oc_pager_map of 64 MiB there fails with ENOSPC and one
# message, nothing is mapped. Skips (77) where tmpfs cannot be mounted (not root).
set -euo pipefail
dir=$(mktemp -d)
cleanup() { umount "$dir" 2>/dev/null || true; rmdir "$dir"; }
trap cleanup EXIT
mount -t tmpfs -o size=1m outcore-full "$dir" 2>/dev/null || { echo "pager_full_disk: skipped: cannot mount tmpfs"; exit 77; }
"$1" full "$dir"
