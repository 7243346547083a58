#!/usr/bin/env bash
# mpi_compare.sh OUTCORE_CC CLANG SOURCE WORKDIR
# Builds an MPI program twice through MPICH's mpicc: plain (-cc=CLANG) and with
# outcore-cc as the compiler behind it (MPICH_CC=OUTCORE_CC), runs both with
# mpirun on 3 ranks (the Outcore build with OUTCORE_MEM_LIMIT=1M, so its hinted loop
# versions run) and compares their output byte for byte. Exits 77 (skipped) when
# mpicc or mpirun is missing.
set -euo pipefail
outcore_cc=$1 clang=$2 source=$3 work=$4
for tool in mpicc mpirun; do
  command -v "$tool" >/dev/null || { echo "mpi_compare: skipped: no $tool (apt-get install mpich libmpich-dev)"; exit 77; }
done
mkdir -p "$work"
plain=$work/stencil_mpi.plain outcore=$work/stencil_mpi.outcore
mpicc -cc="$clang" -O2 "$source" -o "$plain"
MPICH_CC="$outcore_cc" mpicc -O2 "$source" -o "$outcore"
# The Outcore build really went through outcore-cc: it calls the runtime.
nm "$outcore" | grep -q "U oc_prefetch" || { echo "mpi_compare: no hints in the outcore-cc build"; exit 1; }
args=(512 2048 4) # 8 MiB per array and rank
timeout 120 mpirun -n 3 "$plain" "${args[@]}" > "$work/plain.out"
OUTCORE_MEM_LIMIT=1M OUTCORE_VERBOSE=1 \
  timeout 120 mpirun -n 3 "$outcore" "${args[@]}" > "$work/outcore.out" 2> "$work/outcore.err"
cat "$work/outcore.out" "$work/outcore.err"
# Every rank ran the hinted loops (one summary line per rank, each with hints).
[ "$(grep -c "outcore: .* hints=[1-9]" "$work/outcore.err")" -eq 3 ] ||
  { echo "mpi_compare: not every rank sent hints"; exit 1; }
cmp "$work/plain.out" "$work/outcore.out" || { echo "mpi_compare: outputs differ"; exit 1; }
echo "mpi_compare: 3 ranks, plain and outcore-cc builds agree byte for byte"
