"""outcore-prof: pictures and an HTML report from an OUTCORE_TRACE file.

The trace (runtime/src/trace.h) is a 64-byte header and 32-byte records. This module
reads it, assigns every page to an array (by the hints' tags and, with --remarks, the
remarks' array names), follows each page through prefetches, faults and releases, and
writes into DIR: vmprof.png (address per array against time), limit.png (the memory
limit and usage over time), summary.json (the tables' numbers) and report.html.

Definitions (README, "Seeing what happened"), per page of a prefetch or release:
- fault: a FAULT record (a backend that sees faults: the pager), or, when the trace has
  none (madvise backend), a page that a mincore sweep first saw resident while no
  prefetch issued before that sweep covered it (a demand fault or kernel readahead,
  timed to the sweep);
- in time: the prefetch completed before any fault on the page, and the page was still
  resident when the program released it (or at the end);
- late: a fault on the page after the program's hint asked for it and before the
  prefetch completed (the program waited for the page itself);
- wasted: the prefetched page left memory before the program released it (evicted
  before the loop reached it, so the read was for nothing);
- premature release: a released page that came back later by a fault (re-faulted) or
  by a new prefetch (re-prefetched).
"""

import argparse
import html
import json
import os
import struct
import sys
from collections import defaultdict
from dataclasses import dataclass, field

HEADER = struct.Struct("<8sIIQq32s")
MAGIC = b"OCTRACE1"
RECORD_SIZE = 32

(PREFETCH_HINT, RELEASE_HINT, PREFETCH_ISSUED, PREFETCH_DONE, RELEASE_ISSUED, FAULT, PAGE_IN,
 PAGE_OUT, LIMIT, CLOCK, LOST, END, MAPPING) = range(1, 14)
FILTERED = 1
BASELINE = 2
RUN = 4  # filtered prefetch hints: the record stands for `len` of them (trace_ring.h)
COUNTED = 8  # with RUN: page hints counted over a tick, `addr` the last one's (a sample)
NULL_PAGE_END = 65536  # below vm.mmap_min_addr: never data (the runtime drops such hints)
PROGRAM_KINDS = (PREFETCH_HINT, RELEASE_HINT)


class TraceError(Exception):
    pass


@dataclass
class Trace:
    page_size: int
    pid: int
    records: object  # numpy structured array, sorted by time
    seconds: object  # record times in seconds from the start
    complete: bool
    lost: int
    writer_cpu_s: float  # the trace writer's own CPU time (from the end record)


def record_dtype():
    import numpy as np
    return np.dtype([("time", "<u8"), ("addr", "<u8"), ("len", "<u8"), ("tag", "<i4"),
                     ("priority", "<i2"), ("kind", "u1"), ("flags", "u1")])


def read_trace(path, allow_partial=False):
    import numpy as np
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise TraceError(f"cannot read trace {path}: {e.strerror}")
    if len(data) < HEADER.size:
        raise TraceError(f"{path} is not an Outcore trace (shorter than its header)")
    magic, version, record_size, page_size, pid, _ = HEADER.unpack_from(data)
    if magic != MAGIC or version != 1 or record_size != RECORD_SIZE:
        raise TraceError(f"{path} is not an Outcore trace (bad header)")
    body = len(data) - HEADER.size
    if body % RECORD_SIZE:
        raise TraceError(f"{path} is truncated: {body % RECORD_SIZE} bytes of a partial record")
    records = np.frombuffer(data, dtype=record_dtype(), offset=HEADER.size)
    complete = len(records) > 0 and records[-1]["kind"] == END
    if not complete and not allow_partial:
        raise TraceError(f"{path} is truncated: no end record (was the program killed?); "
                         "--allow-partial draws what is there")
    records = records[np.argsort(records["time"], kind="stable")]
    clocks = records[records["kind"] == CLOCK]
    times = records["time"].astype(np.float64)
    if len(clocks) >= 2 and clocks["addr"][-1] > clocks["addr"][0]:
        ticks = clocks["addr"].astype(np.float64)
        ns = clocks["len"].astype(np.float64)
        per_tick = (ns[-1] - ns[0]) / (ticks[-1] - ticks[0])
        seconds = (times - times[0]) * per_tick / 1e9
    else:
        seconds = (times - times[0]) / 1e9
    lost = int(records[records["kind"] == LOST]["len"].sum())
    writer_cpu_s = int(records[-1]["addr"]) / 1e9 if complete else 0.0
    return Trace(page_size, pid, records, seconds, complete, lost, writer_cpu_s)


@dataclass
class Array:
    name: str
    start: int
    end: int
    tags: set = field(default_factory=set)
    counts: dict = field(default_factory=lambda: defaultdict(int))


def tag_names(remarks):
    """Tag -> (array name, remark) from the Prefetched/Released remarks."""
    names = {}
    for r in remarks:
        if r.pass_name == "outcore" and r.name in ("Prefetched", "Released"):
            tag = r.arg("Tag")
            if tag is not None:
                names.setdefault(int(tag), (r.arg("Array") or f"tag {tag}", r))
    return names


def hint_bytes(hints, page_size):
    """Each hint record's extent in bytes (records or one record): a run of filtered hints
    (RUN) counts hints in `len` and shows its first hint's page."""
    import numpy as np
    return np.where(hints["flags"] & RUN, np.uint64(page_size), hints["len"])


def hint_count(hints):
    """The hints that hint records (or one record) stand for (a RUN record: `len`)."""
    import numpy as np
    return np.where(hints["flags"] & RUN, hints["len"], np.uint64(1))


def find_arrays(trace, names):
    """The arrays: each mapping the hints reached (MAPPING records: an mmap'd or spilled
    array, or a heap holding several), named by the remarks' Array names of the tags
    that hinted into it; without MAPPING records, each tag's hinted extent, merged where
    they overlap."""
    rec = trace.records
    hints = rec[((rec["kind"] == PREFETCH_HINT) | (rec["kind"] == RELEASE_HINT)) &
                (rec["addr"] >= NULL_PAGE_END)]
    hint_ends = hints["addr"] + hint_bytes(hints, trace.page_size)
    arrays = {}
    for m in rec[rec["kind"] == MAPPING]:
        arrays[int(m["addr"])] = Array("", int(m["addr"]), int(m["addr"] + m["len"]))
    arrays = sorted(arrays.values(), key=lambda a: a.start)
    if not arrays:
        for tag in sorted(set(int(t) for t in hints["tag"])):
            mine = hints["tag"] == tag
            start, end = int(hints["addr"][mine].min()), int(hint_ends[mine].max())
            for a in arrays:
                if start < a.end and end > a.start:
                    a.start, a.end = min(a.start, start), max(a.end, end)
                    break
            else:
                arrays.append(Array("", start, end))
        arrays.sort(key=lambda a: a.start)
    for h in hints:
        a = array_of(arrays, int(h["addr"]))
        if a is not None:
            a.tags.add(int(h["tag"]))
    for i, a in enumerate(arrays):
        labels = sorted({names[t][0] if t in names else f"tag {t}" for t in a.tags if t >= 0})
        a.name = f"#{i} " + ("/".join(labels) if labels else "untagged")
    return arrays


def array_of(arrays, addr, tag=-1):
    """The array holding addr; a null-address hint belongs to its tag's array."""
    for a in arrays:
        if a.start <= addr < a.end:
            return a
    if addr < NULL_PAGE_END:  # the first array its tag hinted
        return next((a for a in arrays if tag in a.tags), None)
    return None


def pages_of(addr, length, page_size):
    first = addr // page_size
    last = (addr + max(length, 1) + page_size - 1) // page_size
    return range(first, last)


def analyse(trace, arrays):
    """Follows each page through the trace; fills each array's counts."""
    ps = trace.page_size
    rec = trace.records
    exact_faults = bool((rec["kind"] == FAULT).any())
    hinted_at = {}     # page -> time of the first unfiltered prefetch hint not yet issued
    faulted_after_hint = set()
    prefetch = {}      # page -> [issue time, done time or None, arrived]
    released = {}      # page -> release issue time
    released_by_program = set()
    pending_done = defaultdict(list)
    events = {"hint": [], "fault": [], "prefetch": [], "release": []}  # (time, addr, len)
    for r, t in zip(rec, trace.seconds):
        kind = int(r["kind"])
        addr, length = int(r["addr"]), int(r["len"])
        if kind in (LIMIT, CLOCK, LOST, END, MAPPING) or (kind == PAGE_IN and r["flags"] & BASELINE):
            continue
        a = array_of(arrays, addr, int(r["tag"]))
        if a is None:
            continue
        c = a.counts
        if kind in PROGRAM_KINDS and addr < NULL_PAGE_END:
            c["null-address hints"] += 1
            continue
        if kind == PREFETCH_HINT:
            hints = int(hint_count(r))
            c["prefetch hints"] += hints
            events["hint"].append((t, addr, int(hint_bytes(r, ps))))
            if r["flags"] & FILTERED:
                c["filtered on the fast path"] += hints
                continue
            for p in pages_of(addr, length, ps):
                hinted_at.setdefault(p, t)
        elif kind == RELEASE_HINT:
            c["release hints"] += 1
            for p in pages_of(addr, length, ps):
                released_by_program.add(p)
                pf = prefetch.pop(p, None)
                if pf is not None:
                    c["pages prefetched in time" if pf[1] is not None else
                      "pages prefetched late"] += 1
        elif kind == PREFETCH_ISSUED:
            c["prefetches issued"] += 1
            events["prefetch"].append((t, addr, length))
            key = (addr, length)
            pending_done[key].append(t)
            for p in pages_of(addr, length, ps):
                if p in released:
                    c["released pages re-prefetched"] += 1
                    del released[p]
                released_by_program.discard(p)
                hinted_at.pop(p, None)
                if p in faulted_after_hint:  # the program got there first
                    faulted_after_hint.discard(p)
                    c["pages prefetched late"] += 1
                    continue
                prefetch[p] = [t, None, False]
        elif kind == PREFETCH_DONE:
            for p in pages_of(addr, length, ps):
                pf = prefetch.get(p)
                if pf is not None and pf[1] is None:
                    pf[1] = t
        elif kind == RELEASE_ISSUED:
            c["releases issued"] += 1
            c["pages released"] += len(pages_of(addr, length, ps))
            events["release"].append((t, addr, length))
            for p in pages_of(addr, length, ps):
                released[p] = t
        elif kind == FAULT or (kind == PAGE_IN and not exact_faults):
            for p in pages_of(addr, length, ps):
                pf = prefetch.get(p)
                if kind == PAGE_IN and pf is not None and pf[0] <= t and not pf[2]:
                    pf[2] = True  # the prefetch brought it
                    continue
                note_fault(c, p, t, pf, prefetch, hinted_at, faulted_after_hint, released)
                events["fault"].append((t, p * ps, ps))
        elif kind == PAGE_OUT:
            for p in pages_of(addr, length, ps):
                pf = prefetch.get(p)
                if pf is not None and p not in released_by_program and p not in released:
                    c["pages prefetched wasted"] += 1
                    del prefetch[p]
    for p, pf in prefetch.items():  # never released by the program: judged at the end
        a = array_of(arrays, p * ps)
        if a is not None:
            a.counts["pages prefetched in time" if pf[1] is not None else
                     "pages prefetched late"] += 1
    return events, exact_faults


def note_fault(c, p, t, pf, prefetch, hinted_at, faulted_after_hint, released):
    c["faults"] += 1
    if p in released:
        c["released pages re-faulted"] += 1
        del released[p]
    if pf is not None and (pf[1] is None or t < pf[1]):
        c["pages prefetched late"] += 1
        del prefetch[p]
    elif pf is not None:  # completed, then faulted again: it had left memory
        c["pages prefetched wasted"] += 1
        del prefetch[p]
    elif p in hinted_at and hinted_at[p] <= t:
        faulted_after_hint.add(p)  # late if a prefetch is issued for it after this
        del hinted_at[p]


TABLE_COLUMNS = ["prefetch hints", "filtered on the fast path", "null-address hints", "prefetches issued",
                 "pages prefetched in time", "pages prefetched late", "pages prefetched wasted",
                 "faults", "release hints", "releases issued", "pages released",
                 "released pages re-faulted", "released pages re-prefetched"]


def draw_vmprof(trace, arrays, events, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    n = len(arrays)
    fig, axes = plt.subplots(n + 1, 1, figsize=(9, 2.2 * n + 2.2), sharex=True, squeeze=False,
                             gridspec_kw={"height_ratios": [3] * n + [1.4]})
    # Ranges (prefetches, releases) as vertical bars over the pages they cover; faults
    # as crosses; the program's hints as a faint trail of where its loops are.
    styles = {"hint": ("0.75", 2, "program's prefetch hint"),
              "prefetch": ("tab:blue", 1.5, "prefetch issued"),
              "release": ("tab:green", 1.5, "release issued"),
              "fault": ("tab:red", 0, "fault")}
    for ax, a in zip(axes[:, 0], arrays):
        for kind, (colour, width, label) in styles.items():
            spans = [(t, (addr - a.start) / 2**20, (addr + length - a.start) / 2**20)
                     for t, addr, length in events[kind] if a.start <= addr < a.end]
            if len(spans) > 50000:
                spans = spans[::len(spans) // 50000 + 1]
            if not spans:
                continue
            xs, lo, hi = zip(*spans)
            if kind == "fault":
                ax.scatter(xs, lo, s=9, c=colour, marker="x", label=label, linewidths=0.6)
            elif kind == "hint":
                ax.scatter(xs, lo, s=width, c=colour, marker=".", label=label, linewidths=0)
            else:
                ax.vlines(xs, lo, hi, colors=colour, linewidths=width, label=label)
        ax.set_ylabel(f"{a.name}\nMiB", fontsize=8)
        ax.set_ylim(0, max((a.end - a.start) / 2**20, 1e-3))
    if arrays:
        axes[0, 0].legend(loc="upper left", fontsize=7, markerscale=2)
    plot_limit(axes[-1, 0], trace)
    axes[-1, 0].set_xlabel("time (s)")
    fig.suptitle("Paging behaviour per array (VMProf-style)")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def plot_limit(ax, trace):
    rec = trace.records
    mask = rec["kind"] == LIMIT
    t = trace.seconds[mask]
    ax.plot(t, rec["addr"][mask] / 2**20, label="limit", drawstyle="steps-post")
    ax.plot(t, rec["len"][mask] / 2**20, label="usage", drawstyle="steps-post")
    ax.set_ylabel("memory\nMiB", fontsize=8)
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=7, loc="lower right")


def draw_limit(trace, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(9, 3))
    plot_limit(ax, trace)
    ax.set_xlabel("time (s)")
    ax.set_title("Memory limit and usage")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def remark_location(remark):
    loc = remark.debug_loc or {}
    return loc.get("File"), loc.get("Line")


def source_line(file, line, base_dir):
    for candidate in (file, os.path.join(base_dir, file or "")):
        try:
            with open(candidate, errors="replace") as f:
                lines = f.readlines()
            return lines[int(line) - 1].strip() if 0 < int(line) <= len(lines) else ""
        except (OSError, TypeError, ValueError):
            continue
    return ""


def write_html(path, trace, arrays, names, remarks_path, exact_faults):
    import numpy as np
    e = html.escape
    out = ["<!doctype html><meta charset='utf-8'><title>outcore-prof</title>",
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
           "td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}"
           "td:first-child,th:first-child{text-align:left}</style>",
           f"<h1>Outcore trace of process {trace.pid}</h1>"]
    if not trace.complete:
        out.append("<p><b>The trace has no end record: the program did not finish.</b></p>")
    if trace.lost:
        out.append(f"<p><b>{trace.lost} records were lost (full ring buffers).</b></p>")
    if trace.complete:
        out.append(f"<p>{trace.seconds[-1]:.3f} s traced; the trace writer thread used "
                   f"{trace.writer_cpu_s:.3f} s of CPU.</p>")
    out.append("<p>Faults are " + ("exact (reported by the pager)." if exact_faults else
               "sampled: pages a mincore sweep first saw resident without a prefetch "
               "(madvise backend; timed to the sweep).") + " Definitions: README, "
               "section &ldquo;Seeing what happened&rdquo;.</p>")
    out.append("<h2>Paging behaviour</h2><img src='vmprof.png'><img src='limit.png'>")
    out.append("<h2>Per array</h2><table><tr><th>array</th><th>tags</th>" +
               "".join(f"<th>{e(c)}</th>" for c in TABLE_COLUMNS) + "</tr>")
    for a in arrays:
        tags = ", ".join(f"<a href='#tag{t}'>{t}</a>" if t in names else str(t)
                         for t in sorted(a.tags))
        out.append(f"<tr><td>{e(a.name)}</td><td>{tags}</td>" +
                   "".join(f"<td>{a.counts.get(c, 0)}</td>" for c in TABLE_COLUMNS) + "</tr>")
    out.append("</table>")
    if names:
        base = os.path.dirname(os.path.abspath(remarks_path or "."))
        rec = trace.records
        hints = rec[(rec["kind"] == PREFETCH_HINT) | (rec["kind"] == RELEASE_HINT)]
        weights = hint_count(hints)
        hints_of_tag = {int(t): int(weights[hints["tag"] == t].sum())
                        for t in np.unique(hints["tag"])}
        out.append("<h2>Hints and their loops' remarks</h2><table><tr><th>tag</th><th>hints in "
                   "the trace</th><th>array</th><th>remark</th><th>function</th><th>where</th>"
                   "<th>source</th><th>priority</th><th>pages</th><th>distance</th></tr>")
        for tag, (array, r) in sorted(names.items()):
            file, line = remark_location(r)
            out.append(f"<tr id='tag{tag}'><td>{tag}</td><td>{hints_of_tag.get(tag, 0)}</td>"
                       f"<td>{e(array)}</td><td>{e(r.name)}</td>"
                       f"<td>{e(r.function or '')}</td><td>{e(str(file))}:{e(str(line))}</td>"
                       f"<td><code>{e(source_line(file, line, base))}</code></td>"
                       f"<td>{e(str(r.arg('Priority')))}</td><td>{e(str(r.arg('Pages')))}</td>"
                       f"<td>{e(str(r.arg('Distance')))}</td></tr>")
        out.append("</table>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def load_remarks(path):
    if not path:
        return []
    try:
        from remarks import read_remarks
    except ImportError as err:
        raise TraceError(f"reading remarks needs {err.name or 'the remarks reader'}")
    try:
        return read_remarks(path)
    except OSError as err:
        raise TraceError(f"cannot read remarks {path}: {err.strerror}")
    except Exception as err:  # the YAML reader's own errors: the file is not remarks
        raise TraceError(f"{path} is not a remarks YAML file: {err}")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="outcore-prof", description=__doc__.split("\n")[0])
    ap.add_argument("trace", help="file written under OUTCORE_TRACE=FILE")
    ap.add_argument("-o", "--output", required=True, metavar="DIR", help="report directory")
    ap.add_argument("--remarks", metavar="FILE.yaml",
                    help="remarks of the program (clang -fsave-optimization-record)")
    ap.add_argument("--allow-partial", action="store_true",
                    help="draw a trace without its end record (the program was killed)")
    args = ap.parse_args(argv)
    try:
        trace = read_trace(args.trace, args.allow_partial)
        names = tag_names(load_remarks(args.remarks))
        arrays = find_arrays(trace, names)
        events, exact = analyse(trace, arrays)
        os.makedirs(args.output, exist_ok=True)
    except TraceError as err:
        print(f"outcore-prof: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"outcore-prof: cannot write {args.output}: {err.strerror}", file=sys.stderr)
        return 1
    draw_vmprof(trace, arrays, events, os.path.join(args.output, "vmprof.png"))
    draw_limit(trace, os.path.join(args.output, "limit.png"))
    summary = {"pid": trace.pid, "page_size": trace.page_size, "complete": bool(trace.complete),
               "lost_records": trace.lost, "exact_faults": exact,
               "seconds": float(trace.seconds[-1]) if len(trace.seconds) else 0.0,
               "writer_cpu_seconds": trace.writer_cpu_s,
               "records": {k: int((trace.records["kind"] == v).sum()) for k, v in
                           (("prefetch_hints", PREFETCH_HINT), ("release_hints", RELEASE_HINT),
                            ("prefetches_issued", PREFETCH_ISSUED),
                            ("releases_issued", RELEASE_ISSUED), ("faults", FAULT),
                            ("page_ins", PAGE_IN), ("page_outs", PAGE_OUT),
                            ("limit_samples", LIMIT))},
               "prefetch_hints": int(hint_count(
                   trace.records[trace.records["kind"] == PREFETCH_HINT]).sum()),
               "arrays": [{"name": a.name, "start": a.start, "bytes": a.end - a.start,
                           "tags": sorted(a.tags), **{c: a.counts.get(c, 0)
                                                       for c in TABLE_COLUMNS}}
                          for a in arrays]}
    with open(os.path.join(args.output, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    write_html(os.path.join(args.output, "report.html"), trace, arrays, names, args.remarks,
               exact)
    print(f"outcore-prof: {len(arrays)} arrays; report in "
          f"{os.path.join(args.output, 'report.html')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
