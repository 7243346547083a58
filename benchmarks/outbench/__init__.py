"""The out-of-core benchmark harness behind benchmarks/run.py. One concern per module, each
importing only the ones before it: kernels, cgroups, measure, summary, report, interactive,
bench, cli (what each owns: benchmarks/README.md, "Layout")."""
import os

MIB = 1 << 20
PAGE = os.sysconf("SC_PAGE_SIZE")
