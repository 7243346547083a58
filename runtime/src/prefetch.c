/*
 * Prefetch slow path: a hint the bit vector could not filter. Scattered single
 * pages go out as asynchronous MADV_WILLNEED from the calling thread (many reads in
 * flight), with MADV_RANDOM on the region once they are seen to be scattered, so each
 * fault stops pulling in 8 MiB of read-around; contiguous blocks of files are mapped
 * in advance by MADV_POPULATE_READ on the worker threads (large folios, no minor
 * faults later), of anonymous memory swapped in by MADV_WILLNEED. A file prefetch is
 * never dropped for lack of memory: the page is one the program is about to touch,
 * read by a fault if not by the prefetch, so dropping it saves nothing and makes the
 * read synchronous (measured: a column walk under a cgroup limit took 2400 faults
 * more); releases and the kernel's reclaim of clean cache make the room. Private
 * memory (anonymous, shmem, a private file's copies) is different: only swap frees
 * it, and a prefetch into a group at its limit makes the kernel reclaim inside the
 * prefetch call; when reclaim cannot keep up, the OOM killer takes the program there
 * (seen: 9 of 18 outside programs killed under `prefetch`, 2 of 18 plain). Such
 * prefetches take only the room the group has (oc_pace_prefetch_room on the last
 * limit sample: no system call); the rest is left to the program's own faults.
 * A block or a single page that continues a sequential stream on a file mapping is
 * left to the kernel's readahead and read-around, which already serve it
 * (PLATFORM.md: a stream ran as fast plain as with any prefetch window).
 * A scattered page of a file whose page before was released by this program is a
 * walk advancing along rows a page per sweep (a column walk keeping its column of
 * pages): the pages after it in the row are read with it while the group has room
 * to spare, one read for several sweeps (see widened_end).
 */
#include <stdbool.h>

#include "backend.h"
#include "limit.h"
#include "pacing.h"
#include "release.h"
#include "residency.h"
#include "runtime.h"
#include "stats.h"
#include "trace.h"

/* Work item size for the populate workers: small enough to spread over them and to
 * lose little when dropped, large enough for large folios. */
#define POPULATE_PIECE ((uintptr_t)2 << 20)

/* Private memory comes back charged to the group, reclaimed only by swapping. */
static bool kind_is_bounded(enum oc_map_kind kind) { return kind != OC_MAP_FILE_SHARED; }

/* Room taken by bounded prefetches since the limit sample room_sample_ns. Racy by
 * design: a charge lost when two threads see a new sample is covered by the margin. */
static _Atomic(long) room_sample_ns, room_taken;

/* The group's room for a prefetch. Of private memory (bounded), against the working
 * set: the limit reclaims cold page cache and unmapped swap cache (what releases paged
 * out) without I/O, so they are room (a CSR product on anonymous memory with swap had
 * 35 MiB of its 64 MiB group in swap cache, 400 MB of prefetches held back). Of file
 * data, against the whole charge: a walk's own widened and read-ahead pages are cold
 * cache until it reaches them, and counting them as room would evict them first. */
static long room_left(bool bounded) {
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  long seen = atomic_load_explicit(&room_sample_ns, memory_order_relaxed);
  if (seen != f.sampled_ns &&
      atomic_compare_exchange_strong_explicit(&room_sample_ns, &seen, f.sampled_ns,
                                              memory_order_relaxed, memory_order_relaxed))
    atomic_store_explicit(&room_taken, 0, memory_order_relaxed);
  /* Calls in flight when the sample was read: a populate piece per worker and the
   * hinting thread's own. */
  long margin = (long)POPULATE_PIECE * (oc_rt.config.threads + 1);
  return oc_pace_prefetch_room(f.limit, bounded ? f.working_set : f.usage,
                               atomic_load_explicit(&room_taken, memory_order_relaxed), margin);
}

static void charge_room(long bytes) {
  atomic_fetch_add_explicit(&room_taken, bytes, memory_order_relaxed);
}

/* The first bytes of [start, start + len) of private memory the group has room for
 * (whole granules). */
static size_t take_room(size_t len) {
  long room = room_left(true) & ~(long)(OC_GRANULE_SIZE - 1);
  size_t taken = (size_t)room < len ? (size_t)room : len;
  charge_room((long)taken);
  return taken;
}

/* Pages of a row read with its hinted page, for the walk's next sweeps: a 16 KiB read
 * costs this disk little more than a 4 KiB one, and the next sweeps' hints are then
 * filtered (the quick column walk, 4096 x 4096 doubles under 64 MiB: 15 k reads
 * instead of 31 k, half the minor faults and system time, wall 0.55-0.64 s against
 * 0.69-0.76; 2 pages: 0.60-0.65 s, 8: 0.60-0.63 s, as many widened rows as room
 * allows). Reading a page ahead instead (the last page left unmarked, so its sweep's
 * hint reads the next ones) made more calls for no less stall: the disk's bandwidth,
 * not its latency, bounds this walk. */
#define WIDEN_PAGES 4

/* Kinds whose page-in is a read from a file (the page cache's, or the pager's store),
 * where reading a few pages costs about what one does. */
static bool kind_widens(enum oc_map_kind kind) {
  return kind == OC_MAP_FILE_SHARED || kind == OC_MAP_PAGED;
}

/* End of the granules to read for a one-page prefetch of file data at first: past
 * first + 1 while the page before first was released by this program (the walk
 * leaves it behind, so the pages after are next), up to WIDEN_PAGES, never over a
 * page already resident, nor past the mapping, nor over a released page unless
 * first itself was (over_released: on paged memory, the marks an earlier phase left,
 * such as the loop that wrote the array and released it, are as old as first's; a
 * static matrix's column walk under the pager took 0.60-0.67 s with this, 0.80-0.85
 * without. Not on files: there an FFT's strided stages, whose pages all carry the
 * previous stage's marks, widened 100 MiB and took 22 k major faults, 1.1 s for
 * 0.5), and only out of the
 * group's room beyond a quarter of its limit kept free (the widened pages of a
 * sweep add a column of pages; a full group would evict them before their sweep).
 * On paged memory the released pages the pager keeps are room too: it drops them
 * first when it needs room (a static matrix's column walk, whose initialising loop's
 * released rows the pager keeps, took 0.60-0.64 s widening only into free room,
 * 0.51-0.58 this way; 0.52-0.65 before the pager kept them). The caller charges
 * the room. */
static uintptr_t widened_end(const struct oc_mapping *m, uintptr_t first, bool over_released) {
  uintptr_t end = first + 1;
  if (!oc_residency_is_released(first - 1))
    return end;
  uintptr_t limit_end = m->end >> OC_GRANULE_SHIFT;
  while (end < first + WIDEN_PAGES && end < limit_end && !oc_residency_test(end) &&
         (over_released || !oc_residency_is_released(end)))
    end++;
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  long spare = room_left(kind_is_bounded(m->kind)) - f.limit / 4;
  const struct oc_backend *os = oc_backend_now();
  if (m->kind == OC_MAP_PAGED && os->kept_released_bytes)
    spare += os->kept_released_bytes();
  long extra = (long)(end - first - 1) << OC_GRANULE_SHIFT;
  if (extra <= 0 || spare < extra)
    return first + 1;
  oc_count(OC_BYTES_WIDENED, extra);
  return end;
}

/* [start, end) is left to the program's faults. Its bits stay set, as if prefetched:
 * the page is resident once the program has touched it, and repeats of the hint are
 * filtered on the fast path (with the bits clear, a column walk under a full group
 * sent every hint, 800 per page, through this slow path: 62 % of its instructions);
 * the mincore resync corrects them when the kernel evicts. */
static void hold_back(uintptr_t start, uintptr_t end) {
  if (start < end)
    oc_count(OC_BYTES_HELD_BACK, (long)(end - start));
}

static void queue_blocks(uintptr_t start, uintptr_t end, bool bounded) {
  while (start < end) {
    uintptr_t piece_end = (start / POPULATE_PIECE + 1) * POPULATE_PIECE;
    if (piece_end > end)
      piece_end = end;
    struct oc_work work = {.start = start, .len = piece_end - start, .bounded = bounded};
    if (!oc_queue_push(&oc_rt.prefetch_queue, &work)) {
      /* Queue full: the workers are behind; a late prefetch is useless. */
      oc_residency_clear_resident(start >> OC_GRANULE_SHIFT, end >> OC_GRANULE_SHIFT);
      oc_count(OC_HINTS_DROPPED, 1);
      return;
    }
    start = piece_end;
  }
}

/* Takes back (rescues) the released granules of [first, last), counting them and,
 * apart, those that never left memory (pacing's consumption leaves them out: a
 * loop's reuse of its own buffered pages brings nothing in). */
static long take_back_pages(uintptr_t first, uintptr_t last, struct oc_release_stamp_match *own) {
  long in_memory = 0;
  long rescued = oc_residency_take_released(first, last, own, &in_memory);
  oc_count(OC_RELEASES_RESCUED, rescued);
  oc_count(OC_BYTES_RESCUED_IN_MEMORY, in_memory << OC_GRANULE_SHIFT);
  if (in_memory)
    oc_release_note_taken_back_buffered(in_memory);
  return rescued;
}

/* Takes back (rescues) the released granules of [first, last), telling the release
 * tracking which of them tag itself released less than three quarters of a limit's
 * worth of releases before: pages the OS's replacement would still hold (the rest of
 * the limit holds the program's other pages and the margins; a sweep of exactly the
 * limit, an FFT's stage at quick size, must not count). Returns how many were
 * released. Pages whose release never reached the OS (buffered, or withheld with
 * their tag) are resident again: the hint reads nothing for them. Pages whose
 * release did, taken back less than 9/8 of a limit's worth of releases later (any
 * releaser's), are counted too: reuse the limit could have held (the pacing's trust,
 * pacing.h). Not just the limit: the release clock counts recorded releases, more
 * than the distinct pages a sweep touches (a sweep over gemm's 55.6 MiB B advanced
 * it 62-63 MiB); a cyclic re-scan of 1.5 limits still comes back later. */
static long take_back(uintptr_t first, uintptr_t last, int tag) {
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  long limit_mib = f.limit >> 20, own_mib = limit_mib / 4 * 3, soon_mib = limit_mib * 9 / 8;
  struct oc_release_stamp_match own = {
      .mark = oc_release_mark(tag),
      .now = oc_release_clock(),
      .within = own_mib < (long)OC_STAMP_CLOCK_MASK ? (uint32_t)own_mib : OC_STAMP_CLOCK_MASK,
      .soon = soon_mib < (long)OC_STAMP_CLOCK_MASK ? (uint32_t)soon_mib : OC_STAMP_CLOCK_MASK};
  long rescued = take_back_pages(first, last, &own);
  oc_count(OC_BYTES_BACK_TOO_SOON, own.issued_back_soon << OC_GRANULE_SHIFT);
  if (own.count)
    oc_release_note_rescued(tag, own.count);
  return rescued;
}

/* [start, end) lies in a mapping that is never read ahead (a stack, the runtime's own
 * memory): its bits say resident, so the fast path filters its next hints. A
 * histogram on the stack, hinted at every key, took 60 M trips here: 2.8x plain's
 * time. A block hint runs a page past its address, so one near the stack's top
 * ends beyond the mapping, in none or in another that is no data either: that
 * part is marked too, else the hint came here every time (12 k of 200 k keys).
 * Bits of a range later mapped as data are rewritten by the next resync. */
static void mark_never_read_ahead(uintptr_t start, uintptr_t end, uintptr_t hint_end) {
  oc_residency_set_resident(start >> OC_GRANULE_SHIFT,
                            (end + OC_GRANULE_SIZE - 1) >> OC_GRANULE_SHIFT);
  if (hint_end <= end)
    return;
  const struct oc_mapping *next = oc_maps_get(end);
  if (!next || !oc_kind_is_program_data(next->kind)) {
    uintptr_t tail_end = next && next->end < hint_end ? next->end : hint_end;
    oc_residency_set_resident(end >> OC_GRANULE_SHIFT,
                              (tail_end + OC_GRANULE_SIZE - 1) >> OC_GRANULE_SHIFT);
  }
  oc_maps_put(next);
}

void oc_prefetch_slow(uintptr_t start, uintptr_t end, enum oc_prefetch_shape shape, int tag) {
  if (atomic_load_explicit(&oc_state, memory_order_acquire) != OC_STATE_RUNNING)
    return;
  oc_count(OC_HINTS_SLOW, 1);
  oc_release_worker_wanted();
  /* Before any lock is held: starting threads takes the lifecycle lock, which
   * fork handlers take before every other. */
  if (!oc_workers_ensure_started()) {
    oc_count(OC_HINTS_DROPPED, 1);
    return;
  }
  const uintptr_t top = (uintptr_t)1 << OC_ADDRESS_SHIFT;
  if (start < OC_GRANULE_SIZE || start >= top || end <= start) {
    oc_count(OC_HINTS_DROPPED, 1);
    return;
  }
  if (end > top)
    end = top;
  /* The mapping first: it bounds every later step, whatever count the hint had. */
  const struct oc_mapping *m = oc_maps_get(start);
  const uintptr_t hint_end = end;
  if (m && end > m->end)
    end = m->end;
  if (!m || !oc_kind_is_program_data(m->kind) || oc_on_own_stack(start, end)) {
    bool known = m != NULL;
    oc_maps_put(m);
    if (known)
      mark_never_read_ahead(start, end, hint_end);
    oc_count(OC_HINTS_DROPPED, 1);
    return;
  }
  uintptr_t first = start >> OC_GRANULE_SHIFT;
  uintptr_t last = (end + OC_GRANULE_SIZE - 1) >> OC_GRANULE_SHIFT;
  bool one_page = last - first <= 1;

  long rescued = take_back(first, last, tag);
  if (shape == OC_PREFETCH_BLOCK && !one_page && oc_os_readahead_serves(m, first, last)) {
    /* A sequential stream: the kernel reads it ahead; only its releases matter.
     * Marked resident as if prefetched (mincore resyncs keep that honest). */
    oc_residency_set_resident(first, last);
    oc_maps_put(m);
    oc_count(OC_HINTS_LEFT_TO_READAHEAD, 1);
    return;
  }
  const uintptr_t hint_first = first, hint_last = last;
  first = oc_residency_first_missing(first, last);
  if (first == last) {
    oc_maps_put(m);
    oc_count(OC_HINTS_FILTERED_SLOW, 1);
    return;
  }
  uintptr_t from = first << OC_GRANULE_SHIFT, to = last << OC_GRANULE_SHIFT;
  if (oc_kind_needs_swap(m->kind) && !oc_limit_have_swap()) {
    /* Without swap such memory is always in core: nothing to read, ever. */
    oc_residency_set_resident(from >> OC_GRANULE_SHIFT, to >> OC_GRANULE_SHIFT);
    oc_maps_put(m);
    oc_count(OC_HINTS_FILTERED_SLOW, 1);
    return;
  }
  /* Marked before the read completes, so repeats are filtered while it is in flight. */
  oc_residency_set_resident(from >> OC_GRANULE_SHIFT, to >> OC_GRANULE_SHIFT);
  bool bounded = kind_is_bounded(m->kind);
  if (bounded && room_left(true) == 0) {
    /* Not even a piece fits: nothing queued. */
    oc_maps_put(m);
    hold_back(from, to);
    oc_count(OC_HINTS_DROPPED, 1);
    return;
  }
  /* Anonymous and shmem blocks too: MADV_WILLNEED starts their swap-ins
   * asynchronously, many in flight, and leaves untouched memory alone, where a
   * populate would map the zero page and add a fault at the first write (measured,
   * MATVEC-like sweep of malloc'd 160 MiB under a 64 MiB group: 5.2 k major faults
   * with WILLNEED here, 11.7 k with populate from the workers). */
  if (shape == OC_PREFETCH_PAGE || one_page || oc_kind_needs_swap(m->kind)) {
    if ((shape == OC_PREFETCH_PAGE || one_page) &&
        oc_os_note_single_page(m, first) == OC_PAGE_IN_STREAM) {
      /* Its fault's read-around reads it, with what follows, in one large read
       * (an FFT stage under its limit waited 15 k times on our 4 KiB reads). */
      oc_maps_put(m);
      oc_count(OC_HINTS_LEFT_TO_READAHEAD, 1);
      return;
    }
    if (kind_widens(m->kind) && last - first == 1) {
      last = widened_end(m, first, m->kind == OC_MAP_PAGED && one_page && rescued);
      to = last << OC_GRANULE_SHIFT;
      oc_residency_set_resident(first + 1, last); /* first was marked above */
      take_back_pages(first + 1, last, NULL);
      if (!bounded) /* a bounded prefetch takes its room below */
        charge_room((long)(last - first - 1) << OC_GRANULE_SHIFT);
    }
    if (oc_kind_needs_swap(m->kind)) {
      uintptr_t ahead = oc_os_swapin_ahead_end(m, hint_first, hint_last);
      if (ahead > m->end >> OC_GRANULE_SHIFT)
        ahead = m->end >> OC_GRANULE_SHIFT;
      if (ahead > last) {
        oc_residency_set_resident(last, ahead);
        take_back(last, ahead, tag);
        oc_count(OC_BYTES_SWAPPED_IN_AHEAD, (long)(ahead - last) << OC_GRANULE_SHIFT);
        last = ahead;
        to = last << OC_GRANULE_SHIFT;
      }
    }
    size_t len = bounded ? take_room(to - from) : to - from;
    hold_back(from + len, to);
    oc_trace_event(OC_TRACE_PREFETCH_ISSUED, from, len, 0, -1);
    oc_backend_now()->prefetch(m->kind, from, len);
    oc_trace_event(OC_TRACE_PREFETCH_DONE, from, len, 0, -1);
    oc_count(len ? OC_HINTS_ISSUED : OC_HINTS_DROPPED, 1);
    oc_count(OC_BYTES_PREFETCHED, (long)len);
  } else {
    queue_blocks(from, to, bounded);
  }
  oc_maps_put(m);
}

void *oc_prefetch_worker_main(void *unused) {
  (void)unused;
  struct oc_work work;
  while (oc_queue_pop(&oc_rt.prefetch_queue, &work, -1) == OC_POP_ITEM) {
    if (atomic_load_explicit(&oc_state, memory_order_acquire) != OC_STATE_RUNNING)
      continue; /* exiting: drain without I/O */
    /* A piece the program has already released is behind it: populating it now
     * would read it back for nothing. */
    uintptr_t first = work.start >> OC_GRANULE_SHIFT;
    uintptr_t end = (work.start + work.len) >> OC_GRANULE_SHIFT;
    uintptr_t released = oc_residency_find_released(first, end, true);
    if (released == first) {
      oc_count(OC_HINTS_DROPPED, 1);
      continue;
    }
    work.len = (released - first) << OC_GRANULE_SHIFT;
    if (work.bounded) {
      size_t len = take_room(work.len);
      hold_back(work.start + len, work.start + work.len);
      if (!len) {
        oc_count(OC_HINTS_DROPPED, 1);
        continue;
      }
      work.len = len;
    }
    oc_trace_event(OC_TRACE_PREFETCH_ISSUED, work.start, work.len, 0, -1);
    const struct oc_backend *os = oc_backend_now();
    if (!os->prefetch_now(work.start, work.len))
      os->prefetch(OC_MAP_FILE_SHARED, work.start, work.len); /* kernel before 5.14 */
    oc_trace_event(OC_TRACE_PREFETCH_DONE, work.start, work.len, 0, -1);
    oc_count(OC_HINTS_ISSUED, 1);
    oc_count(OC_BYTES_PREFETCHED, (long)work.len);
  }
  return NULL;
}
