"""outcore-prof's reading and its definitions (in time, late, wasted, premature) on
small hand-made traces."""

import os
import struct
import tempfile
import unittest

import outcore_prof as op

PAGE = 4096
BASE = 0x10000000


def record(t, kind, addr=0, length=0, tag=-1, flags=0, priority=0):
    return struct.pack("<QQQihBB", t, addr, length, tag, priority, kind, flags)


def write_trace(records, end=True):
    header = op.HEADER.pack(op.MAGIC, 1, 32, PAGE, 42, b"\0" * 32)
    body = [record(0, op.CLOCK, 0, 0), record(0, op.MAPPING, BASE, 64 * PAGE)] + records
    if end:
        body.append(record(10**9, op.END))
    f = tempfile.NamedTemporaryFile(delete=False, suffix=".bin")
    f.write(header + b"".join(body))
    f.close()
    return f.name


def page(n):
    return BASE + n * PAGE


class Definitions(unittest.TestCase):
    def counts(self, records):
        path = write_trace(records)
        try:
            trace = op.read_trace(path)
        finally:
            os.unlink(path)
        arrays = op.find_arrays(trace, {})
        op.analyse(trace, arrays)
        self.assertEqual(len(arrays), 1)
        return arrays[0].counts

    def test_in_time(self):
        c = self.counts([record(10, op.PREFETCH_HINT, page(0), PAGE, tag=1),
                         record(20, op.PREFETCH_ISSUED, page(0), PAGE),
                         record(30, op.PREFETCH_DONE, page(0), PAGE),
                         record(40, op.PAGE_IN, page(0), PAGE),
                         record(50, op.RELEASE_HINT, page(0), PAGE, tag=1)])
        self.assertEqual(c["pages prefetched in time"], 1)
        self.assertEqual(c["faults"], 0)

    def test_fault_before_done_is_late(self):
        c = self.counts([record(10, op.PREFETCH_HINT, page(1), PAGE, tag=1),
                         record(20, op.PREFETCH_ISSUED, page(1), PAGE),
                         record(25, op.FAULT, page(1), PAGE),
                         record(30, op.PREFETCH_DONE, page(1), PAGE)])
        self.assertEqual(c["pages prefetched late"], 1)

    def test_fault_between_hint_and_issue_is_late(self):
        c = self.counts([record(10, op.PREFETCH_HINT, page(1), PAGE, tag=1),
                         record(15, op.PAGE_IN, page(1), PAGE),
                         record(20, op.PREFETCH_ISSUED, page(1), PAGE),
                         record(30, op.PREFETCH_DONE, page(1), PAGE)])
        self.assertEqual(c["pages prefetched late"], 1)
        self.assertEqual(c["faults"], 1)

    def test_evicted_before_release_is_wasted(self):
        c = self.counts([record(10, op.PREFETCH_HINT, page(2), PAGE, tag=1),
                         record(20, op.PREFETCH_ISSUED, page(2), PAGE),
                         record(30, op.PREFETCH_DONE, page(2), PAGE),
                         record(40, op.PAGE_OUT, page(2), PAGE),
                         record(50, op.RELEASE_HINT, page(2), PAGE, tag=1)])
        self.assertEqual(c["pages prefetched wasted"], 1)
        self.assertEqual(c["pages prefetched in time"], 0)

    def test_released_then_faulted_is_premature(self):
        c = self.counts([record(10, op.PREFETCH_HINT, page(3), 2 * PAGE, tag=1),
                         record(20, op.RELEASE_ISSUED, page(3), 2 * PAGE),
                         record(30, op.PAGE_OUT, page(3), 2 * PAGE),
                         record(40, op.PAGE_IN, page(3), PAGE)])
        self.assertEqual(c["pages released"], 2)
        self.assertEqual(c["released pages re-faulted"], 1)

    def test_run_of_filtered_hints_counts_each(self):
        # One record for 1000 filtered hints (len = their number), one unfiltered hint.
        c = self.counts([record(10, op.PREFETCH_HINT, page(2), 1000, tag=3,
                                flags=op.FILTERED | op.RUN),
                         record(20, op.PREFETCH_HINT, page(3), PAGE, tag=3)])
        self.assertEqual(c["prefetch hints"], 1001)
        self.assertEqual(c["filtered on the fast path"], 1000)

    def test_counted_page_hints_count_each(self):
        # The writer's count of a thread's filtered page hints over a tick (no tag).
        c = self.counts([record(10, op.PREFETCH_HINT, page(2), 1, tag=1),
                         record(20, op.PREFETCH_HINT, page(5), 25000, tag=-1,
                                flags=op.FILTERED | op.RUN | op.COUNTED)])
        self.assertEqual(c["prefetch hints"], 25001)
        self.assertEqual(c["filtered on the fast path"], 25000)

    def test_baseline_page_in_is_no_fault(self):
        c = self.counts([record(10, op.PREFETCH_HINT, page(4), PAGE, tag=1),
                         record(15, op.PAGE_IN, page(4), 8 * PAGE, flags=op.BASELINE)])
        self.assertEqual(c["faults"], 0)

    def test_exact_faults_replace_sampling(self):
        c = self.counts([record(10, op.PREFETCH_HINT, page(5), PAGE, tag=1),
                         record(15, op.PAGE_IN, page(6), PAGE),
                         record(16, op.FAULT, page(7), PAGE)])
        self.assertEqual(c["faults"], 1)


class BadInput(unittest.TestCase):
    def test_truncated(self):
        path = write_trace([record(10, op.PREFETCH_HINT, page(0), PAGE)])
        with open(path, "r+b") as f:
            f.truncate(os.path.getsize(path) - 3)
        with self.assertRaisesRegex(op.TraceError, "partial record"):
            op.read_trace(path)
        os.unlink(path)

    def test_no_end_record(self):
        path = write_trace([record(10, op.PREFETCH_HINT, page(0), PAGE)], end=False)
        with self.assertRaisesRegex(op.TraceError, "no end record"):
            op.read_trace(path)
        self.assertFalse(op.read_trace(path, allow_partial=True).complete)
        os.unlink(path)

    def test_not_a_trace(self):
        with tempfile.NamedTemporaryFile(suffix=".bin") as f:
            f.write(b"x" * 100)
            f.flush()
            with self.assertRaisesRegex(op.TraceError, "not an Outcore trace"):
                op.read_trace(f.name)


if __name__ == "__main__":
    unittest.main()
