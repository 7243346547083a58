#!/usr/bin/env python3
"""Differential fuzzer: generate random loop-nest programs (gen.py), build each with outcore-cc
and with plain clang-19 at one -O level (cycling -O1/-O2/-O3), run the plain binary once and the
outcore binary under every OUTCORE_POLICY with no OUTCORE_MEM_LIMIT, a small and a medium one
(harness.SMALL_MEM_LIMIT, MEDIUM_MEM_LIMIT), and compare
stdout. Failing programs are saved with a note of what failed."""

import argparse
import os
import shutil
import sys

import gen
import harness  # shared with the e2e tests (ctest puts test/e2e on PYTHONPATH)

OPT_LEVELS = ("-O1", "-O2", "-O3")


def run_case(case_seed, level, work_dir, save_dir, toolchain):
    name = f"case{case_seed}"
    case_dir = os.path.join(work_dir, name)
    os.makedirs(case_dir, exist_ok=True)
    source = os.path.join(case_dir, f"{name}.c")
    with open(source, "w", encoding="utf-8") as f:
        f.write(gen.generate_program(case_seed))
    failures = harness.compare_builds(source, name, case_dir, level, toolchain)
    if failures:
        os.makedirs(save_dir, exist_ok=True)
        shutil.copy(source, os.path.join(save_dir, f"{name}.c"))
        with open(os.path.join(save_dir, f"{name}.txt"), "w", encoding="utf-8") as f:
            f.write(f"reproduce: outcore-cc {level} {name}.c -o {name} -lm, then run it under each "
                    f"OUTCORE_POLICY (OUTCORE_MEM_LIMIT unset, {harness.SMALL_MEM_LIMIT}, {harness.MEDIUM_MEM_LIMIT}) and compare "
                    f"with clang-19 {level}\n")
            f.write("".join(f"{failure}\n" for failure in failures))
    shutil.rmtree(case_dir)  # saved copies of failing cases are all that is kept
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    harness.add_toolchain_arguments(parser)
    parser.add_argument("--count", type=int, default=100, help="number of programs")
    parser.add_argument("--seed", type=int, default=1, help="first program's seed; program k uses seed+k")
    parser.add_argument("--work-dir", default="fuzz-work", help="scratch directory")
    parser.add_argument("--save-dir", default="fuzz-failures", help="failing programs are copied here")
    args = parser.parse_args()
    toolchain = harness.toolchain_from_arguments(args)
    if toolchain.missing():
        print("\n".join(toolchain.missing()))
        return 1
    cases = [(args.seed + k, OPT_LEVELS[k % len(OPT_LEVELS)]) for k in range(args.count)]
    results = harness.parallel_map(
        lambda case: run_case(case[0], case[1], args.work_dir, args.save_dir, toolchain), cases, args.jobs)

    def count(stage):
        return sum(1 for failures in results if any(f.stage == stage for f in failures))

    crashes = sum(1 for failures in results if any(f.compiler_crash for f in failures))
    not_built = count("plain build") + count("outcore build")
    mismatches = sum(1 for failures in results if any(f.stage in ("run", "compare") for f in failures))
    for failures in results:
        for failure in failures[:3]:
            print(failure)
    print(f"programs: {len(cases)}, compiled: {len(cases) - not_built}, "
          f"identical: {sum(1 for failures in results if not failures)}, mismatches: {mismatches}, "
          f"compiler crashes: {crashes}, outcore build errors (no crash): {count('outcore build') - crashes}, "
          f"plain build/run failures (generator bugs): {count('plain build') + count('plain run')}")
    if any(results):
        print(f"failing programs saved in {os.path.abspath(args.save_dir)}")
    return 1 if any(results) else 0


if __name__ == "__main__":
    sys.exit(main())
