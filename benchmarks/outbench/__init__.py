"""The out-of-core benchmark harness behind benchmarks/run.py (see benchmarks/README.md).

One concern per module; the arrows are the only imports between them:
  kernels   the suite: kernels, their sizes, versions and build flags
  cgroups   memory limits: a fresh memory cgroup per run, the swap file of anon-swap mode
  measure   one measured process: cold/warm data, counters, memory samples  -> cgroups
  summary   pure figures from the runs: medians, stall checks, ratios, targets  -> kernels
  report    report.md, plots and the JSON files from a summary
  harness   builds, data, the runs of each version, the interactive co-runner  -> all above
  cli       command line, root set-up (signals, delay accounting, swap file)  -> harness
"""

import os

MIB = 1 << 20
PAGE = os.sysconf("SC_PAGE_SIZE")
