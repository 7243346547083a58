/*
 * The evict worker: writes dirty pages back and drops them. It takes the ranges the
 * runtime releases (already in the release buffer's order) as they come: while the
 * pager holds less than three quarters of its cap, a release is only written back
 * and its pages kept, marked released (the OSDI release buffer: memory is freed when
 * it is needed, not before); above that line, and for every release that comes when
 * the pager is fuller, its pages are dropped. When the group's usage nears the memory
 * limit it first has the release buffer issue its buffered releases (lowest priority
 * first), then drops the kept released pages (the most recent first), then evicts
 * what is still over by a clock over the regions (second chance for pages filled
 * since the hand passed): the pager's own reclaim, without which a program over a
 * no-swap limit would be killed. A dirty page is write-protected before it is
 * written (a write in between faults and waits), and dropped only after the write
 * succeeded; a failed write keeps it, dirty.
 */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "backend_linux.h"
#include "limit.h"
#include "pager.h"
#include "pager_region.h"
#include "pager_store.h"
#include "release.h"
#include "workers.h"

#define EVICT_CHUNK_PAGES 1024   /* at most 4 MiB per write and lock hold */
#define EVICT_PERIOD_NS 5000000L /* the limit is sampled this often (OC_LIMIT_SAMPLE_NS) */
#define ROOM_WAIT_NS 50000000L   /* a fill waits at most this long for room */
#define MARGIN_MIN (2L << 20)
/* Watermarks below the cap (UMap's high and low water): above cap - headroom the
 * evict worker starts, and evicts down to cap - 2 * headroom, ahead of the fills,
 * which wait only at the cap itself. */
#define HEADROOM_FRACTION 32
#define HEADROOM_MIN (1L << 20)
/* A fill takes at most this fraction of the cap: a 1 MiB window is a quarter of a
 * 4 MiB cap (an 8 MiB group), and two fault workers' windows at once killed the
 * program (the kernel charges UFFDIO_COPY's pages and, over the limit, OOM-kills). */
#define FILL_CAP_FRACTION 16

static pthread_t evict_thread;
static struct oc_queue evict_queue;
static pthread_mutex_t room_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t room_made = PTHREAD_COND_INITIALIZER;
/* The pager's resident bytes at which the group's usage reaches the line (the limit
 * less a margin), at the evict worker's last look: fills wait above it. */
static _Atomic(long) resident_cap_now = LONG_MAX;
/* Bytes of fills under way (room taken, pages not yet mapped): fills at once, two
 * fault workers' and 32 prefetch fillers', would otherwise all pass the same room. */
static _Atomic(long) filling_bytes;
/* The clock hand; the evict worker only. */
static unsigned hand_region;
static size_t hand_page;

/* A page state (with no flag set) that a chunk drops: mapped. */
static bool evictable(unsigned char s) { return s == OC_PAGE_CLEAN || s == OC_PAGE_DIRTY; }

/* The count a dropped page keeps in its stamp: never 0, which means never dropped. */
static uint32_t eviction_stamp(void) {
  uint32_t stamp = atomic_fetch_add_explicit(&oc_pager_evictions, 1, memory_order_relaxed) + 1;
  return stamp ? stamp : 1;
}

static bool zero_page(const void *page) {
  const uint64_t *w = page;
  for (size_t i = 0; i < OC_PAGER_PAGE / sizeof *w; i++)
    if (w[i])
      return false;
  return true;
}

/* In a chunk's was[]: a dirty page whose protection or write-back failed, kept as it is
 * (no page state has a flag set there otherwise). */
#define WAS_KEPT (OC_PAGE_DIRTY | OC_PAGE_REFERENCED)

/* A chunk on its way out: its mapped pages marked EVICTING and the dirty ones
 * written back, waiting for the drop. */
struct evicting {
  struct oc_pager_region *r;
  size_t first, count, written;
  unsigned char was[EVICT_CHUNK_PAGES]; /* each page's state before */
};

/* Chunks dropped together, in one system call: one TLB flush for them all, where a
 * madvise per chunk cost a shootdown of the computing thread's CPU each (a column
 * walk evicts a page per row: a fifth of its process's CPU time went to them). */
struct evict_batch {
  unsigned count, capacity;
  struct evicting *chunk;
  bool keep;          /* write back only: the pages stay, clean and released */
  bool released_only; /* take only pages marked released */
};

/* Region locked, pages [first, first + count) (count <= EVICT_CHUNK_PAGES), the batch
 * not full: marks the mapped ones EVICTING, writes the dirty ones back and adds the
 * chunk to the batch; returns the bytes it will drop, with the region unlocked. */
static long evict_chunk(struct evict_batch *b, struct oc_pager_region *r, size_t first,
                        size_t count) {
  assert(b->count < b->capacity && count <= EVICT_CHUNK_PAGES);
  struct evicting *e = &b->chunk[b->count++];
  *e = (struct evicting){.r = r, .first = first, .count = count};
  unsigned char *was = e->was;
  size_t dirty = 0;
  long mapped = 0;
  for (size_t i = 0; i < count; i++) {
    was[i] = (unsigned char)oc_page_state(r, first + i);
    if (b->released_only && !(r->state[first + i] & OC_PAGE_RELEASED))
      was[i] = OC_PAGE_FILLING; /* not this chunk's: left as it is */
    if (evictable(was[i])) {
      oc_page_unrelease(r, first + i);
      oc_page_deactivate(r, first + i);
      r->state[first + i] = OC_PAGE_EVICTING;
      mapped += (long)OC_PAGER_PAGE;
    }
  }
  /* Protect the dirty runs while locked: from here on a write faults and waits. */
  for (size_t i = 0; i < count;) {
    size_t j = i;
    while (j < count && was[j] == OC_PAGE_DIRTY)
      j++;
    if (j > i && !oc_pager_uffd_protect(r, first + i, j - i, true))
      for (size_t k = i; k < j; k++) {
        was[k] = WAS_KEPT; /* not written */
        r->state[first + k] = OC_PAGE_DIRTY;
        mapped -= (long)OC_PAGER_PAGE;
      }
    dirty += j - i;
    i = j > i ? j : i + 1;
  }
  /* Protected, so read as it stays: a dirty page the store never held that holds
   * zeros needs no write, and reads as zeros again once dropped (the rest of a fault's
   * window of zeros that the program did not write). */
  uintptr_t base = atomic_load(&r->start);
  for (size_t i = 0; i < count; i++)
    if (was[i] == OC_PAGE_DIRTY && !r->stored[first + i] &&
        zero_page((const void *)(base + (first + i) * OC_PAGER_PAGE))) {
      was[i] = OC_PAGE_CLEAN;
      dirty--;
    }
  r->busy++;
  pthread_mutex_unlock(&r->lock);
  for (size_t i = 0; dirty && i < count;) {
    size_t j = i;
    while (j < count && was[j] == OC_PAGE_DIRTY)
      j++;
    if (j > i) {
      size_t p = first + i;
      if (oc_pager_store_write(r->io_fd, r->direct, (void *)(base + p * OC_PAGER_PAGE),
                               (j - i) * OC_PAGER_PAGE, (off_t)(p * OC_PAGER_PAGE))) {
        e->written += (j - i) * OC_PAGER_PAGE;
      } else {
        oc_pager_store_failed(r->what, "write", errno);
        for (size_t k = i; k < j; k++) {
          was[k] = WAS_KEPT;
          mapped -= (long)OC_PAGER_PAGE;
        }
      }
    }
    i = j > i ? j : i + 1;
  }
  return mapped;
}

/* Region r locked: whether the batch may take a chunk of r. A batch holds chunks of
 * one region (each raised its busy count until the batch is issued): a fork's
 * prepare handler holds each region in turn once its I/O is done, and would wait for
 * ever on a region whose chunk waits in a batch that waits for the held one. */
static bool batch_takes(const struct evict_batch *b, const struct oc_pager_region *r) {
  return b->count < b->capacity && (!b->count || b->chunk[b->count - 1].r == r);
}

/* Drops the batch's written chunks (a keep batch: marks them released) and records
 * them; returns the bytes dropped. */
static long evict_batch_issue(struct evict_batch *b) {
  enum { RANGES = 128 };
  struct iovec ranges[RANGES];
  unsigned n = 0;
  /* With an unmap pending, new memory may lie where these pages were: all stay,
   * clean (the dirty ones were written and protected). */
  bool drop = !b->keep && oc_pager_drop_begin();
  for (unsigned c = 0; drop && c < b->count; c++) {
    const struct evicting *e = &b->chunk[c];
    uintptr_t base = atomic_load(&e->r->start);
    for (size_t i = 0; i < e->count;) {
      size_t j = i;
      while (j < e->count && evictable(e->was[j]))
        j++;
      if (j > i) {
        if (n == RANGES) {
          oc_os_advise_ranges(ranges, n, MADV_DONTNEED);
          n = 0;
        }
        ranges[n++] = (struct iovec){(void *)(base + (e->first + i) * OC_PAGER_PAGE),
                                     (j - i) * OC_PAGER_PAGE};
      }
      i = j > i ? j : i + 1;
    }
  }
  if (n)
    oc_os_advise_ranges(ranges, n, MADV_DONTNEED);
  if (!b->keep)
    oc_pager_drop_end();
  long total = 0;
  for (unsigned c = 0; c < b->count; c++) {
    const struct evicting *e = &b->chunk[c];
    struct oc_pager_region *r = e->r;
    long dropped = 0;
    pthread_mutex_lock(&r->lock);
    for (size_t i = 0; i < e->count; i++) {
      size_t p = e->first + i;
      if (e->was[i] == OC_PAGE_DIRTY)
        r->stored[p] = 1;
      if (evictable(e->was[i])) {
        r->state[p] = drop ? OC_PAGE_MISSING : OC_PAGE_CLEAN;
        if (drop)
          r->stamp[p] = eviction_stamp();
        if (b->keep) {
          r->state[p] |= OC_PAGE_RELEASED;
          atomic_fetch_add_explicit(&oc_pager_released_pages, 1, memory_order_relaxed);
        }
        dropped += drop ? (long)OC_PAGER_PAGE : 0;
      } else if (e->was[i] == WAS_KEPT) {
        r->state[p] = OC_PAGE_DIRTY;
      }
    }
    atomic_fetch_sub(&oc_pager_resident_bytes, dropped);
    uintptr_t start = atomic_load(&r->start) + e->first * OC_PAGER_PAGE;
    r->busy--;
    pthread_cond_broadcast(&r->changed);
    pthread_mutex_unlock(&r->lock);
    if (dropped)
      oc_pager_evicted(start, e->count * OC_PAGER_PAGE, e->written);
    else if (e->written)
      oc_pager_wrote_back(e->written);
    total += dropped;
  }
  b->count = 0;
  return total;
}

/* Locks the region holding addr (NULL: none). A batch holding another region's
 * pages is issued first: they keep that region busy, and a fork's hold of it
 * (oc_pager_region_hold) may be waiting for that while it holds the region wanted. */
static struct oc_pager_region *lock_region_for(struct evict_batch *b, uintptr_t addr) {
  const struct oc_pager_region *last = b->count ? b->chunk[b->count - 1].r : NULL;
  if (last && addr - atomic_load(&last->start) >= last->len)
    evict_batch_issue(b);
  return oc_pager_region_lock(addr);
}

/* Evicts [start, start + len) into the batch (issued when full); returns the bytes it
 * will drop. */
static long evict_range(struct evict_batch *b, uintptr_t start, size_t len) {
  uintptr_t at = start, end = start + len;
  long taken = 0;
  while (at < end) {
    struct oc_pager_region *r = lock_region_for(b, at);
    if (!r)
      return taken;
    if (!batch_takes(b, r)) {
      pthread_mutex_unlock(&r->lock);
      evict_batch_issue(b);
      continue;
    }
    uintptr_t base = atomic_load(&r->start);
    size_t page = (at - base + OC_PAGER_PAGE - 1) / OC_PAGER_PAGE;
    size_t last = (end - base) / OC_PAGER_PAGE; /* whole pages only */
    if (last > r->pages)
      last = r->pages;
    if (page >= last) {
      pthread_mutex_unlock(&r->lock);
      return taken;
    }
    /* Pages being filled are left alone: their fill may be waiting for this worker. */
    size_t count = last - page < EVICT_CHUNK_PAGES ? last - page : EVICT_CHUNK_PAGES;
    taken += evict_chunk(b, r, page, count);
    at = base + (page + count) * OC_PAGER_PAGE;
  }
  return taken;
}

/* Region locked, page active: whether the hand passes it and leaves it active: until
 * the count in its stamp (pager_fill.c), and while the active pages are within their
 * budget. Bounded, as the clock never sees whether they are still read. */
static bool stays_active(const struct oc_pager_region *r, size_t page, long cap_pages,
                         uint32_t now) {
  return atomic_load_explicit(&oc_pager_active_pages, memory_order_relaxed) <=
             oc_pager_active_budget(cap_pages) &&
         (int32_t)(r->stamp[page] - now) > 0;
}

/* Evicts about bytes by the clock, through the batch (issued before it returns). */
static void evict_by_clock(struct evict_batch *b, long bytes) {
  long dropped = 0;
  long cap_pages = oc_pager_cap_pages();
  uint32_t now = atomic_load_explicit(&oc_pager_evictions, memory_order_relaxed);
  /* Four sweeps at most: the first clears referenced bits, the second evicts what is
   * neither referenced nor active, the third also takes active pages' bits. */
  for (unsigned steps = 0; dropped < bytes && steps < 4 * OC_PAGER_REGIONS + 4;) {
    bool spare_active = steps < 2 * OC_PAGER_REGIONS + 2;
    struct oc_pager_region *r = &oc_pager_regions[hand_region];
    uintptr_t start = atomic_load(&r->start);
    if (!start || !(r = lock_region_for(b, start)) || hand_page >= r->pages) {
      if (r && start)
        pthread_mutex_unlock(&r->lock);
      hand_region = (hand_region + 1) % OC_PAGER_REGIONS;
      hand_page = 0;
      steps++;
      continue;
    }
    if (!batch_takes(b, r)) {
      pthread_mutex_unlock(&r->lock);
      evict_batch_issue(b);
      continue;
    }
    size_t p = hand_page, run = 0;
    while (p < r->pages && !run) {
      unsigned char s = r->state[p];
      if (s & OC_PAGE_REFERENCED)
        r->state[p] = s & ~OC_PAGE_REFERENCED;
      else if (s & OC_PAGE_ACTIVE) {
        if (!spare_active || !stays_active(r, p, cap_pages, now))
          oc_page_deactivate(r, p);
      } else if (evictable(s & OC_PAGE_STATE_MASK))
        while (p + run < r->pages && run < EVICT_CHUNK_PAGES &&
               evictable(oc_page_state(r, p + run)) &&
               !(r->state[p + run] & (OC_PAGE_REFERENCED | OC_PAGE_ACTIVE)))
          run++;
      if (!run)
        p++;
    }
    hand_page = p + run;
    if (run)
      dropped += evict_chunk(b, r, p, run);
    else
      pthread_mutex_unlock(&r->lock);
  }
  evict_batch_issue(b);
}

/* whole / fraction, at least min_bytes or an eighth of whole if that is less: minimums
 * sized for tens of MiB left the pager no cap in a 6 MiB group (each fault then waited
 * for room that never came). */
static long part_of(long whole, long fraction, long min_bytes) {
  long least = whole > 0 && whole / 8 < min_bytes ? whole / 8 : min_bytes;
  return whole / fraction > least ? whole / fraction : least;
}

static long headroom(long cap) { return part_of(cap, HEADROOM_FRACTION, HEADROOM_MIN); }

/* The pager's resident bytes at which the group's working set reaches the line (the
 * limit less a margin). Exact between samples, as the pager counts what it maps
 * itself. Cold page cache (the store's written-back pages among it) is left to the
 * kernel's reclaim, which drops it without a read: counting it would have the pager
 * evict its own pages, and write more cache, in a group whose usage is full of it. */
static long resident_cap(void) {
  struct oc_limit_figures f;
  oc_limit_refresh();
  oc_limit_cached(&f);
  long margin = part_of(f.limit, 32, MARGIN_MIN);
  return atomic_load(&oc_pager_resident_bytes) - (f.working_set + margin - f.limit);
}

/* Takes bytes of room under the cap if there is room: true if taken. */
static bool take_room_under(long bytes, long cap) {
  long filling = atomic_load(&filling_bytes);
  do {
    if (atomic_load(&oc_pager_resident_bytes) + filling + bytes > cap)
      return false;
  } while (!atomic_compare_exchange_weak(&filling_bytes, &filling, filling + bytes));
  return true;
}

enum oc_pager_room oc_pager_take_room(size_t bytes, bool must) {
  long cap = atomic_load_explicit(&resident_cap_now, memory_order_relaxed);
  long after = atomic_load_explicit(&oc_pager_resident_bytes, memory_order_relaxed) +
               atomic_load_explicit(&filling_bytes, memory_order_relaxed) + (long)bytes;
  if (after > cap - headroom(cap))
    oc_queue_wake(&evict_queue);
  if (take_room_under((long)bytes, cap))
    return OC_ROOM_THERE;
  struct timespec until = oc_deadline_after(CLOCK_REALTIME, ROOM_WAIT_NS);
  bool taken = false;
  pthread_mutex_lock(&room_lock);
  while (!(taken = take_room_under((long)bytes, atomic_load(&resident_cap_now))) &&
         pthread_cond_timedwait(&room_made, &room_lock, &until) != ETIMEDOUT) {
  }
  pthread_mutex_unlock(&room_lock);
  /* Bounded: when the pager has nothing left to evict, a fault's fill goes ahead
   * (the program cannot go on without it); a prefetch is a hint, and is dropped. */
  if (!taken && !must)
    return OC_ROOM_NONE;
  if (!taken)
    atomic_fetch_add(&filling_bytes, (long)bytes);
  return OC_ROOM_WAITED;
}

void oc_pager_room_filled(size_t bytes) { atomic_fetch_sub(&filling_bytes, (long)bytes); }

long oc_pager_fill_pages_max(long most) {
  long pages = oc_pager_cap_pages() / FILL_CAP_FRACTION;
  return pages < 1 ? 1 : pages < most ? pages : most;
}

/* Releases kept, their pages written back and marked released: a stack, the most
 * recent on top (the evict worker only). Dropping them only when room is needed
 * keeps what a program wrote and released while it had room: a cyclic re-scan's
 * array, written by a loop that releases it (priority 0) before four passes read
 * it, had been dropped whole and read again by the first pass (heap_cyclic, 64 MiB
 * group without swap: 238-240 MiB read, 207-217 now; a spilled counting sort 96 MiB,
 * 44-46). A quarter of the cap stays clear of them: with kept pages up to the cap,
 * the runtime's prefetches found no room in the group and a column walk took its
 * pages by fault (static_column: 14.8 k faults, 2.3 s against 0.6). */
#define KEPT_MAX 4096
static struct oc_work kept[KEPT_MAX];
static unsigned kept_count;

static long kept_line(long cap) { return cap / 4 * 3; }

/* The evict worker, for a release: true if kept (written back, marked released). */
static bool keep_release(uintptr_t start, size_t len) {
  long cap = atomic_load_explicit(&resident_cap_now, memory_order_relaxed);
  if (kept_count == KEPT_MAX || atomic_load(&oc_pager_resident_bytes) > kept_line(cap))
    return false;
  static struct evicting chunk;
  static struct evict_batch cleaning = {0, 1, &chunk, true, false};
  kept[kept_count++] = (struct oc_work){.start = start, .len = len};
  evict_range(&cleaning, start, len);
  evict_batch_issue(&cleaning);
  return true;
}

/* Drops kept released pages, the most recent releases first, until about bytes. */
static long drop_kept(struct evict_batch *b, long bytes) {
  long taken = 0;
  b->released_only = true;
  while (taken < bytes && kept_count) {
    struct oc_work w = kept[--kept_count];
    taken += evict_range(b, w.start, w.len);
  }
  evict_batch_issue(b);
  b->released_only = false;
  return taken;
}

long oc_pager_resident_cap(void) { return atomic_load(&resident_cap_now); }

long oc_pager_cap_pages(void) {
  return atomic_load_explicit(&resident_cap_now, memory_order_relaxed) / (long)OC_PAGER_PAGE;
}

long oc_pager_active_page_count(void) { return atomic_load(&oc_pager_active_pages); }

long oc_pager_kept_released_bytes(void) {
  return atomic_load_explicit(&oc_pager_released_pages, memory_order_relaxed) * (long)OC_PAGER_PAGE;
}

void oc_pager_evict_later(uintptr_t start, size_t len) {
  struct oc_work work = {.start = start, .len = len};
  /* Full: the caller (the release worker) evicts the range itself. Left to the clock,
   * a column walk's releases, a page each, were lost (21 k of 33 k pushes refused):
   * the group stayed at the pager's cap, so the walk's prefetches were held back for
   * room and its pages came by fault. */
  if (!oc_queue_push(&evict_queue, &work)) {
    struct evicting chunk;
    struct evict_batch alone = {0, 1, &chunk, false, false};
    evict_range(&alone, start, len);
    evict_batch_issue(&alone);
  }
}

#define RELEASES_PER_WAKE 64
/* The evict worker's batch: a chunk per release it takes at a wake-up. */
static struct evicting worker_chunks[RELEASES_PER_WAKE];
static struct evict_batch worker_batch = {0, RELEASES_PER_WAKE, worker_chunks, false, false};

static void *evict_main(void *unused) {
  (void)unused;
  for (;;) {
    struct oc_work works[RELEASES_PER_WAKE];
    unsigned taken = 0;
    if (oc_queue_pop_many(&evict_queue, works, RELEASES_PER_WAKE, &taken, EVICT_PERIOD_NS) ==
        OC_POP_STOPPED)
      break;
    for (unsigned i = 0; i < taken; i++)
      if (!keep_release(works[i].start, works[i].len))
        evict_range(&worker_batch, works[i].start, works[i].len);
    evict_batch_issue(&worker_batch);
    long cap = resident_cap();
    atomic_store(&resident_cap_now, cap);
    long above_line = atomic_load(&oc_pager_resident_bytes) - kept_line(cap);
    if (above_line > 0)
      drop_kept(&worker_batch, above_line);
    long over = atomic_load(&oc_pager_resident_bytes) + atomic_load(&filling_bytes) -
                (cap - headroom(cap));
    /* The release buffer first (its lowest priorities, through the release worker to
     * this queue), then the released pages kept: the clock takes only what they do
     * not hold. */
    if (over > 0)
      over -= oc_release_batch(over + headroom(cap));
    if (over > 0)
      over -= drop_kept(&worker_batch, over + headroom(cap));
    if (over > 0)
      evict_by_clock(&worker_batch, over + headroom(cap));
    pthread_mutex_lock(&room_lock);
    pthread_cond_broadcast(&room_made);
    pthread_mutex_unlock(&room_lock);
  }
  return NULL;
}

bool oc_pager_evict_start(void) {
  oc_queue_init(&evict_queue);
  oc_limit_open();
  /* Before the first fill: a program writing its arrays through fills megabytes in
   * the worker's first period. */
  atomic_store(&resident_cap_now, resident_cap());
  return oc_thread_start(&evict_thread, evict_main, NULL);
}
