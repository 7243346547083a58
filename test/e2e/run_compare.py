#!/usr/bin/env python3
"""E2E part (b): build every corpus kernel with outcore-cc and with plain clang-19 at the same -O
level, run the plain binary once and the outcore binary under every OUTCORE_POLICY, with no
OUTCORE_MEM_LIMIT, a small and a medium one (harness.SMALL_MEM_LIMIT, MEDIUM_MEM_LIMIT), and
require byte-identical stdout and exit status 0."""

import argparse
import os
import sys

import harness
from toolchain import source_flags


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    harness.add_toolchain_arguments(parser)
    parser.add_argument("--corpus", required=True, help="directory of corpus *.c and *.cpp files")
    parser.add_argument("--work-dir", required=True, help="where the binaries go")
    parser.add_argument("--levels", default="-O2,-O3", help="comma-separated -O levels")
    args = parser.parse_args()
    toolchain = harness.toolchain_from_arguments(args)
    if toolchain.missing():
        print("\n".join(toolchain.missing()))
        return 1
    sources = harness.corpus_sources(args.corpus)
    jobs = [(source, level) for source in sources for level in args.levels.split(",")]

    def compare(job):
        source, level = job
        name = os.path.splitext(os.path.basename(source))[0]
        return harness.compare_builds(source, name, args.work_dir, level, toolchain,
                                      source_flags(source))

    results = harness.parallel_map(compare, jobs, args.jobs)
    failures = [failure for result in results for failure in result]
    for failure in failures:
        print(failure)
    failed_builds = sum(1 for result in results if result)
    print(f"kernels: {len(sources)}, builds compared: {len(jobs)} x {len(harness.RUN_CONFIGS)} run "
          f"configurations, passed: {len(jobs) - failed_builds}, failed: {failed_builds} "
          f"({len(failures)} failing runs, {sum(f.compiler_crash for f in failures)} compiler crashes)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
