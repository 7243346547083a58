"""Fast self-check of the harness logic (a few seconds): no data; with a C compiler at hand
(skipped otherwise) it compiles a tiny program with kernels/bench_data.h and runs the program
kernels on tiny sizes against their twins; as root it checks that a 16 MiB swap file is
switched off and removed when a run fails (skipped where that is impossible).

cd benchmarks && python3 -m unittest test_run"""
import array
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import outbench
from outbench import bench, cgroups, cli, kernels, measure, report, summary

MIB = outbench.MIB


def phase_run(kernel, version, rep, wall, checksum="aa", stall=0.5, read_mib=100.0,
              peak_mib=64.0):
    return {"kernel": kernel, "version": version, "rep": rep, "timed_out": False,
            "progress": None, "peak_mib": peak_mib, "avg_mib": peak_mib / 2,
            "memory_trace": [], "runtime_stats": None,
            "process": {"wall_s": wall + 0.1, "user_s": 0.1, "sys_s": 0.1, "majflt": 10,
                        "stall_s": stall, "runq_s": 0.05, "read_bytes": int(read_mib * MIB)},
            "phase": {"wall_s": wall, "stall_s": stall, "thread_user_s": 0.2,
                      "thread_sys_s": 0.1, "run_s": 0.3, "runq_s": 0.05,
                      "read_bytes": int(read_mib * MIB), "majflt": 7,
                      "checksum": checksum, "check": "ok", "t_begin": 0, "t_end": wall}}


def capped_run(kernel, version, rep, elapsed, progress):
    return {"kernel": kernel, "version": version, "rep": rep, "timed_out": True,
            "progress": progress, "phase": None, "peak_mib": 64.0, "avg_mib": 60.0,
            "memory_trace": [], "runtime_stats": None,
            "process": {"wall_s": elapsed, "user_s": 1.0, "sys_s": 2.0, "majflt": 100,
                        "stall_s": 3.0, "runq_s": 0.5, "read_bytes": 10 * MIB}}


def all_metrics(runs):
    return [m for m in (summary.run_metrics(r) for r in runs) if m]


def c_compiler():
    for cc in (os.environ.get("CC"), "clang-19", "clang", "cc", "gcc"):
        if cc and shutil.which(cc):
            return cc
    return None


# Computes while 3 spinning threads compete for the CPUs (the situation in which this kernel's
# delay accounting goes wrong) and sleeps 40 x 2 ms: blocked time the I/O stall must count.
STALL_PROGRAM = r"""
#include "bench_data.h"
#include <pthread.h>
static volatile int stop;
static void *spin(void *arg) { while (!stop) {} return arg; }
int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, spin, NULL);
  bench_snapshot(&bench_state.begin);  /* not bench_phase_begin: no cgroup file is touched */
  volatile double x = 0;
  for (int k = 0; k < 40; k++) {
    for (int i = 0; i < 200000; i++) x += i;
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
  }
  bench_snapshot(&bench_state.end);
  stop = 1;
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  bench_report("selftest", 0, 1);
  return 0;
}
"""


class PureFunctions(unittest.TestCase):
    def test_median_ignores_missing(self):
        self.assertEqual(summary.median([3, None, 1, 2]), 2)
        self.assertIsNone(summary.median([None]))

    def test_extrapolate(self):
        self.assertAlmostEqual(summary.extrapolate(10.0, 0.25), 40.0)
        self.assertAlmostEqual(summary.extrapolate(10.0, 1.5), 10.0)
        self.assertIsNone(summary.extrapolate(10.0, 0.0))
        self.assertIsNone(summary.extrapolate(10.0, None))

    def test_stall_hidden(self):
        self.assertAlmostEqual(summary.stall_hidden(10.0, 4.0, 2.0), 0.75)
        self.assertAlmostEqual(summary.stall_hidden(10.0, 12.0, 2.0), -0.25)
        self.assertIsNone(summary.stall_hidden(2.0, 1.0, 2.0))  # O already in core
        self.assertIsNone(summary.stall_hidden(None, 1.0, 0.5))

    def test_speedup_and_ratio(self):
        self.assertAlmostEqual(summary.speedup(10.0, 4.0), 2.5)
        self.assertIsNone(summary.speedup(10.0, 0.0))
        self.assertAlmostEqual(summary.ratio(1.0, 4.0), 0.25)
        self.assertIsNone(summary.ratio(None, 4.0))

    def test_run_metrics_of_capped_run_scale_with_progress(self):
        m = summary.run_metrics(capped_run("column", "O", 0, 12.0, 0.1))
        self.assertTrue(m["extrapolated"])
        self.assertAlmostEqual(m["wall_s"], 120.0)
        self.assertAlmostEqual(m["stall_s"], 30.0)
        self.assertAlmostEqual(m["read_mib"], 100.0)
        self.assertEqual(m["majflt"], 1000)
        self.assertIsNone(summary.run_metrics(capped_run("column", "O", 0, 12.0, None)))

    def test_main_thread_stall_is_the_blocked_time(self):
        self.assertAlmostEqual(measure.main_thread_stall(1.0, 0.3, 0.2), 0.5)
        self.assertIsNone(measure.main_thread_stall(1.0, None, 0.2))

    def test_stall_check(self):
        self.assertEqual(summary.checked_stall(0.4, 1.0), (0.4, None))
        self.assertEqual(summary.checked_stall(-0.0005, 1.0), (0.0, None))  # clock-reading jitter
        self.assertEqual(summary.checked_stall(None, 1.0), (None, None))
        stall, problem = summary.checked_stall(5867.55, 0.39)  # the delay-accounting artefact
        self.assertIsNone(stall)
        self.assertIn("exceeds wall", problem)
        self.assertIsNotNone(summary.checked_stall(-0.5, 1.0)[1])

    def test_impossible_stall_is_flagged_and_left_out(self):
        runs = [phase_run("cyclic", "P", 0, 0.39, stall=5867.55),
                phase_run("cyclic", "P", 1, 0.40, stall=0.1),
                phase_run("cyclic", "P", 2, 0.41, stall=0.2)]
        m = summary.run_metrics(runs[0])
        self.assertIsNone(m["stall_s"])
        self.assertEqual(m["stall_raw_s"], 5867.55)
        summarized = summary.summarize(runs, None, "m", 64, True, True)
        p = summarized["kernels"]["cyclic"]["versions"]["P"]
        self.assertAlmostEqual(p["stall_median_s"], 0.15)
        self.assertEqual(p["stall_problems"], 1)
        self.assertEqual([(x["version"], x["rep"]) for x in summarized["stall_problems"]],
                         [("P", 0)])
        self.assertLessEqual(p["breakdown_s"]["stall_s"], p["breakdown_s"]["wall_s"])

    def test_run_metrics_of_finished_run_use_the_phase(self):
        m = summary.run_metrics(phase_run("buk", "O", 0, 3.0, stall=1.5, read_mib=50))
        self.assertEqual((m["wall_s"], m["stall_s"], m["read_mib"], m["majflt"]),
                         (3.0, 1.5, 50.0, 7))

    def test_memory_stats_average_only_inside_the_phase(self):
        samples = [(0.0, 10 * MIB), (1.0, 20 * MIB), (2.0, 40 * MIB), (3.0, 100 * MIB)]
        avg, trace = measure.memory_stats(samples, 0.5, 2.5)
        self.assertAlmostEqual(avg, 30.0)
        self.assertEqual(trace[0], [0.0, 10.0])
        self.assertEqual(len(trace), 4)

    def test_read_progress_counts_entries_without_the_sentinel(self):
        with tempfile.NamedTemporaryFile(delete=False) as f:
            f.write(array.array("d", [3.0, 5.0, -1.0, -1.0]).tobytes())
        try:
            self.assertAlmostEqual(measure.read_progress(f.name, -1.0), 0.5)
        finally:
            os.unlink(f.name)

    def test_sizes_scale_with_the_limit(self):
        for kernel in kernels.KERNELS:
            small = kernel.size_args(64 * MIB, True)
            large = kernel.size_args(256 * MIB, False)
            self.assertTrue(all(isinstance(x, int) and x > 0 for x in small + large),
                            kernel.name)
            self.assertGreater(large[0] * (large[1] if len(large) > 1 else 1),
                               small[0] * (small[1] if len(small) > 1 else 1), kernel.name)
        rows, cols = kernels.KERNELS_BY_NAME["column"].size_args(256 * MIB, False)
        self.assertEqual((rows, cols), (16384, 8192))  # PLATFORM.md's oracle size


class Summary(unittest.TestCase):
    def setUp(self):
        self.runs = []
        for rep in range(3):
            for version, wall in (("O", 10.0), ("P", 6.0), ("R", 7.0), ("B", 4.0),
                                  ("W", 2.0), ("WB", 2.04)):
                self.runs.append(phase_run("buk", version, rep, wall + 0.1 * rep,
                                           read_mib=100.0 if version == "O" else 40.0))
            self.runs.append(capped_run("column", "O", rep, 12.0, 0.01))
            self.runs.append(phase_run("column", "Orand", rep, 100.0, checksum="cc"))
            self.runs.append(phase_run("column", "B", rep, 15.0, checksum="cc"))
            self.runs.append(phase_run("column", "W", rep, 1.0, checksum="cc"))
        self.interactive = {
            "sleep_s": [0.0, 5.0], "standalone": {"ms": [0.02, 0.03, 0.02]},
            "kernels": {"matvec": {v: [{"ms": [0.02, 0.021, 0.05], "majflt": [0, 0, 1]},
                                       {"ms": [5.0, 7.0, 6.0], "majflt": [200, 250, 256]}]
                                   for v in ("O", "P", "R", "B")}}}
        self.summary = summary.summarize(self.runs, self.interactive, "test machine", 256, True,
                                     False)

    def test_contract_keys(self):
        s = self.summary
        self.assertLessEqual({"kernels", "interactive", "machine", "limit_mib", "quick"}, set(s))
        buk = s["kernels"]["buk"]
        self.assertLessEqual({"affine", "outputs_identical", "versions", "stall_hidden",
                              "speedup"}, set(buk))
        self.assertFalse(buk["affine"])
        for v in ("O", "P", "R", "B", "W"):
            self.assertLessEqual({"wall_median_s", "wall_min_s", "stall_median_s", "read_mib",
                                  "peak_mib", "majflt"}, set(buk["versions"][v]))
        self.assertEqual(set(buk["stall_hidden"]), {"P", "R", "B"})

    def test_medians_stall_hidden_and_speedup(self):
        buk = self.summary["kernels"]["buk"]
        self.assertAlmostEqual(buk["versions"]["O"]["wall_median_s"], 10.1)
        self.assertAlmostEqual(buk["versions"]["O"]["wall_min_s"], 10.0)
        self.assertAlmostEqual(buk["speedup"]["B"], 10.1 / 4.1)
        self.assertAlmostEqual(buk["stall_hidden"]["B"], (10.1 - 4.1) / (10.1 - 2.1))
        self.assertTrue(buk["outputs_identical"])

    def test_outputs_identical_compares_finished_runs_only(self):
        column = self.summary["kernels"]["column"]
        self.assertTrue(column["outputs_identical"])  # capped O runs have no checksum
        self.assertTrue(column["versions"]["O"]["extrapolated"])
        self.assertAlmostEqual(column["versions"]["O"]["wall_median_s"], 1200.0)
        runs = self.runs + [phase_run("buk", "R", 9, 7.0, checksum="different")]
        self.assertFalse(summary.summarize(runs, None, "m", 256, True, False)
                         ["kernels"]["buk"]["outputs_identical"])

    def test_targets(self):
        by_name = {t["target"]: t for t in self.summary["targets"]}
        column = by_name["column: B / Orand wall"]
        self.assertAlmostEqual(column["value"], 0.15)
        self.assertTrue(column["ok"])
        buk = by_name["buk: B / O wall"]
        self.assertFalse(buk["ok"])  # 4.1 / 10.1 > 0.22
        warm = by_name["buk: warm WB / W wall"]
        self.assertAlmostEqual(warm["value"], 2.14 / 2.1)
        self.assertTrue(warm["ok"])
        corunner = by_name["co-runner with matvec B: worst median / standalone"]
        self.assertAlmostEqual(corunner["value"], 6.0 / 0.02)
        self.assertFalse(corunner["ok"])

    def test_interactive_summary(self):
        inter = self.summary["interactive"]
        self.assertAlmostEqual(inter["standalone_ms"], 0.02)
        self.assertEqual(inter["sleep_s"], [0.0, 5.0])
        self.assertEqual(inter["kernels"]["matvec"]["B"], [0.021, 6.0])
        self.assertEqual(inter["majflt_per_touch"]["matvec"]["O"], [0, 250])

    def test_report_markdown(self):
        with tempfile.TemporaryDirectory() as out:
            report.write_markdown(out, self.summary, self.runs, self.interactive)
            with open(os.path.join(out, "report.md")) as f:
                text = f.read()
        self.assertIn("| buk |", text)
        self.assertIn("O (capped)", text)
        self.assertIn("with matvec", text)

    def test_no_computed_stall_exceeds_the_wall_time(self):
        for m in all_metrics(self.runs):
            if m["stall_s"] is not None:
                self.assertLessEqual(m["stall_s"], m["wall_s"])
        for name, k in self.summary["kernels"].items():
            for v, s in k["versions"].items():
                self.assertLessEqual(s["stall_median_s"], s["wall_median_s"], (name, v))
                b = s["breakdown_s"]
                self.assertLessEqual(b["stall_s"], b["wall_s"], (name, v))
                self.assertIsNone(report.breakdown_problem(s), (name, v))

    def test_breakdown_shares_add_up_to_the_normalised_wall(self):
        stats = {"wall_median_s": 5.0, "user_median_s": 1.0, "sys_median_s": 1.0,
                 "stall_median_s": 2.0}  # a summary without breakdown_s: the medians
        shares = report.breakdown(stats, 10.0)
        self.assertAlmostEqual(sum(shares), 0.5)
        self.assertAlmostEqual(shares[4], 0.1)
        buk_o = self.summary["kernels"]["buk"]["versions"]["O"]
        self.assertAlmostEqual(sum(report.breakdown(buk_o, buk_o["wall_median_s"])), 1.0)

    def test_report_flags_a_stall_above_the_wall_instead_of_plotting_it(self):
        bad = {"wall_median_s": 0.37, "wall_min_s": 0.35, "user_median_s": 0.1,
               "sys_median_s": 0.1, "stall_median_s": 8799.3, "majflt": 25, "read_mib": 345.0,
               "peak_mib": 64.0, "avg_mib": 59.0, "runs": 2, "extrapolated": False}
        self.assertIn("exceeds wall", report.breakdown_problem(bad))
        self.assertIsNone(report.breakdown(bad, 0.42))
        summarized = dict(self.summary)
        summarized["kernels"] = {"cyclic": dict(self.summary["kernels"]["buk"])}
        summarized["kernels"]["cyclic"]["versions"] = {"O": self.summary["kernels"]["buk"]
                                                       ["versions"]["O"], "P": bad}
        with tempfile.TemporaryDirectory() as out:
            report.write_markdown(out, summarized, [], None)
            with open(os.path.join(out, "report.md")) as f:
                text = f.read()
        self.assertIn("| P FLAGGED |", text)
        self.assertIn("cyclic P: I/O stall 8799.300 s exceeds wall 0.370 s", text)


class CappedWithoutProgress(unittest.TestCase):
    """buk's O runs all hit the 60 s cap and report no progress: O has only a lower bound."""

    def setUp(self):
        self.runs = []
        for rep in range(3):
            self.runs.append(capped_run("buk", "O", rep, 60.0 + 0.01 * rep, None))
            for version, wall in (("P", 20.0), ("R", 8.0), ("B", 8.4), ("W", 0.7),
                                  ("WB", 0.6)):
                self.runs.append(phase_run("buk", version, rep, wall))
        # phase_run's process time is the phase + 0.1 s: the bound is 60 - 0.1
        self.summary = summary.summarize(self.runs, None, "test machine", 256, False, False)

    def test_summary_has_the_lower_bound(self):
        buk = self.summary["kernels"]["buk"]
        o = buk["versions"]["O"]
        self.assertTrue(o["capped"])
        self.assertAlmostEqual(o["wall_lower_bound_s"], 59.9)
        self.assertLessEqual({"wall_median_s", "wall_min_s", "stall_median_s", "read_mib",
                              "peak_mib", "majflt"}, set(o))
        self.assertIsNone(o["wall_median_s"])
        self.assertIsNone(o["wall_min_s"])
        self.assertEqual(o["peak_mib"], 64.0)
        self.assertEqual(o["majflt_at_cap"], 100)
        self.assertIsNone(buk["speedup"]["B"])
        self.assertAlmostEqual(buk["speedup_lower_bound"]["B"], 59.9 / 8.4)
        self.assertAlmostEqual(buk["stall_hidden_lower_bound"]["B"],
                               (59.9 - 8.4) / (59.9 - 0.7))
        self.assertFalse(self.summary["kernels"]["buk"]["versions"]["B"].get("capped"))

    def test_target_against_the_bound_is_an_upper_bound(self):
        by_name = {t["target"]: t for t in self.summary["targets"]}
        buk = by_name["buk: B / O wall"]
        self.assertEqual(buk["bound"], "upper")
        self.assertAlmostEqual(buk["value"], 8.4 / 59.9)
        self.assertTrue(buk["ok"])  # 0.14 <= 0.22 already as a bound
        self.assertNotIn("bound", by_name["buk: warm WB / W wall"])
        # a bound above the limit settles nothing
        slow = [r for r in self.runs if r["version"] != "B"] + [
            phase_run("buk", "B", rep, 30.0) for rep in range(3)]
        rows = summary.summarize(slow, None, "m", 256, False, False)["targets"]
        slow_buk = {t["target"]: t for t in rows}["buk: B / O wall"]
        self.assertEqual(slow_buk["bound"], "upper")
        self.assertIsNone(slow_buk["ok"])

    def test_report_renders_the_bound(self):
        with tempfile.TemporaryDirectory() as out:
            report.write_report(out, self.summary, self.runs, None)
            with open(os.path.join(out, "report.md")) as f:
                text = f.read()
        self.assertIn("| buk: B / O wall | <= 0.14 (bound) | 0.22 | yes |", text)
        self.assertIn(">59 (capped)", text)  # 59.9 rounded down
        self.assertIn("| O (capped, no progress) |", text)
        self.assertIn(">=7.13", text)  # speedup B

    def test_breakdown_plot_normalises_to_the_bound(self):
        k = self.summary["kernels"]["buk"]
        self.assertEqual(report.baseline_wall(k), ("O", 59.9, True))
        self.assertAlmostEqual(sum(report.breakdown(k["versions"]["B"], 59.9)), 8.4 / 59.9)


class MemoryModes(unittest.TestCase):
    """--memory file|anon-swap|spill, the older --mode/--swap-mib, and what each mode runs."""

    def test_older_options_are_aliases(self):
        args = cli.parse_args(["--out", "x", "--mode", "anon", "--swap-mib", "256"])
        self.assertEqual((args.memory, args.swap_mib), ("anon-swap", 256))
        self.assertEqual(cli.parse_args(["--out", "x", "--mode", "file"]).memory, "file")
        default = cli.parse_args(["--out", "x", "--quick"])
        self.assertEqual(default.memory, "file")
        self.assertEqual(default.kernels, [k.name for k in kernels.FILE_KERNELS])
        self.assertEqual(cli.parse_args(["--out", "x", "--memory", "anon-swap", "--quick"])
                         .swap_mib, 8 * 64)

    def test_program_kernels_are_the_default_outside_file_mode(self):
        args = cli.parse_args(["--out", "x", "--memory", "spill"])
        self.assertEqual(args.kernels, [k.name for k in kernels.PROGRAM_KERNELS])
        self.assertIsNone(args.swap_mib)

    def test_contradictions_are_refused(self):
        for argv in (["--mode", "anon", "--memory", "spill"], ["--memory", "spill",
                                                                "--swap-mib", "64"]):
            with self.assertRaises(SystemExit), open(os.devnull, "w") as null:
                stderr, sys.stderr = sys.stderr, null
                try:
                    cli.parse_args(["--out", "x"] + argv)
                finally:
                    sys.stderr = stderr

    def test_versions_per_mode(self):
        sort = kernels.KERNELS_BY_NAME["heap_sort"]
        spill = {v.name: v for v in kernels.versions_for(sort, "spill", "/var/tmp/s")}
        self.assertEqual(spill["B"].env["OUTCORE_SPILL"], "on")
        self.assertEqual(spill["P"].env["OUTCORE_SPILL_DIR"], "/var/tmp/s")
        self.assertEqual(spill["WB"].env["OUTCORE_SPILL"], "auto")  # in core: must not spill
        self.assertNotIn("OUTCORE_SPILL", spill["O"].env)
        self.assertTrue(spill["Bfile"].twin and spill["Bfile"].cold)
        swap = {v.name: v for v in kernels.versions_for(sort, "anon-swap")}
        self.assertEqual(swap["R"].env["OUTCORE_SPILL"], "off")
        self.assertNotIn("Bfile", {v.name for v in kernels.versions_for(sort, "file")})
        jacobi = kernels.KERNELS_BY_NAME["heap_jacobi2d"]  # no file-mapped twin
        self.assertNotIn("Bfile", {v.name for v in kernels.versions_for(jacobi, "spill", "d")})
        self.assertEqual({v.name for v in kernels.versions_for(kernels.KERNELS_BY_NAME["buk"])},
                         {"O", "P", "R", "B", "W", "WB"})

    def test_group_swap(self):
        self.assertEqual(cgroups.group_swap_bytes("file", None), 0)
        self.assertEqual(cgroups.group_swap_bytes("spill", None), 0)
        self.assertEqual(cgroups.group_swap_bytes("anon-swap", 512), 512 * MIB)
        self.assertIsNone(cgroups.group_swap_bytes("anon-swap", 0))  # the machine's own swap

    def test_v2_group_gets_its_swap_bound_and_counts_oom_kills(self):
        with tempfile.TemporaryDirectory() as parent:
            saved = cgroups.memory_cgroup_root
            cgroups.memory_cgroup_root = lambda: (parent, True)
            try:
                group = cgroups.MemoryGroup(64 * MIB, 0)
            finally:
                cgroups.memory_cgroup_root = saved
            with open(os.path.join(group.path, "memory.swap.max")) as f:
                self.assertEqual(f.read(), "0")
            with open(os.path.join(group.path, "memory.max")) as f:
                self.assertEqual(f.read(), str(64 * MIB))
            self.assertIsNone(group.oom_kills())
            with open(os.path.join(group.path, "memory.events"), "w") as f:
                f.write("low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\n")
            self.assertEqual(group.oom_kills(), 1)

    def test_outcome_of_a_run(self):
        sigkill = signal.SIGKILL  # a wait status of a process killed by SIGKILL is the signal
        self.assertEqual(measure.exit_code(sigkill), 137)
        self.assertEqual(measure.exit_code(3 << 8), 3)
        self.assertEqual(measure.run_outcome(False, sigkill, None), "killed")
        self.assertEqual(measure.run_outcome(True, sigkill, None), "capped")  # the harness' cap
        self.assertEqual(measure.run_outcome(False, 0, {"wall_s": 1}), "ok")
        self.assertEqual(measure.run_outcome(False, 2 << 8, None), "failed")

    def test_spill_support_from_the_probe(self):
        no = bench.spill_support("backing anonymous\nbyte 1\n", {"hints_seen": 0})
        self.assertFalse(no["supported"])
        self.assertIn("no spill counters", no["reason"])
        yes = bench.spill_support("backing /var/tmp/s/outcore-spill-1 (deleted)\n"
                                "static_backing anonymous\nbytes 1 2\n",
                                {"spill_blocks": 1, "hints_seen": 0})
        self.assertTrue(yes["supported"])
        self.assertFalse(yes["static_spilled"])
        self.assertEqual(yes["stats_counters"], {"spill_blocks": 1})
        self.assertFalse(bench.spill_support("", None)["supported"])
        paged = bench.spill_support("backing anonymous\n", {"pager_bytes_filled": 16 << 20})
        self.assertTrue(paged["supported"])

    def test_sigterm_raises_system_exit_so_cleanups_run(self):
        cleaned = []

        class Cleanup:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                cleaned.append(True)

        with self.assertRaises(SystemExit) as stop:
            with cli.ExitOnSignals(), Cleanup():
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(5)
        self.assertEqual(stop.exception.code, 128 + signal.SIGTERM)
        self.assertEqual(cleaned, [True])
        self.assertNotEqual(signal.getsignal(signal.SIGTERM), cli.ExitOnSignals._exit)

    @unittest.skipUnless(os.geteuid() == 0 and shutil.which("swapon"), "needs root and swapon")
    def test_swap_file_is_removed_even_when_the_run_fails(self):
        path = os.path.join("/var/tmp", f"outcore-test-swap-{os.getpid()}")
        try:
            with cgroups.SwapFile(path, 16):
                self.assertTrue(cgroups.has_swap())
                raise RuntimeError("the run failed")
        except RuntimeError as e:
            if str(e) != "the run failed":
                raise
        except subprocess.CalledProcessError as e:  # cleaned up by SwapFile itself
            self.assertFalse(os.path.exists(path))
            self.skipTest(f"swap file refused here: {e}")
        self.assertFalse(os.path.exists(path))
        with open("/proc/swaps") as f:
            self.assertNotIn(path, f.read())


def killed_run(kernel, version, rep):
    return {"kernel": kernel, "version": version, "rep": rep, "timed_out": False,
            "outcome": "killed", "progress": None, "phase": None, "peak_mib": 64.0,
            "avg_mib": None, "memory_trace": [], "runtime_stats": None,
            "process": {"wall_s": 1.5, "user_s": 0.2, "sys_s": 0.4, "majflt": 0,
                        "exit_status": 9, "exit_code": 137, "oom_kills": 1,
                        "stall_s": 0.1, "runq_s": 0.0, "read_bytes": 0}}


class KilledPrograms(unittest.TestCase):
    """No swap: the plain program is OOM-killed; that is a result, compared with W and Bfile."""

    def setUp(self):
        self.runs = []
        for rep in range(2):
            for version in ("O", "P", "R"):
                self.runs.append(killed_run("heap_sort", version, rep))
            self.runs.append(phase_run("heap_sort", "W", rep, 0.1))
            self.runs.append(phase_run("heap_sort", "Bfile", rep, 2.0))
        self.runs += [phase_run("heap_sort", "B", 0, 2.6), killed_run("heap_sort", "B", 1)]
        memory = {"mode": "spill", "swap_mib": 0, "spill_dir": "/var/tmp/s",
                  "spill_support": bench.spill_support("backing anonymous", {}),
                  "skipped": {"omp_jacobi2d": "no libomp"}}
        self.summary = summary.summarize(self.runs, None, "m", 64, True, True, memory)

    def test_summary(self):
        k = self.summary["kernels"]["heap_sort"]
        o = k["versions"]["O"]
        self.assertTrue(o["killed"])
        self.assertEqual((o["killed_runs"], o["exit_code"], o["oom_kills"]), (2, 137, 2))
        self.assertIsNone(o["wall_median_s"])
        b = k["versions"]["B"]
        self.assertEqual((b["runs"], b["killed_runs"]), (1, 1))
        self.assertAlmostEqual(b["wall_median_s"], 2.6)
        self.assertEqual(k["killed"], ["O", "P", "R"])
        self.assertEqual(k["killed_runs"], {"O": 2, "P": 2, "R": 2, "B": 1})
        self.assertAlmostEqual(k["vs_file"]["B / Bfile"], 1.3)
        self.assertAlmostEqual(k["vs_warm"]["B"], 26.0)
        self.assertTrue(k["outputs_identical"])
        self.assertTrue(k["program"])
        by_name = {t["target"]: t for t in self.summary["targets"]}
        self.assertTrue(by_name["heap_sort: B / Bfile wall (no swap)"]["ok"])

    def test_report(self):
        with tempfile.TemporaryDirectory() as out:
            report.write_report(out, self.summary, self.runs, None)
            with open(os.path.join(out, "report.md")) as f:
                text = f.read()
        self.assertIn("Memory: `--memory spill`", text)
        self.assertIn("NO SPILL SUPPORT", text)
        self.assertIn("Skipped omp_jacobi2d: no libomp", text)
        self.assertIn("| heap_sort | killed (137) | killed (137) | killed (137) | 2.60 | 0.10 "
                      "| 2.00 | 26.00 | 1.30 | O, P, R, B 1/2 | yes |", text)
        self.assertIn("| O killed (exit 137, 2 of 2 runs) |", text)
        self.assertEqual(report.baseline_version(self.summary["kernels"]["heap_sort"]), "Bfile")


def build(cc, source, exe, flags=()):
    return subprocess.run([cc, "-O1", "-ffp-contract=off", "-I", kernels.KERNEL_SRC, *flags,
                           os.path.join(kernels.KERNEL_SRC, source + ".c"), "-o", exe, "-lm"],
                          capture_output=True, text=True).returncode == 0


def kernel_report(exe, sizes, env):
    out = subprocess.run([exe, "run", *map(str, sizes)], capture_output=True, text=True,
                         env=env, timeout=60).stdout
    line = next(x for x in out.splitlines() if x.startswith("OUTCORE_BENCH "))
    return json.loads(line[len("OUTCORE_BENCH "):])


@unittest.skipUnless(c_compiler(), "no C compiler")
class ProgramKernels(unittest.TestCase):
    """Tiny runs of the program kernels: each checks its result, and prints the checksum of
    its file-mapped twin (run in bench_data.h's anonymous mode, no files) bit for bit."""
    SIZES = {"heap_matvec": [16, 300, 2], "static_column": [64, 96], "heap_spmv": [500, 8],
             "heap_sort": [4096, 64], "heap_jacobi2d": [40, 2], "calloc_jacobi3d": [12, 2],
             "omp_jacobi2d": [40, 2], "heap_cyclic": [1000, 3], "rows_jacobi2d": [40, 2]}

    def test_checks_pass_and_twins_agree(self):
        env = {**os.environ, "OUTCORE_BENCH_MODE": "anon", "OMP_NUM_THREADS": "2"}
        cc = c_compiler()
        with tempfile.TemporaryDirectory() as tmp:
            checksums = {}
            for kernel in kernels.PROGRAM_KERNELS:
                sizes = self.SIZES[kernel.name]
                flags = kernel.flags(sizes) if kernel.flags else []
                exe = os.path.join(tmp, kernel.name)
                if not build(cc, kernels.SOURCE_OF.get(kernel.name, kernel.name), exe, flags):
                    self.assertIn("-fopenmp", flags, kernel.name)  # libomp may be missing
                    continue
                phase = kernel_report(exe, sizes, env)
                self.assertEqual((phase["check"], phase["mode"]), ("ok", "program"), kernel.name)
                checksums[kernel.name] = phase["checksum"]
                if kernel.twin:
                    twin = os.path.join(tmp, kernel.twin)
                    self.assertTrue(build(cc, kernel.twin, twin), kernel.twin)
                    self.assertEqual(kernel_report(twin, sizes, env)["checksum"],
                                     phase["checksum"], kernel.name)
            if "omp_jacobi2d" in checksums:
                self.assertEqual(checksums["omp_jacobi2d"], checksums["heap_jacobi2d"])
            self.assertEqual(checksums["rows_jacobi2d"], checksums["heap_jacobi2d"])


@unittest.skipUnless(c_compiler(), "no C compiler")
class MeasuredStall(unittest.TestCase):
    def test_bench_data_stall_is_the_blocked_time_and_within_the_wall(self):
        with tempfile.TemporaryDirectory() as tmp:
            src, exe = os.path.join(tmp, "stall.c"), os.path.join(tmp, "stall")
            with open(src, "w") as f:
                f.write(STALL_PROGRAM)
            subprocess.run([c_compiler(), "-O1", "-pthread", "-I",
                            os.path.join(kernels.BENCH_DIR, "kernels"), src, "-o", exe],
                           check=True, capture_output=True)
            out = subprocess.run([exe], check=True, capture_output=True, text=True,
                                 timeout=60).stdout
        line = next(x for x in out.splitlines() if x.startswith("OUTCORE_BENCH "))
        phase = json.loads(line[len("OUTCORE_BENCH "):])
        wall, stall = phase["wall_s"], phase["stall_s"]
        self.assertIsNotNone(stall, "no /proc/thread-self/schedstat")
        self.assertIsNone(summary.stall_problem(stall, wall))
        self.assertLessEqual(stall, wall + summary.STALL_TOLERANCE_S)
        # 40 sleeps of 2 ms are blocked time; on a busy machine the end of each sleep
        # waits for a CPU, which is run-queue time, not stall.
        self.assertGreaterEqual(stall + phase["runq_s"], 0.07)
        self.assertGreater(stall, 0.02)
        self.assertAlmostEqual(stall + phase["run_s"] + phase["runq_s"], wall, places=5)
        m = summary.run_metrics({"phase": {**phase, "checksum": "0", "check": "ok"}})
        self.assertLessEqual(m["stall_s"], m["wall_s"])


if __name__ == "__main__":
    unittest.main()
