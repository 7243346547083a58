"""The benchmark run: builds each kernel plain and with outcore-cc, generates its data once,
runs its versions interleaved per repetition (each in its own group, cold or warm), probes
spill support, hands the co-run kernels to the interactive co-runner, and saves results,
summary and report."""
import json
import os
import subprocess

from . import MIB
from .cgroups import group_swap_bytes
from .interactive import InteractiveCoRunner
from .kernels import COMPILE_FLAGS, KERNEL_SRC, KERNELS_BY_NAME, SOURCE_OF, versions_for
from .measure import (data_files, evict, machine_description, memory_stats, parse_kernel_report,
                      read_progress, run_measured, run_outcome, warm)
from .report import write_json, write_report
from .summary import run_metrics, summarize


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
        self.runs = []
        self.skipped = {}  # kernel -> why it did not run
        self.spill_support = None
        self.openmp = None  # whether -fopenmp builds, once known

    def compile(self, source, output, transformed, flags=()):
        cc = self.args.cc if transformed else self.args.plain_cc
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
        support = spill_support(probe.stdout, stats)
        if not support["supported"]:
            print(f"WARNING: no spill support: {support['reason']}; the spill mode's P/R/B "
                  f"then run on anonymous memory without swap", flush=True)
        return support

    def memory_summary(self):
        return {"mode": self.memory, "swap_mib": self.swap_bytes and self.swap_bytes // MIB,
                "spill_dir": self.args.spill_dir if self.memory == "spill" else None,
                "spill_support": self.spill_support, "skipped": self.skipped}

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
            interactive = InteractiveCoRunner(self).run({k: kernel_bins[k] for k in co_kernels})
        self.save(interactive)

    def save(self, interactive):
        machine = machine_description()
        summary = summarize(self.runs, interactive, machine, self.args.limit_mib,
                            self.args.quick, True, self.memory_summary())
        results = {"machine": machine, "args": vars(self.args), "runs": self.runs,
                   "interactive": interactive}
        write_json(os.path.join(self.out, "results.json"), results)
        write_json(os.path.join(self.out, "summary.json"), summary)
        write_report(self.out, summary, self.runs, interactive)


def openmp_builds(cc, work_dir):
    """Whether cc -fopenmp compiles and links (clang-19 needs libomp-19-dev)."""
    src, exe = os.path.join(work_dir, "omp_check.c"), os.path.join(work_dir, "omp_check")
    with open(src, "w") as f:
        f.write("#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n")
    return subprocess.run([cc, "-fopenmp", src, "-o", exe], capture_output=True).returncode == 0


def spill_support(probe_stdout, stats):
    """Whether the runtime spills, from kernels/spill_probe.c's "backing ..." line (what backs
    a 16 MiB malloc'd block under OUTCORE_SPILL=on: a file when it spills) and its
    OUTCORE_STATS counters (the keys with "spill" in their name; under the pager, which maps
    spilled blocks as anonymous memory, "pager_bytes_filled" > 0 says it spilled); "static_backing" (a 16 MiB
    static array, which the pass may move to a runtime allocation) is recorded, not required."""
    found = dict(line.split(" ", 1) for line in probe_stdout.splitlines() if " " in line)
    backing, static = found.get("backing"), found.get("static_backing")
    counters = {k: v for k, v in (stats or {}).items() if "spill" in k}
    # Under OUTCORE_BACKEND=pager a spilled block is anonymous memory the pager fills.
    paged = (stats or {}).get("pager_bytes_filled", 0) > 0
    counters.update({k: v for k, v in (stats or {}).items() if k.startswith("pager_")})
    supported = backing is not None and (backing.startswith("/") or paged)
    if backing is None:
        reason = "the probe printed no backing"
    elif not supported:
        reason = (f"a large malloc'd block under OUTCORE_SPILL=on is {backing}, not a spill "
                  f"file; OUTCORE_STATS has {'no' if not counters else 'these'} spill counters")
    else:
        reason = None
    return {"supported": supported, "backing": backing, "static_backing": static,
            "static_spilled": bool(static and static.startswith("/")),
            "stats_counters": counters, "reason": reason}
