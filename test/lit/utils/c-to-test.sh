#!/usr/bin/env bash
# Makes the IR of a lit test from C: the C source becomes a comment at the
# top, followed by the canonical IR the analysis expects (clang -O0 without
# optnone, then outcore-prepare). RUN/CHECK lines are written by hand.
# Usage: c-to-test.sh file.c Outcore.so > test.ll
set -euo pipefail
src=$1 plugin=$2
sed 's|^|; |' "$src"
echo ";"
clang-19 -O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm \
  -o - "$src" |
  opt-19 -load-pass-plugin="$plugin" -passes=outcore-prepare -S -o - |
  grep -v -E '^(; ModuleID|source_filename|; Function Attrs)'
