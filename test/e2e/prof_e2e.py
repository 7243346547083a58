"""outcore-prof end to end: compile prof_kernel.c with outcore-cc (remarks saved), run it
with and without OUTCORE_TRACE under a small OUTCORE_MEM_LIMIT, and check that
- the trace does not change the program's output, and a bad OUTCORE_TRACE path costs one
  error line and nothing else;
- outcore-prof writes the pictures, the report and the tables, with both arrays, their
  tags linked to the remarks, and counts that agree with OUTCORE_STATS;
- a missing or truncated trace is one clear error;
- under OUTCORE_BACKEND=pager the faults in the trace are the pager's own (exact), as
  many as it counted, and its evictions are there.

usage: prof_e2e.py OUTCORE_CC OUTCORE_PROF WORK_DIR
"""

import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message):
    print(f"prof_e2e: FAIL: {message}")
    sys.exit(1)


def run(cmd, env=None, check=True):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                       env={**os.environ, **(env or {})})
    if check and p.returncode != 0:
        fail(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr.strip()}")
    return p


def main():
    outcore_cc, prof, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "data"))
    exe, remarks = os.path.join(work, "prof_kernel"), os.path.join(work, "prof_kernel.yaml")
    run([outcore_cc, "-O2", "-g", "-fsave-optimization-record",
         f"-foptimization-record-file={remarks}", os.path.join(HERE, "prof_kernel.c"), "-o", exe])
    data = os.path.join(work, "data")
    limit = {"OUTCORE_MEM_LIMIT": "4M"}
    plain = run([exe, data], env=limit)
    trace, stats = os.path.join(work, "trace.bin"), os.path.join(work, "stats.json")
    traced = run([exe, data], env={**limit, "OUTCORE_TRACE": trace, "OUTCORE_STATS": stats})
    if traced.stdout != plain.stdout or not plain.stdout.startswith("checksum"):
        fail(f"output changed under OUTCORE_TRACE: {plain.stdout!r} vs {traced.stdout!r}")
    if traced.stderr:
        fail(f"tracing printed: {traced.stderr!r}")

    bad = run([exe, data], env={**limit, "OUTCORE_TRACE": os.path.join(work, "no/such/dir/t")})
    if bad.stdout != plain.stdout or len(bad.stderr.strip().splitlines()) != 1 or \
            "OUTCORE_TRACE" not in bad.stderr:
        fail(f"bad OUTCORE_TRACE path: stdout {bad.stdout!r}, stderr {bad.stderr!r}")

    out = os.path.join(work, "report")
    run([prof, trace, "-o", out, "--remarks", remarks])
    for name in ("vmprof.png", "limit.png", "report.html", "summary.json"):
        if not os.path.getsize(os.path.join(out, name)):
            fail(f"{name} is empty")
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    with open(stats) as f:
        counters = json.load(f)
    print("prof_e2e: summary", json.dumps(summary["records"]), "arrays",
          [a["name"] for a in summary["arrays"]])
    check_counts(summary, counters)
    with open(os.path.join(out, "report.html")) as f:
        report = f.read()
    if "prof_kernel.c:12" not in report or "id='tag" not in report:
        fail("report.html does not link the tags to the remarks of line 12")

    truncated = os.path.join(work, "truncated.bin")
    with open(trace, "rb") as src, open(truncated, "wb") as dst:
        dst.write(src.read()[:-5])
    for path in (truncated, os.path.join(work, "missing.bin")):
        p = run([prof, path, "-o", os.path.join(work, "bad")], check=False)
        if p.returncode != 1 or len(p.stderr.strip().splitlines()) != 1:
            fail(f"outcore-prof on {path}: exit {p.returncode}, stderr {p.stderr!r}")
        print("prof_e2e: bad input:", p.stderr.strip())
    check_gather(outcore_cc, prof, work)
    check_paged(outcore_cc, prof, work)
    print("prof_e2e: ok")


def check_hint_totals(summary, counters):
    """Every hint the runtime counted is in the trace, and the tables account for each."""
    hints = summary["prefetch_hints"]
    if hints != counters["hints_seen"]:
        fail(f"prefetch hints: trace {hints}, stats {counters['hints_seen']}")
    in_tables = sum(a["prefetch hints"] for a in summary["arrays"])
    if in_tables == 0 or in_tables > hints:
        fail(f"tables hold {in_tables} of {hints} prefetch hints")


def check_gather(outcore_cc, prof, work):
    """Page hints (oc_prefetch), most of them filtered: a traced thread counts those on
    the fast path, the writer reports them as counted runs, none is lost."""
    exe = os.path.join(work, "prof_gather")
    run([outcore_cc, "-O2", os.path.join(HERE, "prof_gather.c"), "-o", exe])
    data = os.path.join(work, "gather-data")
    os.makedirs(data)
    limit = {"OUTCORE_MEM_LIMIT": "8M"}  # idx and x are 16 MiB; most of x stays resident
    plain = run([exe, data], env=limit)
    trace, stats = os.path.join(work, "gather.bin"), os.path.join(work, "gather.json")
    traced = run([exe, data], env={**limit, "OUTCORE_TRACE": trace, "OUTCORE_STATS": stats})
    if traced.stdout != plain.stdout or not plain.stdout.startswith("checksum"):
        fail(f"gather output changed under OUTCORE_TRACE: {plain.stdout!r} vs {traced.stdout!r}")
    out = os.path.join(work, "gather-report")
    run([prof, trace, "-o", out])
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    with open(stats) as f:
        counters = json.load(f)
    if not summary["complete"]:
        fail("gather: the trace has no end")
    if summary["lost_records"]:
        # A full ring drops records (the unfiltered hints come one record each): the
        # counts then hold only up to those.
        print(f"prof_e2e: gather: {summary['lost_records']} records lost to full rings")
        if summary["prefetch_hints"] > counters["hints_seen"]:
            fail(f"gather: trace {summary['prefetch_hints']} hints, stats {counters['hints_seen']}")
    else:
        check_hint_totals(summary, counters)
    filtered = sum(a["filtered on the fast path"] for a in summary["arrays"])
    if filtered < counters["hints_seen"] // 2:
        fail(f"gather: {filtered} of {counters['hints_seen']} hints filtered in the trace")
    print(f"prof_e2e: gather: {summary['prefetch_hints']} hints in "
          f"{summary['records']['prefetch_hints']} records, {filtered} filtered")


def check_paged(outcore_cc, prof, work):
    """An oc_pager_map region swept under the pager: the trace's faults are the ones the
    pager saw (a page filled; a write-protect fault on a mapped page is not one)."""
    exe = os.path.join(work, "prof_paged")
    run([outcore_cc, "-O2", os.path.join(HERE, "prof_paged.c"), "-o", exe])
    limit = {"OUTCORE_MEM_LIMIT": "8M"}  # half the matrix
    plain = run([exe], env={**limit, "OUTCORE_BACKEND": "madvise"})
    trace, stats = os.path.join(work, "paged.bin"), os.path.join(work, "paged.json")
    traced = run([exe], env={**limit, "OUTCORE_BACKEND": "pager", "OUTCORE_TRACE": trace,
                             "OUTCORE_STATS": stats})
    if traced.stdout != plain.stdout or not plain.stdout.startswith("checksum"):
        fail(f"paged output differs: {plain.stdout!r} vs {traced.stdout!r}")
    with open(stats) as f:
        counters = json.load(f)
    if counters.get("backend") != "pager":
        print("prof_e2e: paged: skipped (the pager is not running here: userfaultfd)")
        return
    out = os.path.join(work, "paged-report")
    run([prof, trace, "-o", out])
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    records = summary["records"]
    if not summary["complete"] or summary["lost_records"] or not summary["exact_faults"]:
        fail(f"paged: complete {summary['complete']}, lost {summary['lost_records']}, "
             f"exact faults {summary['exact_faults']}")
    reads, writes = counters["pager_faults"], counters["pager_write_faults"]
    if not reads <= records["faults"] <= reads + writes or not reads:
        fail(f"paged: trace {records['faults']} faults, pager {reads} read + {writes} write")
    if counters["pager_bytes_evicted"] and not records["page_outs"]:
        fail(f"paged: {counters['pager_bytes_evicted']} bytes evicted, no page-out traced")
    if sum(a["faults"] for a in summary["arrays"]) == 0:
        fail(f"paged: no array holds a fault: {summary['arrays']}")
    print(f"prof_e2e: paged: {records['faults']} faults ({reads} read, {writes} write in the "
          f"stats), {records['page_outs']} page-outs")
    # At twice the matrix everything fits: no hint, but the region is still an array, with
    # the faults that filled it (its initialisation's writes).
    roomy = {"OUTCORE_MEM_LIMIT": "32M", "OUTCORE_BACKEND": "pager"}
    traced = run([exe], env={**roomy, "OUTCORE_TRACE": trace, "OUTCORE_STATS": stats})
    if traced.stdout != plain.stdout:
        fail(f"paged output differs at 32M: {plain.stdout!r} vs {traced.stdout!r}")
    run([prof, trace, "-o", out])
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    with open(stats) as f:
        counters = json.load(f)
    faults = [a["faults"] for a in summary["arrays"]]
    if summary["prefetch_hints"] or faults != [summary["records"]["faults"]] or \
            not faults[0] or faults[0] < counters["pager_faults"]:
        fail(f"paged at 32M: {summary['prefetch_hints']} hints, faults {faults} in arrays, "
             f"{summary['records']['faults']} in the trace, {counters['pager_faults']} counted")
    print(f"prof_e2e: paged at 32M: no hint, {faults[0]} faults in {summary['arrays'][0]['name']}")


def check_counts(summary, counters):
    if summary["lost_records"] or not summary["complete"]:
        fail(f"trace lost {summary['lost_records']} records or has no end")
    arrays = summary["arrays"]
    if len(arrays) != 2 or not all("src" in a["name"] and "dst" in a["name"] for a in arrays):
        fail(f"expected the two arrays A and B (hinted as src and dst): {arrays}")
    records = summary["records"]
    check_hint_totals(summary, counters)
    if records["prefetches_issued"] != counters["hints_issued"]:
        fail(f"prefetches issued: trace {records['prefetches_issued']}, "
             f"stats {counters['hints_issued']}")
    if sum(a["prefetches issued"] for a in arrays) != records["prefetches_issued"]:
        fail("prefetches issued outside the arrays")
    ranges_released = counters["releases_issued"] + counters["release_calls_saved"]
    if records["releases_issued"] != ranges_released:
        fail(f"releases issued: trace {records['releases_issued']}, stats {ranges_released}")
    if not counters["releases_recorded"] <= records["release_hints"] <= \
            counters["releases_recorded"] + counters["releases_dropped"]:
        fail(f"release hints: trace {records['release_hints']}, stats recorded "
             f"{counters['releases_recorded']} dropped {counters['releases_dropped']}")
    if records["limit_samples"] < 2:
        fail("no memory limit over time")
    for a in arrays:
        judged = a["pages prefetched in time"] + a["pages prefetched late"] + \
            a["pages prefetched wasted"]
        if a["prefetches issued"] and not judged:
            fail(f"{a['name']}: prefetches issued but none judged")


if __name__ == "__main__":
    main()
