#!/usr/bin/env bash
# The main job: sets everything up (scripts/setup.sh), compiles a real kernel
# (the papers' MATVEC, benchmarks/kernels/matvec.c) with the plugin, shows what
# the compiler believes about every array reference (remarks and the analysis
# report), then runs it out of core under a cgroup memory limit next to the
# plain build and prints the comparison (benchmarks/run.py, quick sizes).
# Needs root for the memory cgroup. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
out=${OUT:-results-demo}
mkdir -p "$out"
kernel=benchmarks/kernels/matvec.c

echo "== outcore-cc -O2 -g: remarks for $kernel"
build/tools/outcore-cc -O2 -g -c "$kernel" -o "$out/matvec.o" \
  -Rpass=outcore -Rpass-missed=outcore -Rpass-analysis=outcore \
  -fsave-optimization-record -foptimization-record-file="$out/matvec.opt.yaml" 2>&1 |
  grep -E 'remark:' || true

echo "== opt print<outcore-locality> on the same kernel"
clang-19 -O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm \
  -Ibenchmarks/kernels "$kernel" -o "$out/matvec.ll"
opt-19 -load-pass-plugin="$(find build -name Outcore.so | head -1)" \
  -passes='outcore-prepare,print<outcore-locality>' -disable-output "$out/matvec.ll"

echo "== running out of core: plain (O) vs outcore (P, R, B) vs warm (W)"
python3 benchmarks/run.py --quick --kernels matvec,stencil2d --out "$out"
cat "$out/report.md"
