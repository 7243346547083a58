/*
 * User-level residency bit vector (TOCS Sec. 2.4.1): one bit per 4 KiB granule of
 * the user address space, set when the runtime believes the page is in memory.
 * A sparse radix tree: a top table of 1024 roots (address bits 56..47), each root
 * 8192 leaf pointers (bits 46..34), each leaf covering 16 GiB (512 KiB of bits each
 * for resident and released, in a MAP_NORESERVE arena: only words in use take
 * memory). Root 0 (the whole usual 47-bit user space) is a static array, so the hint
 * fast path needs two dependent loads and no null check on the root; it is filled at
 * start-up, which is why leaves are large: with 1 GiB leaves its 131072 pointers cost
 * every program 256 page faults and 0.5 M instructions, 0.4 ms. Addresses at or above 2^57 (kernel
 * half, non-canonical) are never user data and are rejected.
 * A leaf also holds "released" bits: pages the runtime released or is about to
 * release, so a later prefetch of one counts as rescued (OSDI Sec. 3.1.2), and per
 * page a stamp of who released it and when (struct oc_release_stamp_match), so a
 * rescue can be told apart as the releasing loop's own, soon after: 16 MiB per leaf
 * that has released pages, from an arena of their own reserved at the first
 * release (without it, stamps are not kept and match nothing).
 * Bits are updated with atomic word operations; readers need no lock.
 */
#ifndef OC_RESIDENCY_H
#define OC_RESIDENCY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OC_GRANULE_SHIFT 12
#define OC_GRANULE_SIZE ((uintptr_t)1 << OC_GRANULE_SHIFT)
#define OC_LEAF_SHIFT 34
#define OC_LEAF_WORDS (((uintptr_t)1 << (OC_LEAF_SHIFT - OC_GRANULE_SHIFT)) / 64)
#define OC_ROOT_SHIFT 47
#define OC_ROOT_ENTRIES ((uintptr_t)1 << (OC_ROOT_SHIFT - OC_LEAF_SHIFT))
#define OC_ADDRESS_SHIFT 57
#define OC_TOP_ENTRIES ((uintptr_t)1 << (OC_ADDRESS_SHIFT - OC_ROOT_SHIFT))

struct oc_leaf {
  _Atomic(uint64_t) resident[OC_LEAF_WORDS];
  _Atomic(uint64_t) released[OC_LEAF_WORDS];
  _Atomic(uint32_t *) released_stamp; /* OC_LEAF_WORDS * 64 stamps, or NULL */
};

/* A released page's stamp: the releaser's mark in the low byte (0: nobody in
 * particular), OC_STAMP_WAS_RESIDENT (set here, when the page's resident bit was set
 * as it was released), OC_STAMP_ISSUED (set by oc_residency_mark_issued when the
 * release reaches the OS, which clears WAS_RESIDENT: a page taken back with
 * WAS_RESIDENT never left memory), a clock in the upper 22 bits (wrapping). A match
 * counts the pages released by `mark` fewer than `within` ticks before `now`, and
 * the issued ones (any releaser's) taken back fewer than `soon` ticks after. */
#define OC_STAMP_WAS_RESIDENT (1u << 8)
#define OC_STAMP_ISSUED (1u << 9)
#define OC_STAMP_CLOCK_SHIFT 10
#define OC_STAMP_CLOCK_MASK 0x3fffffu
static inline uint32_t oc_release_stamp_of(uint8_t mark, uint32_t clock) {
  return (uint32_t)mark | (clock << OC_STAMP_CLOCK_SHIFT);
}
struct oc_release_stamp_match {
  uint8_t mark;
  uint32_t now, within, soon;
  long count, issued_back_soon;
};

/* Root 0; hidden so the fast path reaches it PC-relative. Once the runtime runs,
 * every entry points to a leaf: oc_residency_empty_leaf (all zero, never written)
 * until one is made, so the fast path tests no null pointer. */
extern _Atomic(struct oc_leaf *) oc_residency_root0[OC_ROOT_ENTRIES]
    __attribute__((visibility("hidden")));

/* Word of resident bits holding granule g; g must be below the root 0 limit. */
static inline uint64_t oc_residency_word_fast(uintptr_t g) {
  struct oc_leaf *leaf = atomic_load_explicit(
      &oc_residency_root0[g >> (OC_LEAF_SHIFT - OC_GRANULE_SHIFT)], memory_order_acquire);
  return atomic_load_explicit(&leaf->resident[(g >> 6) & (OC_LEAF_WORDS - 1)],
                              memory_order_relaxed);
}

#define OC_ROOT0_GRANULES ((uintptr_t)1 << (OC_ROOT_SHIFT - OC_GRANULE_SHIFT))

/* Granule bit of addr, or false when not known resident. Lock-free; the hint fast
 * path. Only root 0 is looked at here; higher addresses take the slow path. */
static inline bool oc_residency_test_fast(uintptr_t addr) {
  uintptr_t g = addr >> OC_GRANULE_SHIFT;
  return g < OC_ROOT0_GRANULES && ((oc_residency_word_fast(g) >> (g & 63)) & 1);
}

/* Whether [first, last] (addresses, last inclusive) lies in one 64-granule word of
 * root 0 whose granules are all resident: the filter for block hints. Resident data
 * fills whole words, so that one compare keeps a filtered block hint near the cost
 * of a single-page one; a word resident only in part is for the caller to look at. */
static inline bool oc_residency_word_full_fast(uintptr_t first, uintptr_t last) {
  /* One word (2^18 bytes) and below the root 0 limit, in one test. */
  if (((first ^ last) | (first >> (OC_ROOT_SHIFT - OC_GRANULE_SHIFT - 6))) >>
      (OC_GRANULE_SHIFT + 6))
    return false;
  return oc_residency_word_fast(first >> OC_GRANULE_SHIFT) == ~(uint64_t)0;
}

/* First granule in [first, end) not marked resident, or end. */
uintptr_t oc_residency_first_missing(uintptr_t first, uintptr_t end);

/* Whether granules [first, end) are all marked resident: a mask test where they lie in
 * one word of root 0 (a block hint of a page or a few, whose word is not all resident:
 * 185 instructions through oc_residency_first_missing), else that. Lock-free; only
 * once the runtime runs (root 0 filled). */
static inline bool oc_residency_all_resident(uintptr_t first, uintptr_t end) {
  if (first < end && end <= OC_ROOT0_GRANULES && first >> 6 == (end - 1) >> 6) {
    unsigned n = (unsigned)(end - first);
    uint64_t mask = (n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1)) << (first & 63);
    return (oc_residency_word_fast(first) & mask) == mask;
  }
  return oc_residency_first_missing(first, end) == end;
}

/* Sets up the leaf arena and root 0; false when the arena cannot be reserved.
 * Must succeed before any thread takes the fast path. Idempotent. */
bool oc_residency_init(void);
/* [start, end) of the runtime's own leaf and stamp arenas (not program data). */
void oc_residency_arena(uintptr_t *start, uintptr_t *end);
/* Fork handlers: the child forgets every bit (it starts clean). */
void oc_residency_fork_prepare(void);
void oc_residency_fork_parent(void);
void oc_residency_fork_child(void);

/* Ranges are granule numbers [first, end) (address >> OC_GRANULE_SHIFT). Setting
 * creates leaves as needed (returns false if the arena is exhausted); clearing and
 * queries never allocate. Granules at or above 2^57 are ignored. */
bool oc_residency_set_resident(uintptr_t first, uintptr_t end);
void oc_residency_clear_resident(uintptr_t first, uintptr_t end);
bool oc_residency_test(uintptr_t granule);

/* Marks [first, end) released with stamp and, in the same pass, no longer resident. */
void oc_residency_mark_released(uintptr_t first, uintptr_t end, uint32_t stamp);
/* The releases of [first, end) are being issued: its pages leave memory. */
void oc_residency_mark_issued(uintptr_t first, uintptr_t end);
/* Clears the released bits in [first, end); returns how many were set, and adds to
 * match->count (match may be NULL) how many of them match (a mark of 0 matches none).
 * Taken granules whose release never reached the OS (resident when released, not
 * issued since) are resident again, and *in_memory (may be NULL) counts them. */
long oc_residency_take_released(uintptr_t first, uintptr_t end,
                                struct oc_release_stamp_match *match, long *in_memory);
/* Granules in [first, end) marked released. */
long oc_residency_count_released(uintptr_t first, uintptr_t end);
bool oc_residency_is_released(uintptr_t granule);
/* First granule in [first, end) whose released bit equals released, or end. */
uintptr_t oc_residency_find_released(uintptr_t first, uintptr_t end, bool released);

/* Calls visit(leaf_base_address, ctx) for every leaf in use. */
void oc_residency_for_each_leaf(void (*visit)(uintptr_t base, void *ctx), void *ctx);
/* Overwrites the resident bits of [first, first + count) from a mincore() vector
 * (bit 0 of each byte); the range must lie in one leaf that exists. */
void oc_residency_store_mincore(uintptr_t first, size_t count, const unsigned char *vec);

#endif
