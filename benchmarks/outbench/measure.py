"""One measured process: its data made cold or warm, fork + exec into a memory cgroup, the
main thread's counters read from the zombie, the group's memory sampled over time, and the
kernel's own OUTCORE_BENCH report of its measured phase."""
import array
import ctypes
import json
import os
import platform
import signal
import statistics
import threading
import time

from . import MIB, PAGE
from .cgroups import MemoryGroup, memory_cgroup_root

MEMORY_SAMPLE_S = 0.05


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


def main_thread_stall(wall_s, run_s, runq_s):
    """I/O stall as the papers define it (TOCS Sec. 5: the time the application's computing
    thread is stalled; worker threads' I/O overlaps it and is not stall): the time the main
    thread was blocked, i.e. neither on a CPU (its CPU time) nor waiting for one (its run-queue
    wait, schedstat field 2). For these kernels that is waiting for page-fault reads and for
    pages that others are reading or releasing."""
    if None in (wall_s, run_s, runq_s):
        return None
    return wall_s - run_s - runq_s


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
