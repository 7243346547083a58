#!/usr/bin/env python3
"""Compile-time cost of the outcore plugin (a benchmark, not a test).

Compiles every test/corpus/*.c with clang-19 -O2 -c, plain and with Outcore.so
loaded (as outcore-cc does), --repeat times each, interleaved so that machine
noise hits both alike, and prints per file and in total the min and median
wall time of each and the ratio of the medians.

  python3 benchmarks/compile_time.py --plugin build/pass/Outcore.so [--repeat 5]
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time


def compile_once(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plugin", required=True, help="path to Outcore.so")
    parser.add_argument("--clang", default="clang-19")
    parser.add_argument("--corpus", default=os.path.join(root, "test", "corpus"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--opt", default="-O2")
    args = parser.parse_args()

    sources = sorted(glob.glob(os.path.join(args.corpus, "*.c")))
    if not sources:
        sys.exit(f"no *.c files in {args.corpus}")
    plugin = os.path.abspath(args.plugin)
    with_plugin = ["-fpass-plugin=" + plugin, "-Xclang", "-load", "-Xclang", plugin]
    times = {name: {"plain": [], "outcore": []} for name in map(os.path.basename, sources)}
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "out.o")
        for _ in range(args.repeat):
            for src in sources:
                base = [args.clang, args.opt, "-c", src, "-I", args.corpus, "-o", obj]
                times[os.path.basename(src)]["plain"].append(compile_once(base))
                times[os.path.basename(src)]["outcore"].append(compile_once(base + with_plugin))

    def row(name, plain, outcore):
        p_med, o_med = statistics.median(plain), statistics.median(outcore)
        print(f"{name:34s} {min(plain)*1e3:8.1f} {p_med*1e3:8.1f} "
              f"{min(outcore)*1e3:8.1f} {o_med*1e3:8.1f} {o_med / p_med:6.2f}x")

    print(f"clang {args.opt}, {args.repeat} runs per file, milliseconds")
    print(f"{'file':34s} {'plain':>8s} {'':>8s} {'outcore':>8s} {'':>8s}")
    print(f"{'':34s} {'min':>8s} {'median':>8s} {'min':>8s} {'median':>8s} {'ratio':>7s}")
    for name, t in times.items():
        row(name, t["plain"], t["outcore"])
    # Totals per repetition, then min and median over repetitions.
    totals = {kind: [sum(t[kind][k] for t in times.values()) for k in range(args.repeat)]
              for kind in ("plain", "outcore")}
    row("TOTAL", totals["plain"], totals["outcore"])


if __name__ == "__main__":
    main()
