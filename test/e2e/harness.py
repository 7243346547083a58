"""Shared by the end-to-end tests and the differential fuzzer: the toolchain under test,
compiling, running a program under every Outcore run-time configuration, and comparing output.

A program passes when the binary built by outcore-cc prints exactly what the binary built by
plain clang prints (same flags), under every OUTCORE_POLICY, with and without a tiny
OUTCORE_MEM_LIMIT (which makes transformed code take its hinted version), and exits with 0.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
from dataclasses import dataclass

# Shared with the benchmarks: benchmarks/toolchain.py (ctest puts benchmarks/ on PYTHONPATH).
from toolchain import Toolchain, add_toolchain_arguments, corpus_sources, toolchain_from_arguments  # noqa: F401

POLICIES = ("off", "prefetch", "release", "buffered")
# Without a limit run-time versioning may pick the original loop nests. 16K is below every
# corpus and fuzz footprint and below most single iterations: the hinted versions that
# release after each use. At 256K the one-iteration working sets of outer loops often fit
# while the whole nest does not: the versions that keep pages across outer iterations.
SMALL_MEM_LIMIT = "16K"
MEDIUM_MEM_LIMIT = "256K"
RUN_CONFIGS = tuple(
    (f"{policy}{'' if limit is None else '+mem=' + limit}",
     {"OUTCORE_POLICY": policy, **({} if limit is None else {"OUTCORE_MEM_LIMIT": limit})})
    for policy in POLICIES for limit in (None, SMALL_MEM_LIMIT, MEDIUM_MEM_LIMIT))

# Data that fits in the memory the analysis assumes gets no hints (64M by default): every corpus
# and fuzz program would then run untransformed. Compiled for 8K of memory (below the small
# limit), their nests are transformed and the run-time limits above choose the versions.
OUTCORE_FLAGS = ("-mllvm", "-outcore-mem-size=8K")

COMPILE_TIMEOUT = 60  # every corpus or fuzz file compiles in about a second; more is a hang
RUN_TIMEOUT = 60


@dataclass
class Outcome:
    returncode: int  # negative: killed by that signal; None: timed out
    stdout: str
    stderr: str

    @property
    def ok(self):
        return self.returncode == 0

    def describe(self):
        if self.returncode is None:
            status = "timed out"
        elif self.returncode < 0:
            status = f"killed by signal {-self.returncode}"
        else:
            status = f"exit status {self.returncode}"
        # The informative lines of a crash come first (assertion, pass and function); stack
        # frames and the bug-report boilerplate follow them.
        lines = [line for line in self.stderr.strip().splitlines()
                 if line.strip() and not re.match(r"\s*#\d+ 0x", line) and "diagnostic msg" not in line
                 and not line.startswith(("0.\tProgram arguments", "PLEASE", "Preprocessed", "****"))]
        return status + "".join("\n    | " + line[:300] for line in lines[:10])


def run(command, env=None, timeout=RUN_TIMEOUT, cwd=None) -> Outcome:
    try:
        proc = subprocess.run(command, env=env, cwd=cwd, capture_output=True, timeout=timeout,
                              text=True, errors="replace")
        return Outcome(proc.returncode, proc.stdout, proc.stderr)
    except subprocess.TimeoutExpired as expired:
        def text(data):
            return data.decode(errors="replace") if isinstance(data, bytes) else (data or "")
        return Outcome(None, text(expired.stdout), text(expired.stderr))


def is_compiler_crash(outcome: Outcome):
    """A crash or an internal error, as opposed to a diagnostic about the program."""
    markers = ("PLEASE submit a bug report", "Stack dump:", "frontend command failed due to signal",
               "LLVM ERROR", "Assertion", "Broken module", "Broken function", "isl_")
    return outcome.returncode is None or outcome.returncode < 0 or any(
        marker in outcome.stderr for marker in markers)


def clean_environment(toolchain: Toolchain):
    """The environment of the test itself, minus any OUTCORE_* setting it may have inherited."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("OUTCORE_")}
    if toolchain.runtime_dir:
        env["LD_LIBRARY_PATH"] = os.pathsep.join(
            filter(None, [toolchain.runtime_dir, env.get("LD_LIBRARY_PATH", "")]))
    return env


def work_dir_test_setup(description):
    """For a test taking the toolchain arguments and --work-dir: (args, toolchain, environment),
    the work directory made; None (the missing parts printed) when the toolchain is incomplete."""
    parser = argparse.ArgumentParser(description=description)
    add_toolchain_arguments(parser)
    parser.add_argument("--work-dir", required=True)
    args = parser.parse_args()
    toolchain = toolchain_from_arguments(args)
    if toolchain.missing():
        print("\n".join(toolchain.missing()))
        return None
    os.makedirs(args.work_dir, exist_ok=True)
    return args, toolchain, clean_environment(toolchain)


def first_difference(expected: str, actual: str):
    """(1-based line number, expected line, actual line) of the first difference, or None."""
    if expected == actual:
        return None
    expected_lines, actual_lines = expected.splitlines(), actual.splitlines()
    for number in range(max(len(expected_lines), len(actual_lines))):
        want = expected_lines[number] if number < len(expected_lines) else "<end of output>"
        got = actual_lines[number] if number < len(actual_lines) else "<end of output>"
        if want != got:
            return number + 1, want, got
    # Same lines, so only a trailing newline differs.
    return len(expected_lines), repr(expected[-1:]), repr(actual[-1:])


@dataclass
class Failure:
    program: str  # corpus kernel or fuzz case name
    stage: str  # "plain build", "outcore build", "plain run", "run", "compare"
    config: str  # opt level and run configuration
    detail: str
    compiler_crash: bool = False

    def __str__(self):
        return f"FAIL {self.program} [{self.config}] {self.stage}: {self.detail}"


def compare_builds(source, name, work_dir, opt_level, toolchain: Toolchain, extra_flags=()):
    """Build `source` with plain clang and with outcore-cc at `opt_level`, run the plain binary once
    and the outcore binary under every RUN_CONFIGS entry, and return the list of Failures."""
    os.makedirs(work_dir, exist_ok=True)
    toolchain = toolchain.for_source(source)
    flags = [opt_level, *extra_flags]
    plain_exe = os.path.join(work_dir, f"{name}{opt_level}.plain")
    outcore_exe = os.path.join(work_dir, f"{name}{opt_level}.outcore")
    env = clean_environment(toolchain)

    plain_build = run([toolchain.clang, *flags, source, "-o", plain_exe, "-lm"], env=env,
                      timeout=COMPILE_TIMEOUT)
    if not plain_build.ok:
        return [Failure(name, "plain build", opt_level, plain_build.describe())]
    outcore_build = run([toolchain.outcore_cc, *flags, *OUTCORE_FLAGS, source, "-o", outcore_exe, "-lm"], env=env,
                        timeout=COMPILE_TIMEOUT)
    if not outcore_build.ok:
        return [Failure(name, "outcore build", opt_level, outcore_build.describe(),
                        compiler_crash=is_compiler_crash(outcore_build))]

    reference = run([plain_exe], env=env)
    if not reference.ok:
        return [Failure(name, "plain run", opt_level, reference.describe())]
    failures = []
    for config_name, settings in RUN_CONFIGS:
        config = f"{opt_level} {config_name}"
        result = run([outcore_exe], env={**env, **settings})
        if not result.ok:
            failures.append(Failure(name, "run", config, result.describe()))
            continue
        difference = first_difference(reference.stdout, result.stdout)
        if difference:
            line, want, got = difference
            failures.append(Failure(name, "compare", config,
                                    f"stdout line {line}: plain clang printed {want!r}, outcore printed {got!r}"))
    return failures


def parallel_map(function, items, jobs):
    """function(item) for every item on `jobs` threads (the work is in subprocesses), in order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(function, items))
