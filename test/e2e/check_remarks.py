#!/usr/bin/env python3
"""E2E part (a): compile every corpus kernel with clang-19 and the Outcore plugin at -O1/-O2/-O3
with the IR verifier after every pass, then check the optimisation record against the remark
contract in DESIGN.md: every array named in a file's `// ARRAYS: fn: a b c` lines gets a
well-formed `Locality` analysis remark in that function, or the function has a `NotTransformed`
missed remark with a Reason; every outcore remark present is well-formed."""

import argparse
import os
import re
import sys
from dataclasses import dataclass

import harness
import remarks
from toolchain import source_flags

OPT_LEVELS = ("-O1", "-O2", "-O3")
DEPTH_LIST = re.compile(r"^(none|\d+(\s*,\s*\d+)*)$")
INTEGER = re.compile(r"^-?\d+$")
LOCALITY_ARGS = ("Array", "Temporal", "Spatial", "Localized", "Group", "Prefetch", "Release",
                 "Priority", "Indirect", "Hints")
DIRECTIVE_ARGS = ("Array", "Tag", "Priority", "Pages", "Distance", "PipelineDepth")
MAX_PRINTED_PER_COMPILE = 8


@dataclass
class KernelFunction:
    name: str
    arrays: list


def read_array_lines(path):
    """The `// ARRAYS: function: array ...` declarations at the top of a corpus file."""
    functions = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            match = re.match(r"^//\s*ARRAYS:\s*(\w+)\s*:(.*)$", line)
            if match:
                functions.append(KernelFunction(match.group(1), match.group(2).split()))
    return functions


def names_array(remark_array, source_name):
    """The remark's Array (an IR name) is the source name or a name containing it as a word,
    e.g. `A` in `A.coerce`; `key` does not match `key2`."""
    return re.search(rf"(?<![\w]){re.escape(source_name)}(?![\w])", remark_array or "") is not None


def depth_list_ok(value):
    if value is None or not DEPTH_LIST.match(value):
        return False
    if value == "none":
        return True
    depths = [int(d) for d in value.split(",")]
    return depths == sorted(set(depths))


def locality_problems(remark):
    """Contract violations of one Locality remark (an empty list when it is well-formed)."""
    problems = [f"missing arg {key}" for key in LOCALITY_ARGS if remark.arg(key) is None]
    if problems:
        return problems
    if remark.kind != "Analysis":
        problems.append(f"kind is {remark.kind}, expected Analysis")
    if not remark.arg("Array").strip():
        problems.append("empty Array")
    for key in ("Temporal", "Spatial", "Localized"):
        if not depth_list_ok(remark.arg(key)):
            problems.append(f"{key}={remark.arg(key)!r} is not 'none' or ascending depths")
    checks = {"Group": ("single", "leader", "trailer", "member"), "Indirect": ("true", "false"),
              "Hints": ("yes", "none")}
    for key, allowed in checks.items():
        if remark.arg(key) not in allowed:
            problems.append(f"{key}={remark.arg(key)!r} not in {allowed}")
    if not INTEGER.match(remark.arg("Priority")) or int(remark.arg("Priority")) < 0:
        problems.append(f"Priority={remark.arg('Priority')!r} is not a non-negative integer")
    elif depth_list_ok(remark.arg("Temporal")):
        # OSDI eq. 2: the sum of 2^depth over the loops that carry temporal reuse.
        temporal = remark.arg("Temporal")
        expected = 0 if temporal == "none" else sum(2 ** int(d) for d in temporal.split(","))
        if int(remark.arg("Priority")) != expected:
            problems.append(f"Priority={remark.arg('Priority')} but Temporal={temporal} gives {expected}")
    for key in ("Prefetch", "Release"):
        if not remark.arg(key).strip():
            problems.append(f"empty {key} predicate")
    return problems


def directive_problems(remark):
    problems = [f"missing arg {key}" for key in DIRECTIVE_ARGS if remark.arg(key) is None]
    if problems:
        return problems
    if remark.kind != "Passed":
        problems.append(f"kind is {remark.kind}, expected Passed")
    for key in DIRECTIVE_ARGS[1:]:
        value = remark.arg(key)
        if not INTEGER.match(value) or int(value) < 0:
            problems.append(f"{key}={value!r} is not a non-negative integer")
    if INTEGER.match(remark.arg("Pages")) and int(remark.arg("Pages")) == 0:
        problems.append("Pages=0")
    return problems


def remark_problems(remark, corpus_dir):
    """Contract violations of any outcore remark, including its debug location (in the kernel's
    file or a header next to it, such as corpus.h for inlined helpers, or a system header:
    the loop of a C++ library template such as std::accumulate is there)."""
    if remark.name == "Locality":
        problems = locality_problems(remark)
    elif remark.name in ("Prefetched", "Released"):
        problems = directive_problems(remark)
    elif remark.name == "NotTransformed":
        problems = [] if remark.kind == "Missed" else [f"kind is {remark.kind}, expected Missed"]
        if not (remark.arg("Reason") or "").strip():
            problems.append("no Reason")
    else:
        return []  # names outside the contract are allowed; they are counted, not judged
    loc = remark.debug_loc
    # The contract places Locality remarks at the reference's debug location; other remarks
    # may lack one, but any location given must be in the source.
    if loc is None and remark.name != "Locality":
        return problems
    # clang records the file name relative to a directory it does not put in the remark, so
    # compare names only.
    if not isinstance(loc, dict) or not (os.path.basename(loc.get("File", "")) in os.listdir(corpus_dir)
                                         or os.path.isabs(loc.get("File", ""))
                                         and os.path.isfile(loc["File"])):
        problems.append(f"DebugLoc {loc!r} does not point into the corpus source")
    elif not INTEGER.match(loc.get("Line", "")) or int(loc["Line"]) <= 0:
        problems.append(f"DebugLoc line {loc.get('Line')!r}")
    return problems


@dataclass
class Result:
    kernel: str
    level: str
    failures: list
    arrays_with_locality: int = 0
    arrays_not_transformed: int = 0
    outcore_remarks: int = 0
    other_outcore_names: int = 0


def language_flags(source):
    """The file's `// CFLAGS:` that choose its language standard (C++20 for coroutines): the
    file does not parse without them. Its other flags stay out (with -fopenmp a kernel's
    loops move to outlined functions that its `// ARRAYS:` lines do not name)."""
    return [flag for flag in source_flags(source) if flag.startswith("-std=")]


def check(source, level, work_dir, toolchain):
    kernel = os.path.splitext(os.path.basename(source))[0]
    functions = read_array_lines(source)
    result = Result(kernel, level, [])
    if not functions:
        result.failures.append("no `// ARRAYS:` line")
        return result
    stem = os.path.join(work_dir, f"{kernel}{level}")
    compile_result = harness.run(
        [toolchain.for_source(source).clang, level, f"-fpass-plugin={toolchain.plugin}", "-g",
         "-fsave-optimization-record", f"-foptimization-record-file={stem}.opt.yaml",
         "-fverify-intermediate-code", "-Xclang", "-llvm-verify-each", *language_flags(source),
         "-c", source, "-o", f"{stem}.o"],
        env=harness.clean_environment(toolchain), timeout=harness.COMPILE_TIMEOUT)
    if not compile_result.ok or "error" in compile_result.stderr:
        crash = " (compiler crash)" if harness.is_compiler_crash(compile_result) else ""
        result.failures.append(f"compile failed{crash}: {compile_result.describe()}")
        return result
    try:
        outcore = [r for r in remarks.read_remarks(f"{stem}.opt.yaml") if r.pass_name == "outcore"]
    except (OSError, ValueError) as error:
        result.failures.append(f"cannot read the optimisation record: {error}")
        return result
    result.outcore_remarks = len(outcore)
    corpus_dir = os.path.dirname(os.path.realpath(source))
    for remark in outcore:
        if remark.name not in ("Locality", "Prefetched", "Released", "NotTransformed"):
            result.other_outcore_names += 1
        for problem in remark_problems(remark, corpus_dir):
            loc = remark.debug_loc.get("Line", "?") if isinstance(remark.debug_loc, dict) else "?"
            result.failures.append(f"{remark.name} remark in {remark.function} (line {loc}): {problem}")
    for function in functions:
        mine = [r for r in outcore if r.function == function.name]
        not_transformed = any(r.name == "NotTransformed" for r in mine)
        for array in function.arrays:
            if any(r.name == "Locality" and names_array(r.arg("Array"), array) for r in mine):
                result.arrays_with_locality += 1
            elif not_transformed:
                result.arrays_not_transformed += 1
            else:
                seen = sorted({r.arg("Array") for r in mine if r.name == "Locality"})
                result.failures.append(
                    f"{function.name}: no Locality remark for array {array} and no NotTransformed remark "
                    f"(Locality remarks name: {', '.join(map(str, seen)) or 'nothing'})")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    harness.add_toolchain_arguments(parser)
    parser.add_argument("--corpus", required=True, help="directory of corpus *.c and *.cpp files")
    parser.add_argument("--work-dir", required=True, help="where objects and remark files go")
    parser.add_argument("--levels", default=",".join(OPT_LEVELS), help="comma-separated -O levels")
    args = parser.parse_args()
    toolchain = harness.toolchain_from_arguments(args)
    missing = [p for p in toolchain.missing() if "outcore-cc" not in p]  # part (a) needs no driver
    if missing:
        print("\n".join(missing))
        return 1
    os.makedirs(args.work_dir, exist_ok=True)
    sources = harness.corpus_sources(args.corpus)
    jobs = [(source, level) for source in sources for level in args.levels.split(",")]
    results = harness.parallel_map(lambda job: check(job[0], job[1], args.work_dir, toolchain), jobs, args.jobs)

    failed = [r for r in results if r.failures]
    for result in failed:
        distinct = list(dict.fromkeys(result.failures))
        for failure in distinct[:MAX_PRINTED_PER_COMPILE]:
            print(f"FAIL {result.kernel} {result.level}: {failure}")
        if len(distinct) > MAX_PRINTED_PER_COMPILE:
            print(f"FAIL {result.kernel} {result.level}: ... and {len(distinct) - MAX_PRINTED_PER_COMPILE} more")
    print(f"kernels: {len(sources)}, compilations: {len(results)}, passed: {len(results) - len(failed)}, "
          f"failed: {len(failed)}")
    print(f"array checks: {sum(r.arrays_with_locality for r in results)} with a Locality remark, "
          f"{sum(r.arrays_not_transformed for r in results)} covered only by NotTransformed; "
          f"outcore remarks read: {sum(r.outcore_remarks for r in results)} "
          f"({sum(r.other_outcore_names for r in results)} with names outside the contract)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
