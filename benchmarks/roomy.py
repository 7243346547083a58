#!/usr/bin/env python3
"""Programs that fit in a limit with room to spare (issue 9): heaps between half the limit and
the limit, no swap; outcore-cc against plain clang.

python3 benchmarks/roomy.py [--programs a,b] [--limit-mib 256] [--reps 3] [--cc PATH]
                            [--plain-cc CC] --out DIR

Each program in benchmarks/roomy/ (rows malloc'd one by one, grown by push_back or realloc,
freed and calloc'd again: 150-230 MB of heap) is built with plain clang and with outcore-cc,
`-O2 -ffp-contract=off -fno-math-errno`, and the two builds run in turn, each run in a fresh
memory cgroup of --limit-mib without swap, with no OUTCORE_* setting. Both fit, but without
swap the runtime places blocks in files once the heap passes half the limit, so that it
could still page them out if the program grew: what that placement costs while the program
fits is what this measures. Per run: wall and CPU time (user + sys, from wait4), the group's
peak, whether the OOM killer stopped it. Both builds must print the same stdout. Prints a table
and writes DIR/roomy.json.
"""
import argparse
import os
import sys
import tempfile
import time
from dataclasses import dataclass

import incore  # the same directory: builds and environment as the in-core benchmark
import toolchain
from outbench import MIB
from outbench.cgroups import MemoryGroup
from outbench.measure import machine_description
from outbench.report import write_json
from outbench.summary import median, ratio

PROGRAM_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "roomy")
BUILDS = incore.BUILDS
KILLED = 137


@dataclass
class Run:
    wall_s: float = None  # None: capped by the timeout, or killed
    cpu_s: float = None
    peak_bytes: int = None
    status: int = None
    stdout: str = None


def programs():
    """{name: source file} of benchmarks/roomy/."""
    return {os.path.splitext(name)[0]: name for name in sorted(os.listdir(PROGRAM_DIR))
            if name.endswith((".c", *toolchain.CXX_SUFFIXES))}


# ---------------------------------------------------------------------------------------------
# Pure computations (unit-tested in test_roomy.py)

def program_summary(runs):
    """The JSON record of one program from `runs`, each build's list of Run. Times count
    finished runs only (status 0); a killed or failed run counts in `failed`."""
    per_build = {}
    for build in BUILDS:
        done = [r for r in runs[build] if r.status == 0 and r.wall_s is not None]
        walls, cpus = [r.wall_s for r in done], [r.cpu_s for r in done]
        peaks = [r.peak_bytes for r in runs[build] if r.peak_bytes is not None]
        per_build[build] = {
            "wall_min_s": min(walls) if walls else None, "wall_median_s": median(walls),
            "cpu_min_s": min(cpus) if cpus else None, "cpu_median_s": median(cpus),
            "peak_max_bytes": max(peaks) if peaks else None,
            "failed": [r.status for r in runs[build] if r.status != 0],
        }
    outputs = {r.stdout for build in BUILDS for r in runs[build] if r.status == 0}
    plain, transformed = per_build["plain"], per_build["transformed"]
    return {**per_build,
            "wall_ratio_min": ratio(transformed["wall_min_s"], plain["wall_min_s"]),
            "cpu_ratio_min": ratio(transformed["cpu_min_s"], plain["cpu_min_s"]),
            "outputs_identical": len(outputs) == 1}


def table(summaries):
    header = ("program", "wall plain min/med s", "wall outcore min/med s", "ratio",
              "CPU plain/outcore min s", "ratio", "peak plain/outcore MiB", "failed", "stdout")
    rows = [header]
    fmt = incore.fmt
    for name, s in summaries.items():
        plain, out = s["plain"], s["transformed"]
        peaks = "/".join("-" if b["peak_max_bytes"] is None else str(b["peak_max_bytes"] // MIB)
                         for b in (plain, out))
        failed = "/".join(",".join(map(str, b["failed"])) or "0" for b in (plain, out))
        rows.append((
            name, f"{fmt(plain['wall_min_s'])}/{fmt(plain['wall_median_s'])}",
            f"{fmt(out['wall_min_s'])}/{fmt(out['wall_median_s'])}", fmt(s["wall_ratio_min"], 2),
            f"{fmt(plain['cpu_min_s'])}/{fmt(out['cpu_min_s'])}", fmt(s["cpu_ratio_min"], 2),
            peaks, failed, "same" if s["outputs_identical"] else "DIFFERENT"))
    widths = [max(len(row[col]) for row in rows) for col in range(len(header))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
                     for row in rows)


# ---------------------------------------------------------------------------------------------
# Running

def run_in_group(exe, limit_bytes, timeout_s):
    """One run of `exe` in a fresh group of `limit_bytes` without swap."""
    group = MemoryGroup(limit_bytes, swap_bytes=0)
    try:
        with tempfile.TemporaryFile() as out:
            def join_group():  # in the child, before exec: its whole life is in the group
                with open(group.procs_file, "w") as f:
                    f.write(str(os.getpid()))
            started = time.monotonic()
            pid = os.fork()
            if pid == 0:
                try:
                    join_group()
                    os.dup2(out.fileno(), 1)
                    os.execve(exe, [exe], incore.in_core_environment())
                finally:
                    os._exit(127)
            deadline = started + timeout_s
            while True:
                # wait4 reaps the child and gives its own rusage.
                done, status, usage = os.wait4(pid, os.WNOHANG)
                if done:
                    break
                if time.monotonic() > deadline:
                    os.kill(pid, 9)
                    os.wait4(pid, 0)
                    return Run(peak_bytes=group.peak(), status=KILLED)
                time.sleep(0.002)
            wall = time.monotonic() - started
            out.seek(0)
            code = os.waitstatus_to_exitcode(status)
            return Run(wall_s=wall, cpu_s=usage.ru_utime + usage.ru_stime,
                       peak_bytes=group.peak(), status=128 - code if code < 0 else code,
                       stdout=out.read().decode(errors="replace"))
    finally:
        group.remove()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="output directory (roomy.json, bin/)")
    p.add_argument("--programs", default=",".join(programs()),
                   help="comma-separated subset of benchmarks/roomy/: " + ", ".join(programs()))
    p.add_argument("--limit-mib", type=int, default=256,
                   help="the groups' limit (default 256: the programs' heaps are 150-230 MB)")
    p.add_argument("--reps", type=int, default=3, help="runs per build, in turn (default 3)")
    p.add_argument("--cc", help="the outcore-cc under test (default build/tools/outcore-cc)")
    p.add_argument("--plain-cc", default=toolchain.PLAIN_CC)
    p.add_argument("--timeout-s", type=float, default=120.0, help="cap per run (default 120)")
    args = p.parse_args(argv)
    args.programs = [name for name in args.programs.split(",") if name]
    unknown = [name for name in args.programs if name not in programs()]
    if unknown:
        p.error(f"unknown programs: {', '.join(unknown)}")
    if args.limit_mib <= 0:
        p.error("--limit-mib must be positive")
    args.cc = toolchain.outcore_cc(args.cc)
    return args


def main(argv):
    args = parse_args(argv)
    work_dir = os.path.join(args.out, "bin")
    os.makedirs(work_dir, exist_ok=True)
    summaries = {}
    for name in args.programs:
        source = os.path.join(PROGRAM_DIR, programs()[name])
        program = incore.InCoreKernel(name, "rows", source, {})
        exes = incore.build_both(args.plain_cc, args.cc, program, work_dir)
        runs = {build: [] for build in BUILDS}
        for _ in range(args.reps):  # in turn, so that a slow phase of the machine hits both
            for build in BUILDS:
                runs[build].append(run_in_group(exes[build], args.limit_mib * MIB,
                                                args.timeout_s))
        summaries[name] = program_summary(runs)
        print(f"{name}: measured", flush=True)
    result = {"machine": machine_description(), "cc": os.path.abspath(args.cc),
              "plain_cc": args.plain_cc, "flags": incore.COMPILE_FLAGS,
              "limit_mib": args.limit_mib, "reps": args.reps, "programs": summaries}
    write_json(os.path.join(args.out, "roomy.json"), result)
    print(table(summaries))
    print(f"ratios are outcore/plain of the minima; limit {args.limit_mib} MiB, no swap; results "
          f"in {os.path.abspath(os.path.join(args.out, 'roomy.json'))}")
    return 0 if all(s["outputs_identical"] for s in summaries.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
