"""report.md and PNG plots from the harness' summary and runs (used by run.py).

`python3 benchmarks/report.py DIR` redraws them from DIR/results.json and DIR/summary.json."""
import json
import math
import os
import sys
import time

VERSION_ORDER = ["O", "Orand", "P", "R", "B", "W", "WB"]
BREAKDOWN = [("user_median_s", "user"), ("sys_median_s", "system"),
             ("stall_median_s", "I/O stall")]


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
    """O normally; Orand where O was capped and extrapolated (the column walk)."""
    versions = kernel_summary["versions"]
    if "Orand" in versions and (versions.get("O") or {}).get("extrapolated"):
        return "Orand"
    return "O"


def breakdown(stats, base_wall):
    """Main-thread user, system, I/O stall and the rest of the wall time, as shares of the
    baseline's wall time (the papers' normalised execution-time bars)."""
    wall = stats["wall_median_s"]
    parts = [stats.get(key) or 0.0 for key, _ in BREAKDOWN]
    other = max(0.0, wall - sum(parts))
    return [p / base_wall for p in parts + [other]]


def write_markdown(out, summary, runs, interactive):
    lines = [f"# Outcore benchmark results\n",
             f"{time.strftime('%Y-%m-%d %H:%M')}, {summary['machine']}; memory limit "
             f"{summary['limit_mib']} MiB per run; {'quick' if summary['quick'] else 'full'} "
             f"sizes; transformed binaries built with "
             f"{'outcore-cc' if summary['transformed'] else 'plain clang (no outcore-cc yet)'}.\n",
             "Times are the kernels' measured phase (setup, result check and checksum "
             "excluded); medians over repetitions unless marked min. 'capped' values are "
             "extrapolated from a run stopped at the time cap.\n"]

    lines.append("## Targets (PLATFORM.md oracle)\n")
    lines.append(table(["target", "value", "limit", "met"],
                       [[t["target"], t["value"], t["limit"], t["ok"]]
                        for t in summary["targets"]]))

    lines.append("## Overview\n")
    rows = []
    for name, k in summary["kernels"].items():
        v = k["versions"]
        rows.append([name, k["affine"], k["outputs_identical"], k["checks_ok"]] +
                    [(v.get(x) or {}).get("wall_median_s") for x in ("O", "P", "R", "B", "W")] +
                    [k["speedup"][x] for x in ("P", "R", "B")] +
                    [k["stall_hidden"][x] for x in ("P", "R", "B")])
    lines.append(table(["kernel", "affine", "identical", "checked", "O s", "P s", "R s", "B s",
                        "W s", "speedup P", "R", "B", "stall hidden P", "R", "B"], rows))

    lines.append("## Breakdowns (TOCS Fig. 10/20 style)\n")
    lines.append("Main-thread user and system time, I/O stall (delay accounting) and the rest "
                 "(other waits), as % of the baseline's wall time (O; Orand where O was "
                 "capped).\n")
    for name, k in summary["kernels"].items():
        base = baseline_version(k)
        base_wall = (k["versions"].get(base) or {}).get("wall_median_s")
        rows = []
        for v in ordered(k["versions"]):
            s = k["versions"][v]
            shares = breakdown(s, base_wall) if base_wall else [None] * 4
            rows.append([v + (" (capped)" if s["extrapolated"] else ""), s["wall_median_s"],
                         s["wall_min_s"]] + [x and 100 * x for x in shares] +
                        [s["wall_median_s"] and base_wall and 100 * s["wall_median_s"] / base_wall,
                         s["majflt"], s["read_mib"], s["peak_mib"], s["avg_mib"], s["runs"]])
        lines.append(f"### {name}\n")
        lines.append(table(["version", "wall s", "min s", "user %", "sys %", "stall %",
                            "other %", "total %", "majflt", "read MiB", "peak MiB",
                            "avg MiB", "runs"], rows))

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
    colors = ["#4c72b0", "#dd8452", "#c44e52", "#bbbbbb"]
    for ax, name in zip(axes.flat, kernels):
        k = summary["kernels"][name]
        base = baseline_version(k)
        base_wall = (k["versions"].get(base) or {}).get("wall_median_s")
        versions = ordered(k["versions"])
        if not base_wall:
            continue
        shares = [breakdown(k["versions"][v], base_wall) for v in versions]
        bottom = [0.0] * len(versions)
        for i, (_, label) in enumerate(BREAKDOWN + [(None, "other")]):
            heights = [s[i] for s in shares]
            ax.bar(versions, heights, bottom=bottom, color=colors[i], label=label)
            bottom = [b + h for b, h in zip(bottom, heights)]
        ax.set_title(f"{name} (1 = {base})")
        ax.set_ylim(0, min(max(bottom) * 1.1, 3.0))
        for x, total in enumerate(bottom):
            if total > 3.0:
                ax.text(x, 2.85, f"{total:.0f}x", ha="center", fontsize=8)
    axes.flat[0].legend(fontsize=7)
    for ax in list(axes.flat)[len(kernels):]:
        ax.axis("off")
    fig.suptitle("Normalised execution time (main thread)")
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


if __name__ == "__main__":
    directory = sys.argv[1]
    with open(os.path.join(directory, "summary.json")) as f:
        saved_summary = json.load(f)
    with open(os.path.join(directory, "results.json")) as f:
        results = json.load(f)
    write_report(directory, saved_summary, results["runs"], results["interactive"])
