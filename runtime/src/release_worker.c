/*
 * The release worker: issues release pieces by mapping kind, runs the dirty-data
 * write-back pipeline, paces buffered releases against the limit, and does the
 * periodic housekeeping (idle tags, bit vector resynchronisation, mapping table
 * refresh).
 * Data safety: only MADV_PAGEOUT (never DONTNEED or FREE) on private and anonymous
 * memory, only on program data, and dirty shared-file data is written back before it
 * is paged out.
 */
#include <limits.h>
#include <time.h>

#include "arbiter.h"
#include "assembly.h"
#include "backend.h"
#include "limit.h"
#include "love_hate.h"
#include "pacing.h"
#include "release.h"
#include "residency.h"
#include "runtime.h"
#include "spill.h"
#include "stats.h"
#include "trace.h"

#define HOUSEKEEPING_NS 10000000L      /* 10 ms */
#define TAG_IDLE_NS 100000000L         /* a tag silent this long has its last release issued */
#define MAPS_REFRESH_NS 500000000L
/* Dirty shared-file chunks: write-back starts when a chunk is released; the chunk is
 * freed as soon as the kernel says its write finished (cachestat), at the latest
 * WRITEBACK_DEPTH chunks later (or WRITEBACK_AGE_NS later), when waiting for it
 * costs nothing. A chunk of a writable mapping that holds no dirty page (a stencil's
 * source grid) is freed at once: waiting for it held 4 chunks of every such stream
 * in memory for nothing. */
#define WRITEBACK_DEPTH 4
#define WRITEBACK_AGE_NS 100000000L
#define WRITEBACK_POLL_NS 1000000L
/* A dirty piece smaller than this (strided pages: an FFT stage's butterflies) is only
 * unmapped: its own write-back would make the worker wait for a few pages at a time
 * (FFT's releases ran 5x slower than none), while the kernel's flusher writes such
 * pages in large batches and reclaim then finds them unmapped. Never loses data. */
#define WRITEBACK_MIN_BYTES (256L << 10)

struct writeback {
  uintptr_t start;
  size_t len;
  uint64_t device, inode;
  long started_ns;
};

/* Shared-file pieces wait at most this long for the rest of their chunks
 * (assembly.h). */
#define ASSEMBLY_AGE_NS 50000000L

/* Only the release worker touches these. */
static struct writeback writebacks[WRITEBACK_DEPTH];
static unsigned writeback_head, writeback_count;
static struct oc_assembler assembler;
static struct oc_release_batch batch;
static struct oc_pace pace;
static _Atomic long backlog_bytes, backlog_pieces;

void oc_release_backlog_add(long pieces, long bytes) {
  atomic_fetch_add_explicit(&backlog_bytes, bytes, memory_order_relaxed);
  atomic_fetch_add_explicit(&backlog_pieces, pieces, memory_order_release);
}

long oc_release_backlog(void) { return atomic_load_explicit(&backlog_bytes, memory_order_relaxed); }

/* A short sleep, not a wake-up from the worker: woken by the worker as soon as its
 * pieces were issued, the hinting thread ran 2.5x slower in a fill loop at the limit
 * (0.46-0.58 s against 0.18-0.21; polled every 100 us, 0.19-0.21). */
#define ISSUED_POLL_NS 20000L

void oc_release_wait_issued(long timeout_ns) {
  for (long waited = 0;
       atomic_load_explicit(&backlog_pieces, memory_order_acquire) > 0 && waited < timeout_ns;
       waited += ISSUED_POLL_NS)
    nanosleep(&(struct timespec){0, ISSUED_POLL_NS}, NULL);
}

/* A worker that wakes every few milliseconds slows a program that pages without
 * hints: the kernel's reclaim, run in the program's faults, flushes TLBs with an
 * interrupt to each CPU on which a thread of the process may still hold entries. A
 * strided sweep the pass cannot hint, 176 MB in a 64 MiB group with swap: 13.6-14.7 s
 * alone, 17.0-17.8 s beside a thread that wakes every 1 or 5 ms (2x the TLB
 * shootdowns), 13.9-14.2 s beside one that wakes every 100 ms or 1 s. So the worker
 * goes quiet, waking every QUIET_NS, once no hint has reached a slow path for
 * QUIET_AFTER_NS and it holds nothing to pace or finish; a slow path wakes it at once
 * (oc_release_worker_wanted). */
#define QUIET_AFTER_NS 50000000L
#define QUIET_NS 100000000L
static _Atomic(bool) quiet;

void oc_release_worker_wanted(void) {
  /* Pairs with the fence in go_quiet: the slow path's count is seen there, or quiet
   * is seen here. */
  atomic_thread_fence(memory_order_seq_cst);
  if (atomic_load_explicit(&quiet, memory_order_relaxed) &&
      atomic_exchange_explicit(&quiet, false, memory_order_relaxed))
    oc_queue_wake(&oc_rt.release_queue);
}

static long slow_hints(void) {
  return oc_counter_value(OC_HINTS_SLOW) + oc_counter_value(OC_RELEASES_RECORDED);
}

static bool holds_work(bool maps_wanted) {
  return maps_wanted || writeback_count || assembler.count || oc_release_backlog() ||
         oc_queue_length(&oc_rt.release_queue) || oc_release_buffered_bytes() ||
         oc_rt.config.arbitration != OC_ARBITRATION_OFF;
}

/* Whether the worker may sleep QUIET_NS now; *seen and *active_ns follow the slow
 * paths' count. */
static bool go_quiet(long now, bool maps_wanted, long *seen, long *active_ns) {
  long hints = slow_hints();
  if (hints != *seen) {
    *seen = hints;
    *active_ns = now;
  }
  if (now - *active_ns < QUIET_AFTER_NS || holds_work(maps_wanted)) {
    atomic_store_explicit(&quiet, false, memory_order_relaxed);
    return false;
  }
  atomic_store_explicit(&quiet, true, memory_order_relaxed);
  atomic_thread_fence(memory_order_seq_cst);
  if (slow_hints() == hints)
    return true;
  atomic_store_explicit(&quiet, false, memory_order_relaxed);
  return false;
}

/* Each range would have been one system call; the batch makes fewer. */
static void count_calls(long calls) {
  oc_count(OC_RELEASES_ISSUED, calls);
  oc_count(OC_RELEASE_CALLS_SAVED, -calls);
}

static void page_out(enum oc_map_kind kind, uintptr_t start, size_t len) {
  if (oc_kind_needs_swap(kind) && !oc_limit_have_swap()) {
    /* Swap went away since the hint (oc_release_slow drops them otherwise). */
    oc_count(OC_RELEASES_UNISSUABLE, 1);
    return;
  }
  oc_count(OC_RELEASE_CALLS_SAVED, 1);
  oc_trace_event(OC_TRACE_RELEASE_ISSUED, start, len, 0, -1);
  count_calls(oc_backend_now()->release(&batch, kind, start, len));
  oc_count(OC_BYTES_RELEASED, (long)len);
}

/* Clean shared-file pages: unmapped, then dropped from the cache. */
static void free_clean(enum oc_map_kind kind, const struct oc_mapping *m, uintptr_t start,
                       size_t len) {
  page_out(kind, start, len);
  oc_os_drop_file_cache(m, start, len);
}

/* Waits for the oldest write-back and frees its pages, if the file is still mapped
 * there. */
static void finish_oldest_writeback(void) {
  struct writeback wb = writebacks[writeback_head];
  writeback_head = (writeback_head + 1) % WRITEBACK_DEPTH;
  writeback_count--;
  struct oc_mapping m;
  char path[PATH_MAX];
  if (!oc_maps_lookup(wb.start, &m, path, sizeof path) || m.kind != OC_MAP_FILE_SHARED ||
      m.device != wb.device || m.inode != wb.inode)
    return; /* remapped meanwhile: not ours to touch */
  if (wb.start + wb.len > m.end)
    wb.len = m.end - wb.start;
  if (oc_backend_now()->writeback(&m, wb.start, wb.len, false))
    oc_os_drop_file_cache(&m, wb.start, wb.len); /* unmapped when it started */
}

/* Frees the oldest write-backs that have finished: each wake-up costs one cachestat
 * call while a write is pending. */
static void finish_written_back(void) {
  while (writeback_count) {
    const struct writeback *wb = &writebacks[writeback_head];
    struct oc_mapping m;
    char path[PATH_MAX];
    if (oc_maps_lookup(wb->start, &m, path, sizeof path) && m.kind == OC_MAP_FILE_SHARED &&
        m.device == wb->device && m.inode == wb->inode &&
        oc_os_unwritten_pages(&m, wb->start, wb->len) != 0)
      return;
    finish_oldest_writeback();
  }
}

static void start_writeback(const struct oc_mapping *m, uintptr_t start, size_t len) {
  if (oc_os_unwritten_pages(m, start, len) == 0) {
    free_clean(OC_MAP_FILE_SHARED, m, start, len);
    return;
  }
  if (writeback_count == WRITEBACK_DEPTH)
    finish_oldest_writeback();
  /* Unmapped first (one ranged TLB flush; the dirty bits move to the page cache):
   * the write-back then has no mapping to write-protect, where each mapped dirty
   * page cost a TLB shootdown, an interrupt of the computing thread (MGRID B: 21-26 k
   * per run, its user time 1.5x O's). */
  page_out(OC_MAP_FILE_SHARED, start, len);
  oc_backend_now()->writeback(m, start, len, true);
  oc_count(OC_WRITEBACKS_STARTED, 1);
  writebacks[(writeback_head + writeback_count) % WRITEBACK_DEPTH] =
      (struct writeback){start, len, m->device, m->inode, oc_now_ns()};
  writeback_count++;
}

/* Shared-file pages [start, end) of m, whole chunks where they could be assembled. */
static void release_shared(const struct oc_mapping *m, uintptr_t start, uintptr_t end) {
  if (m->writable && end - start >= WRITEBACK_MIN_BYTES)
    start_writeback(m, start, end - start);
  else if (!m->writable) /* clean: free it now */
    free_clean(m->kind, m, start, end - start);
  else /* a small dirty piece: unmapped only */
    page_out(m->kind, start, end - start);
}

/* Calls issue on each run of granules in [first, end) still released. */
static void each_released_run(uintptr_t first, uintptr_t end,
                              void (*issue)(uintptr_t first, uintptr_t end, void *ctx), void *ctx) {
  while (first < end) {
    uintptr_t from = oc_residency_find_released(first, end, true);
    if (from == end)
      break;
    uintptr_t to = oc_residency_find_released(from, end, false);
    issue(from, to, ctx);
    first = to;
  }
}

static void release_shared_run(uintptr_t first, uintptr_t end, void *mapping) {
  release_shared(mapping, first << OC_GRANULE_SHIFT, end << OC_GRANULE_SHIFT);
}

/* An assembled range goes out if its mapping is still there; pages taken back
 * since (a prefetch rescued them) stay, and with them the gaps it filled. */
static void release_assembled(const struct oc_file_range *r, void *ctx) {
  (void)ctx;
  struct oc_mapping m;
  char path[PATH_MAX];
  uintptr_t start = r->first << OC_GRANULE_SHIFT, end = r->end << OC_GRANULE_SHIFT;
  if (!oc_maps_lookup(start, &m, path, sizeof path) || m.kind != OC_MAP_FILE_SHARED ||
      m.start >> OC_GRANULE_SHIFT != r->map_first || m.end >> OC_GRANULE_SHIFT != r->map_end ||
      m.offset >> OC_GRANULE_SHIFT != r->map_offset) {
    oc_count(OC_RELEASES_DROPPED, 1);
    return; /* remapped meanwhile */
  }
  if (oc_residency_count_released(r->first, r->end) >= r->released)
    release_shared(&m, start, end);
  else
    each_released_run(r->first, r->end, release_shared_run, &m);
}

static bool gap_unloved(uintptr_t first, uintptr_t end, void *ctx) {
  (void)ctx;
  return oc_loved_find(first, end, true) == end;
}

static void release_span(uintptr_t start, uintptr_t end) {
  while (start < end) {
    struct oc_mapping m;
    char path[PATH_MAX];
    if (!oc_maps_lookup(start, &m, path, sizeof path)) {
      oc_count(OC_RELEASES_DROPPED, 1);
      return; /* unmapped meanwhile */
    }
    uintptr_t stop = end < m.end ? end : m.end;
    /* Before the pages go: a prefetch from now on must read them back. */
    oc_residency_mark_issued(start >> OC_GRANULE_SHIFT, stop >> OC_GRANULE_SHIFT);
    if (!oc_kind_is_program_data(m.kind)) {
      oc_count(OC_RELEASES_DROPPED, 1);
    } else if (m.kind == OC_MAP_FILE_SHARED) {
      struct oc_file_range piece = {
          start >> OC_GRANULE_SHIFT, stop >> OC_GRANULE_SHIFT, m.start >> OC_GRANULE_SHIFT,
          m.end >> OC_GRANULE_SHIFT, m.offset >> OC_GRANULE_SHIFT, 0, oc_now_ns()};
      oc_assemble(&assembler, piece, gap_unloved, release_assembled, NULL);
    } else { /* anonymous or private */
      page_out(m.kind, start, stop - start);
    }
    start = stop;
  }
}

/* Loved pages (oc_love) are kept: their release marks are taken back. */
static void release_unloved(uintptr_t first, uintptr_t end, void *ctx) {
  (void)ctx;
  while (first < end) {
    uintptr_t loved = oc_loved_find(first, end, true);
    if (loved > first)
      release_span(first << OC_GRANULE_SHIFT, loved << OC_GRANULE_SHIFT);
    if (loved == end)
      return;
    first = oc_loved_find(loved, end, false);
    oc_residency_take_released(loved, first, NULL, NULL);
  }
}

/* Issues the piece's pages that are still released: a page prefetched again since
 * (a rescue) is kept, as the OSDI releaser checks before freeing. */
static void release_piece(const struct oc_work *work) {
  each_released_run(work->start >> OC_GRANULE_SHIFT, (work->start + work->len) >> OC_GRANULE_SHIFT,
                    release_unloved, NULL);
}

/* Whether releasing ahead of the limit is trusted now (pacing.h). */
static struct oc_pace_trust trust;

static bool pacing_ahead_trusted(long now) {
  long distrusts = trust.distrusts;
  bool trusted = oc_pace_trust_update(&trust, now, oc_counter_value(OC_BYTES_RELEASED),
                                      oc_counter_value(OC_BYTES_BACK_TOO_SOON));
  oc_count(OC_PACING_DISTRUSTS, trust.distrusts - distrusts);
  return trusted;
}

/* Buffered releases, on a fresh sample each period: usage stays below the limit by
 * what the program consumes until the next decision shows (two periods, and a third
 * for a worker delayed on a busy machine), plus a margin. Returns the next period. */
static long pace_buffered_releases(long now) {
  oc_limit_refresh();
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  /* Prefetches held back for lack of room are consumption too: counting only the
   * issued ones would shrink the headroom that lets them through. */
  oc_pace_sample(&pace, now,
                 oc_counter_value(OC_BYTES_PREFETCHED) + oc_counter_value(OC_BYTES_HELD_BACK) +
                     oc_counter_value(OC_BYTES_RECORDED) -
                     oc_counter_value(OC_BYTES_RESCUED_IN_MEMORY));
  long period = oc_pace_period_ns(&pace, f.limit);
  long usage = f.usage - oc_backend_now()->self_evicting_bytes();
  long bytes = pacing_ahead_trusted(now) ? oc_pace_release_bytes(&pace, f.limit, usage, 3 * period)
                                         : 0;
  if (bytes > 0)
    oc_release_batch(bytes);
  return period;
}

static void housekeeping(long now, long *maps_refreshed_ns) {
  struct oc_limit_figures f;
  oc_backend_now()->memory_limit(&f); /* resamples for the hint paths, which only read the figures */
  oc_arbiter_tick(now);
  oc_love_refill(now);
  oc_release_flush_idle(now, TAG_IDLE_NS);
  while (writeback_count && now - writebacks[writeback_head].started_ns >= WRITEBACK_AGE_NS)
    finish_oldest_writeback();
  oc_assemble_expire(&assembler, now, ASSEMBLY_AGE_NS, release_assembled, NULL);
  if (now - *maps_refreshed_ns >= MAPS_REFRESH_NS) {
    oc_maps_refresh();
    *maps_refreshed_ns = now;
  }
  oc_resync_maybe(now);
  oc_spill_guard_readaround(now);
}

/* Release pieces taken from the queue at once: their ranges share system calls. */
#define PIECES_PER_WAKE OC_RELEASE_BATCH

void *oc_release_worker_main(void *unused) {
  (void)unused;
  long last_housekeeping = oc_now_ns(), maps_refreshed = last_housekeeping;
  long last_paced = 0, pace_period = OC_PACE_MAX_PERIOD_NS;
  long hints_seen = slow_hints(), active_ns = last_housekeeping;
  bool buffered = oc_rt.config.policy == OC_POLICY_BUFFERED, maps_wanted = false;
  for (;;) {
    struct oc_work pieces[PIECES_PER_WAKE];
    unsigned taken;
    long timeout = go_quiet(oc_now_ns(), maps_wanted, &hints_seen, &active_ns) ? QUIET_NS
                   : maps_wanted                                                ? OC_MAPS_REFRESH_NS
                   : buffered                                                   ? pace_period
                                                                                : HOUSEKEEPING_NS;
    if (writeback_count && timeout > WRITEBACK_POLL_NS)
      timeout = WRITEBACK_POLL_NS; /* a finished write frees its chunk within this */
    enum oc_pop_result r = oc_queue_pop_many(&oc_rt.release_queue, pieces, PIECES_PER_WAKE,
                                             &taken, timeout);
    if (r == OC_POP_STOPPED)
      break;
    maps_wanted = oc_maps_refresh_wanted();
    if (atomic_load_explicit(&oc_state, memory_order_acquire) == OC_STATE_RUNNING) {
      for (unsigned i = 0; i < taken; i++)
        release_piece(&pieces[i]);
      count_calls(oc_backend_now()->release_flush(&batch));
      finish_written_back();
    }
    long held = 0;
    for (unsigned i = 0; i < taken; i++)
      held += (long)pieces[i].held;
    oc_release_backlog_add(-(long)taken, -held);
    long now = oc_now_ns();
    if (atomic_load_explicit(&oc_state, memory_order_acquire) != OC_STATE_RUNNING)
      continue;
    long precise_now = buffered ? oc_now_precise_ns() : 0;
    if (buffered && precise_now - last_paced >= pace_period) {
      pace_period = pace_buffered_releases(precise_now);
      last_paced = precise_now;
    }
    if (now - last_housekeeping >= HOUSEKEEPING_NS) {
      housekeeping(now, &maps_refreshed);
      last_housekeeping = now;
    }
  }
  return NULL;
}

void oc_release_worker_fork_child(void) {
  atomic_store_explicit(&quiet, false, memory_order_relaxed);
  writeback_head = writeback_count = 0;
  assembler = (struct oc_assembler){0};
  batch = (struct oc_release_batch){0};
  pace = (struct oc_pace){0};
  atomic_store_explicit(&backlog_bytes, 0, memory_order_relaxed);
  atomic_store_explicit(&backlog_pieces, 0, memory_order_relaxed);
}
