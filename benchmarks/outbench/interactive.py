"""The interactive co-runner (OSDI Sec. 1.1 and 4.5): kernels/toucher.c touches every page of a
small file mapping, sleeps, and repeats, in the same memory group as a kernel restarted in a
loop; its response times per sleep time show whether the kernel's version pushes it out."""
import os
import signal
import time

from .cgroups import MemoryGroup
from .kernels import HINTED, KERNEL_SRC, KERNELS_BY_NAME, versions_for
from .measure import data_files, evict, spawn_in_group


class InteractiveCoRunner:
    """Runs with a bench.Bench's builds, settings, limits and directories."""

    def __init__(self, bench):
        self.bench = bench
        self.toucher = os.path.join(bench.bin_dir, "toucher")
        self.toucher_data = os.path.join(bench.args.data_dir, "toucher.dat")

    def toucher_samples(self, group, sleep_s, count):
        log = os.path.join(self.bench.log_dir, "toucher.log")
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

    def run(self, kernel_bins):
        """kernel name -> (binaries, sizes, data directory) as Bench.run_kernel returns them."""
        bench = self.bench
        sleeps, count = bench.args.sleeps, bench.args.touches
        bench.compile(os.path.join(KERNEL_SRC, "toucher.c"), self.toucher, False)
        print("interactive co-runner: standalone", flush=True)
        group = MemoryGroup(bench.limit, bench.swap_bytes)
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
                version = next(v for v in versions_for(kernel, bench.memory, bench.args.spill_dir)
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
        bench = self.bench
        file_backed = bench.file_data(kernel)
        if file_backed:
            evict(data_files(data_dir))
        self.evict_toucher_data()
        group = MemoryGroup(bench.limit, bench.swap_bytes)
        loop = ["/bin/sh", "-c", 'while :; do "$@"; done', "sh", binary, "run", *map(str, sizes)]
        env = bench.env(data_dir, version.env, "file" if file_backed else "anon")
        pid = spawn_in_group(loop, env, group, os.devnull, new_session=True)
        try:
            time.sleep(1.0)  # let the kernel fill the group before the first touch
            return [self.toucher_samples(group, s, count) for s in sleeps]
        finally:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            group.remove()
