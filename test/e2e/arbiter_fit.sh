#!/usr/bin/env bash
# arbiter_fit.sh OUTCORE_CC PROBE CGROUP_RUN
# The fit answer under node arbitration, end to end: three members built with
# outcore-cc (arbiter_fit.c, a 48 MiB file scan each) run in one 96 MiB group. Under
# OUTCORE_ARBITRATION=share each one's oc_memory_limit() and the oc_memory_limit_now
# its fit test loads give the arbitrated answer (half the pool the probe shows, never
# below its share), so the 48 MiB scan runs its hinted loop; under off the same
# members answer the group's whole limit and run the original loop. Every member
# prints the same sum. Skipped (77) where no memory cgroup can be made; cgroup_run.sh
# removes the group, this script the members, the data and the segment, on any exit.
set -euo pipefail
if [ "${1:-}" != --inside ]; then
  outcore_cc=$1 probe=$2 cgroup_run=$3
  work=$(mktemp -d "${TMPDIR:-/var/tmp}/outcore-arbiter-fit-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  "$outcore_cc" -O2 "$(dirname "$0")/arbiter_fit.c" -o "$work/member"
  status=0
  "$cgroup_run" $((96 << 20)) "$work/peak" bash "$0" --inside "$work" "$probe" || status=$?
  exit $status
fi
work=$2 probe=$3
mib=48
pids=()
probe() { OUTCORE_POLICY=off OUTCORE_ARBITRATION=off "$probe" "$@"; }
segment=$(probe path)
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -f "$segment" "$work"/*.data
}
trap cleanup EXIT
fail() { echo "arbiter_fit: $*"; exit 1; }
rm -f "$segment" # a crashed run in a group of the same name
for m in a b c; do "$work/member" gen "$work/$m.data" $mib || fail "cannot write $m.data"; done

# wait_for SECONDS COMMAND...: polls COMMAND every 0.25 s (a loaded machine is slow).
wait_for() {
  local tries=$(($1 * 4)); shift
  for _ in $(seq "$tries"); do "$@" && return 0; sleep 0.25; done
  return 1
}
live_members() { [ "$(probe show | awk '$1 == "slot" && $6 == 1' | wc -l)" -eq 3 ]; }
all_reported() { [ "$(cat "$work"/"$1".?.out 2>/dev/null | grep -c '^fit:')" -eq 3 ]; }

run_members() { # run_members POLICY: three members until each reported its fit answer
  local policy=$1
  rm -f "$work/go" "$work/stop"
  pids=()
  for m in a b c; do
    OUTCORE_POLICY=buffered OUTCORE_ARBITRATION=$policy OUTCORE_STATS="$work/$policy.$m.json" \
      "$work/member" run "$work/$m.data" $mib "$work/go" "$work/stop" \
      > "$work/$policy.$m.out" 2> "$work/$policy.$m.err" &
    pids+=($!)
    echo "$m $!" >> "$work/$policy.pids"
  done
  if [ "$policy" != off ]; then
    wait_for 15 live_members || { probe show; fail "$policy: 3 members never live together"; }
  fi
  sleep 1
  touch "$work/go"
  wait_for 30 all_reported "$policy" || fail "$policy: not every member reported"
  probe show > "$work/$policy.probe"
  touch "$work/stop"
  for p in "${pids[@]}"; do wait "$p" || fail "$policy: a member failed"; done
  pids=()
}

field() { sed -n "s/.*\"$2\": \\([0-9]*\\).*/\\1/p" "$1"; }
run_members share
run_members off
cat "$work/share.probe"
sum=$(grep '^sum:' "$work/off.a.out")
for m in a b c; do
  for policy in share off; do
    read -r _ _ called _ loaded _ footprint < <(grep '^fit:' "$work/$policy.$m.out")
    hints=$(field "$work/$policy.$m.json" hints_seen)
    echo "arbiter_fit: $policy $m: oc_memory_limit $((called >> 20)) MiB," \
         "oc_memory_limit_now $((loaded >> 20)) MiB, footprint $((footprint >> 20)) MiB, hints $hints"
    [ "$called" -eq "$loaded" ] || fail "$policy $m: oc_memory_limit_now $loaded, oc_memory_limit() $called"
    [ "$(grep '^sum:' "$work/$policy.$m.out")" = "$sum" ] || fail "$policy $m: wrong sum"
  done
  # off: the group's whole limit (96 MiB less its margin); the scan fits and runs unhinted.
  read -r _ _ limit_off _ < <(grep '^fit:' "$work/off.$m.out")
  [ "$limit_off" -ge $((80 << 20)) ] || fail "off $m: limit $limit_off, not the group's"
  [ "$(field "$work/off.$m.json" hints_seen)" -eq 0 ] || fail "off $m: the 48 MiB scan ran hinted"
  # share: half the pool, at least the member's share: the scan no longer fits.
  read -r _ _ called _ < <(grep '^fit:' "$work/share.$m.out")
  pid=$(awk -v m=$m '$1 == m {print $2}' "$work/share.pids")
  read -r share pool < <(awk -v p="$pid" '$1 == "slot" && $4 == p {print $8, $10}' "$work/share.probe")
  [ -n "$pool" ] || fail "share $m: pid $pid not in the segment"
  [ $((called >> 20)) -ge $((share - 1)) ] || fail "share $m: fit answer below its share $share MiB"
  [ $(((called >> 20) - pool / 2)) -ge -1 ] && [ $(((called >> 20) - pool / 2)) -le 1 ] ||
    fail "share $m: oc_memory_limit $((called >> 20)) MiB, half the pool is $((pool / 2)) MiB"
  [ "$called" -lt "$footprint" ] || fail "share $m: the fit answer holds the scan"
  [ "$(field "$work/share.$m.json" hints_seen)" -gt 0 ] || fail "share $m: the scan never ran hinted"
done
echo "arbiter_fit: passed"
