#!/usr/bin/env bash
# arbiter.sh MEMBER PROBE CGROUP_RUN
# Node arbitration in one real memory cgroup: for OUTCORE_ARBITRATION=share and token,
# three members (arbiter_member: file-backed scans with buffered releases, 3 x 48 MiB
# under a 96 MiB limit) join one segment; one is killed with SIGKILL mid-run and the
# two left must take over its part of the pool (their limits add up to the pool
# again) and finish with the output of a run without arbitration. Then a crash's
# leftovers (a dead process's slots holding the token, then a junk file) must be
# recovered by a new member, and the segment removed after the last member leaves.
set -euo pipefail
if [ "${1:-}" != --inside ]; then
  member=$1 probe=$2 cgroup_run=$3
  peak=$(mktemp "${TMPDIR:-/var/tmp}/outcore-peak-XXXXXX")
  trap 'rm -f "$peak"' EXIT
  # Not exec: the trap removes the peak file afterwards.
  status=0
  "$cgroup_run" $((96 << 20)) "$peak" bash "$0" --inside "$member" "$probe" || status=$?
  exit "$status"
fi
member=$2 probe=$3
dir=$(mktemp -d "${TMPDIR:-/var/tmp}/outcore-arbiter-XXXXXX")
pids=()
probe() { OUTCORE_POLICY=off OUTCORE_ARBITRATION=off "$probe" "$@"; }
segment=$(probe path)
cleanup() { # members killed here leave the segment behind: remove it too
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir" "$segment"
}
trap cleanup EXIT
fail() { echo "arbiter: $*"; exit 1; }
rm -f "$segment" # a previous crashed run in a group of the same name
start() { # start NAME POLICY: a member in the background
  rm -f "$dir/stop"
  OUTCORE_POLICY=buffered OUTCORE_ARBITRATION=$2 "$member" "$dir/$1.data" 48 "$dir/stop" \
    > "$dir/$1.out" 2> "$dir/$1.err" &
  pids+=($!)
}
live_sum() { probe show | awk '$1 == "slot" && $6 == 1 {n++; s += $8; pool = $10}
                               END {print n + 0, s + 0, pool + 0}'; }
# within_15s COMMAND...: polls COMMAND until it succeeds, 15 s at most (the ticks of
# members on a loaded machine come late); the checks after it say what failed.
within_15s() {
  for _ in $(seq 60); do
    "$@" && return 0
    sleep 0.25
  done
  return 0
}
live_count_is() { [ "$(live_sum | cut -d' ' -f1)" -eq "$1" ]; }

start plain off
sleep 1; touch "$dir/stop"; wait "${pids[0]}"; pids=()
expected=$(cat "$dir/plain.out")
grep -q "passes agree: yes" <<< "$expected" || fail "plain run: $expected"

for policy in share token; do
  start a "$policy"; start b "$policy"; start c "$policy"
  within_15s live_count_is 3
  read -r n3 sum3 pool3 <<< "$(live_sum)"
  echo "arbiter: $policy: $n3 live members, limits add up to $sum3 of a $pool3 MiB pool"
  [ "$n3" -eq 3 ] || { probe show; fail "$policy: expected 3 live members"; }
  kill -9 "${pids[2]}"; wait "${pids[2]}" 2>/dev/null || true
  # The survivors reap its slot (stale after 1 s, looked for each second) and
  # share its part.
  handed_on() {
    read -r n2 sum2 pool2 <<< "$(live_sum)"
    [ "$n2" -eq 2 ] && [ "$sum2" -ge $((pool2 * 9 / 10)) ] && ! probe show | grep -q "pid $1 "
  }
  within_15s handed_on "${pids[2]}"
  echo "arbiter: $policy: after SIGKILL $n2 live members, limits $sum2 of $pool2 MiB"
  probe show
  [ "$n2" -eq 2 ] || fail "$policy: the killed member still counts"
  [ "$sum2" -ge $((pool2 * 9 / 10)) ] || fail "$policy: the killed member's part was not handed on"
  probe show | grep -q "pid ${pids[2]} " && fail "$policy: the killed member's slot was not reaped"
  touch "$dir/stop"
  for p in "${pids[0]}" "${pids[1]}"; do wait "$p" || fail "$policy: a member failed"; done
  pids=()
  for m in a b; do
    [ "$(cat "$dir/$m.out")" = "$expected" ] || fail "$policy: $m printed $(cat "$dir/$m.out")"
  done
  cat "$dir/a.err" "$dir/b.err"
  [ ! -e "$segment" ] || fail "$policy: segment left after the last member"
done

# A crash's leftovers: a dead process's slots (fresh heartbeats) and its token.
probe plant-dead
start d token
reclaimed() {
  probe show | awk '$1 == "slot" && $6 == 1' | grep -q "pid $1 " &&
    [ "$(probe show | awk '$1 == "slot"' | wc -l)" -eq 1 ] &&
    ! probe show | grep -q "^slot 0 .*holder 1"
}
within_15s reclaimed "${pids[0]}"
probe show
probe show | awk '$1 == "slot" && $6 == 1' | grep -q "pid ${pids[0]} " || fail "stale: member not live"
[ "$(probe show | awk '$1 == "slot"' | wc -l)" -eq 1 ] || fail "stale: dead slots not reclaimed"
probe show | grep -q "^slot 0 .*holder 1" && fail "stale: the dead member still holds the token"
touch "$dir/stop"; wait "${pids[0]}" || fail "stale: member failed"; pids=()
[ "$(cat "$dir/d.out")" = "$expected" ] || fail "stale: wrong output"

probe plant-garbage
start e share
within_15s eval 'probe show | grep -q "pid ${pids[0]} live 1"'
probe show | grep -q "pid ${pids[0]} live 1" || { probe show; fail "junk segment: member did not join"; }
touch "$dir/stop"; wait "${pids[0]}" || fail "junk: member failed"; pids=()
[ "$(cat "$dir/e.out")" = "$expected" ] || fail "junk: wrong output"
[ ! -e "$segment" ] || fail "segment left after the last member"
echo "arbiter: passed"
