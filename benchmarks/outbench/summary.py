"""Pure figures from the runs (no I/O; unit-tested in test_run.py): per-run metrics, medians
per version, the checked I/O stall, stall hidden, speedups, bounds of capped versions, the
killed ones, the co-runner's medians and the PLATFORM.md targets."""
import statistics

from . import MIB
from .kernels import HINTED, KERNELS_BY_NAME

# The main thread's I/O stall is wall - on-CPU - run-queue wait over one interval; the clock and
# the scheduler counters are read a few microseconds apart, so a stall may come out that far
# below zero (shown as 0). Anything further outside [0, wall] is a measurement error: flagged,
# never used.
STALL_TOLERANCE_S = 0.002


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
    if "column_calls" in ks:  # never slower than plain with the random advice a user could give
        add_ratio("column_calls: B / Orand wall", "column_calls", "B", "Orand", "wall_median_s",
                  1.02)
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
