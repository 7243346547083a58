/*
 * Spilled blocks: big allocations backed by a shared mapping of an unlinked file in
 * a spill directory, so that the kernel pages them out by writing back (no swap
 * needed) and every hint path for shared file mappings applies to them.
 *
 * A block is recognised in O(1) and without a lock: its data starts on a page
 * boundary and the page before it holds the block's header, whose last word is
 * OC_SPILL_MAGIC xor the data address. A page-aligned pointer from glibc has its
 * own chunk header in the 16 bytes before it, so that page is mapped and reading
 * it is safe; glibc's word there is a chunk size (below 2^48), while the magic's
 * top bits make every header word at least 2^48: no glibc block is ever taken for
 * a spilled one.
 *
 * Medium blocks (spilled because the heap as a whole is big, not each block:
 * a matrix allocated row by row) share the arena instead, and small ones are
 * slots of its slab runs: one unlinked file
 * mapped once over a reserved address range, offset for offset, so the blocks
 * cost no descriptor, header page or mapping each. A block is an extent of it
 * (spill_arena.h) whose disk blocks are reserved when it is made and punched out
 * when it is freed (reading as zeros again, for calloc); the arena's range
 * identifies its blocks, and a table of their lengths per page gives their size.
 *
 * Sizeable blocks (OC_SPILL_SIZEABLE_FRACTION) stay ordinary memory while the
 * program's blocks fit (oc_spill_in_core_line), but in mappings of their own, with
 * the same header: once the program outgrows the limit, they move into files of
 * their own in place (oc_spill_to_move), so the decision to pay for a file waits
 * until a file is needed.
 *
 * fork: the child gets a copy (copy-on-fork). Before the fork, each block's file is
 * copied in the kernel (copy_file_range, holes skipped) into a new unlinked file,
 * which the child maps in place of its parent's; parent and child then never see
 * each other's writes; the arena is copied once, the same way. A block whose copy
 * cannot be made (disk full) is marked MADV_DONTFORK, with a message: the child
 * faults if it touches it, rather than silently sharing it. Under
 * OUTCORE_BACKEND=pager a block of its own file is private memory paged from that
 * file (pager.h): never inherited (MADV_DONTFORK, with a message); the arena stays
 * a shared file mapping under either backend.
 */
#ifndef OC_SPILL_H
#define OC_SPILL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

#define OC_SPILL_MAGIC 0x5bd1e9950c5f0000ULL /* top bits set: never a chunk size */
/* Sizeable part of the memory limit (OUTCORE_SPILL=auto): 1/8 of it; such a block
 * gets a file of its own when it spills, a smaller one a place in the arena. */
#define OC_SPILL_SIZEABLE_FRACTION 8
/* Blocks spill (OUTCORE_SPILL=auto) only once the program's blocks make half the
 * limit: a program that merely holds a sizeable heap keeps ordinary memory. A
 * spilled block costs each first write the file system's page_mkwrite and each
 * page a write-back (a 100 MB array in a 256 MiB group without swap took twice
 * plain's time), and a slab slot a lock and a bitmap search per malloc and free
 * (about 2.4x glibc's instructions): prices for a program heading out of memory. */
#define OC_SPILL_HELD_FRACTION 2
/* A program whose blocks, with a new one, stay under the limit less 1/32 of it
 * (the program's other memory and the runtime's, beside the cgroup's reserve the
 * limit leaves already) is in core: its sizeable blocks stay ordinary memory past
 * half the limit, in mappings of their own that move into files once it is out of
 * core. Only while blocks can move: the program runs on one thread, or its other
 * threads' writes can be held while a block is copied (uffd.h); else a write could
 * be lost. */
#define OC_SPILL_IN_CORE_MARGIN_FRACTION 32
/* The least block kept that way: 1/64 of the limit, so that the blocks that move,
 * a file each, stay few (rows below it join the arena as they come). */
#define OC_SPILL_MOVABLE_FRACTION 64
static inline long oc_spill_in_core_line(long limit) {
  return limit - limit / OC_SPILL_IN_CORE_MARGIN_FRACTION;
}

struct oc_spill_inputs {
  enum oc_spill_mode mode;
  long min;        /* OUTCORE_SPILL_MIN */
  long limit;      /* the runtime's memory limit, bytes */
  long swap_room;  /* swap the process may still use, bytes */
  long heap;       /* oc_spill_heap_bytes */
  long spilled;    /* bytes of the blocks in files (their own, the arena's) */
  bool movable;    /* ordinary blocks can move now (oc_spill_in_core_line) */
  bool grows;      /* the block replaces a smaller one (realloc) */
};

enum oc_spill_place {
  OC_SPILL_NOWHERE, /* ordinary memory */
  OC_SPILL_OWN_FILE,
  OC_SPILL_ARENA,   /* one of many medium blocks sharing the arena's file */
  OC_SPILL_OWN_MAPPING, /* ordinary memory in a mapping of its own, which can move into a file */
};

/* Blocks smaller than this never get a file of their own under OUTCORE_SPILL=on:
 * the arena holds them (a descriptor and a mapping each would run out). */
#define OC_SPILL_OWN_FILE_MIN ((size_t)1 << 20)

/* Where should a block of bytes go? off: nowhere; below min: nowhere; on: a file of
 * its own from OC_SPILL_OWN_FILE_MIN, the arena below. auto: nowhere while, with
 * the program's heap of blocks of OC_SPILL_HEAP_COUNTED bytes or more, it makes less
 * than half the limit (OC_SPILL_HELD_FRACTION), but a sizeable block (1/8 of the
 * limit or more) that grows gets a mapping of its own there, ordinary memory (it
 * then grows without a copy, and can move). Past half the limit: nowhere if swap
 * can hold the block (a sizeable one) or the heap with it (a smaller one); else a
 * mapping of its own for a block of 1/64 of the limit or more while the program is
 * in core and blocks can move (oc_spill_in_core_line); else a file of its own for a
 * sizeable block, the arena for a smaller one (a matrix allocated row by row). */
enum oc_spill_place oc_spill_decide(const struct oc_spill_inputs *in, size_t bytes);
/* Bytes of ordinary memory to move into files before a block of bytes spills:
 * none while the program is in core or blocks cannot move; else what brings the
 * heap under half the limit. */
size_t oc_spill_to_move(const struct oc_spill_inputs *in, size_t bytes);

/* Bytes of the ordinary (glibc) blocks of at least OC_SPILL_HEAP_COUNTED bytes the
 * program holds, kept by the interposed allocator; may drift below zero (blocks
 * glibc made before the runtime was there), which counts as zero. */
#define OC_SPILL_HEAP_COUNTED ((size_t)4 << 10)
extern _Atomic(long) oc_spill_heap_bytes __attribute__((visibility("hidden")));

/* The smallest size worth asking about, for the interposed allocator's fast path:
 * OC_SPILL_MIN_FLOOR until the settings are read, then OUTCORE_SPILL_MIN, or
 * SIZE_MAX when spilling is off. */
extern _Atomic(size_t) oc_spill_ask_min __attribute__((visibility("hidden")));
/* And the least block plus heap worth asking about: 0 until a limit is known and
 * under OUTCORE_SPILL=on; under auto 1/4 of the limit last seen (half the half
 * that spills, so that a limit halved since still gets asked). */
extern _Atomic(size_t) oc_spill_ask_total __attribute__((visibility("hidden")));

/* Small blocks (below a page; spill_slab.h) spill into slab runs of the arena while
 * the heap as a whole is large: under OUTCORE_SPILL=on always; under auto once
 * every live block (glibc's, as mallinfo2 counts them, and the spill module's own) is
 * half the limit (OC_SPILL_HELD_FRACTION) and swap cannot hold them. oc_spill_small_min is the least
 * block that then spills (OUTCORE_SPILL_MIN), SIZE_MAX while none does. The
 * interposed allocator asks again (oc_spill_small_check) after each
 * OC_SPILL_SMALL_CHECK_BYTES of small blocks a thread makes. */
extern _Atomic(size_t) oc_spill_small_min __attribute__((visibility("hidden")));
#define OC_SPILL_SMALL_CHECK_BYTES ((size_t)4 << 20)
bool oc_spill_small_wanted(const struct oc_spill_inputs *in);
void oc_spill_small_check(void);
/* A slot of a slab run for a block of 1..OC_SLAB_MAX bytes aligned to align (a power
 * of two; 0 for malloc's); NULL when the arena refuses (one message) or for an
 * alignment above OC_SLAB_MAX. Not cleared: a reused slot holds what it held. */
void *oc_spill_alloc_small(size_t bytes, size_t align);
/* Whether an owned block is a slab run's slot. */
bool oc_spill_is_small(const void *p);

/* The arena's address range (0, 0 until it is made; fixed after). */
extern _Atomic(uintptr_t) oc_spill_arena_start __attribute__((visibility("hidden")));
extern _Atomic(size_t) oc_spill_arena_span __attribute__((visibility("hidden")));

static inline bool oc_spill_in_arena(const void *p) {
  return (uintptr_t)p - atomic_load_explicit(&oc_spill_arena_start, memory_order_relaxed) <
         atomic_load_explicit(&oc_spill_arena_span, memory_order_relaxed);
}

/* Set once the first slab run is made: until then no block off a page boundary is
 * ever spilled, and free of glibc's small blocks tests nothing more. */
extern _Atomic(bool) oc_spill_slab_made __attribute__((visibility("hidden")));

static inline bool oc_spill_owns(const void *p) {
  uintptr_t a = (uintptr_t)p;
  if (a & 4095)
    return __builtin_expect(atomic_load_explicit(&oc_spill_slab_made, memory_order_relaxed), 0) &&
           oc_spill_in_arena(p);
  return a && (oc_spill_in_arena(p) || ((const uint64_t *)p)[-1] == (OC_SPILL_MAGIC ^ a));
}

/* A spilled block (or an ordinary one of its own mapping) of at least bytes,
 * aligned to align (a power of two; page alignment at least), or NULL when the
 * settings say no or the spill directory refuses (missing, read-only, full: one
 * message on stderr, then NULL). Where the program is out of core, ordinary
 * blocks of their own mappings move into files first (oc_spill_to_move). */
void *oc_spill_alloc(size_t bytes, size_t align);
/* The same in the place given (not OC_SPILL_NOWHERE). */
void *oc_spill_alloc_at(size_t bytes, size_t align, enum oc_spill_place place);
/* The same in the arena: a file extent of the arena's, no file or mapping of its
 * own. NULL when the arena cannot be made or is full, or for an alignment above
 * 2 MiB. */
void *oc_spill_alloc_in_arena(size_t bytes, size_t align);
/* Frees a block for which oc_spill_owns holds. */
void oc_spill_free(void *p);
/* Usable size of an owned block (its pages). */
size_t oc_spill_usable_size(const void *p);
/* Resizes an owned block in place or by moving its mapping (no copy); NULL when
 * that is impossible, and always for the arena's blocks (the caller then copies).
 * An ordinary block growing past the in-core line moves into a file first. */
void *oc_spill_resize(void *p, size_t bytes);
/* Where would a block of bytes go now, in place of a block of the heap of replaced
 * counted bytes (a realloc; 0 for a new block)? Reads the settings on first use;
 * reads the swap's room only for a block that would be spilled without swap, and
 * the threads only where the program's being on one matters. Where the block
 * spills out of core, first moves ordinary blocks into files (oc_spill_to_move). */
enum oc_spill_place oc_spill_wanted(size_t bytes, size_t replaced);
/* Live spilled blocks and their bytes (tests, the verbose summary). */
void oc_spill_totals(long *blocks, long *bytes);

/* Faults of the process over an interval, as the read-around guard samples them. */
struct oc_fault_sample {
  long major, minor, read_bytes;
};
/* What an interval's faults say of the kernel's read-around (window bytes per
 * fault, 0 if unknown). Only many major faults, each reading a megabyte or more,
 * say anything. SCATTERED: few minor faults after them, where a stream's
 * read-around would map the pages it read one by one (more than
 * OC_READAROUND_STREAM_MINOR per major fault) and a stream served by readahead
 * faults rarely: wasted. OVERLAPPING: at most half a window read per fault, the
 * windows overlap, as a walk down columns' faults do (a stream's never do); what
 * they read beyond the walk's pages pushes out the pages the next columns reuse (a
 * column sweep of four 32 MB arrays in a 64 MiB group read 7.9 GB: 4.2 k major
 * faults, 1.9 MB each, 178 minor faults each). Wasted where it lasts: a gather's
 * first reads of a small vector look the same for an interval, and read-around
 * serves that vector well once it is in. */
enum oc_readaround_verdict {
  OC_READAROUND_NO_VERDICT,
  OC_READAROUND_SCATTERED,
  OC_READAROUND_OVERLAPPING,
};
#define OC_READAROUND_MIN_MAJOR 16
#define OC_READAROUND_WASTE_BYTES (1L << 20)
#define OC_READAROUND_STREAM_MINOR 4
/* Consecutive OVERLAPPING intervals before read-around is turned off. */
#define OC_READAROUND_OVERLAPPING_INTERVALS 2
enum oc_readaround_verdict oc_spill_readaround_verdict(const struct oc_fault_sample *delta,
                                                       long window);
/* The release worker's housekeeping (at most every OC_READAROUND_SAMPLE_NS): where
 * faults the program does not hint scatter over spilled blocks, each reading the
 * device's read-around (8 MiB here) for one page, or overlap for as many intervals
 * as OC_READAROUND_OVERLAPPING_INTERVALS, turns read-around off on every
 * spilled block (oc_os_readaround_off); a prefetched stream turns it back on for
 * its block. An interval with fewer than OC_READAROUND_MIN_MAJOR major faults is
 * extended, up to OC_READAROUND_SPAN_NS: on a busy disk each such fault takes long
 * (seen: 2 678 faults reading 5 GiB, none of 100 ms holding 16 of them). */
#define OC_READAROUND_SAMPLE_NS 100000000L
#define OC_READAROUND_SPAN_NS 2000000000L
void oc_spill_guard_readaround(long now_ns);

#endif
