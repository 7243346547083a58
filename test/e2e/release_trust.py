#!/usr/bin/env python3
"""E2E: releases that come back are withheld. A file-mapped matrix summed one column per call
(release_trust/column_calls.c) is built with outcore-cc and plain clang; run with the hinted
versions (OUTCORE_MEM_LIMIT=4M, one call releases 1 MiB) it must print what the plain build
prints, and its statistics must show the column's tag taking back its own releases and the
runtime withholding most of them (releases_ignored), issuing only those before it learnt."""

import json
import os
import sys

import harness

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "release_trust", "column_calls.c")


def main():
    setup = harness.work_dir_test_setup(__doc__)
    if not setup:
        return 1
    args, toolchain, env = setup
    exe = os.path.join(args.work_dir, "column_calls")
    plain = exe + ".plain"
    for cc, out, flags in ((toolchain.outcore_cc, exe, harness.OUTCORE_FLAGS),
                           (toolchain.clang, plain, ())):
        built = harness.run([cc, "-O2", *flags, SOURCE, "-o", out], env=env,
                            timeout=harness.COMPILE_TIMEOUT)
        if not built.ok:
            print(f"FAIL build {out}: {built.describe()}")
            return 1
    data, stats = exe + ".data", exe + ".stats.json"
    result = harness.run([exe, data], env={**env, "OUTCORE_MEM_LIMIT": "4M",
                                           "OUTCORE_POLICY": "buffered", "OUTCORE_STATS": stats})
    reference = harness.run([plain, data], env=env)
    os.remove(data)
    if not result.ok or not reference.ok or result.stdout != reference.stdout:
        print(f"FAIL run: outcore {result.describe()} / plain {reference.describe()}")
        return 1
    with open(stats) as f:
        figures = json.load(f)
    column = max(figures["tags"], key=lambda t: t["recorded"] + t["ignored"])
    print(f"column tag {column['tag']}: recorded {column['recorded']}, ignored {column['ignored']}, "
          f"issued {column['issued']} pieces, own rescues {column['rescued_own']} pages; "
          f"releases_ignored {figures['releases_ignored']}")
    seen = column["recorded"] + column["ignored"]
    if column["rescued_own"] == 0 or column["ignored"] < seen // 2:
        print("FAIL the column's releases were not withheld")
        return 1
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
