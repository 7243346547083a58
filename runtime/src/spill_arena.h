/*
 * The spill arena's bookkeeping: which extents of its file (and of the address
 * range mapped from it, offset for offset) hold blocks. Many medium blocks, each
 * too small to be worth a file of its own (the rows of a matrix allocated row by
 * row), share one file: one descriptor, and neighbouring blocks make one mapping.
 *
 * Extents are handed out first fit among the freed ones, else at the top; a freed
 * extent merges with its free neighbours, and one that reaches the top lowers it.
 * The free list has a fixed capacity (no allocation inside the allocator): an
 * extent freed while it is full is never handed out again (its disk blocks are
 * still given back by the caller). Offsets and lengths are page multiples; the
 * caller serialises every call.
 */
#ifndef OC_SPILL_ARENA_H
#define OC_SPILL_ARENA_H

#include <stdbool.h>
#include <stddef.h>

#define OC_ARENA_FREE_MAX 1024

struct oc_arena_extent {
  size_t off, len;
};

struct oc_arena_extents {
  size_t capacity; /* offsets live in [0, capacity) */
  size_t top;      /* nothing at or above it is handed out */
  size_t free_count;
  struct oc_arena_extent free[OC_ARENA_FREE_MAX]; /* below top, sorted by off, apart */
};

void oc_arena_extents_init(struct oc_arena_extents *a, size_t capacity);
/* An extent of len bytes at an offset that is a multiple of align (a power of two):
 * true with *off set, false when none is free. What an aligned extent leaves before
 * it stays free. */
bool oc_arena_extents_take(struct oc_arena_extents *a, size_t len, size_t align, size_t *off);
/* Hands back [off, off + len), which take returned. */
void oc_arena_extents_give(struct oc_arena_extents *a, size_t off, size_t len);
/* The free extent that holds [off, off + len), or that range itself when none does
 * (it lies at or above the top, or was dropped from a full free list). */
struct oc_arena_extent oc_arena_extents_free_around(const struct oc_arena_extents *a, size_t off,
                                                    size_t len);

/* Freed extents whose disk blocks (and memory) are still to be punched out: punched
 * in batches, touching extents merged, because a punch waits for the device's
 * discard (a program freeing 50 000 rows at exit spent 0.6 s in it). */
#define OC_ARENA_PENDING_MAX 256
struct oc_arena_pending {
  size_t count, bytes;
  struct oc_arena_extent range[OC_ARENA_PENDING_MAX];
};

/* Adds a freed extent, merged into a range it touches; false when it does not fit. */
bool oc_arena_pending_add(struct oc_arena_pending *p, size_t off, size_t len);
/* Whether some pending range meets [off, off + len). */
bool oc_arena_pending_meets(const struct oc_arena_pending *p, size_t off, size_t len);
/* Takes [off, off + len) out of the pending ranges when one range holds all of it
 * (its disk blocks were never given back, so it needs neither punch nor reserve):
 * false, nothing changed, when none does or a split finds no free slot. */
bool oc_arena_pending_cancel(struct oc_arena_pending *p, size_t off, size_t len);

#endif
