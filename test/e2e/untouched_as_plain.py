#!/usr/bin/env python3
"""E2E: a function the pass does not transform compiles exactly as in the plain build (issue 9:
in core costs nothing). untouched/row_copy.c is built to IR at -O2 with plain clang and with
outcore-cc; copy_forcing (not transformed) must be the same IR text in both, and sweep
(transformed) must carry the fit test, so that the comparison is not of two plain builds."""

import os
import re
import sys

import harness

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "untouched", "row_copy.c")


def function_ir(ir, name):
    """The body of define ... @name, with attribute group and metadata numbers masked (the two
    modules number them differently)."""
    match = re.search(r"^define [^\n]*@" + name + r"\(.*?^}", ir, re.M | re.S)
    if not match:
        return None
    return re.sub(r"[#!]\d+", "#N", match.group(0))


def main():
    setup = harness.work_dir_test_setup(__doc__)
    if not setup:
        return 1
    args, toolchain, env = setup
    ir = {}
    for build, cc in (("plain", toolchain.clang), ("outcore", toolchain.outcore_cc)):
        out = os.path.join(args.work_dir, build + ".ll")
        built = harness.run([cc, "-O2", "-S", "-emit-llvm", SOURCE, "-o", out], env=env)
        if built.returncode != 0:
            print(f"untouched_as_plain: the {build} build failed:\n{built.stderr}")
            return 1
        with open(out) as f:
            ir[build] = f.read()
    if "oc_memory_limit_now" not in (function_ir(ir["outcore"], "sweep") or ""):
        print("untouched_as_plain: sweep has no fit test in the outcore build")
        return 1
    plain, outcore = function_ir(ir["plain"], "copy_forcing"), function_ir(ir["outcore"], "copy_forcing")
    if plain is None or plain != outcore:
        print("untouched_as_plain: copy_forcing differs from the plain build's\n"
              f"--- plain\n{plain}\n--- outcore-cc\n{outcore}")
        return 1
    print("untouched_as_plain: copy_forcing compiles as in the plain build; sweep is transformed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
