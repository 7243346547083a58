#!/usr/bin/env bash
# swap_data_safety.sh DATA_SAFETY CGROUP_RUN   (run inside with_swapfile.sh)
# Dirty anonymous pages released with swap never lose data: data_safety writes 128 MiB
# of anonymous memory (and 16 MiB of files) in a 64 MiB group that may swap, releases
# it (MADV_PAGEOUT), rewrites and reads it back, under OUTCORE_POLICY from the
# environment; the releases must have reached the OS as PAGEOUT (issued, none
# counted as not issuable).
set -euo pipefail
data_safety=$1 cgroup_run=$2
dir=$(mktemp -d "${TMPDIR:-/var/tmp}/outcore-swap-safety-XXXXXX")
trap 'rm -rf "$dir"' EXIT
status=0
OUTCORE_STATS=$dir/stats.json CGROUP_RUN_SWAP=$((256 << 20)) \
  "$cgroup_run" $((64 << 20)) "$dir/peak" "$data_safety" 128 16 || status=$?
[ "$status" -eq 77 ] && exit 77
[ "$status" -eq 0 ] || { echo "swap_data_safety: data_safety failed ($status)"; exit 1; }
[ "${OUTCORE_POLICY:-}" = release ] || [ "${OUTCORE_POLICY:-}" = buffered ] || exit 0
stat_of() { sed -n "s/.*\"$1\": \\([0-9-]*\\).*/\\1/p" "$dir/stats.json"; }
echo "swap_data_safety: release calls $(stat_of releases_issued)," \
     "released $(( $(stat_of bytes_released) >> 20 )) MiB, not issuable $(stat_of releases_unissuable)"
if [ "$(stat_of releases_issued)" -eq 0 ] || [ "$(stat_of releases_unissuable)" -ne 0 ]; then
  echo "swap_data_safety: anonymous releases did not go out as MADV_PAGEOUT with swap"
  exit 1
fi
