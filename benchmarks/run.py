#!/usr/bin/env python3
"""Outcore out-of-core benchmark harness: the entry point of the outbench package (its layout is
in outbench/__init__.py; what a run does in README.md).

python3 benchmarks/run.py [--quick] [--kernels a,b] [--reps N] [--limit-mib M] --out DIR"""
import sys

from outbench import cli

if __name__ == "__main__":
    cli.main(sys.argv[1:])
