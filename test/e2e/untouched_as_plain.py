#!/usr/bin/env python3
"""E2E: a function the pass does not transform compiles exactly as in the plain build (issue 9:
in core costs nothing). untouched/row_copy.c is built to IR at -O2 with plain clang and with
outcore-cc; copy_forcing (not transformed) must be the same IR text in both, and sweep
(transformed) must carry the fit test, so that the comparison is not of two plain builds. sweep
is noinline and its fit test reads only its arguments: the body it runs when the data fits,
sweep.outcore.plain, must be the plain build's sweep, instruction for instruction.
untouched/inline_kernel.c, built with a memory size at which nothing is transformed, must give
the plain build's whole module (bodies, attributes, inlining decisions)."""

import os
import re
import sys

import harness

UNTOUCHED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "untouched")
SOURCE = os.path.join(UNTOUCHED, "row_copy.c")
NOTHING_TRANSFORMED = os.path.join(UNTOUCHED, "inline_kernel.c")
EVERYTHING_FITS = ["-mllvm", "-outcore-mem-size=16G"]


def function_ir(ir, name):
    """The body of define ... @name, with attribute group and metadata numbers masked (the two
    modules number them differently)."""
    match = re.search(r"^define [^\n]*@" + name + r"\(.*?^}", ir, re.M | re.S)
    if not match:
        return None
    return re.sub(r"[#!]\d+", "#N", match.group(0))


def function_body(ir, name):
    """function_ir without its define line (linkage, calling convention and attributes differ
    between a function and its out-of-line copy)."""
    text = function_ir(ir, name)
    return text.split("\n", 1)[1] if text else None


def module_ir(ir):
    """The module without the lines that name its file."""
    return re.sub(r"^(; ModuleID|source_filename) .*\n", "", ir, flags=re.M)


def build_ir(toolchain, env, work_dir, source, outcore_flags=()):
    """{"plain": IR text, "outcore": IR text} of source at -O2, or None (printed why)."""
    ir = {}
    for build, cc in (("plain", [toolchain.clang]),
                      ("outcore", [toolchain.outcore_cc, *outcore_flags])):
        out = os.path.join(work_dir, build + "." + os.path.basename(source) + ".ll")
        built = harness.run([*cc, "-O2", "-S", "-emit-llvm", source, "-o", out], env=env)
        if built.returncode != 0:
            print(f"untouched_as_plain: the {build} build of {source} failed:\n{built.stderr}")
            return None
        with open(out) as f:
            ir[build] = f.read()
    return ir


def main():
    setup = harness.work_dir_test_setup(__doc__)
    if not setup:
        return 1
    args, toolchain, env = setup
    ir = build_ir(toolchain, env, args.work_dir, NOTHING_TRANSFORMED, EVERYTHING_FITS)
    if ir is None:
        return 1
    if "oc_memory_limit_now" in ir["outcore"]:
        print("untouched_as_plain: inline_kernel.c has a transformed nest at 16 GiB")
        return 1
    if module_ir(ir["plain"]) != module_ir(ir["outcore"]):
        print("untouched_as_plain: inline_kernel.c, nothing transformed, compiles to another module "
              f"than the plain build's\n--- plain\n{ir['plain']}\n--- outcore-cc\n{ir['outcore']}")
        return 1
    ir = build_ir(toolchain, env, args.work_dir, SOURCE)
    if ir is None:
        return 1
    if "oc_memory_limit_now" not in (function_ir(ir["outcore"], "sweep") or ""):
        print("untouched_as_plain: sweep has no fit test in the outcore build")
        return 1
    plain, outcore = function_ir(ir["plain"], "copy_forcing"), function_ir(ir["outcore"], "copy_forcing")
    if plain is None or plain != outcore:
        print("untouched_as_plain: copy_forcing differs from the plain build's\n"
              f"--- plain\n{plain}\n--- outcore-cc\n{outcore}")
        return 1
    plain, outcore = function_body(ir["plain"], "sweep"), function_body(ir["outcore"], r"sweep\.outcore\.plain")
    if plain is None or plain != outcore:
        print("untouched_as_plain: sweep's in-core body differs from the plain build's sweep\n"
              f"--- plain\n{plain}\n--- outcore-cc (sweep.outcore.plain)\n{outcore}")
        return 1
    print("untouched_as_plain: inline_kernel.c's module and copy_forcing compile as in the plain "
          "build; sweep is transformed, and its in-core body is the plain build's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
