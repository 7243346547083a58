#!/usr/bin/env python3
"""E2E: tags are unique per program, not per source file. Two alike modules whose directives both
number their tags from 1 are built with outcore-cc and linked into one program; run with a small
OUTCORE_MEM_LIMIT (hinted versions) and OUTCORE_STATS, the runtime must see tags beyond one
module's numbers (the second module's, offset by the first's count), and the program must print
what the plain build prints."""

import json
import os
import sys

import harness

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = [os.path.join(HERE, "multi_module", name) for name in ("sweep_a.c", "sweep_b.c")]
MAIN = os.path.join(HERE, "multi_module", "main.c")  # built plainly: no tags of its own


def remark_tags(yaml_path):
    """Tags of the Prefetched/Released remarks in one module's optimisation record."""
    tags, in_directive = set(), False
    with open(yaml_path) as f:
        for line in f:
            if line.startswith("--- !"):
                in_directive = False
            elif line.startswith("Name:"):
                in_directive = line.split()[1] in ("Prefetched", "Released")
            elif in_directive and line.strip().startswith("- Tag:"):
                tags.add(int(line.split(":")[1].strip().strip("'")))
    return tags


def main():
    setup = harness.work_dir_test_setup(__doc__)
    if not setup:
        return 1
    args, toolchain, env = setup
    objects, module_tags = [], []
    for source in SOURCES:
        obj = os.path.join(args.work_dir, os.path.basename(source) + ".o")
        record = obj + ".yaml"
        built = harness.run([toolchain.outcore_cc, "-O2", *harness.OUTCORE_FLAGS, "-c", source,
                             "-o", obj, "-fsave-optimization-record", f"-foptimization-record-file={record}"],
                            env=env, timeout=harness.COMPILE_TIMEOUT)
        if not built.ok:
            print(f"FAIL outcore build of {source}: {built.describe()}")
            return 1
        objects.append(obj)
        module_tags.append(remark_tags(record))
    if not module_tags[0] or module_tags[0] != module_tags[1]:
        print(f"FAIL expected both modules to number the same tags from 1: {module_tags}")
        return 1
    exe = os.path.join(args.work_dir, "two_modules")
    plain = exe + ".plain"
    main_obj = os.path.join(args.work_dir, "main.o")
    built = harness.run([toolchain.clang, "-O2", "-c", MAIN, "-o", main_obj], env=env,
                        timeout=harness.COMPILE_TIMEOUT)
    if not built.ok:
        print(f"FAIL build of {MAIN}: {built.describe()}")
        return 1
    for cc, out, inputs in ((toolchain.outcore_cc, exe, [*objects, main_obj]),
                            (toolchain.clang, plain, [*SOURCES, MAIN])):
        linked = harness.run([cc, "-O2", *inputs, "-o", out], env=env, timeout=harness.COMPILE_TIMEOUT)
        if not linked.ok:
            print(f"FAIL link {out}: {linked.describe()}")
            return 1
    stats = exe + ".stats.json"
    result = harness.run([exe], env={**env, "OUTCORE_MEM_LIMIT": harness.SMALL_MEM_LIMIT,
                                     "OUTCORE_POLICY": "buffered", "OUTCORE_STATS": stats})
    reference = harness.run([plain], env=env)
    if not result.ok or not reference.ok or result.stdout != reference.stdout:
        print(f"FAIL run: outcore {result.describe()} / plain {reference.describe()}")
        return 1
    with open(stats) as f:
        seen = {t["tag"] for t in json.load(f)["tags"]}
    # The modules are alike (same count of tags): had both kept their own numbers, every tag the
    # runtime saw would be at most that count.
    local_max = max(max(tags) for tags in module_tags)
    if not seen or max(seen) <= local_max:
        print(f"FAIL runtime tags {sorted(seen)} do not separate the modules' tags {module_tags}")
        return 1
    print(f"tags: each module numbers 1..{local_max}; the runtime saw {sorted(seen)}")
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
