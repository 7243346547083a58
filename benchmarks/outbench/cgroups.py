"""Memory limits: a fresh memory cgroup per run (v1 or v2), the swap it may use, and the swap
file of the anon-swap mode."""
import os
import subprocess
import sys
import time

from . import MIB


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


def group_swap_bytes(memory, swap_mib):
    """Swap a limited group may use (MemoryGroup's swap_bytes): none in file and spill mode,
    as on the many machines without swap, even while a swap file is on; in anon-swap the swap
    file's size, or no bound (None) with --swap-mib 0 (the machine's own swap)."""
    if memory != "anon-swap":
        return 0
    return swap_mib * MIB if swap_mib else None


def has_swap():
    with open("/proc/swaps") as f:
        return len(f.readlines()) > 1
