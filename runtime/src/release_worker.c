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

/* The kernel writes back whole folios, which readahead builds up to a chunk (2 MiB,
 * aligned in the file). A write-back started on part of a chunk while the program
 * still writes the rest of it writes the folio, write-protects it, and writes it
 * again once the program dirties it again: MGRID's output planes of 0.96 MiB wrote
 * 870 MiB for 682 MiB of results (O: 700). So a dirty piece that leaves part of its
 * chunks is unmapped at once and its write-back waits until a dirty piece of the
 * same file outside those chunks shows that the program has left them, or until it
 * is WRITEBACK_AGE_NS old. Nothing is lost by waiting: unmapped dirty pages stay in
 * the page cache, which writes them back on its own. */
#define DEFERRED_DEPTH 4

struct deferred_writeback {
  struct writeback wb; /* started_ns: when it was deferred */
  uint64_t first_chunk, last_chunk; /* the file chunks it touches */
};

/* Only the release worker touches these. */
static struct writeback writebacks[WRITEBACK_DEPTH];
static unsigned writeback_head, writeback_count;
static struct deferred_writeback deferred[DEFERRED_DEPTH];
static unsigned deferred_count; /* oldest first */
static struct oc_release_batch batch;
static struct oc_pace pace;
static _Atomic long backlog_bytes;

void oc_release_backlog_add(long bytes) {
  atomic_fetch_add_explicit(&backlog_bytes, bytes, memory_order_relaxed);
}

long oc_release_backlog(void) { return atomic_load_explicit(&backlog_bytes, memory_order_relaxed); }

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

/* The mapping at wb's start if it is still wb's file, with wb clipped to it; false
 * when it was remapped meanwhile (not ours to touch). */
static bool still_mapped(struct writeback *wb, struct oc_mapping *m, char *path, size_t size) {
  if (!oc_maps_lookup(wb->start, m, path, size) || m->kind != OC_MAP_FILE_SHARED ||
      m->device != wb->device || m->inode != wb->inode)
    return false;
  if (wb->start + wb->len > m->end)
    wb->len = m->end - wb->start;
  return true;
}

/* Waits for the oldest write-back and frees its pages, if the file is still mapped
 * there. */
static void finish_oldest_writeback(void) {
  struct writeback wb = writebacks[writeback_head];
  writeback_head = (writeback_head + 1) % WRITEBACK_DEPTH;
  writeback_count--;
  struct oc_mapping m;
  char path[PATH_MAX];
  if (!still_mapped(&wb, &m, path, sizeof path))
    return;
  if (oc_backend_now()->writeback(&m, wb.start, wb.len, false))
    oc_os_drop_file_cache(&m, wb.start, wb.len); /* unmapped when it started */
}

/* Frees the oldest write-backs that have finished: each wake-up costs one cachestat
 * call while a write is pending. */
static void finish_written_back(void) {
  while (writeback_count) {
    struct writeback wb = writebacks[writeback_head];
    struct oc_mapping m;
    char path[PATH_MAX];
    if (still_mapped(&wb, &m, path, sizeof path) && oc_os_unwritten_pages(&m, wb.start, wb.len) != 0)
      return;
    finish_oldest_writeback();
  }
}

/* Starts the write-back of unmapped dirty pages; they are freed when it is done. */
static void begin_writeback(const struct oc_mapping *m, uintptr_t start, size_t len) {
  if (writeback_count == WRITEBACK_DEPTH)
    finish_oldest_writeback();
  oc_backend_now()->writeback(m, start, len, true);
  oc_count(OC_WRITEBACKS_STARTED, 1);
  writebacks[(writeback_head + writeback_count) % WRITEBACK_DEPTH] =
      (struct writeback){start, len, m->device, m->inode, oc_now_ns()};
  writeback_count++;
}

static uint64_t file_chunk(const struct oc_mapping *m, uintptr_t addr) {
  return (m->offset + (addr - m->start)) >> OC_CHUNK_SHIFT;
}

/* Begins the i-th deferred write-back (oldest first) and removes it. */
static void begin_deferred(unsigned i) {
  struct writeback wb = deferred[i].wb;
  deferred_count--;
  for (unsigned j = i; j < deferred_count; j++)
    deferred[j] = deferred[j + 1];
  struct oc_mapping m;
  char path[PATH_MAX];
  if (still_mapped(&wb, &m, path, sizeof path))
    begin_writeback(&m, wb.start, wb.len);
}

/* Deferred pieces of m's file in none of the chunks [first, last]: the program left
 * them. */
static void begin_left_behind(const struct oc_mapping *m, uint64_t first, uint64_t last) {
  for (unsigned i = 0; i < deferred_count;) {
    const struct deferred_writeback *d = &deferred[i];
    if (d->wb.device == m->device && d->wb.inode == m->inode &&
        (d->last_chunk < first || d->first_chunk > last))
      begin_deferred(i);
    else
      i++;
  }
}

static void begin_aged_deferred(long now) {
  while (deferred_count && now - deferred[0].wb.started_ns >= WRITEBACK_AGE_NS)
    begin_deferred(0);
}

static void start_writeback(const struct oc_mapping *m, uintptr_t start, size_t len) {
  if (oc_os_unwritten_pages(m, start, len) == 0) {
    free_clean(OC_MAP_FILE_SHARED, m, start, len);
    return;
  }
  /* Unmapped first (one ranged TLB flush; the dirty bits move to the page cache):
   * the write-back then has no mapping to write-protect, where each mapped dirty
   * page cost a TLB shootdown, an interrupt of the computing thread (MGRID B: 21-26 k
   * per run, its user time 1.5x O's). */
  page_out(OC_MAP_FILE_SHARED, start, len);
  uintptr_t end = start + len;
  uint64_t first = file_chunk(m, start), last = file_chunk(m, end - 1);
  begin_left_behind(m, first, last);
  bool whole_chunks = (start == m->start || file_chunk(m, start - 1) != first) &&
                      (end == m->end || file_chunk(m, end) != last);
  if (whole_chunks) {
    begin_writeback(m, start, len);
    return;
  }
  if (deferred_count == DEFERRED_DEPTH)
    begin_deferred(0);
  deferred[deferred_count++] = (struct deferred_writeback){
      {start, len, m->device, m->inode, oc_now_ns()}, first, last};
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
    if (!oc_kind_is_program_data(m.kind))
      oc_count(OC_RELEASES_DROPPED, 1);
    else if (m.kind == OC_MAP_FILE_SHARED && m.writable && stop - start >= WRITEBACK_MIN_BYTES)
      start_writeback(&m, start, stop - start);
    else if (m.kind == OC_MAP_FILE_SHARED && !m.writable) /* clean: free it now */
      free_clean(m.kind, &m, start, stop - start);
    else /* anonymous, private, or a small dirty shared piece (unmapped only) */
      page_out(m.kind, start, stop - start);
    start = stop;
  }
}

/* Loved pages (oc_love) are kept: their release marks are taken back. */
static void release_unloved(uintptr_t first, uintptr_t end) {
  while (first < end) {
    uintptr_t loved = oc_loved_find(first, end, true);
    if (loved > first)
      release_span(first << OC_GRANULE_SHIFT, loved << OC_GRANULE_SHIFT);
    if (loved == end)
      return;
    first = oc_loved_find(loved, end, false);
    oc_residency_take_released(loved, first, NULL);
  }
}

/* Issues the piece's pages that are still released: a page prefetched again since
 * (a rescue) is kept, as the OSDI releaser checks before freeing. */
static void release_piece(const struct oc_work *work) {
  uintptr_t first = work->start >> OC_GRANULE_SHIFT;
  uintptr_t end = (work->start + work->len) >> OC_GRANULE_SHIFT;
  while (first < end) {
    uintptr_t from = oc_residency_find_released(first, end, true);
    if (from == end)
      break;
    uintptr_t to = oc_residency_find_released(from, end, false);
    release_unloved(from, to);
    first = to;
  }
}

/* Buffered releases, on a fresh sample each period: usage stays below the limit by
 * what the program consumes until the next decision shows (two periods, and a third
 * for a worker delayed on a busy machine), plus a margin. Returns the next period. */
static long precise_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts); /* the coarse clock ticks every few ms */
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static long pace_buffered_releases(long now) {
  oc_limit_refresh();
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  /* Prefetches held back for lack of room are consumption too: counting only the
   * issued ones would shrink the headroom that lets them through. */
  oc_pace_sample(&pace, now,
                 oc_counter_value(OC_BYTES_PREFETCHED) + oc_counter_value(OC_BYTES_HELD_BACK) +
                     oc_counter_value(OC_BYTES_RECORDED));
  long period = oc_pace_period_ns(&pace, f.limit);
  long usage = f.usage - oc_backend_now()->self_evicting_bytes();
  long bytes = oc_pace_release_bytes(&pace, f.limit, usage, 3 * period);
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
  begin_aged_deferred(now);
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
  bool buffered = oc_rt.config.policy == OC_POLICY_BUFFERED, maps_wanted = false;
  for (;;) {
    struct oc_work pieces[PIECES_PER_WAKE];
    unsigned taken;
    long timeout = maps_wanted ? OC_MAPS_REFRESH_NS : buffered ? pace_period : HOUSEKEEPING_NS;
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
    for (unsigned i = 0; i < taken; i++)
      oc_release_backlog_add(-(long)pieces[i].held);
    long now = oc_now_ns();
    if (atomic_load_explicit(&oc_state, memory_order_acquire) != OC_STATE_RUNNING)
      continue;
    long precise_now = buffered ? precise_now_ns() : 0;
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
  writeback_head = writeback_count = deferred_count = 0;
  batch = (struct oc_release_batch){0};
  pace = (struct oc_pace){0};
  atomic_store_explicit(&backlog_bytes, 0, memory_order_relaxed);
}
