"""Outcore out-of-core benchmark harness (see benchmarks/README.md).

python3 benchmarks/run.py [--quick] [--kernels a,b] [--reps N] [--limit-mib M] --out DIR

Per kernel: one plain binary and one built with outcore-cc; versions O (plain), P/R/B (the
transformed binary under OUTCORE_POLICY=prefetch/release/buffered), W (plain, warm, no limit),
WB (transformed, buffered, warm, no limit: the in-core overhead) and, for the column walk, Orand
(plain with MADV_RANDOM on its data). Each run gets a fresh memory cgroup; cold runs start with
every data file of the kernel evicted from the page cache. Then the interactive co-runner, and
results.json, summary.json, report.md and PNG plots in DIR.

--memory file (default): the data are shared file mappings (kernels/bench_data.h).
--memory anon-swap: anonymous memory paged to a swap file the harness creates and removes.
--memory spill: no swap for the group; the transformed binary runs with OUTCORE_SPILL=on.
Kernels written as programs are (program=True: malloc, calloc, posix_memalign, static arrays)
run in the last two; where one has a file-mapped twin, Bfile is that twin under B, cold.
"""
import argparse
import os
import signal
import sys

import toolchain  # benchmarks/toolchain.py, shared with the tests

from .cgroups import SwapFile, has_swap
from .bench import Bench
from .kernels import FILE_KERNELS, KERNELS_BY_NAME, MEMORY_MODES, PROGRAM_KERNELS


class ExitOnSignals:
    """SIGTERM and SIGHUP raise SystemExit (SIGINT already raises KeyboardInterrupt), so that
    the context managers around the run (swap file, delay accounting) and the cgroups'
    finally clauses clean up when the harness is stopped."""
    SIGNALS = (signal.SIGTERM, signal.SIGHUP)

    def __enter__(self):
        self.previous = {s: signal.signal(s, self._exit) for s in self.SIGNALS}
        return self

    @staticmethod
    def _exit(signum, _frame):
        raise SystemExit(128 + signum)

    def __exit__(self, *exc):
        for s, handler in self.previous.items():
            signal.signal(s, handler)


class DelayAccounting:
    """Turns on sysctl kernel.task_delayacct for the benchmark and restores it afterwards. It
    feeds only the recorded blkio_delayacct_s (for comparison); the I/O stall comes from
    schedstat, which needs no switch."""
    PATH = "/proc/sys/kernel/task_delayacct"

    def __enter__(self):
        with open(self.PATH) as f:
            self.previous = f.read().strip()
        if self.previous != "1":
            with open(self.PATH, "w") as f:
                f.write("1")
        return self

    def __exit__(self, *exc):
        if self.previous != "1":
            with open(self.PATH, "w") as f:
                f.write(self.previous)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--quick", action="store_true", help="small sizes, 2 reps, < 10 minutes")
    p.add_argument("--kernels", help="comma-separated subset of: " + ", ".join(KERNELS_BY_NAME)
                   + " (default: the file kernels with --memory file, the program kernels "
                   "otherwise)")
    p.add_argument("--reps", type=int, help="repetitions (default 3, quick 2)")
    p.add_argument("--limit-mib", type=int, help="cgroup memory limit (default 256, quick 64); "
                   "problem sizes scale with it")
    p.add_argument("--cc", help="outcore-cc (default: the build tree's, build/tools/outcore-cc; "
                   "the run stops if there is none)")
    p.add_argument("--plain-cc", default=toolchain.PLAIN_CC)
    p.add_argument("--data-dir", default="/var/tmp/outcore-bench/data",
                   help="input files, generated once per size and reused")
    p.add_argument("--memory", choices=MEMORY_MODES,
                   help="file (default): shared file mappings; anon-swap: anonymous memory and "
                   "a swap file for the run; spill: no swap, OUTCORE_SPILL=on")
    p.add_argument("--mode", choices=("file", "anon"),
                   help="older name: file = --memory file, anon = --memory anon-swap")
    p.add_argument("--swap-mib", type=int,
                   help="anon-swap: size of the swap file created for the run (default 8x the "
                   "limit; 0: create none, use the machine's swap)")
    p.add_argument("--spill-dir", default="/var/tmp/outcore-bench/spill",
                   help="spill mode: OUTCORE_SPILL_DIR of the transformed versions (disk)")
    p.add_argument("--backend", choices=("madvise", "pager"),
                   help="OUTCORE_BACKEND for every run (default: the runtime's, madvise); the "
                   "pager pages spilled blocks (--memory spill)")
    p.add_argument("--timeout-s", type=float,
                   help="cap per run; capped runs are extrapolated from progress where the "
                   "kernel reports it (default 300, quick 10)")
    p.add_argument("--interactive-kernels", default="matvec,stencil2d,mgrid",
                   help="kernels to co-run with the toucher ('' to skip)")
    p.add_argument("--sleeps", help="co-runner sleep times in seconds (default 0,0.5,1,2,5; "
                   "quick 0,1,5)")
    p.add_argument("--touches", type=int, help="touches per sleep time (default 5, quick 2)")
    args = p.parse_args(argv)
    args.cc = toolchain.outcore_cc(args.cc)
    alias = {"file": "file", "anon": "anon-swap", None: None}[args.mode]
    if args.memory and alias and args.memory != alias:
        p.error(f"--mode {args.mode} contradicts --memory {args.memory}")
    args.memory = args.memory or alias or "file"
    if args.swap_mib is not None and args.memory != "anon-swap":
        p.error("--swap-mib is for --memory anon-swap")
    default = FILE_KERNELS if args.memory == "file" else PROGRAM_KERNELS
    args.kernels = [k for k in (args.kernels or ",".join(k.name for k in default)).split(",")
                    if k]
    unknown = [k for k in args.kernels if k not in KERNELS_BY_NAME]
    if unknown:
        p.error(f"unknown kernels: {', '.join(unknown)}")
    args.interactive_kernels = [k for k in args.interactive_kernels.split(",") if k]
    args.reps = args.reps or (2 if args.quick else 3)
    args.limit_mib = args.limit_mib or (64 if args.quick else 256)
    if args.memory == "anon-swap" and args.swap_mib is None:
        args.swap_mib = 8 * args.limit_mib
    args.timeout_s = args.timeout_s or (10.0 if args.quick else 300.0)
    sleeps = args.sleeps or ("0,1,5" if args.quick else "0,0.5,1,2,5")
    args.sleeps = [float(s) for s in sleeps.split(",")]
    args.touches = args.touches or (2 if args.quick else 5)
    return args


def main(argv):
    args = parse_args(argv)
    if os.geteuid() != 0:
        sys.exit("run.py needs root: memory cgroups, delay accounting")
    os.makedirs(args.data_dir, exist_ok=True)
    if args.memory == "anon-swap" and not args.swap_mib and not has_swap():
        print("warning: anon-swap with --swap-mib 0 and no swap on the machine: the limit will "
              "OOM-kill the kernels")
    swap_path = os.path.join(os.path.dirname(args.data_dir.rstrip("/")),
                             f"swapfile-{os.getpid()}")
    with ExitOnSignals(), DelayAccounting(), SwapFile(swap_path, args.swap_mib):
        Bench(args).main()
    print(f"results in {os.path.abspath(args.out)}: results.json summary.json report.md *.png")
