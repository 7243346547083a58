#!/usr/bin/env python3
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
import ctypes
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH_DIR)
KERNEL_SRC = os.path.join(BENCH_DIR, "kernels")
MIB = 1 << 20
PAGE = os.sysconf("SC_PAGE_SIZE")
COMPILE_FLAGS = ["-O2", "-g", "-ffp-contract=off", "-fno-math-errno", "-I", KERNEL_SRC]
MEMORY_SAMPLE_S = 0.05
# The main thread's I/O stall is wall - on-CPU - run-queue wait over one interval; the clock and
# the scheduler counters are read a few microseconds apart, so a stall may come out that far
# below zero (shown as 0). Anything further outside [0, wall] is a measurement error: flagged,
# never used.
STALL_TOLERANCE_S = 0.002
HINTED = ("P", "R", "B")
POLICY = {"P": "prefetch", "R": "release", "B": "buffered", "WB": "buffered"}


# ---------------------------------------------------------------------------------------------
# Kernels and versions

@dataclass
class Kernel:
    name: str
    affine: bool
    what: str
    size_args: object  # (limit_bytes, quick) -> list of ints passed to "gen" and "run"
    # Output file and sentinel value of unfinished entries, for extrapolating a capped run.
    progress_file: str = None
    progress_sentinel: float = -1.0
    extra_versions: tuple = ()
    # Written as programs are: allocates its own memory (malloc family, static arrays).
    program: bool = False
    # The file-mapped kernel with the same data and arithmetic (same checksum), if any.
    twin: str = None
    # (sizes) -> extra compiler flags: static arrays' sizes, -fopenmp.
    flags: object = None
    # Its access pattern defeats swap readahead (column walk, indirect): B must be >= 2x O.
    defeats_readahead: bool = False


def _isqrt_multiple(x, multiple):
    return max(multiple, int(math.isqrt(int(x))) // multiple * multiple)


def _pow2_floor(x):
    return 1 << max(1, int(x).bit_length() - 1)


def _column_sizes(L, q):
    """Column walk: one column of pages is 1/4 of the limit; the matrix 2x (quick) / 4x it."""
    rows = L // (4 * PAGE)
    return [rows, (2 if q else 4) * L // (8 * rows)]


def _matvec_sizes(L, q):
    return [64, 3 * L // (8 * 64), 2]


def _buk_sizes(L, q):
    return [L // (8 if q else 4), _pow2_floor(L // (4 * PAGE))]


def _cgm_sizes(L, q):
    return [L // 32, 8]


def _grid2d_sizes(L, q):
    """Two n x n grids of 1.5x the limit each; 1 (quick) / 2 time steps of two sweeps."""
    return [_isqrt_multiple(3 * L / 2 / 8, 16), 1 if q else 2]


def _grid3d_sizes(L, q):
    return [round((3 * L / 2 / 8) ** (1 / 3)), 1 if q else 2]


FILE_KERNELS = [
    Kernel("matvec", True, "OSDI MATVEC: 2 passes of c += A b, A 3x the limit", _matvec_sizes),
    Kernel("stencil2d", True, "OSDI 9-point stencil, 3 Jacobi sweeps, 3 arrays of 4/3 the limit",
           lambda L, q: [_isqrt_multiple(4 * L / 3 / 8, 16)]),
    Kernel("embar", True, "EMBAR-like: one stream over uniforms 3x the limit",
           lambda L, q: [3 * L // 16]),
    Kernel("buk", False, "BUK: bucket sort, indirect copy key2[rank[i]]; 3 int arrays of 1/2 "
           "(quick) / 1 times the limit, one key value per 16 KiB of limit",
           _buk_sizes),
    Kernel("cgm", False, "CGM-like: 2 CSR mat-vecs, 8 nonzeros per row, x gathered (indirect); "
           "matrix 3x the limit, vectors 1/4", _cgm_sizes),
    Kernel("mgrid", True, "MGRID-like: 2 sweeps of a 3-D 27-point stencil, 3 cubes of 4/3 the limit",
           lambda L, q: [round((4 * L / 3 / 8) ** (1 / 3))]),
    Kernel("column", True, "column sums of a row-major matrix 2x (quick) / 4x the limit; "
           "one column of pages is 1/4 the limit", _column_sizes,
           progress_file="colsum", extra_versions=("Orand",)),
    Kernel("fft", True, "FFT-like: copy + 4 (quick) / 6 butterfly stages with halving stride, "
           "array 1x (quick) / 2x the limit",
           lambda L, q: [_pow2_floor((1 if q else 2) * L // 8), 4 if q else 6]),
    Kernel("cyclic", True, "cyclic re-scan: 4 passes over an array of 1.5x the limit",
           lambda L, q: [3 * L // 16, 4]),
]
PROGRAM_KERNELS = [
    Kernel("heap_matvec", True, "MATVEC on malloc'd arrays, a[i * cols + j], row order; A 3x "
           "the limit", _matvec_sizes, program=True, twin="matvec"),
    Kernel("static_column", True, "column sums of a static (.bss) matrix 2x (quick) / 4x the "
           "limit", _column_sizes, program=True, twin="column", defeats_readahead=True,
           flags=lambda sizes: [f"-DROWS={sizes[0]}", f"-DCOLS={sizes[1]}"]),
    Kernel("heap_jacobi2d", True, "2-D 5-point Jacobi, for t { B = f(A); A = f(B) }, two "
           "posix_memalign'd grids of 1.5x the limit", _grid2d_sizes, program=True),
    Kernel("calloc_jacobi3d", True, "3-D 7-point Jacobi, for t { B = f(A); A = f(B) }, two "
           "calloc'd cubes of 1.5x the limit", _grid3d_sizes, program=True),
    Kernel("heap_spmv", False, "CSR SpMV twice on malloc'd arrays, x gathered through col; "
           "matrix 3x the limit", _cgm_sizes, program=True, twin="cgm", defeats_readahead=True),
    Kernel("heap_sort", False, "counting sort on malloc'd keys, ranks and output, calloc'd "
           "counts; scatter key2[rank[i]]", _buk_sizes, program=True, twin="buk",
           defeats_readahead=True),
    Kernel("omp_jacobi2d", True, "heap_jacobi2d built with -fopenmp: the sweeps' rows shared "
           "among threads", _grid2d_sizes, program=True, flags=lambda sizes: ["-fopenmp"]),
]
KERNELS = FILE_KERNELS + PROGRAM_KERNELS
KERNELS_BY_NAME = {k.name: k for k in KERNELS}
# Kernels built from another kernel's source (with other flags).
SOURCE_OF = {"omp_jacobi2d": "heap_jacobi2d"}
MEMORY_MODES = ("file", "anon-swap", "spill")


@dataclass
class Version:
    name: str
    transformed: bool
    cold: bool  # cold and limited; otherwise warm and unlimited
    env: dict = field(default_factory=dict)
    twin: bool = False  # runs the kernel's file-mapped twin (Bfile)


def spill_env(memory, version_name, spill_dir):
    """Spill settings of a transformed version: off with swap (anon-swap measures swap); on for
    the limited versions in spill mode, auto (the default) for the warm one there, whose data
    fit: spilling must not engage in core. Nothing in file mode."""
    if memory == "anon-swap":
        return {"OUTCORE_SPILL": "off"}
    if memory == "spill":
        return {"OUTCORE_SPILL": "auto" if version_name == "WB" else "on",
                "OUTCORE_SPILL_DIR": spill_dir}
    return {}


def versions_for(kernel, memory="file", spill_dir=None):
    base = [Version("O", False, True)]
    if "Orand" in kernel.extra_versions:
        base.append(Version("Orand", False, True, {"OUTCORE_BENCH_MADVISE": "random"}))
    base += [Version(v, True, True, {"OUTCORE_POLICY": POLICY[v],
                                     **spill_env(memory, v, spill_dir)}) for v in HINTED]
    base += [Version("W", False, False),
             Version("WB", True, False, {"OUTCORE_POLICY": POLICY["WB"],
                                         **spill_env(memory, "WB", spill_dir)})]
    if kernel.program and kernel.twin and memory != "file":
        base.append(Version("Bfile", True, True, {"OUTCORE_POLICY": POLICY["B"]}, twin=True))
    return base


def exit_code(status):
    """A wait status as a shell shows it: the exit code, or 128 + the signal (137: SIGKILL)."""
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


def run_outcome(timed_out, status, phase):
    """'ok', 'capped' (the harness' time cap), 'killed' (SIGKILL not from the harness: the OOM
    killer, e.g. a program over its limit without swap; a result, not a harness error) or
    'failed' (no report, or another exit)."""
    if timed_out:
        return "capped"
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        return "killed"
    return "ok" if phase else "failed"


# ---------------------------------------------------------------------------------------------
# Pure computations (unit-tested in test_run.py)

def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def extrapolate(elapsed_s, progress):
    """Full run time of a linear kernel stopped after `elapsed_s` at `progress` (0..1]."""
    if not progress or progress <= 0:
        return None
    return elapsed_s / min(progress, 1.0)


def stall_hidden(t_o, t_x, t_w):
    """(T_O - T_X) / (T_O - T_W): the share of O's out-of-core time that version X removed."""
    if None in (t_o, t_x, t_w) or t_o - t_w <= 0:
        return None
    return (t_o - t_x) / (t_o - t_w)


def speedup(t_o, t_x):
    if None in (t_o, t_x) or t_x <= 0:
        return None
    return t_o / t_x


def ratio(a, b):
    if None in (a, b) or b <= 0:
        return None
    return a / b


def main_thread_stall(wall_s, run_s, runq_s):
    """I/O stall as the papers define it (TOCS Sec. 5: the time the application's computing
    thread is stalled; worker threads' I/O overlaps it and is not stall): the time the main
    thread was blocked, i.e. neither on a CPU (its CPU time) nor waiting for one (its run-queue
    wait, schedstat field 2). For these kernels that is waiting for page-fault reads and for
    pages that others are reading or releasing."""
    if None in (wall_s, run_s, runq_s):
        return None
    return wall_s - run_s - runq_s


def stall_problem(stall_s, wall_s):
    """Why an I/O stall figure cannot be right for its wall time, or None if it can."""
    if stall_s is None or wall_s is None:
        return None
    if stall_s > wall_s + STALL_TOLERANCE_S:
        return f"I/O stall {stall_s:.3f} s exceeds wall {wall_s:.3f} s"
    if stall_s < -STALL_TOLERANCE_S:
        return f"I/O stall {stall_s:.3f} s is negative"
    return None


def checked_stall(stall_s, wall_s):
    """(stall to use, problem): None and the reason when the figure is impossible, else the
    figure with clock-reading jitter below zero shown as 0."""
    problem = stall_problem(stall_s, wall_s)
    if problem or stall_s is None:
        return None, problem
    return max(0.0, stall_s), None


def split_cpu(run_s, user_s, sys_s):
    """The main thread's user and system time scaled to add up to its exact CPU time run_s
    (rusage's split is sampled per tick; the kernel scales it the same way), so that user +
    system + I/O stall + CPU wait is the wall time. Unchanged without run_s."""
    if run_s is None or user_s is None or sys_s is None:
        return user_s, sys_s
    if user_s + sys_s <= 0:
        return run_s, 0.0
    return run_s * user_s / (user_s + sys_s), run_s * sys_s / (user_s + sys_s)


def run_metrics(run):
    """Numbers of one run used in the summary: the kernel's measured phase, or for a capped run
    the process totals scaled by 1 / progress (marked 'extrapolated'). An impossible stall
    (outside [0, wall]) becomes None with 'stall_problem' and the raw figure 'stall_raw_s'."""
    phase = run.get("phase")
    if phase:
        stall, problem = checked_stall(phase.get("stall_s"), phase["wall_s"])
        user, sys_ = split_cpu(phase.get("run_s"), phase["thread_user_s"], phase["thread_sys_s"])
        m = {"wall_s": phase["wall_s"], "stall_s": stall, "runq_s": phase.get("runq_s"),
             "user_s": user, "sys_s": sys_,
             "read_mib": phase["read_bytes"] / MIB, "majflt": phase["majflt"],
             "peak_mib": run.get("peak_mib"), "avg_mib": run.get("avg_mib")}
        raw = phase.get("stall_s")
    else:
        proc = run.get("process") or {}
        scale = 1 / run["progress"] if run.get("progress") else None
        if scale is None or not proc:
            return None
        stall, problem = checked_stall(proc.get("stall_s"), proc["wall_s"])
        runq = proc.get("runq_s")
        # Main thread's user and system time where recorded (older results: the process').
        user, sys_ = split_cpu(proc.get("run_s"), proc.get("thread_user_s", proc["user_s"]),
                               proc.get("thread_sys_s", proc["sys_s"]))
        m = {"wall_s": extrapolate(proc["wall_s"], run["progress"]),
             "stall_s": stall and stall * scale, "runq_s": runq and runq * scale,
             "user_s": user * scale, "sys_s": sys_ * scale,
             "read_mib": proc["read_bytes"] / MIB * scale,
             "majflt": round(proc["majflt"] * scale), "peak_mib": run.get("peak_mib"),
             "avg_mib": run.get("avg_mib"), "extrapolated": True}
        raw = proc.get("stall_s")
    if problem:
        m["stall_problem"], m["stall_raw_s"] = problem, raw
    return m


def median_breakdown(metrics):
    """Main-thread user, system, I/O stall and CPU (run-queue) wait of the run with the median
    wall time (the mean of the two middle runs for an even count), with 'other' = wall minus
    those. Taken from whole runs so that the parts add up to the wall time, which medians of
    each part separately need not do. None if a middle run has no valid stall."""
    ranked = sorted((m for m in metrics if m.get("wall_s") is not None),
                    key=lambda m: m["wall_s"])
    if not ranked:
        return None
    middle = ranked[(len(ranked) - 1) // 2: len(ranked) // 2 + 1]
    keys = ("wall_s", "user_s", "sys_s", "stall_s", "runq_s")
    if any(m.get(k) is None for m in middle for k in keys):
        return None
    out = {k: statistics.mean(m[k] for m in middle) for k in keys}
    out["other_s"] = out["wall_s"] - out["user_s"] - out["sys_s"] - out["stall_s"] - out["runq_s"]
    return out


def outside_phase_s(runs):
    """The longest time a finished run spent outside its measured phase (setup, result check,
    checksum): what a capped run's process time may hold beyond its phase. 0 without one."""
    return max((r["process"]["wall_s"] - r["phase"]["wall_s"] for r in runs
                if r.get("phase") and r.get("process")), default=0.0)


def capped_summary(runs, outside_s):
    """A version all of whose runs hit the time cap without progress to extrapolate from: no
    wall time, only a lower bound on it, the shortest capped process time minus the longest
    time outside the measured phase (outside_s) so that it bounds the phase time that the other
    versions report. Keys that need a finished run are None."""
    capped = [r for r in runs if r.get("timed_out") and (r.get("process") or {}).get("wall_s")]
    if not capped:
        return None
    process_s = min(r["process"]["wall_s"] for r in capped)
    nones = ("wall_median_s", "wall_min_s", "stall_median_s", "read_mib", "majflt",
             "user_median_s", "sys_median_s", "runq_median_s", "breakdown_s")
    out = dict.fromkeys(nones)
    out.update({"peak_mib": median([r.get("peak_mib") for r in capped]),
                "avg_mib": median([r.get("avg_mib") for r in capped]),
                "stall_problems": 0, "runs": len(capped), "extrapolated": False,
                "capped": True, "capped_process_s": process_s, "outside_phase_s": outside_s,
                "wall_lower_bound_s": max(0.0, process_s - outside_s),
                # faults and bytes read until the cap: lower bounds of the run's
                "majflt_at_cap": median([r["process"].get("majflt") for r in capped]),
                "read_mib_at_cap": median([r["process"]["read_bytes"] / MIB for r in capped
                                           if r["process"].get("read_bytes") is not None])})
    return out


def killed_summary(runs):
    """A version every run of which was killed (the OOM killer: a program over its limit with
    no swap to go to). That is the result: no times, the count and the exit code."""
    killed = [r for r in runs if r.get("outcome") == "killed"]
    if not killed or len(killed) < len(runs):
        return None
    out = dict.fromkeys(("wall_median_s", "wall_min_s", "stall_median_s", "read_mib", "majflt",
                         "user_median_s", "sys_median_s", "runq_median_s", "breakdown_s",
                         "avg_mib"))
    out.update({"killed": True, "killed_runs": len(killed), "runs": len(killed),
                "exit_code": 137, "stall_problems": 0, "extrapolated": False,
                "peak_mib": median([r.get("peak_mib") for r in killed]),
                "oom_kills": sum((r.get("process") or {}).get("oom_kills") or 0
                                 for r in killed)})
    return out


def version_summary(runs, outside_s=0.0):
    killed = sum(1 for r in runs if r.get("outcome") == "killed")
    finished = [r for r in runs if r.get("outcome") != "killed"]
    metrics = [m for m in (run_metrics(r) for r in finished) if m]
    if not metrics:
        return killed_summary(runs) or capped_summary(runs, outside_s)

    def med(key):
        return median([m.get(key) for m in metrics])

    walls = [m["wall_s"] for m in metrics if m["wall_s"] is not None]
    return {"wall_median_s": med("wall_s"), "wall_min_s": min(walls) if walls else None,
            "stall_median_s": med("stall_s"), "read_mib": med("read_mib"),
            "peak_mib": med("peak_mib"), "majflt": med("majflt"),
            "user_median_s": med("user_s"), "sys_median_s": med("sys_s"),
            "runq_median_s": med("runq_s"), "breakdown_s": median_breakdown(metrics),
            "stall_problems": sum(1 for m in metrics if m.get("stall_problem")),
            "avg_mib": med("avg_mib"), "runs": len(metrics), "killed_runs": killed,
            "extrapolated": any(m.get("extrapolated") for m in metrics)}


def kernel_summary(kernel_name, affine, runs):
    """Medians per version, ratios against O and W, and for a program kernel with a
    file-mapped twin (version Bfile) B against it: the issue's no-swap target is B / Bfile."""
    by_version = {}
    for r in runs:
        by_version.setdefault(r["version"], []).append(r)
    outside_s = outside_phase_s(runs)
    versions = {v: s for v, s in ((v, version_summary(rs, outside_s))
                                  for v, rs in by_version.items()) if s}
    finished = [r for r in runs if r.get("phase") and r.get("outcome") != "killed"]
    checksums = {r["phase"]["checksum"] for r in finished}
    wall = {v: s["wall_median_s"] for v, s in versions.items()}
    # O capped without progress: its wall time is only bounded below, and so are speedups and
    # (for X slower than W) the stall hidden; None where O has a wall time or no bound.
    o_bound = (versions.get("O") or {}).get("wall_lower_bound_s")
    return {"affine": affine,
            "outputs_identical": len(checksums) == 1,
            "checks_ok": bool(finished) and all(r["phase"]["check"] == "ok" for r in finished),
            "versions": versions,
            "stall_hidden": {v: stall_hidden(wall.get("O"), wall.get(v), wall.get("W"))
                             for v in HINTED},
            "speedup": {v: speedup(wall.get("O"), wall.get(v)) for v in HINTED},
            "vs_warm": {v: ratio(wall.get(v), wall.get("W")) for v in HINTED},
            "vs_file": ({"B / Bfile": ratio(wall.get("B"), wall.get("Bfile"))}
                        if "Bfile" in versions else None),
            "killed": sorted(v for v, s in versions.items() if s.get("killed")),
            "killed_runs": {v: s["killed_runs"] for v, s in versions.items()
                            if s.get("killed_runs")},
            "speedup_lower_bound": {v: speedup(o_bound, wall.get(v)) for v in HINTED},
            "stall_hidden_lower_bound": {
                v: stall_hidden(o_bound, wall.get(v), wall.get("W"))
                if None not in (wall.get(v), wall.get("W")) and wall[v] >= wall["W"] else None
                for v in HINTED}}


def interactive_summary(interactive):
    """Median response time per kernel, version and sleep time from the raw touch samples."""
    if not interactive:
        return None
    out = {"standalone_ms": median(interactive["standalone"]["ms"]),
           "sleep_s": interactive["sleep_s"], "kernels": {}, "majflt_per_touch": {}}
    for kernel, per_version in interactive["kernels"].items():
        out["kernels"][kernel] = {v: [median(s["ms"]) for s in per_sleep]
                                  for v, per_sleep in per_version.items()}
        out["majflt_per_touch"][kernel] = {v: [median(s["majflt"]) for s in per_sleep]
                                           for v, per_sleep in per_version.items()}
    return out


def targets(summary):
    """The oracle targets of PLATFORM.md, checked on this run's medians."""
    ks, rows = summary["kernels"], []

    def add(name, value, limit, bound=None):
        """bound: None for a measured value; "upper" / "lower" when a capped version's lower
        bound went into the ratio. ok is then True / False only if the bound settles it."""
        if value is None:
            ok = None
        elif bound == "upper":
            ok = True if value <= limit else None
        elif bound == "lower":
            ok = False if value > limit else None
        else:
            ok = value <= limit
        row = {"target": name, "value": value, "limit": limit, "ok": ok}
        if bound:
            row["bound"] = bound
        rows.append(row)

    def stats(k, v):
        return (ks.get(k) or {}).get("versions", {}).get(v) or {}

    def metric(k, v, key):
        """(value, is a lower bound): a capped version's wall time and peak memory are only
        bounded below; what it has no bound for is None."""
        s = stats(k, v)
        if not s.get("capped"):
            return s.get(key), False
        if key == "wall_median_s":
            return s.get("wall_lower_bound_s"), True
        return (s.get(key), True) if key == "peak_mib" else (None, True)

    def add_ratio(name, k, a, b, key, limit):
        (x, x_low), (y, y_low) = metric(k, a, key), metric(k, b, key)
        if x_low and y_low:
            return add(name, None, limit)
        add(name, ratio(x, y), limit, "upper" if y_low else "lower" if x_low else None)

    if "column" in ks:
        add_ratio("column: B / Orand wall", "column", "B", "Orand", "wall_median_s", 0.17)
    if "buk" in ks:
        add_ratio("buk: B / O wall", "buk", "B", "O", "wall_median_s", 0.22)
    for k in ("stencil2d", "mgrid"):
        if k in ks:
            add_ratio(f"{k}: B / O wall", k, "B", "O", "wall_median_s", 0.75)
            add_ratio(f"{k}: B / O peak memory", k, "B", "O", "peak_mib", 0.25)
    if "cyclic" in ks:
        add_ratio("cyclic: B / O bytes read", "cyclic", "B", "O", "read_mib", 0.6)
    inter = summary.get("interactive")
    if inter:
        for k, per_version in inter["kernels"].items():
            worst = max((ms for ms in per_version.get("B", []) if ms is not None), default=None)
            add(f"co-runner with {k} B: worst median / standalone",
                ratio(worst, inter["standalone_ms"]), 1.2)
    mode = (summary.get("memory") or {}).get("mode", "file")
    for k in ks:
        kernel = KERNELS_BY_NAME.get(k)
        if not (kernel and kernel.program):
            continue
        if mode == "spill" and "Bfile" in ks[k]["versions"]:
            add_ratio(f"{k}: B / Bfile wall (no swap)", k, "B", "Bfile", "wall_median_s", 1.5)
        if mode == "anon-swap":
            add_ratio(f"{k}: B / O wall (swap)", k, "B", "O", "wall_median_s",
                      0.5 if kernel.defeats_readahead else 1.0)
    for k in ks:
        add_ratio(f"{k}: warm WB / W wall", k, "WB", "W", "wall_median_s", 1.03)
    return rows


def stall_problems(runs):
    """Every run whose I/O stall figure is impossible (outside [0, wall]): listed, never used."""
    rows = []
    for r in runs:
        m = run_metrics(r)
        if m and m.get("stall_problem"):
            rows.append({"kernel": r["kernel"], "version": r["version"], "rep": r["rep"],
                         "problem": m["stall_problem"], "stall_raw_s": m["stall_raw_s"]})
    return rows


def summarize(runs, interactive, machine, limit_mib, quick, transformed, memory=None):
    """memory: the memory mode's description (mode, swap_mib, spill_support, skipped
    kernels); None for older callers (file mappings)."""
    kernels = {}
    for name in dict.fromkeys(r["kernel"] for r in runs):
        affine = KERNELS_BY_NAME[name].affine if name in KERNELS_BY_NAME else None
        kernels[name] = kernel_summary(name, affine, [r for r in runs if r["kernel"] == name])
        kernels[name]["program"] = name in KERNELS_BY_NAME and KERNELS_BY_NAME[name].program
    summary = {"kernels": kernels, "interactive": interactive_summary(interactive),
               "machine": machine, "limit_mib": limit_mib, "quick": quick,
               "transformed": transformed, "stall_problems": stall_problems(runs),
               "memory": memory or {"mode": "file"}}
    summary["targets"] = targets(summary)
    return summary


# ---------------------------------------------------------------------------------------------
# Operating system plumbing: cgroups, eviction, process measurement

class MemoryGroup:
    """A fresh memory cgroup below this process' own: v1 memory controller, or v2 with the
    memory controller. swap_bytes (limited groups only): None leaves swap as the machine has
    it; 0 gives the group no swap, as on a machine without swap, even while a swap file is on
    (v1: memory.memsw.limit_in_bytes = the limit and swappiness 0; v2: memory.swap.max 0); N
    lets it use N bytes of swap."""
    _counter = 0

    def __init__(self, limit_bytes, swap_bytes=None):
        MemoryGroup._counter += 1
        parent, self.v2 = memory_cgroup_root()
        if self.v2:  # children get memory.* files only when the parent delegates the controller
            with open(os.path.join(parent, "cgroup.subtree_control"), "w") as f:
                f.write("+memory")
        self.path = os.path.join(parent, f"outcore-bench-{os.getpid()}-{MemoryGroup._counter}")
        os.mkdir(self.path)
        if limit_bytes:
            self._write("memory.max" if self.v2 else "memory.limit_in_bytes", str(limit_bytes))
            if swap_bytes is not None:
                self.bound_swap(limit_bytes, swap_bytes)

    def bound_swap(self, limit_bytes, swap_bytes):
        if self.v2:
            self._write("memory.swap.max", str(swap_bytes))
            return
        # memsw exists only with swap accounting; without it there is nothing to bound.
        if os.path.exists(os.path.join(self.path, "memory.memsw.limit_in_bytes")):
            self._write("memory.memsw.limit_in_bytes", str(limit_bytes + swap_bytes))
        if swap_bytes == 0 and os.path.exists(os.path.join(self.path, "memory.swappiness")):
            self._write("memory.swappiness", "0")

    def oom_kills(self):
        """Processes of the group the OOM killer killed (v1 memory.oom_control, v2
        memory.events), None where the kernel does not count them."""
        name = "memory.events" if self.v2 else "memory.oom_control"
        try:
            with open(os.path.join(self.path, name)) as f:
                for line in f:
                    key, _, value = line.partition(" ")
                    if key == "oom_kill":
                        return int(value)
        except (OSError, ValueError):
            pass
        return None

    def _write(self, name, value):
        with open(os.path.join(self.path, name), "w") as f:
            f.write(value)

    def _read_int(self, name):
        try:
            with open(os.path.join(self.path, name)) as f:
                return int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    @property
    def procs_file(self):
        return os.path.join(self.path, "cgroup.procs")

    def usage(self):
        return self._read_int("memory.current" if self.v2 else "memory.usage_in_bytes")

    def peak(self):
        return self._read_int("memory.peak" if self.v2 else "memory.max_usage_in_bytes")

    def remove(self):
        for _ in range(50):  # the last exiting task may still be leaving the group
            try:
                os.rmdir(self.path)
                return
            except OSError:
                time.sleep(0.1)
        print(f"warning: could not remove cgroup {self.path}", file=sys.stderr)


def memory_cgroup_root():
    """(directory of this process' memory cgroup, is_v2) from /proc/self/cgroup."""
    with open("/proc/self/cgroup") as f:
        lines = [line.rstrip("\n").split(":", 2) for line in f]
    for _, controllers, path in lines:
        if "memory" in controllers.split(","):
            return os.path.join("/sys/fs/cgroup/memory", path.lstrip("/")), False
    controllers_file = "/sys/fs/cgroup/cgroup.controllers"
    if os.path.exists(controllers_file):
        with open(controllers_file) as f:
            has_memory = "memory" in f.read().split()
        for hierarchy, _, path in lines:
            if hierarchy == "0" and has_memory:
                return os.path.join("/sys/fs/cgroup", path.lstrip("/")), True
    raise RuntimeError("no memory cgroup controller (v1 or v2) available")


_libc = ctypes.CDLL(None, use_errno=True)
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                       ctypes.c_int, ctypes.c_long]
_libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
_libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]


def resident_bytes(path):
    """Bytes of the file in the page cache (mincore on a fresh read-only mapping)."""
    size = os.path.getsize(path)
    if size == 0:
        return 0
    fd = os.open(path, os.O_RDONLY)
    try:
        addr = _libc.mmap(None, size, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
        if addr in (None, ctypes.c_void_p(-1).value):
            return None
        pages = (size + PAGE - 1) // PAGE
        vec = (ctypes.c_ubyte * pages)()
        ok = _libc.mincore(addr, size, vec) == 0
        _libc.munmap(addr, size)
        return sum(b & 1 for b in vec) * PAGE if ok else None
    finally:
        os.close(fd)


def data_files(data_dir):
    return [os.path.join(data_dir, f) for f in sorted(os.listdir(data_dir))
            if not f.startswith(".")]


def evict(paths):
    """Cold start without drop_caches: write back, then POSIX_FADV_DONTNEED (no process maps the
    files now). Returns the bytes still resident."""
    for path in paths:
        fd = os.open(path, os.O_RDWR)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
    return sum(resident_bytes(p) or 0 for p in paths)


def warm(paths):
    """Read every file into the page cache. Returns the bytes resident."""
    for path in paths:
        with open(path, "rb", buffering=0) as f:
            while f.read(8 * MIB):
                pass
    return sum(resident_bytes(p) or 0 for p in paths)


def spawn_in_group(argv, env, group, stdout_path, new_session=False):
    """fork + exec with the child placed in `group` before exec."""
    pid = os.fork()
    if pid == 0:
        try:
            if new_session:
                os.setsid()
            if group:
                with open(group.procs_file, "w") as f:
                    f.write(str(os.getpid()))
            out = os.open(stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(out, 1)
            os.dup2(out, 2)
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    return pid


def read_proc_counters(pid):
    """Counters of a child that has exited but is not reaped (a zombie keeps them), all of the
    main thread (the thread group leader) except read_bytes: schedstat's run time and run-queue
    wait (for the I/O stall, see main_thread_stall), delay accounting's block I/O wait (field 42
    of stat, kept for comparison only: this kernel corrupts it in multi-threaded processes, see
    benchmarks/README.md) and /proc/<pid>/io read_bytes (the whole process)."""
    counters = {"run_s": None, "runq_s": None, "thread_user_s": None, "thread_sys_s": None,
                "blkio_delayacct_s": None, "read_bytes": None}
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            run_ns, runq_ns = f.read().split()[:2]
        counters["run_s"], counters["runq_s"] = int(run_ns) * 1e-9, int(runq_ns) * 1e-9
        with open(f"/proc/{pid}/task/{pid}/stat") as f:  # the main thread's own times
            fields = f.read().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        counters["thread_user_s"] = int(fields[14 - 3]) / tick
        counters["thread_sys_s"] = int(fields[15 - 3]) / tick
    except (OSError, IndexError, ValueError):
        pass
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        counters["blkio_delayacct_s"] = int(fields[42 - 3]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        pass
    try:
        with open(f"/proc/{pid}/io") as f:
            for line in f:
                if line.startswith("read_bytes:"):
                    counters["read_bytes"] = int(line.split()[1])
    except (OSError, IndexError, ValueError):
        pass
    return counters


class MemorySampler(threading.Thread):
    def __init__(self, group):
        super().__init__(daemon=True)
        self.group, self.samples, self.stop = group, [], threading.Event()

    def run(self):
        while not self.stop.is_set():
            usage = self.group.usage()
            if usage is not None:
                self.samples.append((time.monotonic(), usage))
            self.stop.wait(MEMORY_SAMPLE_S)


def run_measured(argv, env, limit_bytes, log_path, timeout_s, swap_bytes=None):
    """Run one process in a fresh memory cgroup (swap_bytes as MemoryGroup takes it); returns
    the process-level measurements (with the group's OOM kills), the memory samples and the
    group's peak."""
    group = MemoryGroup(limit_bytes, swap_bytes)
    try:
        start = time.monotonic()
        pid = spawn_in_group(argv, env, group, log_path)
        sampler = MemorySampler(group)
        sampler.start()
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            os.kill(pid, signal.SIGKILL)

        timer = threading.Timer(timeout_s, kill)
        timer.start()
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        timer.cancel()
        wall = time.monotonic() - start
        counters = read_proc_counters(pid)
        _, status, usage = os.wait4(pid, 0)
        sampler.stop.set()
        sampler.join()
        process = {"wall_s": wall, "user_s": usage.ru_utime, "sys_s": usage.ru_stime,
                   "majflt": usage.ru_majflt, "minflt": usage.ru_minflt,
                   "maxrss_mib": usage.ru_maxrss / 1024, "exit_status": status,
                   "exit_code": exit_code(status), "oom_kills": group.oom_kills(), **counters,
                   "stall_s": main_thread_stall(wall, counters["run_s"], counters["runq_s"])}
        return process, timed_out.is_set(), sampler.samples, group.peak()
    finally:
        group.remove()


def parse_kernel_report(log_path):
    with open(log_path, errors="replace") as f:
        for line in f:
            if line.startswith("OUTCORE_BENCH "):
                return json.loads(line[len("OUTCORE_BENCH "):])
    return None


def read_progress(path, sentinel):
    """Share of entries of a double array file that no longer hold the sentinel."""
    import array
    values = array.array("d")
    with open(path, "rb") as f:
        values.frombytes(f.read())
    return sum(v != sentinel for v in values) / len(values) if values else None


def memory_stats(samples, t_begin, t_end):
    """Average over the kernel's phase, and a trace relative to the run start (MiB)."""
    in_phase = [u for t, u in samples if t_begin is None or t_begin <= t <= t_end]
    avg = statistics.mean(in_phase) / MIB if in_phase else None
    if not samples:
        return avg, []
    t0, step = samples[0][0], max(1, len(samples) // 400)
    trace = [[round(t - t0, 3), round(u / MIB, 2)] for t, u in samples[::step]]
    return avg, trace


# ---------------------------------------------------------------------------------------------
# Building, data, runs

class Bench:
    def __init__(self, args):
        self.args = args
        self.out = os.path.abspath(args.out)
        self.bin_dir = os.path.join(self.out, "bin")
        self.log_dir = os.path.join(self.out, "logs")
        os.makedirs(self.bin_dir, exist_ok=True)
        os.makedirs(self.log_dir, exist_ok=True)
        self.limit = args.limit_mib * MIB
        self.memory = args.memory
        self.swap_bytes = group_swap_bytes(args.memory, args.swap_mib)
        self.transformed = os.path.exists(args.cc)
        if not self.transformed:
            print(f"note: {args.cc} not found; the 'transformed' binaries are built with "
                  f"{args.plain_cc} (P/R/B then differ only by OUTCORE_POLICY)")
        self.runs = []
        self.skipped = {}  # kernel -> why it did not run
        self.spill_support = None
        self.openmp = None  # whether -fopenmp builds, once known

    def compile(self, source, output, transformed, flags=()):
        cc = self.args.cc if transformed and self.transformed else self.args.plain_cc
        cmd = [cc, *COMPILE_FLAGS, *flags, source, "-o", output, "-lm"]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode:
            raise RuntimeError(f"build failed: {' '.join(cmd)}\n{result.stderr}")
        return cmd

    def binaries(self, kernel, sizes):
        src = os.path.join(KERNEL_SRC, SOURCE_OF.get(kernel.name, kernel.name) + ".c")
        flags = kernel.flags(sizes) if kernel.flags else []
        paths = {}
        for transformed in (False, True):
            path = os.path.join(self.bin_dir, kernel.name + (".oc" if transformed else ".plain"))
            self.compile(src, path, transformed, flags)
            paths[transformed] = path
        return paths

    def why_not(self, kernel):
        """Why the kernel cannot run here, or None. OpenMP needs libomp (libomp-19-dev)."""
        if "-fopenmp" in (kernel.flags([0, 0]) if kernel.flags else []):
            if self.openmp is None:
                self.openmp = openmp_builds(self.args.plain_cc, self.bin_dir)
            if not self.openmp:
                return f"{self.args.plain_cc} -fopenmp does not build (install libomp-19-dev)"
        return None

    def file_data(self, kernel):
        """Whether the kernel's data are files in this mode: the file kernels' everywhere but
        in anon-swap (spill changes only what malloc returns); never a program kernel's."""
        return not kernel.program and self.memory != "anon-swap"

    def data_dir(self, kernel, sizes, plain_bin):
        path = os.path.join(self.args.data_dir,
                            kernel.name + "-" + "x".join(map(str, sizes)))
        marker = os.path.join(path, ".complete")
        if self.file_data(kernel) and not os.path.exists(marker):
            os.makedirs(path, exist_ok=True)
            print(f"  generating {path}", flush=True)
            env = self.env(path, {}, "file")
            gen = subprocess.run([plain_bin, "gen", *map(str, sizes)],
                                 env=env, capture_output=True, text=True)
            if gen.returncode:
                raise RuntimeError(f"data generation failed for {kernel.name}: {gen.stderr}")
            with open(marker, "w") as f:
                f.write(" ".join(map(str, sizes)) + "\n")
        if not kernel.program:  # program kernels keep nothing on disk
            os.makedirs(path, exist_ok=True)
        return path

    def env(self, data_dir, extra, bench_mode):
        env = {k: v for k, v in os.environ.items() if not k.startswith("OUTCORE_")}
        env.update({"OUTCORE_BENCH_DIR": data_dir, "OUTCORE_BENCH_MODE": bench_mode})
        if getattr(self.args, "backend", None):
            env["OUTCORE_BACKEND"] = self.args.backend
        env.update(extra)
        return env

    def run_once(self, kernel, version, rep, binary, sizes, data_dir, file_backed):
        tag = f"{kernel.name}-{version.name}-{rep}"
        log_path = os.path.join(self.log_dir, tag + ".log")
        stats_path = os.path.join(self.log_dir, tag + ".stats.json")
        if os.path.exists(stats_path):
            os.remove(stats_path)
        env = self.env(data_dir, {**version.env, "OUTCORE_STATS": stats_path},
                       "file" if file_backed else "anon")
        files = data_files(data_dir) if file_backed else []
        resident = (evict(files) if version.cold else warm(files)) if files else 0
        limit = self.limit if version.cold else None
        process, timed_out, samples, group_peak = run_measured(
            [binary, "run", *map(str, sizes)], env, limit, log_path, self.args.timeout_s,
            self.swap_bytes)
        phase = None if timed_out else parse_kernel_report(log_path)
        outcome = run_outcome(timed_out, process["exit_status"], phase)
        progress = None
        if timed_out and kernel.progress_file and file_backed:
            progress = read_progress(os.path.join(data_dir, kernel.progress_file),
                                     kernel.progress_sentinel)
        peak = group_peak
        if phase and phase.get("group_peak_bytes", -1) > 0:
            peak = phase["group_peak_bytes"]
        avg, trace = memory_stats(samples, phase and phase["t_begin"], phase and phase["t_end"])
        run = {"kernel": kernel.name, "version": version.name, "rep": rep, "sizes": sizes,
               "binary": os.path.basename(binary), "env": version.env, "cold": version.cold,
               "memory": self.memory, "file_backed": file_backed,
               "limit_mib": limit and limit / MIB, "resident_before_mib": resident / MIB,
               "timed_out": timed_out, "outcome": outcome, "progress": progress,
               "process": process, "phase": phase, "peak_mib": peak and peak / MIB,
               "avg_mib": avg, "memory_trace": trace, "runtime_stats": None}
        if os.path.exists(stats_path):
            try:
                with open(stats_path) as f:
                    run["runtime_stats"] = json.load(f)
            except ValueError:
                run["runtime_stats"] = {"unparsable": stats_path}
        self.runs.append(run)
        if outcome == "killed":
            after = " after its report" if phase else ""
            print(f"    {tag}: killed{after} (exit {process['exit_code']}, OOM kills "
                  f"{process['oom_kills']}) peak {run['peak_mib'] or 0:.0f} MiB", flush=True)
            return run
        if outcome == "failed":
            print(f"    {tag}: no report (exit {process['exit_code']}), see {log_path}")
        metrics = run_metrics(run)
        shown = f"{metrics['wall_s']:.2f}s" if metrics and metrics["wall_s"] else "?"
        stall = metrics and metrics["stall_s"]
        shown += f" stall {stall:.2f}s" if stall is not None else " stall ?"
        note = (" (capped, extrapolated)" if metrics else " (capped, no progress)") \
            if timed_out else ""
        print(f"    {tag}: {shown}{note} read {metrics and metrics['read_mib'] or 0:.0f} MiB "
              f"peak {run['peak_mib'] or 0:.0f} MiB", flush=True)
        if metrics and metrics.get("stall_problem"):
            print(f"    {tag}: WARNING {metrics['stall_problem']}: not used", flush=True)
        return run

    def run_kernel(self, kernel):
        sizes = kernel.size_args(self.limit, self.args.quick)
        why = self.why_not(kernel)
        if why:
            print(f"{kernel.name}: skipped: {why}", flush=True)
            self.skipped[kernel.name] = why
            return None
        print(f"{kernel.name} {sizes}: {kernel.what}", flush=True)
        bins = self.binaries(kernel, sizes)
        data_dir = self.data_dir(kernel, sizes, bins[False])
        versions = versions_for(kernel, self.memory, self.args.spill_dir)
        twin = None
        if any(v.twin for v in versions):
            twin_kernel = KERNELS_BY_NAME[kernel.twin]
            twin_bins = self.binaries(twin_kernel, sizes)
            twin = (twin_bins[True], self.data_dir(twin_kernel, sizes, twin_bins[False]))
        for rep in range(self.args.reps):
            for version in versions:  # interleaved: noise hits all versions alike
                if version.twin:
                    self.run_once(kernel, version, rep, twin[0], sizes, twin[1], True)
                else:
                    self.run_once(kernel, version, rep, bins[version.transformed], sizes,
                                  data_dir, self.file_data(kernel))
        return bins, sizes, data_dir

    def probe_spill(self):
        """Whether the runtime backs a large malloc'd block with a spill file: kernels/
        spill_probe.c, built like the transformed kernels, reports what backs 16 MiB it
        allocates under OUTCORE_SPILL=on. Without that, spill mode measures nothing new."""
        exe = os.path.join(self.bin_dir, "spill_probe")
        self.compile(os.path.join(KERNEL_SRC, "spill_probe.c"), exe, True)
        stats_path = os.path.join(self.log_dir, "spill_probe.stats.json")
        env = self.env(self.args.spill_dir, {
            "OUTCORE_SPILL": "on", "OUTCORE_SPILL_MIN": "1M",
            "OUTCORE_SPILL_DIR": self.args.spill_dir, "OUTCORE_STATS": stats_path}, "file")
        probe = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=60)
        stats = None
        if os.path.exists(stats_path):
            with open(stats_path) as f:
                stats = json.load(f)
        support = spill_support(probe.stdout, stats, self.transformed)
        if not support["supported"]:
            print(f"WARNING: no spill support: {support['reason']}; the spill mode's P/R/B "
                  f"then run on anonymous memory without swap", flush=True)
        return support

    def memory_summary(self):
        return {"mode": self.memory, "swap_mib": self.swap_bytes and self.swap_bytes // MIB,
                "spill_dir": self.args.spill_dir if self.memory == "spill" else None,
                "spill_support": self.spill_support, "skipped": self.skipped}

    # -- the interactive co-runner (OSDI Sec. 1.1) --------------------------------------------

    def toucher_samples(self, group, sleep_s, count):
        log = os.path.join(self.log_dir, "toucher.log")
        argv = [self.toucher, self.toucher_data, str(sleep_s), str(count)]
        pid = spawn_in_group(argv, dict(os.environ), group, log)
        os.waitpid(pid, 0)
        ms, faults = [], []
        with open(log) as f:
            for line in f:
                if line.startswith("touch "):
                    _, t, m = line.split()
                    ms.append(float(t))
                    faults.append(int(m))
        return {"sleep_s": sleep_s, "ms": ms, "majflt": faults}

    def interactive(self, kernel_bins):
        sleeps, count = self.args.sleeps, self.args.touches
        self.toucher = os.path.join(self.bin_dir, "toucher")
        self.compile(os.path.join(KERNEL_SRC, "toucher.c"), self.toucher, False)
        print("interactive co-runner: standalone", flush=True)
        self.toucher_data = os.path.join(self.args.data_dir, "toucher.dat")
        group = MemoryGroup(self.limit, self.swap_bytes)
        try:
            self.evict_toucher_data()
            standalone = self.toucher_samples(group, 0.5, max(count, 5))
        finally:
            group.remove()
        result = {"sleep_s": sleeps, "touches_per_sleep": count, "standalone": standalone,
                  "kernels": {}}
        for name, (bins, sizes, data_dir) in kernel_bins.items():
            result["kernels"][name] = {}
            kernel = KERNELS_BY_NAME[name]
            for vname in ("O",) + HINTED:
                version = next(v for v in versions_for(kernel, self.memory, self.args.spill_dir)
                               if v.name == vname)
                print(f"interactive co-runner with {name} {vname}", flush=True)
                result["kernels"][name][vname] = self.co_run(
                    kernel, bins[version.transformed], sizes, data_dir, version, sleeps, count)
        return result

    def evict_toucher_data(self):
        """Page cache stays charged to the group that first read it: evict the toucher's file
        so that its pages are charged to (and reclaimed in) the group it now runs in."""
        if os.path.exists(self.toucher_data):
            evict([self.toucher_data])

    def co_run(self, kernel, binary, sizes, data_dir, version, sleeps, count):
        """The kernel in a loop (OSDI: 'repeatedly performs') and the toucher in one group."""
        file_backed = self.file_data(kernel)
        if file_backed:
            evict(data_files(data_dir))
        self.evict_toucher_data()
        group = MemoryGroup(self.limit, self.swap_bytes)
        loop = ["/bin/sh", "-c", 'while :; do "$@"; done', "sh", binary, "run", *map(str, sizes)]
        env = self.env(data_dir, version.env, "file" if file_backed else "anon")
        pid = spawn_in_group(loop, env, group, os.devnull, new_session=True)
        try:
            time.sleep(1.0)  # let the kernel fill the group before the first touch
            return [self.toucher_samples(group, s, count) for s in sleeps]
        finally:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            group.remove()

    def main(self):
        if self.memory == "spill":
            os.makedirs(self.args.spill_dir, exist_ok=True)
            self.spill_support = self.probe_spill()
        kernel_bins = {}
        for name in self.args.kernels:
            bins = self.run_kernel(KERNELS_BY_NAME[name])
            if bins:
                kernel_bins[name] = bins
            self.save(None)
        interactive = None
        co_kernels = [k for k in self.args.interactive_kernels if k in kernel_bins]
        if co_kernels:
            interactive = self.interactive({k: kernel_bins[k] for k in co_kernels})
        self.save(interactive)

    def save(self, interactive):
        machine = machine_description()
        summary = summarize(self.runs, interactive, machine, self.args.limit_mib,
                            self.args.quick, self.transformed, self.memory_summary())
        results = {"machine": machine, "args": vars(self.args), "runs": self.runs,
                   "interactive": interactive}
        write_json(os.path.join(self.out, "results.json"), results)
        write_json(os.path.join(self.out, "summary.json"), summary)
        import report  # the same directory
        report.write_report(self.out, summary, self.runs, interactive)


def write_json(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)


def machine_description():
    with open("/proc/meminfo") as f:
        mem_kib = int(f.readline().split()[1])
    try:
        _, v2 = memory_cgroup_root()
    except RuntimeError:
        v2 = None
    cg = {None: "no memory cgroup", False: "cgroup v1 memory", True: "cgroup v2 memory"}[v2]
    return (f"{platform.node()}: Linux {platform.release()}, {os.cpu_count()} CPUs, "
            f"{mem_kib // 1024} MiB RAM, {cg}")


class SwapFile:
    """A swap file for the anon-swap mode (no-op without a size), on disk (the data
    directory's parent, /var/tmp by default: never tmpfs), always switched off and removed
    afterwards: __exit__ runs on errors, and on SIGTERM/SIGHUP/SIGINT through ExitOnSignals."""

    def __init__(self, path, mib):
        self.path, self.mib = path, mib

    def __enter__(self):
        if self.mib:
            try:
                subprocess.run(["fallocate", "-l", f"{self.mib}M", self.path], check=True)
                os.chmod(self.path, 0o600)
                subprocess.run(["mkswap", self.path], check=True, capture_output=True)
                subprocess.run(["swapon", self.path], check=True)
            except BaseException:
                self.__exit__()
                raise
        return self

    def __exit__(self, *exc):
        if self.mib and os.path.exists(self.path):
            with open("/proc/swaps") as f:
                active = any(line.split()[0] == self.path for line in f.readlines()[1:])
            if active:
                subprocess.run(["swapoff", self.path])
            os.remove(self.path)


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


def group_swap_bytes(memory, swap_mib):
    """Swap a limited group may use (MemoryGroup's swap_bytes): none in file and spill mode,
    as on the many machines without swap, even while a swap file is on; in anon-swap the swap
    file's size, or no bound (None) with --swap-mib 0 (the machine's own swap)."""
    if memory != "anon-swap":
        return 0
    return swap_mib * MIB if swap_mib else None


def openmp_builds(cc, work_dir):
    """Whether cc -fopenmp compiles and links (clang-19 needs libomp-19-dev)."""
    src, exe = os.path.join(work_dir, "omp_check.c"), os.path.join(work_dir, "omp_check")
    with open(src, "w") as f:
        f.write("#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n")
    return subprocess.run([cc, "-fopenmp", src, "-o", exe], capture_output=True).returncode == 0


def spill_support(probe_stdout, stats, transformed):
    """Whether the runtime spills, from kernels/spill_probe.c's "backing ..." line (what backs
    a 16 MiB malloc'd block under OUTCORE_SPILL=on: a file when it spills) and its
    OUTCORE_STATS counters (the keys with "spill" in their name); "static_backing" (a 16 MiB
    static array, which the pass may move to a runtime allocation) is recorded, not required."""
    found = dict(line.split(" ", 1) for line in probe_stdout.splitlines() if " " in line)
    backing, static = found.get("backing"), found.get("static_backing")
    counters = {k: v for k, v in (stats or {}).items() if "spill" in k}
    supported = transformed and backing is not None and backing.startswith("/")
    if not transformed:
        reason = "no outcore-cc: the transformed binaries are plain"
    elif backing is None:
        reason = "the probe printed no backing"
    elif not supported:
        reason = (f"a large malloc'd block under OUTCORE_SPILL=on is {backing}, not a spill "
                  f"file; OUTCORE_STATS has {'no' if not counters else 'these'} spill counters")
    else:
        reason = None
    return {"supported": supported, "backing": backing, "static_backing": static,
            "static_spilled": bool(static and static.startswith("/")),
            "stats_counters": counters, "reason": reason}


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


def has_swap():
    with open("/proc/swaps") as f:
        return len(f.readlines()) > 1


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
    p.add_argument("--cc", default=os.path.join(REPO, "build", "tools", "outcore-cc"))
    p.add_argument("--plain-cc", default="clang-19")
    p.add_argument("--data-dir", default="/var/tmp/outcore-bench/data",
                   help="input files, generated once per size and reused")
    p.add_argument("--memory", choices=MEMORY_MODES,
                   help="file (default): shared file mappings; anon-swap: anonymous memory and "
                   "a swap file for the run; spill: no swap, OUTCORE_SPILL=on")
    p.add_argument("--backend", choices=("madvise", "pager"),
                   help="OUTCORE_BACKEND for every run (default: the runtime's, madvise); the "
                   "pager pages spilled blocks (--memory spill)")
    p.add_argument("--mode", choices=("file", "anon"),
                   help="older name: file = --memory file, anon = --memory anon-swap")
    p.add_argument("--swap-mib", type=int,
                   help="anon-swap: size of the swap file created for the run (default 8x the "
                   "limit; 0: create none, use the machine's swap)")
    p.add_argument("--spill-dir", default="/var/tmp/outcore-bench/spill",
                   help="spill mode: OUTCORE_SPILL_DIR of the transformed versions (disk)")
    p.add_argument("--timeout-s", type=float,
                   help="cap per run; capped runs are extrapolated from progress where the "
                   "kernel reports it (default 300, quick 10)")
    p.add_argument("--interactive-kernels", default="matvec,stencil2d",
                   help="kernels to co-run with the toucher ('' to skip)")
    p.add_argument("--sleeps", help="co-runner sleep times in seconds (default 0,0.5,1,2,5; "
                   "quick 0,1,5)")
    p.add_argument("--touches", type=int, help="touches per sleep time (default 5, quick 2)")
    args = p.parse_args(argv)
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
    sys.path.insert(0, BENCH_DIR)
    if args.memory == "anon-swap" and not args.swap_mib and not has_swap():
        print("warning: anon-swap with --swap-mib 0 and no swap on the machine: the limit will "
              "OOM-kill the kernels")
    swap_path = os.path.join(os.path.dirname(args.data_dir.rstrip("/")),
                             f"swapfile-{os.getpid()}")
    with ExitOnSignals(), DelayAccounting(), SwapFile(swap_path, args.swap_mib):
        Bench(args).main()
    print(f"results in {os.path.abspath(args.out)}: results.json summary.json report.md *.png")


if __name__ == "__main__":
    main(sys.argv[1:])
