#!/usr/bin/env python3
"""Redraws report.md and the plots of a benchmark run from its saved JSON files.

python3 benchmarks/report.py DIR"""
import sys

from outbench import report

if __name__ == "__main__":
    report.redraw(sys.argv[1])
