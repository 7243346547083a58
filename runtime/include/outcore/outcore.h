/*
 * Outcore run-time ABI: non-binding I/O hints for out-of-core programs.
 *
 * The compiler inserts these calls; programs may also call them by hand. Every
 * entry point accepts any argument (null, unmapped or kernel addresses, zero,
 * negative or huge counts) and ignores or clips what it cannot use: a hint never
 * faults and never changes what the program computes. Page counts are in pages of
 * the size the calling module was compiled for (see oc_register_module).
 */
#ifndef OUTCORE_OUTCORE_H
#define OUTCORE_OUTCORE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Tells the runtime the page size (bytes) the module's npages arguments count.
 * Called once per module from a module constructor; defaults to 4096. */
void oc_register_module(long page_size);

/* Reserves count tags for a module whose directives number their tags 1..count;
 * returns the base the module adds to them, so that tags are unique in the
 * program. Called once per module from its constructor. */
int oc_register_tags(int count);

/* Prefetch the page holding addr (indirect and other single-page references). */
void oc_prefetch(const void *addr);

/* Prefetch npages pages starting at the page holding addr. priority and tag are
 * those of the matching release directive (unused by prefetching itself). */
void oc_prefetch_block(const void *addr, long npages, int priority, int tag);

/* The program will not need npages pages from addr for a while. priority is the
 * reuse priority of OSDI eq. 2 (0: no reuse, release at once); tag identifies the
 * static release directive. */
void oc_release_block(const void *addr, long npages, int priority, int tag);

/* oc_prefetch_block(pf_addr, ...) and oc_release_block(rel_addr, ...) in one call. */
void oc_prefetch_release_block(const void *pf_addr, const void *rel_addr, long npages,
                               int priority, int tag);

/* Love and hate (Neubert and Gekiere): the program's own word on which data matters.
 * oc_love: keep [addr, addr + bytes): the runtime never releases these pages itself
 * (release hints covering them are skipped) and, when the kernel has evicted some,
 * prefetches them back as soon as the limit has room for the whole range. Loved
 * ranges are few (OC_LOVED_RANGES in the runtime); more are ignored.
 * oc_hate: evict first: the whole pages inside the range are released at once
 * (MADV_PAGEOUT, or unmap and drop the clean cache of a shared file; written private
 * or anonymous data only goes to swap, never lost), and any love for them ends.
 * Non-binding like every hint: bad ranges are ignored. */
void oc_love(const void *addr, long bytes);
void oc_hate(const void *addr, long bytes);

/* A big zero-initialised global array, called from a module constructor that the
 * compiler adds (-outcore-spill-globals-min) before any other code touches it: its
 * bytes at data (page-aligned, the page before it and the rest of its last page
 * the array's own) become a spilled block in place (an unlinked file in
 * OUTCORE_SPILL_DIR mapped over them) when OUTCORE_SPILL decides so, or an ordinary
 * block that may move into one later; else they stay as they are. Every file that
 * names the array keeps its address. */
void oc_spill_map_global(void *data, size_t bytes);

/* Zeroed memory for such an array, for objects compiled before
 * oc_spill_map_global (their arrays were pointers set by it): a spilled block, or
 * an ordinary calloc. Never returns NULL (aborts with a message). Never freed. */
void *oc_spill_alloc_global(size_t bytes);

/* Memory paged by the runtime from a file (OUTCORE_BACKEND=pager): size bytes
 * (rounded up to whole pages) whose initial contents are those of backing_path
 * (created if missing, grown with zeros if shorter; NULL: an unlinked temporary
 * file in OUTCORE_SPILL_DIR or a disk-backed temporary directory), read in on
 * first touch or ahead of it by prefetch hints, written back to the file when
 * released or evicted for the memory limit, and at oc_pager_unmap. The file's
 * blocks are reserved first, so write-back never meets a full disk: when they
 * cannot be (ENOSPC), one message on stderr and NULL with errno set.
 * Without the pager (OUTCORE_BACKEND=madvise, or userfaultfd not permitted) the
 * same memory is a shared mapping of the file, paged by the kernel.
 * Not inherited by fork() under the pager: a child that touches it gets SIGSEGV
 * (it would otherwise read zeros for the pages not in memory).
 * Unmap it with oc_pager_unmap, not munmap. */
void *oc_pager_map(size_t size, const char *backing_path);
/* Writes the region's changed pages back to its file and unmaps it: 0, or -1 with
 * errno set (EINVAL: not a region from oc_pager_map; EIO: some pages could not be
 * written; the region then stays mapped as ordinary memory holding them). */
int oc_pager_unmap(void *addr, size_t size);

/* Bytes of memory the process may use now (OSDI eq. 1); cheap to call. */
long oc_memory_limit(void);

/* The same figure as one load, for the fit test the compiler puts before each
 * transformed loop nest (a call there would make the nest's original version keep
 * values in callee-saved registers, costing instructions in core). LONG_MAX before
 * the runtime starts (at the first oc_register_module, which transformed modules
 * call from their constructors, or the first hint or oc_memory_limit() call), when
 * it is off (OUTCORE_POLICY=off) and after it stops; otherwise what
 * oc_memory_limit() returns, as of the runtime's last sample of the figures: at
 * start and in a forked child, at each oc_memory_limit() call that
 * finds them older than 5 ms, and every 10 ms once hints have started the runtime's
 * release worker, but never below OC_MEMORY_LIMIT_NOW_MIN (a fit test may rely on
 * that: data of at most that size fits at any limit). Written only by the runtime
 * (relaxed atomic stores); read it with a plain or relaxed atomic load. */
extern long oc_memory_limit_now;
#define OC_MEMORY_LIMIT_NOW_MIN 16384L

#ifdef __cplusplus
}
#endif

#endif /* OUTCORE_OUTCORE_H */
