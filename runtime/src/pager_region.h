/*
 * The pager's regions: private anonymous memory registered with one userfaultfd,
 * each backed by a store file, with one state byte per page. Lookups by address
 * are lock-free (a fixed table of slots); a region's page states change only under
 * its lock, and I/O runs outside it on pages marked FILLING or EVICTING, which
 * every other party waits for (oc_pager_region_wait).
 */
#ifndef OC_PAGER_REGION_H
#define OC_PAGER_REGION_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pager_streams.h"

#define OC_PAGER_REGIONS 256
#define OC_PAGER_PAGE 4096UL

enum oc_page_state {
  OC_PAGE_MISSING,  /* not mapped: the store holds the data */
  OC_PAGE_FILLING,  /* being read from the store */
  OC_PAGE_CLEAN,    /* mapped, write-protected, equal to the store */
  OC_PAGE_DIRTY,    /* mapped and written since it was filled */
  OC_PAGE_EVICTING, /* being written back and dropped */
};
#define OC_PAGE_STATE_MASK 0x1f
/* Filled again soon after its eviction (within the pager's cap of evictions: it was
 * in use, as the kernel's workingset refaults tell), while the active pages were
 * under their budget: the clock passes it for four times the evictions it was away.
 * The clock sees fills, not accesses, so without this a randomly
 * re-read array leaves in fill order like a stream beside it; and without the
 * budget, a loop over more pages than the cap (every page comes back soon) keeps
 * none of them (pager_evict.c). */
#define OC_PAGE_ACTIVE 0x20
/* Clean, released while the pager had room: the first to drop when it needs room; a
 * prefetch or a write of the page takes it back (pager_evict.c). */
#define OC_PAGE_RELEASED 0x40
#define OC_PAGE_REFERENCED 0x80 /* filled since the clock hand last passed */

struct oc_pager_region {
  _Atomic(uintptr_t) start; /* 0: free slot; len and the rest are set before start */
  _Atomic(size_t) len;
  size_t pages;
  int store_fd;  /* the store as given (closed by the region's owner) */
  int io_fd;     /* O_DIRECT descriptor of the same file, or store_fd */
  bool direct;   /* io_fd bypasses the page cache */
  const char *what; /* for messages: "spilled memory" or the backing path */
  bool copied_at_fork; /* its owner gives a forked child a copy (spilled blocks) */
  pthread_mutex_t lock;
  pthread_cond_t changed; /* a page left FILLING or EVICTING; busy fell */
  unsigned busy;          /* I/O in flight outside the lock */
  bool dying;             /* being unregistered: no new work */
  unsigned generation;    /* counts the slot's registrations: a waiter sees a new one */
  bool held;              /* locked by a fork's prepare handler (oc_pager_region_hold) */
  unsigned char *state;   /* pages entries, under lock */
  unsigned char *stored;  /* pages entries, under lock: nonzero once the store may hold
                           * data for the page (else it reads as zeros: no read needed) */
  uint32_t *stamp;        /* pages entries, under lock: oc_pager_evictions when the page
                           * was last dropped (0: never), or, while it is active, the
                           * count until which it stays so */
  struct oc_pager_streams streams; /* fills by faults and prefetches, under lock */
  bool writing;           /* the last fault was a write: prefetches come in writable */
  size_t wp_next;         /* the page after the last write-protect fault's run: a writing
                           * stream faults there */
  size_t wp_window;       /* that run's length in pages */
  size_t zeros_next;      /* the page after the last fault's fill of never-stored pages */
  unsigned rewrites;      /* how often its read fills are written next (pager_fill.c) */
  unsigned read_fills;    /* read faults filled since it was registered */
};

/* The userfaultfd (-1 when the pager is not running). */
extern int oc_pager_uffd __attribute__((visibility("hidden")));
extern struct oc_pager_region oc_pager_regions[OC_PAGER_REGIONS]
    __attribute__((visibility("hidden")));

/* Opens the userfaultfd with write-protect faults; false (errno set) if refused. */
bool oc_pager_uffd_open(void);

/* Registers [start, start + len) (page-aligned, private anonymous, mapped) with
 * store_fd behind it (at least len bytes, reserved; data only in its first
 * stored_len bytes, zeros after; copied_at_fork as oc_pager_adopt's); NULL with
 * errno set on failure. */
struct oc_pager_region *oc_pager_region_add(uintptr_t start, size_t len, int store_fd,
                                            size_t stored_len, const char *what,
                                            bool copied_at_fork);
/* Waits for the region's I/O, unregisters it (threads blocked on it wake and see
 * plain memory) and frees its slot. write_back: dirty pages go to the store first;
 * false if any could not be written (they stay in memory, which is then plain). */
bool oc_pager_region_remove(struct oc_pager_region *region, bool write_back);

/* For a fork whose child gets a copy of the store (spilled blocks): the region
 * (locked) has its I/O finished and its dirty pages written back, and stays locked,
 * so that a write waits in its fault until oc_pager_region_unhold; false (still
 * held) if some page could not be written. */
bool oc_pager_region_hold(struct oc_pager_region *region);
void oc_pager_region_unhold(struct oc_pager_region *region);

/* The program unmapped [start, end) itself (UFFD_EVENT_UNMAP): its pages are
 * forgotten, never evicted (other memory may be mapped there next). The region
 * stays registered until its owner removes it. Ends one oc_pager_events_read_end
 * count. */
void oc_pager_region_unmapped(uintptr_t start, uintptr_t end);

/* The program's munmap returns once a fill worker has read its UNMAP event, and may
 * map new memory there before the event is applied: pages dropped then would be the
 * new memory's. So a fill worker reads events inside read_begin/read_end, which
 * counts the UNMAP events read, and the evict worker drops pages only inside
 * drop_begin/drop_end, which excludes reads and says whether an unmap is pending
 * (then it drops nothing). */
void oc_pager_events_read_begin(void);
void oc_pager_events_read_end(unsigned unmaps);
bool oc_pager_drop_begin(void);
void oc_pager_drop_end(void);

/* The region holding addr, locked and not dying, or NULL. */
struct oc_pager_region *oc_pager_region_lock(uintptr_t addr);
/* Lock-free: is addr in a region? (Classifies mappings, oc_maps_set_paged_test.) */
bool oc_pager_region_holds(uintptr_t addr);
/* Waits (region locked) until page is neither FILLING nor EVICTING; false when the
 * region was removed meanwhile (the wait lets go of the lock: its states may be gone),
 * the region still locked, its slot free or another region's. */
bool oc_pager_region_wait(struct oc_pager_region *region, size_t page);

static inline enum oc_page_state oc_page_state(const struct oc_pager_region *r, size_t page) {
  return (enum oc_page_state)(r->state[page] & OC_PAGE_STATE_MASK);
}

/* userfaultfd range operations on pages [first, first + count) of the region. */
/* protect: the pages come in write-protected (clean); else writable (dirty). */
bool oc_pager_uffd_copy(struct oc_pager_region *r, size_t first, size_t count, const void *src,
                        bool protect);
bool oc_pager_uffd_protect(struct oc_pager_region *r, size_t first, size_t count, bool on);
void oc_pager_uffd_wake(struct oc_pager_region *r, size_t first, size_t count);

/* Pager-managed bytes now mapped (filled and not yet evicted). */
extern _Atomic(long) oc_pager_resident_bytes __attribute__((visibility("hidden")));
/* Pages marked OC_PAGE_RELEASED, in all regions. */
extern _Atomic(long) oc_pager_released_pages __attribute__((visibility("hidden")));
/* Pages marked OC_PAGE_ACTIVE, in all regions. */
extern _Atomic(long) oc_pager_active_pages __attribute__((visibility("hidden")));
/* Pages dropped so far, in all regions (wraps; never 0 in a dropped page's stamp). */
extern _Atomic(uint32_t) oc_pager_evictions __attribute__((visibility("hidden")));

/* Region locked: clears a counted flag from page's state, if set, and its count. */
static inline void oc_page_uncount(struct oc_pager_region *r, size_t page, unsigned char flag,
                                   _Atomic(long) *count) {
  if (r->state[page] & flag) {
    r->state[page] &= (unsigned char)~flag;
    atomic_fetch_sub_explicit(count, 1, memory_order_relaxed);
  }
}

/* Region locked: page leaves the released set (wanted again, written, or going), if
 * it was there. Every change of a released page's state passes here first. */
static inline void oc_page_unrelease(struct oc_pager_region *r, size_t page) {
  oc_page_uncount(r, page, OC_PAGE_RELEASED, &oc_pager_released_pages);
}

/* Region locked: page leaves the active set, if it was there. Every change of an
 * active page's state passes here first. */
static inline void oc_page_deactivate(struct oc_pager_region *r, size_t page) {
  oc_page_uncount(r, page, OC_PAGE_ACTIVE, &oc_pager_active_pages);
}

void oc_pager_region_fork_prepare(void);
/* The child has none of the memory (MADV_DONTFORK) and no userfaultfd. */
void oc_pager_region_fork_child(void);

#endif
