#!/usr/bin/env python3
"""PolyBench/C against outcore-cc: programs nobody here wrote (issue 9: never slower than plain,
in core or out; issue 12: they complete under either backend without swap).

python3 benchmarks/polybench.py --polybench DIR --mode incore|swap|spill --out OUT
                               [--kernels a,b] [--dataset MEDIUM] [--limit-mib 64]
                               [--reps 3] [--cc PATH] [--plain-cc CC]

DIR is a PolyBench/C 4.2.1 tree (utilities/polybench.c and one directory per kernel, e.g.
linear-algebra/blas/gemm/gemm.c); it is not part of this repository. Both builds are
`-O2 -I utilities -I <kernel dir>` with the plain compiler and with outcore-cc.
- incore: --dataset's size, no limit, the output arrays dumped (POLYBENCH_DUMP_ARRAYS) and
  compared; instructions under callgrind (deterministic, one run each).
- swap: the out-of-core sizes below in a --limit-mib memory group with a 2 GiB swap file
  (created on /var/tmp and always removed), plain and B alternated --reps times: wall
  seconds, exit codes (-9: killed, by the OOM killer in a memory group).
- spill: the same sizes in a group without swap (plain would be OOM-killed): the plain
  build's dump in core against outcore-cc's (OUTCORE_SPILL=on) under OUTCORE_BACKEND=madvise
  and =pager, compared by hash; wall seconds and the group's peak.
Needs root for the memory groups and the swap file (swap, spill). Prints a table and writes
OUT/polybench-MODE.json.
"""
import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

import toolchain  # the same directory
from incore import callgrind_instructions, fmt, in_core_environment
from outbench import MIB
from outbench.cgroups import MemoryGroup, SwapFile
from outbench.cli import ExitOnSignals
from outbench.measure import spawn_in_group
from outbench.summary import median, ratio

# Out-of-core sizes: 128-288 MB of data, a few seconds each in a 64 MiB group.
OUT_OF_CORE = {
    "mvt": ["N=5000"], "atax": ["M=5000", "N=5000"], "bicg": ["M=5000", "N=5000"],
    "gesummv": ["N=4000"], "gemver": ["N=4000"], "jacobi-2d": ["N=4000", "TSTEPS=2"],
    "fdtd-2d": ["NX=3000", "NY=3000", "TMAX=2"], "heat-3d": ["N=256", "TSTEPS=2"],
    "seidel-2d": ["N=4000", "TSTEPS=1"], "adi": ["N=3000", "TSTEPS=1"],
    "doitgen": ["NQ=256", "NR=256", "NP=256"],
}
SWAP_MIB = 2048


# ---------------------------------------------------------------------------------------------
# Pure computations (unit-tested in test_polybench.py)

def kernel_sources(root):
    """{kernel name: its .c file} of a PolyBench tree: each <name>/<name>.c outside utilities."""
    found = {}
    for path in glob.glob(os.path.join(root, "**", "*.c"), recursive=True):
        folder, name = os.path.split(path)
        stem = name[:-2]
        if os.path.basename(folder) == stem and "utilities" not in path.split(os.sep):
            found[stem] = path
    return dict(sorted(found.items()))


def compile_flags(root, source, defines, dump):
    return ["-O2", "-I", os.path.join(root, "utilities"), "-I", os.path.dirname(source),
            *(f"-D{d}" for d in defines), *(["-DPOLYBENCH_DUMP_ARRAYS"] if dump else [])]


def wall_summary(runs):
    """min/median of the walls of runs [(wall_s, exit_code)] and the exit codes seen."""
    walls = sorted(wall for wall, _ in runs)
    return {"min_s": walls[0], "median_s": median(walls),
            "exit_codes": sorted({code for _, code in runs})}


# ---------------------------------------------------------------------------------------------
# Building and running

def build(compiler, root, source, defines, dump, exe):
    command = [compiler, *compile_flags(root, source, defines, dump),
               os.path.join(root, "utilities", "polybench.c"), source, "-lm", "-o", exe]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"building {exe} failed: {' '.join(command)}\n{done.stderr}")


def run_in(group, exe, env, log):
    """(wall seconds, exit code) of exe in group, its stdout and stderr into log."""
    start = time.monotonic()
    pid = spawn_in_group([exe], env, group, log)
    _, status = os.waitpid(pid, 0)
    return time.monotonic() - start, os.waitstatus_to_exitcode(status)


def dump_hash(log):
    with open(log, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def incore(kernel, source, args, cc, work):
    exes = {b: os.path.join(work, f"{kernel}.{b}") for b in ("plain", "outcore")}
    define = [f"{args.dataset}_DATASET"]
    build(args.plain_cc, args.polybench, source, define, True, exes["plain"])
    build(cc, args.polybench, source, define, True, exes["outcore"])
    row = {"kernel": kernel}
    for b, exe in exes.items():
        cg = os.path.join(work, f"{kernel}.{b}.callgrind")
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={cg}",
                               "--log-file=/dev/null", exe], env=in_core_environment(),
                              capture_output=True)
        with open(cg) as f:
            row[f"instructions_{b}"] = callgrind_instructions(f.read())
        row[f"dump_{b}"] = hashlib.sha256(done.stderr).hexdigest()[:16]
    row["ratio"] = ratio(row["instructions_outcore"], row["instructions_plain"])
    row["same_output"] = row["dump_plain"] == row["dump_outcore"]
    return row


def swap(kernel, source, args, cc, work):
    exes = {b: os.path.join(work, f"{kernel}.{b}") for b in ("plain", "B")}
    build(args.plain_cc, args.polybench, source, OUT_OF_CORE[kernel], False, exes["plain"])
    build(cc, args.polybench, source, OUT_OF_CORE[kernel], False, exes["B"])
    runs = {b: [] for b in exes}
    limit = args.limit_mib * MIB
    for rep in range(args.reps):  # alternated, the first build changing each round
        for b in (("plain", "B") if rep % 2 == 0 else ("B", "plain")):
            group = MemoryGroup(limit, swap_bytes=SWAP_MIB * MIB)
            try:
                runs[b].append(run_in(group, exes[b], in_core_environment(),
                                      os.path.join(work, f"{kernel}.{b}.log")))
            finally:
                group.remove()
    row = {"kernel": kernel, **{b: wall_summary(r) for b, r in runs.items()}}
    row["B_over_plain"] = ratio(row["B"]["median_s"], row["plain"]["median_s"])
    return row


def spill(kernel, source, args, cc, work):
    plain, outcore = os.path.join(work, f"{kernel}.plain"), os.path.join(work, f"{kernel}.B")
    build(args.plain_cc, args.polybench, source, OUT_OF_CORE[kernel], True, plain)
    build(cc, args.polybench, source, OUT_OF_CORE[kernel], True, outcore)
    log = os.path.join(work, f"{kernel}.log")
    wall, code = run_in(None, plain, in_core_environment(), log)
    row = {"kernel": kernel, "plain_in_core": {"wall_s": wall, "exit_code": code,
                                               "dump": dump_hash(log)}}
    spill_dir = tempfile.mkdtemp(prefix="outcore-polybench-", dir="/var/tmp")
    try:
        for backend in ("madvise", "pager"):
            env = {**in_core_environment(), "OUTCORE_SPILL": "on", "OUTCORE_SPILL_DIR": spill_dir,
                   "OUTCORE_BACKEND": backend}
            group = MemoryGroup(args.limit_mib * MIB, swap_bytes=0)
            try:
                wall, code = run_in(group, outcore, env, log)
                peak = group.peak()
            finally:
                group.remove()
            row[backend] = {"wall_s": wall, "exit_code": code, "peak_mib": (peak or 0) / MIB,
                            "same_output": dump_hash(log) == row["plain_in_core"]["dump"]}
    finally:
        subprocess.run(["rm", "-rf", spill_dir])
    return row


# ---------------------------------------------------------------------------------------------
# Report

def print_table(mode, rows):
    if mode == "incore":
        print("kernel            instr plain    instr outcore  ratio  output")
        for r in rows:
            print(f"{r['kernel']:<17} {r['instructions_plain']:<14} "
                  f"{r['instructions_outcore']:<14} {fmt(r['ratio'], 4):<6} "
                  f"{'same' if r['same_output'] else 'DIFFERENT'}")
    elif mode == "swap":
        print("kernel       plain min/med s  exits    B min/med s  exits    B/plain")
        for r in rows:
            p, b = r["plain"], r["B"]
            print(f"{r['kernel']:<12} {fmt(p['min_s'], 2)}/{fmt(p['median_s'], 2):<10} "
                  f"{str(p['exit_codes']):<8} {fmt(b['min_s'], 2)}/{fmt(b['median_s'], 2):<7} "
                  f"{str(b['exit_codes']):<8} {fmt(r['B_over_plain'], 2)}")
    else:
        print("kernel       plain in core s  madvise s  output     pager s  output")
        for r in rows:
            cells = [f"{fmt(r[b]['wall_s'], 2)} (exit {r[b]['exit_code']})  "
                     f"{'same' if r[b]['same_output'] else 'DIFFERENT'}"
                     for b in ("madvise", "pager")]
            print(f"{r['kernel']:<12} {fmt(r['plain_in_core']['wall_s'], 2):<16} "
                  f"{cells[0]:<22} {cells[1]}")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--polybench", required=True, help="a PolyBench/C 4.2.1 tree")
    p.add_argument("--mode", choices=("incore", "swap", "spill"), default="incore")
    p.add_argument("--out", required=True)
    p.add_argument("--kernels", help="comma-separated (default: all, or those with "
                   "out-of-core sizes for swap and spill)")
    p.add_argument("--dataset", default="MEDIUM",
                   choices=("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE"))
    p.add_argument("--limit-mib", type=int, default=64)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--cc", help="outcore-cc (default: the build tree's)")
    p.add_argument("--plain-cc", default="clang-19")
    return p.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    cc = toolchain.outcore_cc(args.cc)
    sources = kernel_sources(args.polybench)
    if not sources:
        sys.exit(f"no PolyBench kernels under {args.polybench}")
    wanted = (args.kernels.split(",") if args.kernels else
              sorted(sources) if args.mode == "incore" else sorted(OUT_OF_CORE))
    unknown = [k for k in wanted if k not in sources or
               (args.mode != "incore" and k not in OUT_OF_CORE)]
    if unknown:
        sys.exit(f"unknown kernel(s) for --mode {args.mode}: {', '.join(unknown)}")
    measure = {"incore": incore, "swap": swap, "spill": spill}[args.mode]
    os.makedirs(args.out, exist_ok=True)
    rows = []
    with ExitOnSignals(), tempfile.TemporaryDirectory(prefix="outcore-polybench-") as work, \
            SwapFile("/var/tmp/outcore-polybench.swap", SWAP_MIB if args.mode == "swap" else 0):
        for kernel in wanted:
            rows.append(measure(kernel, sources[kernel], args, cc, work))
            print(f"{kernel}: measured", file=sys.stderr, flush=True)
    print_table(args.mode, rows)
    path = os.path.join(args.out, f"polybench-{args.mode}.json")
    with open(path, "w") as f:
        json.dump({"mode": args.mode, "limit_mib": args.limit_mib, "dataset": args.dataset,
                   "kernels": rows}, f, indent=1)
    print(f"results in {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
