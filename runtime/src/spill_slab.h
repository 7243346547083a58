/*
 * Small blocks in the spill arena: the bookkeeping of slab runs. A program that
 * outgrows its limit through many small blocks (nodes, particles, short rows of a
 * matrix) has no block worth a page; without swap it is OOM-killed however it is
 * compiled. Once the heap as a whole is sizeable, its new small blocks are slots of
 * runs: OC_SLAB_RUN_BYTES extents of the arena, each holding slots of one size
 * class (16 bytes apart up to 128, then four classes per doubling up to a page:
 * at most a quarter of a slot wasted). A run's slots are a bitmap kept outside the
 * run (in ordinary memory), so that taking or freeing a slot touches no page of
 * the file. Pure code: the caller keeps the runs, their lists and their locks.
 */
#ifndef OC_SPILL_SLAB_H
#define OC_SPILL_SLAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OC_SLAB_RUN_BYTES ((size_t)64 << 10)
#define OC_SLAB_MAX ((size_t)4096) /* the largest class: a page */
#define OC_SLAB_CLASSES 28
#define OC_SLAB_MIN_SLOT 16
#define OC_SLAB_WORDS (OC_SLAB_RUN_BYTES / OC_SLAB_MIN_SLOT / 64)

struct oc_slab_run {
  struct oc_slab_run *prev, *next; /* the caller's list of runs with a free slot */
  size_t off;                      /* the run's offset in the arena */
  uint32_t id;                     /* the caller's index of the run */
  uint16_t cls, slots, used, scan; /* scan: the first word that may have a free bit */
  uint64_t taken[OC_SLAB_WORDS];
};

/* The class of a block of 1..OC_SLAB_MAX bytes, and its slot size. */
unsigned oc_slab_class_of(size_t bytes);
/* The least class that holds bytes in slots whose offsets in a run are multiples of
 * align (a power of two, at most OC_SLAB_MAX; 0 for malloc's 16): runs start on a
 * page. */
unsigned oc_slab_class_aligned(size_t bytes, size_t align);
size_t oc_slab_class_bytes(unsigned cls);

/* A run of class cls at arena offset off, every slot free. */
void oc_slab_run_init(struct oc_slab_run *r, unsigned cls, size_t off, uint32_t id);
/* A free slot's offset in the run, taken; -1 when the run is full. */
long oc_slab_run_take(struct oc_slab_run *r);
/* Frees the slot at offset within the run; false (nothing changes) when no taken
 * slot starts there: a bad free is ignored. */
bool oc_slab_run_give(struct oc_slab_run *r, size_t offset);

#endif
