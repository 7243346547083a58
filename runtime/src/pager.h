/*
 * The userfaultfd pager (OUTCORE_BACKEND=pager; Krueger et al. 1994, LLNL UMap):
 * the memory it manages (spilled allocations, oc_pager_map regions) is private
 * anonymous memory whose missing pages fill workers read from a store file
 * (UFFDIO_COPY, write-protected), whose first write marks a page dirty (a
 * write-protect fault), and which an evict worker writes back and drops: the
 * ranges the runtime releases (its release buffer's order: lowest priority, oldest
 * tag first) and, when the memory limit is near, the pages a clock finds unused.
 * A page is dropped (MADV_DONTNEED) only once the store holds it; a failed write
 * keeps it.
 * Modules: pager_region (registry, userfaultfd ranges), pager_store (files),
 * pager_fill (fault and prefetch fills), pager_evict (write-back and drop), this
 * one (start-up, the backend, the public calls, the event hooks).
 */
#ifndef OC_PAGER_H
#define OC_PAGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"

/* Opens the userfaultfd and starts the workers, once; false (after one message
 * saying why) where userfaultfd is not permitted. */
bool oc_pager_start(void);
bool oc_pager_running(void);
extern const struct oc_backend oc_backend_pager __attribute__((visibility("hidden")));

/* Pages [start, start + len) (page-aligned private anonymous memory, already
 * mapped, untouched) from store_fd, which holds len bytes, reserved, with data in
 * its first stored_len (zeros after: a fresh file has none); the caller
 * keeps store_fd open until oc_pager_forget. copied_at_fork: the caller gives a
 * forked child a copy of it (spilled blocks); else the child has none. False
 * (errno set) if it cannot. */
bool oc_pager_adopt(void *start, size_t len, int store_fd, size_t stored_len, const char *what,
                    bool copied_at_fork);
/* Stops paging the region at start; write_back: its dirty pages go to the store
 * first (false if some could not). The caller then unmaps it. */
bool oc_pager_forget(void *start, bool write_back);

/* Around a fork that gives the child a copy of the store (spilled blocks, spill.h):
 * hold writes the region's dirty pages back and keeps writes to it waiting until
 * unhold (the copy is then the memory at the fork); false if some page could not
 * be written (the caller gives the child no copy). */
bool oc_pager_hold(void *start);
void oc_pager_unhold(void *start);

/* Queues a fill of [start, start + len) for the prefetch filler; never waits. */
void oc_pager_fill_later(uintptr_t start, size_t len);
/* Queues [start, start + len) for the evict worker; never waits. */
void oc_pager_evict_later(uintptr_t start, size_t len);
/* Bytes of the releases the evict worker keeps, written back, until it needs room. */
long oc_pager_kept_released_bytes(void);

/* Threads (pager_fill, pager_evict). */
bool oc_pager_fill_start(void);
bool oc_pager_evict_start(void);
/* Before a fill: takes bytes of room under the cap, waiting (bounded) while the evict
 * worker makes room; a fill that must happen (a fault's) takes it at the end of the
 * wait even if none came. A fill that took room gives it back with
 * oc_pager_room_filled once its pages are mapped (and counted in
 * oc_pager_resident_bytes). */
enum oc_pager_room { OC_ROOM_THERE, OC_ROOM_WAITED, OC_ROOM_NONE };
enum oc_pager_room oc_pager_take_room(size_t bytes, bool must);
void oc_pager_room_filled(size_t bytes);
/* The most pages one fill may map: most, or less where the cap is small. */
long oc_pager_fill_pages_max(long most);
/* Test hook: the pager's resident bytes at which the group reaches its line, at the
 * evict worker's last look; released pages are kept up to three quarters of it. */
long oc_pager_resident_cap(void);
/* That cap in pages. */
long oc_pager_cap_pages(void);
/* The most pages that may be active (OC_PAGE_ACTIVE) for a cap of cap_pages: three
 * quarters. The rest of the cap takes the pages that come and go, so the clock finds
 * them before the active ones, which it passes while they are young. */
static inline long oc_pager_active_budget(long cap_pages) { return cap_pages / 4 * 3; }
/* Test hook: pages marked active now, in all regions. */
long oc_pager_active_page_count(void);
/* Test hook: the fill worker threads (to kill one). */
unsigned oc_pager_fill_threads(void **threads, unsigned max);

/* Where a tracer connects (OUTCORE_TRACE): each event passes through exactly one of
 * these, on the thread that handled it. */
/* missing: the page was not there (a write-protect fault on a present page is not). */
void oc_pager_saw_fault(uintptr_t addr, bool write, bool missing);
/* took_ns: from the fill's start to its pages mapped; room_wait_ns: of that, waiting
 * for room (-1: it did not wait). */
void oc_pager_filled(uintptr_t start, size_t len, bool prefetch, long took_ns,
                     long room_wait_ns);
/* A prefetch fill of [start, start + len) dropped: no room came within the wait. */
void oc_pager_prefetch_dropped(uintptr_t start, size_t len);
void oc_pager_evicted(uintptr_t start, size_t len, size_t written);
/* Dirty pages written back and kept (released while the pager had room). */
void oc_pager_wrote_back(size_t written);
/* A store read or write that failed (messages, once per kind). */
void oc_pager_store_failed(const char *what, const char *op, int error);

#endif
