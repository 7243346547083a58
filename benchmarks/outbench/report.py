"""The files a run leaves in its directory: results.json and summary.json, report.md and the
PNG plots (`python3 benchmarks/report.py DIR` redraws the last two from the first two)."""
import json
import math
import os
import time

VERSION_ORDER = ["O", "Orand", "P", "R", "B", "W", "WB", "Bfile"]
MEMORY_MODE = {"file": "data in shared file mappings (kernels/bench_data.h)",
               "anon-swap": "anonymous memory with a swap file; the group may use {swap} MiB "
                            "of swap",
               "spill": "no swap for the group; transformed versions under OUTCORE_SPILL=on "
                        "(spill files in {spill_dir})"}
# Parts of the main thread's wall time: (key in a version's "breakdown_s", key of the median in
# older summaries without it, label).
BREAKDOWN = [("user_s", "user_median_s", "user"), ("sys_s", "sys_median_s", "system"),
             ("stall_s", "stall_median_s", "I/O stall"), ("runq_s", "runq_median_s", "CPU wait")]
STALL_DEFINITION = ("I/O stall = time the main (computing) thread was blocked: wall - its CPU "
                    "time - its run-queue wait (schedstat); runtime workers' I/O overlaps and is "
                    "not stall")
# Parts may exceed the wall time by clock-reading jitter (and, in summaries without
# breakdown_s, by taking medians of each part separately); more than this is flagged.
TOLERANCE_S, TOLERANCE_SHARE = 0.002, 0.02


def fmt(value, digits=2):
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        if math.isinf(value) or math.isnan(value):
            return "–"
        return f"{value:.{digits}f}"
    return str(value)


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(fmt(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def ordered(versions):
    return [v for v in VERSION_ORDER if v in versions]


def baseline_version(kernel_summary):
    """O normally; Orand where O was capped (the column walk); where O was killed (a program
    without swap), the file-mapped twin Bfile, else the warm W."""
    versions = kernel_summary["versions"]
    o = versions.get("O") or {}
    if "Orand" in versions and (o.get("extrapolated") or o.get("capped")):
        return "Orand"
    if o.get("killed"):
        return next((v for v in ("Bfile", "W") if (versions.get(v) or {}).get("wall_median_s")),
                    "O")
    return "O"


def baseline_wall(kernel_summary):
    """(baseline version, its wall time or, if it was capped without progress, the lower bound
    of it, whether it is that bound)."""
    base = baseline_version(kernel_summary)
    s = kernel_summary["versions"].get(base) or {}
    if s.get("capped"):
        return base, s.get("wall_lower_bound_s"), True
    return base, s.get("wall_median_s"), False


def at_least(value, digits=2, note=""):
    return "–" if value is None else f">{fmt(value, digits)}{note}"


def wall_cell(stats, digits=2):
    """A version's median wall time, '>N (capped)' for one capped without progress, or
    'killed (137)' for one the OOM killer stopped in every run."""
    if stats.get("killed"):
        return f"killed ({stats.get('exit_code', 137)})"
    if stats.get("capped"):
        low = stats.get("wall_lower_bound_s")  # rounded down: still a lower bound
        return at_least(None if low is None else math.floor(low), 0, " (capped)")
    return stats.get("wall_median_s")


def target_value(t):
    bound = t.get("bound")
    if bound and t["value"] is not None:
        return f"{'<=' if bound == 'upper' else '>='} {fmt(t['value'])} (bound)"
    return t["value"]


def stall_definition(summary):
    """What the summary's I/O stall is: summaries without 'breakdown_s' (before 2026-11-22)
    hold delay accounting's block I/O wait, which this kernel corrupts for P/R/B."""
    new = any(s.get("breakdown_s") is not None for k in summary["kernels"].values()
              for s in k["versions"].values())
    return STALL_DEFINITION if new else ("I/O stall = delay accounting's block I/O wait of the "
                                         "main thread (an older summary: unreliable for "
                                         "multi-threaded versions, see benchmarks/README.md)")


def breakdown_parts(stats):
    """(wall, [user, system, I/O stall, CPU wait] seconds) of a version: from the median run
    ("breakdown_s") where the summary has it, else the medians of each part."""
    b = stats.get("breakdown_s")
    if b:
        return b["wall_s"], [b.get(key) for key, _, _ in BREAKDOWN]
    return stats["wall_median_s"], [stats.get(key) for _, key, _ in BREAKDOWN]


def breakdown_problem(stats):
    """Why a version's breakdown cannot be drawn, or None: an I/O stall above the wall time,
    parts that add up to more than it, or no valid stall. Such a version is flagged in the
    report and left out of the plot, never clamped."""
    wall, parts = breakdown_parts(stats)
    if wall is None:
        return "no wall time"
    stall, total = parts[2], sum(p or 0.0 for p in parts)
    if stall is None:
        return "no valid I/O stall"
    if stall > wall + TOLERANCE_S:
        return f"I/O stall {stall:.3f} s exceeds wall {wall:.3f} s"
    if total > wall * (1 + TOLERANCE_SHARE) + TOLERANCE_S:
        return f"user + system + I/O stall + CPU wait = {total:.3f} s exceed wall {wall:.3f} s"
    return None


def breakdown(stats, base_wall):
    """Main-thread user, system, I/O stall, CPU wait and the rest of the wall time, as shares of
    the baseline's wall time (the papers' normalised execution-time bars); None when the parts
    do not fit in the wall time (breakdown_problem says why)."""
    if not base_wall or breakdown_problem(stats):
        return None
    wall, parts = breakdown_parts(stats)
    parts = [p or 0.0 for p in parts]
    # Within the tolerance that breakdown_problem allows, the rest may be a hair below zero.
    other = max(0.0, wall - sum(parts))
    return [p / base_wall for p in parts + [other]]


def memory_lines(memory):
    """The memory mode of the run, spill support and skipped kernels: the report's header."""
    mode = memory.get("mode", "file")
    text = MEMORY_MODE[mode].format(swap=memory.get("swap_mib") or "the machine's",
                                    spill_dir=memory.get("spill_dir"))
    lines = [f"Memory: `--memory {mode}`, {text}.\n"]
    support = memory.get("spill_support")
    if mode == "spill" and support and not support.get("supported"):
        lines.append(f"**NO SPILL SUPPORT in this runtime**: {support.get('reason')}. P, R and "
                     f"B of the program kernels ran on anonymous memory without swap: their "
                     f"figures are not spill figures.\n")
    if mode == "spill" and support and support.get("supported"):
        lines.append(f"Spill probe: a large malloc'd block is backed by `{support['backing']}`; "
                     f"a large static array by `{support.get('static_backing')}`.\n")
    for name, why in (memory.get("skipped") or {}).items():
        lines.append(f"Skipped {name}: {why}.\n")
    return lines


def killed_cell(kernel_summary):
    """Versions with killed runs: 'O' when every run was killed, 'R 1/2' when some were."""
    versions = kernel_summary["versions"]
    cells = [v if versions[v].get("killed") else f"{v} {n}/{n + versions[v]['runs']}"
             for v, n in (kernel_summary.get("killed_runs") or {}).items()]
    return ", ".join(cells) or "none"


def program_lines(summary):
    """Programs as written (malloc, calloc, posix_memalign, static arrays): B against W (warm,
    in core) and against the same kernel on file mappings (Bfile); 'killed' is a result."""
    rows = []
    for name, k in summary["kernels"].items():
        if not k.get("program"):
            continue
        v = k["versions"]
        rows.append([name] + [wall_cell(v.get(x) or {}) for x in ("O", "P", "R", "B", "W",
                                                                  "Bfile")] +
                    [k["vs_warm"]["B"], (k.get("vs_file") or {}).get("B / Bfile"),
                     killed_cell(k), k["outputs_identical"]])
    if not rows:
        return []
    return ["## Programs as written: B against warm and against file mappings\n",
            "Medians, seconds. Bfile: the kernel's file-mapped twin (same data and arithmetic) "
            "under B, cold, same limit. 'killed': the OOM killer stopped every run (exit 137), "
            "the expected result of a plain program over its limit without swap; 'R 1/2': 1 of 2 "
            "runs killed.\n",
            table(["kernel", "O s", "P s", "R s", "B s", "W s", "Bfile s", "B / W",
                   "B / Bfile", "killed", "identical"], rows)]


def write_markdown(out, summary, runs, interactive):
    lines = ["# Outcore benchmark results\n",
             f"{time.strftime('%Y-%m-%d %H:%M')}, {summary['machine']}; memory limit "
             f"{summary['limit_mib']} MiB per run; {'quick' if summary['quick'] else 'full'} "
             f"sizes; transformed binaries built with "
             f"{'outcore-cc' if summary['transformed'] else 'plain clang (no outcore-cc yet)'}.\n",
             "Times are the kernels' measured phase (setup, result check and checksum "
             "excluded); medians over repetitions unless marked min. 'capped' values are "
             "extrapolated from a run stopped at the time cap; '>N (capped)' marks a version "
             "whose runs all hit the cap with no progress to extrapolate from: N is a lower "
             "bound of its wall time (the cap minus the longest time a finished run of the "
             "kernel spent outside its measured phase), and ratios against it are bounds.\n"]

    lines += memory_lines(summary.get("memory") or {"mode": "file"})
    lines.append("## Targets (PLATFORM.md oracle; issue 10 for the program kernels)\n")
    lines.append(table(["target", "value", "limit", "met"],
                       [[t["target"], target_value(t), t["limit"], t["ok"]]
                        for t in summary["targets"]]))

    lines.append("## Overview\n")
    rows = []
    for name, k in summary["kernels"].items():
        v = k["versions"]

        def or_bound(key, x):
            exact, low = k[key][x], (k.get(key + "_lower_bound") or {}).get(x)
            return exact if exact is not None or low is None else f">={fmt(low)}"
        rows.append([name, k["affine"], k["outputs_identical"], k["checks_ok"]] +
                    [wall_cell(v.get(x) or {}) for x in ("O", "P", "R", "B", "W")] +
                    [or_bound("speedup", x) for x in ("P", "R", "B")] +
                    [or_bound("stall_hidden", x) for x in ("P", "R", "B")])
    lines.append(table(["kernel", "affine", "identical", "checked", "O s", "P s", "R s", "B s",
                        "W s", "speedup P", "R", "B", "stall hidden P", "R", "B"], rows))

    lines += program_lines(summary)
    lines.append("## Breakdowns (TOCS Fig. 10/20 style)\n")
    lines.append(f"The main thread's wall time in parts, as % of the baseline's wall time (O; "
                 f"Orand where O was capped; Bfile, else W, where O was killed), from the run with the median wall time: user and "
                 f"system time; {stall_definition(summary)}; CPU wait = its run-queue wait "
                 f"(runnable, no CPU free); other = the rest (clock-reading jitter). A version "
                 f"whose parts do not fit in its wall time is flagged and not plotted.\n")
    flagged = []
    for name, k in summary["kernels"].items():
        base, base_wall, base_capped = baseline_wall(k)
        rows = []
        for v in ordered(k["versions"]):
            s = k["versions"][v]
            if s.get("killed"):
                rows.append([f"{v} killed (exit {s.get('exit_code', 137)}, "
                             f"{s['killed_runs']} of {s['runs']} runs)"] + [None] * 10 +
                            [s["peak_mib"], None, s["runs"]])
                continue
            if s.get("capped"):
                rows.append([v + " (capped, no progress)", wall_cell(s), None] + [None] * 5 +
                             [at_least(100.0 if v == base else s["wall_lower_bound_s"] and
                                       base_wall and 100 * s["wall_lower_bound_s"] / base_wall,
                                       0),
                              at_least(s.get("majflt_at_cap"), 0),
                              at_least(s.get("read_mib_at_cap"), 0), s["peak_mib"],
                              s["avg_mib"], s["runs"]])
                continue
            problem = breakdown_problem(s)
            shares = breakdown(s, base_wall) or [None] * 5
            if problem:
                flagged.append(f"{name} {v}: {problem}")
            label = v + (" (capped)" if s["extrapolated"] else "") + (" FLAGGED" if problem else "")
            rows.append([label, s["wall_median_s"], s["wall_min_s"]] +
                        [x if x is None else 100 * x for x in shares] +
                        [s["wall_median_s"] and base_wall and 100 * s["wall_median_s"] / base_wall,
                         s["majflt"], s["read_mib"], s["peak_mib"], s["avg_mib"], s["runs"]])
        lines.append(f"### {name}\n")
        if base_capped:
            lines.append(f"{base} hit the time cap in every run: % are of its lower bound "
                         f"{fmt(base_wall, 1)} s, so they overstate the other versions' "
                         f"shares.\n")
        lines.append(table(["version", "wall s", "min s", "user %", "sys %",
                            "I/O stall % (main thread blocked)", "CPU wait %", "other %",
                            "total %", "majflt", "read MiB", "peak MiB", "avg MiB", "runs"],
                           rows))
    problems = summary.get("stall_problems") or []
    if flagged or problems:
        lines.append("## FLAGGED: impossible I/O stall figures\n")
        lines.append("An I/O stall cannot exceed the wall time. These figures are not plotted "
                     "and runs with one are left out of the medians.\n")
        lines += [f"- {f}" for f in flagged]
        lines += [f"- run {p['kernel']} {p['version']} rep {p['rep']}: {p['problem']}"
                  for p in problems]
        lines.append("")

    inter = summary.get("interactive")
    if inter:
        lines.append("## Interactive co-runner (OSDI Sec. 1.1, Fig. 10)\n")
        lines.append(f"Response time (ms, median) of touching 1 MiB after each sleep, in the "
                     f"same cgroup as the kernel; standalone {fmt(inter['standalone_ms'], 3)} "
                     f"ms. Major faults per touch in brackets (OSDI Fig. 10c).\n")
        for name, per_version in inter["kernels"].items():
            faults = inter["majflt_per_touch"][name]
            rows = [[v] + [f"{fmt(ms, 3)} [{fmt(f)}]" for ms, f in zip(per_version[v], faults[v])]
                    for v in per_version]
            lines.append(f"### with {name}\n")
            lines.append(table(["version"] + [f"sleep {s:g} s" for s in inter["sleep_s"]], rows))

    stats_rows = []
    for r in runs:
        if r["rep"] == 0 and r.get("runtime_stats"):
            flat = {k: v for k, v in r["runtime_stats"].items() if isinstance(v, (int, float))}
            stats_rows.append([r["kernel"], r["version"], json.dumps(flat)[:300]])
    if stats_rows:
        lines.append("## Runtime statistics (OUTCORE_STATS, first repetition)\n")
        lines.append(table(["kernel", "version", "counters"], stats_rows))

    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(lines))


def write_plots(out, summary, runs, interactive):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("note: matplotlib missing, no plots (pip install matplotlib)")
        return
    kernels = list(summary["kernels"])
    if not kernels:
        return
    cols = min(3, len(kernels))
    grid_rows = math.ceil(len(kernels) / cols)

    fig, axes = plt.subplots(grid_rows, cols, figsize=(4.5 * cols, 3.4 * grid_rows),
                             squeeze=False)
    colors = ["#4c72b0", "#dd8452", "#c44e52", "#8172b2", "#bbbbbb"]
    for ax, name in zip(axes.flat, kernels):
        k = summary["kernels"][name]
        base, base_wall, base_capped = baseline_wall(k)
        versions = ordered(k["versions"])
        if not base_wall:
            continue
        # A version whose parts do not fit in its wall time gets no bar but a red flag; one
        # capped without progress a hatched bar up to its lower bound.
        shares = [breakdown(k["versions"][v], base_wall) or [0.0] * 5 for v in versions]
        bottom = [0.0] * len(versions)
        for i, label in enumerate([label for _, _, label in BREAKDOWN] + ["other"]):
            heights = [s[i] for s in shares]
            ax.bar(versions, heights, bottom=bottom, color=colors[i], label=label)
            bottom = [b + h for b, h in zip(bottom, heights)]
        for x, v in enumerate(versions):
            s = k["versions"][v]
            if s.get("capped"):
                low = (s.get("wall_lower_bound_s") or 0.0) / base_wall
                ax.bar([v], [low], color="white", edgecolor="black", hatch="//")
                bottom[x] = low
                ax.text(x, min(low, 2.9) / 2, f"{v} >= cap", ha="center", va="center",
                        fontsize=7, rotation=90, backgroundcolor="white")
        top = min(max(bottom + [1.0]) * 1.1, 3.0)
        ax.set_title(f"{name} (1 = {base} >= {base_wall:.0f} s, capped)" if base_capped
                     else f"{name} (1 = {base})")
        ax.set_ylim(0, top)
        for x, (v, total) in enumerate(zip(versions, bottom)):
            problem = None if k["versions"][v].get("capped") else \
                breakdown_problem(k["versions"][v])
            if problem:
                ax.text(x, 0.05 * top, "FLAGGED: " + ("stall > wall" if problem.startswith(
                        "I/O stall") else "see report"), ha="center", va="bottom", fontsize=7,
                        color="red", rotation=90)
            elif total > 3.0:
                more = ">=" if k["versions"][v].get("capped") else ""
                ax.text(x, 2.85, f"{more}{total:.0f}x", ha="center", fontsize=8)
    if axes.flat[0].get_legend_handles_labels()[0]:  # none when nothing was drawn
        axes.flat[0].legend(fontsize=7)
    for ax in list(axes.flat)[len(kernels):]:
        ax.axis("off")
    fig.suptitle("Normalised execution time of the main thread (I/O stall = " +
                 ("blocked time)" if stall_definition(summary) == STALL_DEFINITION
                  else "delay accounting, unreliable)"))
    fig.tight_layout()
    fig.savefig(os.path.join(out, "breakdown.png"), dpi=110)
    plt.close(fig)

    fig, axes = plt.subplots(grid_rows, cols, figsize=(4.5 * cols, 3.2 * grid_rows),
                             squeeze=False)
    for ax, name in zip(axes.flat, kernels):
        for r in runs:
            if r["kernel"] == name and r["rep"] == 0 and r["memory_trace"]:
                t, mib = zip(*r["memory_trace"])
                ax.plot(t, mib, label=r["version"], linewidth=1)
        ax.set_title(name)
        ax.set_xlabel("s")
        ax.set_ylabel("group memory MiB")
    if axes.flat[0].get_legend_handles_labels()[0]:  # none when nothing was drawn
        axes.flat[0].legend(fontsize=7)
    for ax in list(axes.flat)[len(kernels):]:
        ax.axis("off")
    fig.suptitle(f"Memory of the run's cgroup over time (limit {summary['limit_mib']} MiB)")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "memory.png"), dpi=110)
    plt.close(fig)

    inter = summary.get("interactive")
    if inter and inter["kernels"]:
        names = list(inter["kernels"])
        fig, axes = plt.subplots(1, len(names), figsize=(5 * len(names), 3.6), squeeze=False)
        for ax, name in zip(axes.flat, names):
            for v, ms in inter["kernels"][name].items():
                ax.plot(inter["sleep_s"], ms, marker="o", label=v)
            ax.axhline(inter["standalone_ms"], color="black", linestyle="--",
                       label="standalone")
            ax.set_yscale("log")
            ax.set_xlabel("sleep time (s)")
            ax.set_ylabel("response time (ms)")
            ax.set_title(f"1 MiB toucher with {name}")
            ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(os.path.join(out, "interactive.png"), dpi=110)
        plt.close(fig)


def write_report(out, summary, runs, interactive):
    write_markdown(out, summary, runs, interactive)
    write_plots(out, summary, runs, interactive)


def write_json(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)


def redraw(directory):
    """report.md and the plots again from a run's saved results.json and summary.json."""
    with open(os.path.join(directory, "summary.json")) as f:
        saved_summary = json.load(f)
    with open(os.path.join(directory, "results.json")) as f:
        results = json.load(f)
    write_report(directory, saved_summary, results["runs"], results["interactive"])
