"""Where Outcore's toolchain is: the plain compiler, the built outcore-cc, the plugin and the
runtime. One module for the tests (test/e2e, test/fuzz: ctest puts this directory on
PYTHONPATH) and the benchmarks (next to run.py). Defaults are the build tree, build/."""

import argparse
import os
import re
import shutil
from dataclasses import dataclass, replace

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD_DIR = os.path.join(REPO, "build")
PLAIN_CC = "clang-19"
CXX_SUFFIXES = (".cpp", ".cc", ".cxx")


@dataclass
class Toolchain:
    clang: str
    outcore_cc: str
    plugin: str
    runtime_dir: str  # directory of liboutcore-rt.so, for LD_LIBRARY_PATH (may be empty)

    @classmethod
    def in_build_tree(cls, build_dir=BUILD_DIR, clang=PLAIN_CC):
        return cls(clang=clang, outcore_cc=os.path.join(build_dir, "tools", "outcore-cc"),
                   plugin=os.path.join(build_dir, "pass", "Outcore.so"),
                   runtime_dir=os.path.join(build_dir, "runtime"))

    def for_source(self, source):
        """The toolchain that builds `source`: a C++ source gets clang++ (clang-19 ->
        clang++-19) and outcore-c++, the driver's C++ name, beside outcore-cc."""
        if not is_cxx(source):
            return self
        return replace(self, clang=cxx_driver(self.clang), outcore_cc=cxx_driver(self.outcore_cc))

    def missing(self):
        """Descriptions of the artefacts that are not there (empty when all are)."""
        problems = []
        if not shutil.which(self.clang):
            problems.append(f"compiler not found: {self.clang}")
        if not os.access(self.outcore_cc, os.X_OK):
            problems.append(f"outcore-cc driver not found or not executable: {self.outcore_cc}")
        if not os.path.isfile(self.plugin):
            problems.append(f"plugin not found: {self.plugin}")
        return problems


def cxx_driver(compiler):
    """The C++ driver for a C one: outcore-cc -> outcore-c++ beside it; clang-19 ->
    clang++-19, else clang++ in its directory (LLVM's own bin/ has clang-19 and
    clang++ only)."""
    folder, name = os.path.split(compiler)
    if name == "outcore-cc":
        return os.path.join(folder, "outcore-c++")
    named = re.sub(r"clang(?!.*clang)", "clang++", name, 1)
    for candidate in (os.path.join(folder, named), os.path.join(folder, "clang++")):
        found = shutil.which(candidate)
        if found:
            return found
    return named


def is_cxx(source):
    return source.endswith(CXX_SUFFIXES)


def corpus_sources(corpus):
    """The corpus's programs, C and C++, sorted by name."""
    return sorted(os.path.join(corpus, f) for f in os.listdir(corpus)
                  if f.endswith(".c") or is_cxx(f))


def source_flags(source):
    """The flags a corpus file asks for in a `// CFLAGS:` line (e.g. -fopenmp), for both
    its builds (test/corpus/README.md)."""
    with open(source) as f:
        for line in f:
            if line.startswith("// CFLAGS:"):
                return tuple(line[len("// CFLAGS:"):].split())
    return ()


def outcore_cc(path=None):
    """The outcore-cc to build transformed programs with: PATH if given, else the build
    tree's. Stops with one error line when it is not there: a plain compiler in its place
    would silently measure untransformed programs."""
    path = path or Toolchain.in_build_tree().outcore_cc
    if not os.access(path, os.X_OK):
        raise SystemExit(f"error: outcore-cc not found at {path}: build Outcore "
                         "(scripts/setup.sh) or pass --cc PATH")
    return path


def add_toolchain_arguments(parser: argparse.ArgumentParser):
    built = Toolchain.in_build_tree()
    parser.add_argument("--clang", default=PLAIN_CC, help="plain compiler (reference builds)")
    parser.add_argument("--outcore-cc", default=built.outcore_cc,
                        help="path to the outcore-cc driver (default: the build tree's)")
    parser.add_argument("--plugin", default=built.plugin,
                        help="path to Outcore.so (default: the build tree's)")
    parser.add_argument("--runtime-dir", default=built.runtime_dir,
                        help="directory holding liboutcore-rt.so")
    parser.add_argument("--jobs", type=int, default=2, help="parallel workers (default 2)")


def toolchain_from_arguments(args) -> Toolchain:
    return Toolchain(clang=args.clang, outcore_cc=args.outcore_cc, plugin=args.plugin,
                     runtime_dir=args.runtime_dir)
