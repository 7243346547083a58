/*
 * Fill workers: threads that read the userfaultfd and serve its faults (a missing
 * page: its window's missing pages read from the store and copied in
 * write-protected; a write to a clean page: marked dirty and unprotected), and the
 * prefetch filler, which fills ranges the hints ask for ahead of the faults.
 * A fill worker that exits (cancelled, killed by a bug) is replaced at once by its
 * cleanup handler, so faults never wait for a thread that is gone; a store that
 * cannot be read ends the program with a message (its thread would otherwise wait
 * for ever, and zeros would be wrong data).
 */
#include <assert.h>
#include <errno.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <sys/epoll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pager.h"
#include "pager_region.h"
#include "pager_store.h"
#include "runtime.h"
#include "workers.h"

#define FAULT_WORKERS 2
/* Prefetch fillers (single pages of scattered hints and the prefetch workers' blocks):
 * read at depth 1 they would cap a column walk at one disk latency per page; many in
 * flight (PLATFORM.md: 8k IOPS at depth 1, 16k at depth 32). 32 of them: the spilled
 * column walk took 1.0-1.15 k pager faults where 16 left it 1.6-2.1 k, the stencil and
 * the mat-vec no slower, the cyclic scan's bytes 1-2% more (3 alternated runs). */
#define AHEAD_FILLERS 32
/* A fault fills the missing pages from it on: one page where faults scatter (a column
 * walk would otherwise read a whole row block per page it uses), a window doubling up
 * to 1 MiB while each starts where a fill of one of the region's streams ended (a
 * fault's or a prefetch's: pager_streams.h), as the kernel's readahead does, or ends
 * just below one (a stream walking down, which the kernel's read-around serves)
 * (the disk reads 1.1 GB/s in 256 KiB reads at depth 1, 1.5 GB/s in 1 MiB ones; a
 * sweep of malloc'd memory under the pager, 3 interleaved runs: heap_matvec 0.46-0.55 s
 * against 0.51-0.60 with 256 KiB, heap_jacobi2d 0.69-0.73 against 0.77-0.90, the same
 * bytes read); a write fault's pages come in writable (dirty). A write to a clean page unprotects
 * the clean pages of its aligned 64 KiB window: one fault, not one per page, for a
 * program writing an array through; while such faults follow each other (a writing
 * stream), the run from the page doubles up to 1 MiB. Pages unprotected and then not
 * written cost a write-back each, never data. */
#define FILL_MAX_PAGES 256    /* one read at most 1 MiB */
/* A prefetch that continues a stream reads up to 64 KiB, not just its hint's block:
 * the pass's blocks of 16 KiB, read one by one, held a hinted sweep to the disk's
 * IOPS (two sweeps of 512 MiB in a 128 MiB group: 16-17 k faults, 3.5-4.9 s; 1.6-2.1 s
 * now). No more: pages read further ahead of the hints take the room of pages the
 * hints keep (the cyclic re-scan read 18% more with 1 MiB windows, and as much more
 * with a second window read ahead asynchronously, as the kernel's readahead does). */
#define PREFETCH_WINDOW_MAX_PAGES 16
#define WRITE_WINDOW_PAGES 16
#define WRITE_WINDOW_MAX_PAGES 256
#define MESSAGES_PER_READ 16
/* A fault on a page never stored (it reads as zeros) within this many pages of the
 * last such fault's fill fills the never-stored missing pages of its aligned window
 * of as many pages: first writes down a column of rows, a page or a few apart, took
 * a fault each (a spilled 3600 x 3600 transpose: 25 k fills of a page, about 90 us
 * each, 2.3-2.6 s against the madvise backend's 0.35). */
#define ZEROS_WINDOW_PAGES 64
/* A read fault into a region whose read fills are mostly written next (a
 * read-modify-write, out[o] += v) fills writable (dirty): each write-protect fault
 * costs a round trip through a fill worker and a TLB shootdown, a page filled
 * writable and then not written only its write-back. The score: a write to a clean
 * page adds 2, a read fill that stays clean takes 1, so it climbs while more than
 * half of them are written; every 8th read fill stays clean to go on measuring.
 * (A spilled random scatter, 200 k updates: 64 k write-protect faults before.) */
#define REWRITES_MAX 32
#define REWRITES_FILL_DIRTY 16
#define REWRITES_PROBE_EVERY 8

static pthread_t fault_threads[FAULT_WORKERS];
static pthread_t ahead_threads[AHEAD_FILLERS];
static struct oc_queue ahead_queue;

/* Each filling thread's read buffer (aligned for O_DIRECT); workers only. */
static __thread char *fill_buffer;

static char *buffer(void) {
  if (!fill_buffer) {
    void *p = mmap(NULL, FILL_MAX_PAGES * OC_PAGER_PAGE, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    fill_buffer = p == MAP_FAILED ? NULL : p;
  }
  return fill_buffer;
}

/* Whether a fill's span may pass over the page: missing, or mapped and then left
 * as it is. Pages being read or evicted end a span. */
static bool spannable(const struct oc_pager_region *r, size_t page) {
  enum oc_page_state s = oc_page_state(r, page);
  return s == OC_PAGE_MISSING || s == OC_PAGE_CLEAN || s == OC_PAGE_DIRTY;
}

/* The evictions within which a page that comes back was in use (a refault, in the
 * kernel's words): the pager's cap, in pages. */
static uint32_t refault_window(void) {
  long cap_pages = oc_pager_cap_pages();
  return cap_pages > (long)UINT32_MAX ? UINT32_MAX : (uint32_t)cap_pages;
}

/* An active page stays so for this many times the evictions it was away: about
 * as long as a loop takes to come back to it, once or twice, where a page that came
 * back at once (a sort's pass reading what the last one wrote at its end) is passed
 * over only briefly, and not for the whole pass until its next use. */
#define ACTIVE_LIFETIME_AWAY 4

/* Region locked, page just filled: whether it becomes active, having been dropped
 * fewer than window evictions ago while the active pages are under their budget
 * (oc_pager_active_budget); then it is counted, and its stamp says until when. */
static bool activates(struct oc_pager_region *r, size_t page, uint32_t now, uint32_t window) {
  uint32_t away = now - r->stamp[page];
  if (!r->stamp[page] || away >= window ||
      atomic_load_explicit(&oc_pager_active_pages, memory_order_relaxed) >=
          oc_pager_active_budget(window))
    return false;
  r->stamp[page] = now + ACTIVE_LIFETIME_AWAY * (away + 1);
  atomic_fetch_add_explicit(&oc_pager_active_pages, 1, memory_order_relaxed);
  return true;
}

/* Region locked, pages [first, first + count) spannable, the first and the last
 * MISSING: reads the span in one read and maps its missing pages (dirty: writable,
 * for a write fault); returns with the region unlocked, false if a prefetch found no
 * room and filled nothing. Its mapped pages keep what they hold (the store's copy of
 * a dirty one is older). */
static bool fill_span(struct oc_pager_region *r, size_t first, size_t count, bool prefetch,
                      bool dirty) {
  enum { NOT_MINE, FILLING, MAPPED };
  unsigned char mine[FILL_MAX_PAGES];
  char *buf = buffer();
  if (!buf) {
    fprintf(stderr, "outcore: pager: no memory for a fill buffer\n");
    abort();
  }
  assert(count <= FILL_MAX_PAGES);
  size_t filling = 0;
  for (size_t i = 0; i < count; i++) {
    mine[i] = oc_page_state(r, first + i) == OC_PAGE_MISSING ? FILLING : NOT_MINE;
    if (mine[i] == FILLING) {
      r->state[first + i] = OC_PAGE_FILLING;
      filling++;
    } else {
      oc_page_unrelease(r, first + i); /* read with its stream */
    }
  }
  bool zeros = !memchr(r->stored + first, 1, count); /* never written out: no read */
  r->busy++;
  pthread_mutex_unlock(&r->lock);
  size_t bytes = count * OC_PAGER_PAGE;
  long began = oc_now_precise_ns();
  enum oc_pager_room room = oc_pager_take_room(filling * OC_PAGER_PAGE, !prefetch);
  long room_wait = room == OC_ROOM_WAITED ? oc_now_precise_ns() - began : -1;
  /* Without room, nothing is read or mapped: its pages go back to missing below. */
  if (room != OC_ROOM_NONE && zeros)
    memset(buf, 0, bytes);
  else if (room != OC_ROOM_NONE &&
           !oc_pager_store_read(r->io_fd, r->direct, buf, bytes, (off_t)(first * OC_PAGER_PAGE))) {
    /* The faulting thread cannot continue without its data. */
    oc_pager_store_failed(r->what, "read", errno);
    abort();
  }
  long mapped = 0;
  for (size_t i = 0; room != OC_ROOM_NONE && i < count;) {
    size_t j = i;
    while (j < count && mine[j] == FILLING)
      j++;
    if (j > i && oc_pager_uffd_copy(r, first + i, j - i, buf + i * OC_PAGER_PAGE, !dirty)) {
      memset(mine + i, MAPPED, j - i);
      mapped += (long)((j - i) * OC_PAGER_PAGE);
    }
    i = j > i ? j : i + 1;
  }
  pthread_mutex_lock(&r->lock);
  uint32_t now = atomic_load_explicit(&oc_pager_evictions, memory_order_relaxed);
  uint32_t window = refault_window();
  unsigned char filled = (dirty ? OC_PAGE_DIRTY : OC_PAGE_CLEAN) | OC_PAGE_REFERENCED;
  for (size_t i = 0; i < count; i++)
    if (mine[i] == FILLING)
      r->state[first + i] = OC_PAGE_MISSING;
    else if (mine[i] == MAPPED)
      r->state[first + i] =
          filled | (activates(r, first + i, now, window) ? OC_PAGE_ACTIVE : 0);
  atomic_fetch_add(&oc_pager_resident_bytes, mapped);
  if (room != OC_ROOM_NONE)
    oc_pager_room_filled(filling * OC_PAGER_PAGE);
  uintptr_t start = atomic_load(&r->start) + first * OC_PAGER_PAGE;
  r->busy--;
  pthread_cond_broadcast(&r->changed);
  pthread_mutex_unlock(&r->lock);
  if (mapped)
    oc_pager_filled(start, (size_t)mapped, prefetch, oc_now_precise_ns() - began, room_wait);
  else if (room == OC_ROOM_NONE)
    oc_pager_prefetch_dropped(start, bytes);
  return room != OC_ROOM_NONE;
}

/* Region locked, page MISSING: fills from page up, asked pages or the stream's
 * doubled window where page continues one (pager_streams.h), at most max, or that
 * window down to page where a stream walks down; the fill passes over mapped pages
 * (a row's page that a hint brought in, every 7 pages of a stencil's output grid,
 * had cut its stream into fills of 6 pages). Returns the page after the fill (0: a
 * prefetch found no room), with the region unlocked. */
static size_t fill_from(struct oc_pager_region *r, size_t page, size_t asked, size_t max,
                        bool prefetch, bool dirty) {
  struct oc_pager_fill_window w = oc_pager_streams_window(&r->streams, page, 0, max);
  size_t first = page, end = page + 1, passed = 0;
  if (w.down) {
    while (first > 0 && end - first < w.pages && spannable(r, first - 1))
      first--;
    while (oc_page_state(r, first) != OC_PAGE_MISSING)
      first++;
  } else {
    size_t window = w.pages > asked ? w.pages : asked;
    while (end < r->pages && end - page < window && spannable(r, end))
      end++;
    while (oc_page_state(r, end - 1) != OC_PAGE_MISSING)
      end--;
    while (end + passed < r->pages && passed < max &&
           oc_page_state(r, end + passed) != OC_PAGE_MISSING)
      passed++;
  }
  oc_pager_streams_filled(&r->streams, first, end - first, passed);
  return fill_span(r, first, end - first, prefetch, dirty) ? end : 0;
}

/* Region locked: whether a read fault fills writable (REWRITES_FILL_DIRTY). */
static bool read_fill_dirty(struct oc_pager_region *r) {
  bool probe = r->read_fills++ % REWRITES_PROBE_EVERY == 0;
  if (r->rewrites >= REWRITES_FILL_DIRTY && !probe)
    return true;
  if (r->rewrites)
    r->rewrites--;
  return false;
}

/* The run of pages in state s around page, inside its aligned window of window pages. */
static void run_around(const struct oc_pager_region *r, size_t page, size_t window,
                       enum oc_page_state s, size_t *lo, size_t *hi) {
  size_t w0 = page - page % window, w1 = w0 + window < r->pages ? w0 + window : r->pages;
  *lo = page;
  *hi = page + 1;
  while (*lo > w0 && oc_page_state(r, *lo - 1) == s)
    (*lo)--;
  while (*hi < w1 && oc_page_state(r, *hi) == s)
    (*hi)++;
}

/* Region locked, page MISSING: whether a fault there fills [*lo, *hi), the run of
 * never-stored missing pages around it in its aligned window of ZEROS_WINDOW_PAGES
 * (at most max): where it was never stored, continues no stream (whose doubling
 * windows fill a sequential first write faster) and the last such fault's fill ended
 * near. */
static bool zeros_around(struct oc_pager_region *r, size_t page, size_t max, size_t *lo,
                         size_t *hi) {
  if (r->stored[page] || oc_pager_streams_window(&r->streams, page, 0, max).pages)
    return false;
  size_t window = max < ZEROS_WINDOW_PAGES ? max : ZEROS_WINDOW_PAGES;
  bool near = r->zeros_next && page + window > r->zeros_next &&
              page < r->zeros_next + window;
  size_t w0 = page - page % window, w1 = w0 + window < r->pages ? w0 + window : r->pages;
  *lo = page;
  *hi = page + 1;
  while (near && *lo > w0 && !r->stored[*lo - 1] && oc_page_state(r, *lo - 1) == OC_PAGE_MISSING)
    (*lo)--;
  while (near && *hi < w1 && !r->stored[*hi] && oc_page_state(r, *hi) == OC_PAGE_MISSING)
    (*hi)++;
  r->zeros_next = *hi;
  return near;
}

static void handle_fault(const struct uffd_msg *msg) {
  uintptr_t addr = msg->arg.pagefault.address & ~(OC_PAGER_PAGE - 1);
  bool write = msg->arg.pagefault.flags & (UFFD_PAGEFAULT_FLAG_WRITE | UFFD_PAGEFAULT_FLAG_WP);
  size_t lo, hi;
  oc_pager_saw_fault(addr, write, !(msg->arg.pagefault.flags & UFFD_PAGEFAULT_FLAG_WP));
  struct oc_pager_region *r = oc_pager_region_lock(addr);
  size_t page = r ? (addr - atomic_load(&r->start)) / OC_PAGER_PAGE : 0;
  if (!r || !oc_pager_region_wait(r, page)) {
    /* Unregistered meanwhile (which woke the thread), or while this waited for the
     * page: the thread retries on plain memory. */
    if (r)
      pthread_mutex_unlock(&r->lock);
    struct uffdio_range range = {addr, OC_PAGER_PAGE};
    ioctl(oc_pager_uffd, UFFDIO_WAKE, &range);
    return;
  }
  r->writing = write;
  enum oc_page_state s = oc_page_state(r, page);
  if (s == OC_PAGE_MISSING) {
    size_t max = (size_t)oc_pager_fill_pages_max(FILL_MAX_PAGES);
    bool dirty = write || read_fill_dirty(r);
    if (zeros_around(r, page, max, &lo, &hi))
      fill_span(r, lo, hi - lo, false, dirty);
    else
      fill_from(r, page, 1, max, false, dirty);
    return;
  }
  if (msg->arg.pagefault.flags & UFFD_PAGEFAULT_FLAG_WP) {
    if (s == OC_PAGE_CLEAN)
      r->rewrites = r->rewrites + 2 < REWRITES_MAX ? r->rewrites + 2 : REWRITES_MAX;
    /* Unprotecting wakes the writer; the pages now differ from the store. */
    if (s == OC_PAGE_CLEAN && page == r->wp_next && r->wp_window) {
      size_t window = 2 * r->wp_window < WRITE_WINDOW_MAX_PAGES ? 2 * r->wp_window
                                                                : WRITE_WINDOW_MAX_PAGES;
      lo = page;
      hi = page + 1;
      while (hi < r->pages && hi - lo < window && oc_page_state(r, hi) == OC_PAGE_CLEAN)
        hi++;
    } else if (s == OC_PAGE_CLEAN) {
      run_around(r, page, WRITE_WINDOW_PAGES, OC_PAGE_CLEAN, &lo, &hi);
    } else {
      lo = page, hi = page + 1;
    }
    r->wp_next = hi;
    r->wp_window = hi - lo;
    if (oc_pager_uffd_protect(r, lo, hi - lo, false))
      for (size_t p = lo; p < hi; p++) {
        oc_page_unrelease(r, p);
        r->state[p] = (unsigned char)((r->state[p] & (OC_PAGE_REFERENCED | OC_PAGE_ACTIVE)) |
                                      OC_PAGE_DIRTY);
      }
  } else {
    oc_pager_uffd_wake(r, page, 1); /* filled by another worker meanwhile */
  }
  pthread_mutex_unlock(&r->lock);
}

static void *fault_worker_main(void *slot);

/* Each fault worker waits in an epoll set of its own, with EPOLLEXCLUSIVE: a fault
 * then wakes one of them, where poll() woke both (a spilled random gather under the
 * pager: 660 k context switches, 562 k with this, its system time 10.5-11.2 s against
 * 9.3-9.7). -1 where epoll refuses: the worker polls. */
static __thread int worker_epoll = -1;

static int exclusive_waiter(void) {
  int ep = epoll_create1(EPOLL_CLOEXEC);
  struct epoll_event wanted = {.events = EPOLLIN | EPOLLEXCLUSIVE};
  if (ep >= 0 && epoll_ctl(ep, EPOLL_CTL_ADD, oc_pager_uffd, &wanted) != 0) {
    close(ep);
    ep = -1;
  }
  return ep;
}

/* Until the userfaultfd has a message (or a signal came): true, or false on an error. */
static bool wait_for_message(void) {
  if (worker_epoll >= 0) {
    struct epoll_event got;
    return epoll_wait(worker_epoll, &got, 1, -1) >= 0 || errno == EINTR;
  }
  struct pollfd p = {.fd = oc_pager_uffd, .events = POLLIN};
  return poll(&p, 1, -1) >= 0 || errno == EINTR;
}

/* A fill worker is leaving: another takes its place. */
static void replace_worker(void *slot) {
  unsigned i = (unsigned)(uintptr_t)slot;
  pthread_detach(pthread_self()); /* nobody joins it */
  if (worker_epoll >= 0)
    close(worker_epoll);
  fprintf(stderr, "outcore: pager fill worker %u exited; starting another\n", i);
  if (!oc_thread_start(&fault_threads[i], fault_worker_main, slot)) {
    fprintf(stderr, "outcore: cannot start a pager fill worker: faults on paged memory "
                    "cannot be served\n");
    abort();
  }
}

static void *fault_worker_main(void *slot) {
  int old;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
  pthread_cleanup_push(replace_worker, slot);
  struct uffd_msg msgs[MESSAGES_PER_READ];
  worker_epoll = exclusive_waiter();
  for (;;) {
    /* Only here may the thread be cancelled: never with pages marked FILLING. */
    pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
    bool ready = wait_for_message();
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
    if (!ready)
      break;
    oc_pager_events_read_begin();
    ssize_t n = read(oc_pager_uffd, msgs, sizeof msgs);
    unsigned unmaps = 0;
    for (ssize_t i = 0; i < n / (ssize_t)sizeof msgs[0]; i++)
      unmaps += msgs[i].event == UFFD_EVENT_UNMAP;
    oc_pager_events_read_end(unmaps);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
      continue;
    if (n < 0)
      break;
    for (ssize_t i = 0; i < n / (ssize_t)sizeof msgs[0]; i++)
      if (msgs[i].event == UFFD_EVENT_PAGEFAULT)
        handle_fault(&msgs[i]);
      else if (msgs[i].event == UFFD_EVENT_UNMAP)
        oc_pager_region_unmapped(msgs[i].arg.remove.start, msgs[i].arg.remove.end);
  }
  pthread_cleanup_pop(0);
  fprintf(stderr, "outcore: pager fill worker %u stopped: %s\n", (unsigned)(uintptr_t)slot,
          strerror(errno));
  abort(); /* faults would wait for ever */
}

/* Fills the missing pages of [start, start + len) (a prefetch). */
static void fill_range(uintptr_t start, size_t len) {
  uintptr_t at = start & ~(OC_PAGER_PAGE - 1), end = start + len;
  while (at < end) {
    struct oc_pager_region *r = oc_pager_region_lock(at);
    if (!r)
      return;
    uintptr_t base = atomic_load(&r->start);
    size_t page = (at - base) / OC_PAGER_PAGE;
    size_t last = (end - base + OC_PAGER_PAGE - 1) / OC_PAGER_PAGE;
    if (last > r->pages)
      last = r->pages;
    while (page < last && oc_page_state(r, page) != OC_PAGE_MISSING)
      oc_page_unrelease(r, page++); /* wanted again: no longer released */
    if (page == last) {
      pthread_mutex_unlock(&r->lock);
      return;
    }
    size_t most = (size_t)oc_pager_fill_pages_max(FILL_MAX_PAGES);
    size_t asked = last - page < most ? last - page : most;
    /* Into an array the program is writing, prefetched pages come in writable
     * (dirty): a write-protect fault per 64 KiB costs more than writing back a page
     * that turns out unchanged; a read fault turns this off. */
    size_t next = fill_from(r, page, asked, PREFETCH_WINDOW_MAX_PAGES, true, r->writing);
    if (!next)
      return; /* no room for it */
    at = base + next * OC_PAGER_PAGE;
  }
}

void oc_pager_fill_later(uintptr_t start, size_t len) {
  struct oc_work work = {.start = start, .len = len};
  oc_queue_push(&ahead_queue, &work); /* full: the filler is behind; faults fill it */
}

static void *ahead_main(void *unused) {
  (void)unused;
  struct oc_work work;
  while (oc_queue_pop(&ahead_queue, &work, -1) == OC_POP_ITEM)
    fill_range(work.start, work.len);
  return NULL;
}

bool oc_pager_fill_start(void) {
  oc_queue_init(&ahead_queue);
  for (unsigned i = 0; i < FAULT_WORKERS; i++)
    if (!oc_thread_start(&fault_threads[i], fault_worker_main, (void *)(uintptr_t)i))
      return false;
  for (unsigned i = 0; i < AHEAD_FILLERS; i++)
    if (!oc_thread_start(&ahead_threads[i], ahead_main, NULL))
      return false;
  return true;
}

unsigned oc_pager_fill_threads(void **threads, unsigned max) {
  unsigned n = 0;
  for (; n < FAULT_WORKERS && n < max; n++)
    threads[n] = (void *)fault_threads[n];
  return n;
}
