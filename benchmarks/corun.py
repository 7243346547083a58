#!/usr/bin/env python3
"""Co-running kernels under one memory limit: node arbitration (issue 13).

Several copies of a suite kernel (each with its own data files) run at once in one cgroup
memory limit sized for about half of their total data; the versions are the plain build (O)
and the outcore-cc build under OUTCORE_POLICY=buffered with OUTCORE_ARBITRATION=off, token
and share. Per run: the makespan (start to the last exit), each copy's wall time, and each
copy's progress over time, sampled every 0.1 s as CPU seconds (utime + stime) and bytes read
(/proc/PID/io): a copy "starves" in a second in which its CPU time does not grow; the
bytes the copies read in all (their reports' read_bytes, /proc/PID/io at exit); and each
Outcore process's OUTCORE_STATS counters (bytes read, major faults, bytes released, the
token's time held, acquisitions and hand-ons; MPI ranks one file each); the interactive
toucher's median response beside the copies and alone. Cold start
(the data evicted) before every run; the versions interleaved within each repetition; min and
median over the repetitions.

  python3 benchmarks/corun.py --kernel matvec --copies 3 --data-mib 128 --passes 6 --reps 3
  python3 benchmarks/corun.py --kernel cyclic --copies 3 --data-mib 64 --passes 6 --reps 3
  python3 benchmarks/corun.py --kernel column --copies 3 --data-mib 32 --reps 3
  python3 benchmarks/corun.py --mpi --copies 3 --data-mib 64 --passes 4 --reps 3

With --mpi, one MPI job (test/mpi/stencil_mpi.c, built by mpicc with outcore-cc behind it,
--copies ranks) runs instead; its arrays are malloc'd, so the Outcore versions spill them
(OUTCORE_SPILL=on) and the plain one, without swap, may be OOM-killed (reported).

Needs root (a memory cgroup) and outcore-cc (build/tools/outcore-cc). Writes a JSON file with
every run's samples and prints a summary table.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import time

from outbench import MIB
from outbench.cgroups import MemoryGroup
from outbench.kernels import COMPILE_FLAGS, KERNEL_SRC
from outbench.measure import evict, exit_code, parse_kernel_report, read_progress, spawn_in_group
from toolchain import REPO

SAMPLE_S = 0.1
# Ends are looked for this often: with SAMPLE_S alone, sub-second makespans came in
# steps of 0.1 s (0.51, 0.61, 0.81), too coarse for ratios between policies.
END_POLL_S = 0.005
TICKS = os.sysconf("SC_CLK_TCK")
VERSIONS = {
    "O": ("plain", {"OUTCORE_POLICY": "off"}),
    "B-off": ("outcore", {"OUTCORE_POLICY": "buffered", "OUTCORE_ARBITRATION": "off"}),
    "B-token": ("outcore", {"OUTCORE_POLICY": "buffered", "OUTCORE_ARBITRATION": "token"}),
    "B-share": ("outcore", {"OUTCORE_POLICY": "buffered", "OUTCORE_ARBITRATION": "share"}),
}


def kernel_args(kernel, data_bytes, passes):
    """Arguments of 'gen' and 'run' giving about data_bytes of the kernel's main array."""
    side = int((data_bytes // 8) ** 0.5) // 512 * 512
    if kernel == "matvec":  # A is side x side doubles, read `passes` times
        return [side, side, passes]
    if kernel == "column":  # column sums of rows x 1024 doubles: a column of pages is half the data
        return [data_bytes // 8192, 1024]
    if kernel == "cyclic":  # `passes` scans of one array: a copy that keeps it cached reads it once
        return [data_bytes // 8, passes]
    raise SystemExit(f"corun: no sizes for kernel {kernel} (matvec, column, cyclic)")


def build(cc, kernel, out_dir):
    src = os.path.join(KERNEL_SRC, f"{kernel}.c")
    exes = {}
    for name, compiler in (("plain", "clang-19"), ("outcore", cc)):
        exe = os.path.join(out_dir, f"{kernel}.{name}")
        subprocess.run([compiler, *COMPILE_FLAGS, src, "-o", exe, "-lm"], check=True)
        exes[name] = exe
    return exes


def proc_sample(pid):
    """(cpu seconds, bytes read) of a running or not yet reaped process; None when gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/io") as f:
            io = dict(line.split(": ") for line in f.read().splitlines())
        return (int(fields[11]) + int(fields[12])) / TICKS, int(io["read_bytes"])
    except (OSError, IndexError, KeyError, ValueError):
        return None


def starved_seconds(samples, t_end):
    """Whole seconds of a copy's run in which its CPU time did not grow."""
    starved, t, i = 0, 0.0, 0
    while t + 1.0 <= t_end:
        window = [cpu for (ts, cpu, _) in samples if t <= ts <= t + 1.0]
        if len(window) >= 2 and window[-1] - window[0] <= 0:
            starved += 1
        t += 1.0
    return starved


def arbiter_segment(group):
    """The runtimes' shared segment for a group (runtime/src/arbiter_segment.c: FNV-1a
    of the group's path): a member killed at the cap leaves it behind."""
    key = group.path[len("/sys/fs/cgroup" if group.v2 else "/sys/fs/cgroup/memory"):]
    h = 1469598103934665603
    for byte in key.encode():
        h = ((h ^ byte) * 1099511628211) % (1 << 64)
    return f"/dev/shm/outcore-{h:016x}"


def group_members(group, comm):
    """Pids in the group whose command name is comm (an MPI program's ranks)."""
    try:
        with open(group.procs_file) as f:
            pids = [int(line) for line in f if line.strip()]
    except OSError:
        return []
    found = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/comm") as f:
                if f.read().strip() == comm[:15]:
                    found.append(pid)
        except OSError:
            pass
    return found


STATS_KEYS = ("bytes_read", "major_faults", "bytes_released", "token_acquired",
              "token_hand_ons", "token_give_ups", "token_held_ns")


def runtime_counts(log):
    """The OUTCORE_STATS counters of a launch's processes (one file per process: the copy,
    or each MPI rank), those of STATS_KEYS."""
    found = []
    for path in sorted(glob.glob(log + ".stats.*")):
        try:
            with open(path) as f:
                stats = json.load(f)
        except (OSError, ValueError):
            continue
        found.append({k: stats.get(k, 0) for k in STATS_KEYS})
    return found


def counts_line(runtime):
    """Per process: MiB read, major faults, MiB released, token held s / acquired / handed on."""
    return " ".join(f"[{c['bytes_read'] / MIB:.0f}M {c['major_faults']}f "
                    f"rel {c['bytes_released'] / MIB:.0f}M tok {c['token_held_ns'] / 1e9:.1f}s/"
                    f"{c['token_acquired']}/{c['token_hand_ons']}]" for c in runtime)


def toucher_ms(log):
    """Response times (ms) of the interactive toucher's log."""
    with open(log) as f:
        return [float(line.split()[1]) for line in f if line.startswith("touch ")]


def run_once(launches, data_dirs, limit, log_dir, tag, ranks_of=None, cap_s=None,
             toucher=None):
    """Runs every (argv, env) of launches at once in a fresh group of `limit` bytes (no swap).
    ranks_of: command name of processes to follow inside the group (an MPI program's ranks,
    started by mpirun); otherwise the launched processes are followed. After cap_s seconds
    the processes still running are killed (their wall time then reads as the cap).
    toucher: argv of the interactive co-runner, run beside them and stopped when they end."""
    paths = [os.path.join(d, f) for d in data_dirs for f in sorted(os.listdir(d))]
    evict(paths)
    group = MemoryGroup(limit, 0)  # no swap: file-backed or spilled data only
    procs, followed = {}, {}
    try:
        t0 = time.monotonic()
        for i, (argv, env_extra) in enumerate(launches):
            env = dict(os.environ, **env_extra)
            log = os.path.join(log_dir, f"{tag}.{i}.log")
            if "OUTCORE_ARBITRATION" in env_extra:  # the runtime's counters (MPI: .RANK)
                env["OUTCORE_STATS"] = log + ".stats.0"
                for old in glob.glob(log + ".stats*"):
                    os.unlink(old)
            pid = spawn_in_group(argv, env, group, log)
            procs[pid] = {"copy": i, "log": log, "end": None, "status": None}
        toucher_log = os.path.join(log_dir, f"{tag}.toucher.log")
        toucher_pid = spawn_in_group(toucher, dict(os.environ), group, toucher_log) \
            if toucher else None
        sampled = -SAMPLE_S
        while any(p["end"] is None for p in procs.values()):
            now = time.monotonic() - t0
            if now - sampled >= SAMPLE_S:
                sampled = now
                watch = group_members(group, ranks_of) if ranks_of else list(procs)
                for pid in watch:
                    s = proc_sample(pid)
                    if s:
                        followed.setdefault(pid, []).append((round(now, 3), s[0], s[1]))
            for pid, p in procs.items():
                if p["end"] is None:
                    done, status = os.waitpid(pid, os.WNOHANG)
                    if done:
                        p["end"], p["status"] = now, exit_code(status)
            if cap_s and now > cap_s:
                break
            time.sleep(END_POLL_S)
        peak = group.peak()
        oom_kills = group.oom_kills()
        if toucher_pid:
            os.kill(toucher_pid, 9)
            os.waitpid(toucher_pid, 0)
    finally:
        for pid, p in procs.items():
            if p["end"] is None:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                p["end"], p["status"] = cap_s, "capped"
        group.remove()
        if os.path.exists(arbiter_segment(group)):
            os.unlink(arbiter_segment(group))
    copies = []
    for pid, p in sorted(procs.items(), key=lambda kv: kv[1]["copy"]):
        report = parse_kernel_report(p["log"])
        copies.append({"copy": p["copy"], "wall_s": p["end"], "status": p["status"],
                       "read_mib": report["read_bytes"] / MIB
                       if report and report.get("read_bytes") is not None else None,
                       "majflt": report.get("majflt") if report else None,
                       "ok": bool(report and report.get("check") == "ok") if not ranks_of
                       else p["status"] == 0, "log": p["log"]})
    progress = [{"pid": pid, "starved_s": starved_seconds(samples, samples[-1][0]),
                 "end_s": samples[-1][0], "samples": samples}
                for pid, samples in sorted(followed.items())]
    touches = toucher_ms(toucher_log) if toucher else []
    runtime = [runtime_counts(p["log"]) for _, p in sorted(procs.items(),
                                                             key=lambda kv: kv[1]["copy"])]
    return {"makespan_s": max(c["wall_s"] for c in copies), "peak_mib": (peak or 0) / MIB,
            "oom_kills": oom_kills, "copies": copies, "progress": progress,
            "runtime": [c for per_launch in runtime for c in per_launch],
            "toucher_median_ms": statistics.median(touches) if touches else None}


def mpi_setup(a, exes_dir):
    """Builds test/mpi/stencil_mpi.c plain and through mpicc with outcore-cc behind it, and
    sizes it so that the ranks' arrays (two per rank) add up to data-mib x copies."""
    src = os.path.join(REPO, "test", "mpi", "stencil_mpi.c")
    exes = {"plain": os.path.join(exes_dir, "stencil_mpi.plain"),
            "outcore": os.path.join(exes_dir, "stencil_mpi.outcore")}
    subprocess.run(["mpicc", "-cc=clang-19", "-O2", src, "-o", exes["plain"]], check=True)
    subprocess.run(["mpicc", "-O2", src, "-o", exes["outcore"]], check=True,
                   env=dict(os.environ, MPICH_CC=a.cc))
    cols = 4096
    rows = a.data_mib * MIB // 2 // (cols * 8)
    return exes, [rows, cols, a.passes]


def run_totals(r):
    """MiB read and major faults of a run's processes: the kernels' reports (their phase),
    else (MPI ranks) the runtime's counters (the whole process)."""
    reads = [c["read_mib"] for c in r["copies"] if c["read_mib"] is not None]
    faults = [c["majflt"] for c in r["copies"] if c.get("majflt") is not None]
    if not reads and r["runtime"]:
        reads = [c["bytes_read"] / MIB for c in r["runtime"]]
    if not faults and r["runtime"]:
        faults = [c["major_faults"] for c in r["runtime"]]
    return sum(reads), sum(faults)


def summarize(runs, versions):
    print(f"\n{'version':8} {'makespan min':>12} {'median':>8} {'/ B-off':>8} {'/ O':>6} "
          f"{'starved s (max)':>15} {'read MiB':>9} {'majflt':>8} {'token s':>8} "
          f"{'toucher ms':>10}")
    summary = {}
    for v in versions:
        spans = [r["makespan_s"] for r in runs[v]]
        touches = [r["toucher_median_ms"] for r in runs[v] if r["toucher_median_ms"] is not None]
        summary[v] = {"makespan_min_s": min(spans), "makespan_median_s": statistics.median(spans),
                      "starved_max_s": max((c["starved_s"] for r in runs[v]
                                            for c in r["progress"]), default=0),
                      "failed_runs": sum(any(not c["ok"] for c in r["copies"]) for r in runs[v]),
                      "read_mib_median": statistics.median(run_totals(r)[0] for r in runs[v]),
                      "majflt_median": statistics.median(run_totals(r)[1] for r in runs[v]),
                      "token_held_s_median": statistics.median(
                          sum(c["token_held_ns"] for c in r["runtime"]) / 1e9 for r in runs[v]),
                      "toucher_median_ms": statistics.median(touches) if touches else None}
    for v in versions:
        s = summary[v]
        rel = {b: s["makespan_median_s"] / summary[b]["makespan_median_s"]
               for b in ("B-off", "O") if b in summary}
        touch = s["toucher_median_ms"]
        print(f"{v:8} {s['makespan_min_s']:12.2f} {s['makespan_median_s']:8.2f} "
              f"{rel.get('B-off', float('nan')):8.2f} {rel.get('O', float('nan')):6.2f} "
              f"{s['starved_max_s']:15d} {s['read_mib_median']:9.0f} {s['majflt_median']:8.0f} "
              f"{s['token_held_s_median']:8.1f} "
              f"{'-' if touch is None else f'{touch:.3f}':>10}"
              + (f"  ({s['failed_runs']} runs failed)" if s["failed_runs"] else ""))
    return summary


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kernel", default="matvec")
    p.add_argument("--copies", type=int, default=3, help="copies of the kernel (or MPI ranks)")
    p.add_argument("--data-mib", type=int, default=128, help="main array of each copy / rank")
    p.add_argument("--passes", type=int, default=2, help="matvec, cyclic: passes over the array; MPI: sweeps")
    p.add_argument("--mpi", action="store_true",
                   help="one MPI job (test/mpi/stencil_mpi.c, --copies ranks) instead of copies")
    p.add_argument("--limit-fraction", type=float, default=0.5,
                   help="the group's limit as a fraction of the copies' total data")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--toucher", type=float, default=None, metavar="SLEEP_S",
                   help="run the interactive toucher (1 MiB every SLEEP_S) beside the copies")
    p.add_argument("--cap", type=float, default=600, help="seconds before a run is killed")
    p.add_argument("--versions", default=",".join(VERSIONS))
    p.add_argument("--cc", default=os.path.join(REPO, "build", "tools", "outcore-cc"))
    p.add_argument("--work-dir", default="/var/tmp/outcore-corun")
    p.add_argument("--out", default=None, help="JSON results (default: WORK_DIR/corun.json)")
    a = p.parse_args()
    versions = a.versions.split(",")
    os.makedirs(a.work_dir, exist_ok=True)
    data_dirs = []
    if a.mpi:
        exes, args = mpi_setup(a, a.work_dir)
        total = a.copies * a.data_mib * MIB
        # The ranks' arrays are malloc'd: without swap they go out of core by spilling.
        spill_dir = os.path.join(a.work_dir, "spill")
        os.makedirs(spill_dir, exist_ok=True)
        extra_env = {"OUTCORE_SPILL": "on", "OUTCORE_SPILL_DIR": spill_dir}
        expected = subprocess.run(["mpirun", "-n", str(a.copies), exes["plain"], *map(str, args)],
                                  check=True, capture_output=True, text=True).stdout

        # Each rank writes its counters to a file of its own (OUTCORE_STATS with its rank).
        ranked = 'OUTCORE_STATS="${OUTCORE_STATS%.0}.$PMI_RANK" exec "$@"'

        def launches(exe, env):
            return [(["/usr/bin/mpirun", "-n", str(a.copies), "sh", "-c", ranked, "sh", exe,
                      *map(str, args)],
                     {**extra_env, **env})]
        ranks_of = os.path.basename(exes["outcore"])
        what = f"MPI stencil on {a.copies} ranks {args}"
    else:
        exes = build(a.cc, a.kernel, a.work_dir)
        args = kernel_args(a.kernel, a.data_mib * MIB, a.passes)
        for i in range(a.copies):
            # The data depend on the kernel and its size only, not on the passes: one
            # directory each (a directory per copy alone fed one kernel's files to another).
            d = os.path.join(a.work_dir, f"data-{a.kernel}-{a.data_mib}M-{i}")
            os.makedirs(d, exist_ok=True)
            if not os.listdir(d):
                subprocess.run([exes["plain"], "gen", *map(str, args)], check=True,
                               env=dict(os.environ, OUTCORE_BENCH_DIR=d),
                               stdout=subprocess.DEVNULL)
            data_dirs.append(d)
        total = sum(os.path.getsize(os.path.join(d, f)) for d in data_dirs
                    for f in os.listdir(d))

        def launches(exe, env):
            return [([exe, "run", *map(str, args)], {"OUTCORE_BENCH_DIR": d, **env})
                    for d in data_dirs]
        ranks_of = None
        what = f"{a.copies} x {a.kernel} {args}"
    limit = int(total * a.limit_fraction) // MIB * MIB
    print(f"corun: {what}, data {total // MIB} MiB in all, limit {limit // MIB} MiB")
    toucher = None
    if a.toucher:
        exe = os.path.join(a.work_dir, "toucher")
        subprocess.run(["clang-19", "-O2", os.path.join(KERNEL_SRC, "toucher.c"), "-o", exe],
                       check=True)
        toucher = [exe, os.path.join(a.work_dir, "toucher.dat"), str(a.toucher), "100000"]
        alone = run_once([(toucher[:3] + ["5"], {})], [], limit, a.work_dir, "toucher-alone")
        with open(alone["copies"][0]["log"]) as f:
            standalone = statistics.median(float(line.split()[1]) for line in f
                                           if line.startswith("touch "))
        print(f"corun: toucher standalone median {standalone:.3f} ms")
    else:
        standalone = None
    runs = {v: [] for v in versions}
    for rep in range(a.reps):
        for v in versions:
            which, env = VERSIONS[v]
            if a.mpi and which == "plain":
                exe = exes["plain"]
            else:
                exe = exes[which]
            r = run_once(launches(exe, env), data_dirs, limit, a.work_dir, f"{v}.{rep}", ranks_of,
                         a.cap, toucher)
            if a.kernel == "column" and not a.mpi:  # share of the columns summed (capped runs)
                for c, d in zip(r["copies"], data_dirs):
                    c["done"] = read_progress(os.path.join(d, "colsum"), -1.0)
            if a.mpi:
                with open(r["copies"][0]["log"]) as f:
                    out = "".join(line for line in f if not line.startswith("outcore:"))
                r["copies"][0]["ok"] = r["copies"][0]["status"] == 0 and out == expected
            runs[v].append(r)
            walls = " ".join(f"{c['end_s']:.1f}" for c in r["progress"])
            bad = [c["copy"] for c in r["copies"] if not c["ok"] or c["status"]]
            touch = (f"  toucher median {r['toucher_median_ms']:.3f} ms"
                     if r["toucher_median_ms"] is not None else "")
            reads = [c["read_mib"] for c in r["copies"] if c["read_mib"] is not None]
            read = f"  read {sum(reads):.0f} MiB" if reads else ""
            done = ("  done " + " ".join(f"{c['done']:.2f}" for c in r["copies"])
                    if "done" in r["copies"][0] else "")
            print(f"  rep {rep} {v:8} makespan {r['makespan_s']:6.2f} s  each {walls}  "
                  f"starved s {[c['starved_s'] for c in r['progress']]}  peak "
                  f"{r['peak_mib']:.0f} MiB  oom kills {r['oom_kills']}{read}{done}{touch}"
                  f"{'  FAILED ' + str(bad) if bad else ''}", flush=True)
            if r["runtime"]:
                print(f"    counts {counts_line(r['runtime'])}", flush=True)
    summary = summarize(runs, versions)
    out = a.out or os.path.join(a.work_dir, "corun.json")
    with open(out, "w") as f:
        json.dump({"what": what, "args": args, "copies": a.copies, "limit": limit,
                   "toucher_standalone_ms": standalone,
                   "summary": summary, "runs": runs}, f)
    print(f"corun: results in {out}")


if __name__ == "__main__":
    main()
