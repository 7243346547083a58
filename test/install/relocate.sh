#!/usr/bin/env bash
# cmake --install to a temporary prefix, move the prefix, then build and run a program
# with the moved outcore-cc: it must find the plugin, the header and the runtime next to
# itself (never in the build tree or the first prefix), transform the program and print
# what the plain build prints; the moved outcore-c++ builds the same source as C++ (it
# links the C++ library). Usage: relocate.sh BUILD_DIR SOURCE.c CLANG
set -euo pipefail
build=$1 src=$2 clang=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/first" >/dev/null
mv "$tmp/first" "$tmp/moved"
cc="$tmp/moved/bin/outcore-cc"
if grep -q -e "$build" -e "$tmp/first" "$cc"; then
  echo "relocate: $cc names the build tree or the first prefix"; exit 1
fi

# 8K of assumed memory: the 512 KiB array gets hints.
"$cc" -O2 -mllvm -outcore-mem-size=8K "$src" -o "$tmp/outcore"
"$clang" -O2 "$src" -o "$tmp/plain"
if ! nm "$tmp/outcore" | grep -q oc_prefetch_release_block; then
  echo "relocate: the moved outcore-cc did not transform $src"; exit 1
fi
expected=$("$tmp/plain")
actual=$(OUTCORE_MEM_LIMIT=16K "$tmp/outcore")
if [ "$expected" != "$actual" ]; then
  echo "relocate: output differs: plain '$expected', outcore-cc '$actual'"; exit 1
fi
"$tmp/moved/bin/outcore-c++" -O2 -x c++ "$src" -o "$tmp/outcore-cxx"
actual_cxx=$(OUTCORE_MEM_LIMIT=16K "$tmp/outcore-cxx")
if [ "$expected" != "$actual_cxx" ]; then
  echo "relocate: output differs: plain '$expected', outcore-c++ '$actual_cxx'"; exit 1
fi
echo "relocate: moved install tree builds and runs $src as C and C++ ($actual)"
