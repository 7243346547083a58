# Sourced by the e2e scripts called as SCRIPT CLANG OUTCORE_CC CGROUP_RUN: builds
# NAME.c and any NAME_*.c (next to them: a program of several files) at -O2 with
# plain clang into $work/plain and with outcore-cc
# (and any further arguments) into $work/outcore, in a directory removed on exit, and
# sets clang, outcore_cc, cgroup_run, work and expected (the plain build's output).
# Usage: plain_and_outcore NAME "$@" [-- OUTCORE_CC_ARGS...]
plain_and_outcore() {
  local name=$1
  clang=$2 outcore_cc=$3 cgroup_run=$4
  shift 4
  [ "${1:-}" = -- ] && shift
  local dir src
  dir=$(dirname "${BASH_SOURCE[0]}")
  src=("$dir/$name.c")
  for extra in "$dir/${name}"_*.c; do
    [ -e "$extra" ] && src+=("$extra")
  done
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  "$clang" -O2 "${src[@]}" -o "$work/plain"
  "$outcore_cc" -O2 "${src[@]}" -o "$work/outcore" "$@"
  expected=$("$work/plain")
}
