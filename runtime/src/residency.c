#include "residency.h"

#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

/* Leaves and upper roots come from one reserved arena, and release stamps from the
 * stamp arena right after it: one range, so the runtime can tell its own memory from
 * program data (a residency sweep must not walk the stamps' gigabyte with mincore)
 * and a forked child can wipe it. The stamp arena is reserved inaccessible (no
 * commit charge) and opened a leaf's stamps at a time. */
#define ARENA_BYTES ((size_t)128 << 20)
#define MAX_LEAVES (ARENA_BYTES / sizeof(struct oc_leaf))

_Atomic(struct oc_leaf *) oc_residency_root0[OC_ROOT_ENTRIES];
/* Stands for "no leaf" in root 0; all zero: nothing resident, nothing released. */
static struct oc_leaf empty_leaf;

typedef _Atomic(struct oc_leaf *) oc_root[OC_ROOT_ENTRIES];
static _Atomic(oc_root *) upper_roots[OC_TOP_ENTRIES]; /* [0] unused: root 0 is static */

static pthread_mutex_t arena_lock = PTHREAD_MUTEX_INITIALIZER;
static char *arena;
static size_t arena_used;
static uintptr_t leaf_bases[MAX_LEAVES];
static _Atomic size_t leaf_count;
#define GRANULES_PER_LEAF ((uintptr_t)OC_LEAF_WORDS * 64)
/* Release stamps: a leaf's worth for each of the first STAMPED_LEAVES leaves with a
 * released page (64 GiB of address space each way; more are not stamped). */
#define STAMPS_BYTES (GRANULES_PER_LEAF * sizeof(uint32_t))
#define STAMPED_LEAVES 64
#define STAMP_ARENA_BYTES (STAMPED_LEAVES * STAMPS_BYTES)
static char *stamp_arena;
static size_t stamp_arena_used;
static bool stamp_arena_refused;

bool oc_residency_init(void) {
  pthread_mutex_lock(&arena_lock);
  if (!arena) {
    void *p = mmap(NULL, ARENA_BYTES + STAMP_ARENA_BYTES, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED && mprotect(p, ARENA_BYTES, PROT_READ | PROT_WRITE) != 0) {
      munmap(p, ARENA_BYTES + STAMP_ARENA_BYTES);
      p = MAP_FAILED;
    }
    if (p != MAP_FAILED) {
      arena = p;
      stamp_arena = arena + ARENA_BYTES;
      for (size_t i = 0; i < OC_ROOT_ENTRIES; i++)
        atomic_store_explicit(&oc_residency_root0[i], &empty_leaf, memory_order_relaxed);
    }
  }
  pthread_mutex_unlock(&arena_lock);
  return arena != NULL;
}

void oc_residency_arena(uintptr_t *start, uintptr_t *end) {
  *start = (uintptr_t)arena;
  *end = arena ? (uintptr_t)arena + ARENA_BYTES + STAMP_ARENA_BYTES : 0;
}

void oc_residency_fork_prepare(void) { pthread_mutex_lock(&arena_lock); }

void oc_residency_fork_parent(void) { pthread_mutex_unlock(&arena_lock); }

void oc_residency_fork_child(void) {
  /* Zero-filling the runtime's own bits is the intent here; leaves stay allocated. */
  if (arena && arena_used)
    madvise(arena, arena_used, MADV_DONTNEED);
  if (stamp_arena && stamp_arena_used)
    madvise(stamp_arena, stamp_arena_used, MADV_DONTNEED);
  stamp_arena_used = 0; /* the leaves' pointers to their stamps were zeroed above */
  pthread_mutex_unlock(&arena_lock);
}

static void *arena_alloc(size_t bytes) {
  if (!arena || arena_used + bytes > ARENA_BYTES)
    return NULL;
  void *p = arena + arena_used;
  arena_used += bytes;
  return p;
}

/* The root slot for an address, or NULL (create: allocate a missing root). */
static _Atomic(struct oc_leaf *) *leaf_slot(uintptr_t granule, bool create) {
  uintptr_t addr_top = granule >> (OC_ROOT_SHIFT - OC_GRANULE_SHIFT);
  uintptr_t index = (granule >> (OC_LEAF_SHIFT - OC_GRANULE_SHIFT)) & (OC_ROOT_ENTRIES - 1);
  if (addr_top >= OC_TOP_ENTRIES)
    return NULL;
  if (addr_top == 0)
    return &oc_residency_root0[index];
  oc_root *root = atomic_load_explicit(&upper_roots[addr_top], memory_order_acquire);
  if (!root && create) {
    pthread_mutex_lock(&arena_lock);
    root = atomic_load_explicit(&upper_roots[addr_top], memory_order_relaxed);
    if (!root && (root = arena_alloc(sizeof *root)))
      atomic_store_explicit(&upper_roots[addr_top], root, memory_order_release);
    pthread_mutex_unlock(&arena_lock);
  }
  return root ? &(*root)[index] : NULL;
}

static struct oc_leaf *find_leaf(uintptr_t granule, bool create) {
  _Atomic(struct oc_leaf *) *slot = leaf_slot(granule, create);
  if (!slot)
    return NULL;
  struct oc_leaf *leaf = atomic_load_explicit(slot, memory_order_acquire);
  if (leaf == &empty_leaf)
    leaf = NULL;
  if (!leaf && create) {
    pthread_mutex_lock(&arena_lock);
    leaf = atomic_load_explicit(slot, memory_order_relaxed);
    if (leaf == &empty_leaf)
      leaf = NULL;
    if (!leaf && (leaf = arena_alloc(sizeof *leaf))) {
      size_t n = atomic_load_explicit(&leaf_count, memory_order_relaxed);
      leaf_bases[n] = granule >> (OC_LEAF_SHIFT - OC_GRANULE_SHIFT) << OC_LEAF_SHIFT;
      atomic_store_explicit(&leaf_count, n + 1, memory_order_release);
      atomic_store_explicit(slot, leaf, memory_order_release);
    }
    pthread_mutex_unlock(&arena_lock);
  }
  return leaf;
}

/* Calls op on each word-sized piece of [first, end): the word and the mask of the
 * range's bits in it. Stops early when op returns false. */
typedef bool (*word_op)(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx);

static bool for_each_word(uintptr_t first, uintptr_t end, bool create, word_op op, void *ctx) {
  const uintptr_t limit = (uintptr_t)1 << (OC_ADDRESS_SHIFT - OC_GRANULE_SHIFT);
  if (end > limit)
    end = limit;
  while (first < end) {
    uintptr_t leaf_end = (first / GRANULES_PER_LEAF + 1) * GRANULES_PER_LEAF;
    uintptr_t stop = end < leaf_end ? end : leaf_end;
    struct oc_leaf *leaf = find_leaf(first, create);
    if (!leaf) {
      if (create)
        return false;
      if (!op(NULL, 0, 0, ctx))
        return true;
      first = stop;
      continue;
    }
    while (first < stop) {
      uintptr_t word_end = (first / 64 + 1) * 64;
      uintptr_t piece_end = stop < word_end ? stop : word_end;
      unsigned lo = first % 64, n = (unsigned)(piece_end - first);
      uint64_t mask = (n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1)) << lo;
      if (!op(leaf, (first % GRANULES_PER_LEAF) / 64, mask, ctx))
        return true;
      first = piece_end;
    }
  }
  return true;
}

static bool set_resident_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  (void)ctx;
  atomic_fetch_or_explicit(&leaf->resident[word], mask, memory_order_relaxed);
  return true;
}

bool oc_residency_set_resident(uintptr_t first, uintptr_t end) {
  return for_each_word(first, end, true, set_resident_op, NULL);
}

static bool clear_resident_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  (void)ctx;
  if (leaf)
    atomic_fetch_and_explicit(&leaf->resident[word], ~mask, memory_order_relaxed);
  return true;
}

void oc_residency_clear_resident(uintptr_t first, uintptr_t end) {
  for_each_word(first, end, false, clear_resident_op, NULL);
}

struct first_missing_ctx {
  uintptr_t at; /* granule where the current piece starts */
  uintptr_t found;
};

static bool first_missing_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  struct first_missing_ctx *c = ctx;
  uint64_t bits = leaf ? atomic_load_explicit(&leaf->resident[word], memory_order_relaxed) : 0;
  uint64_t missing = ~bits & mask;
  if (missing) {
    c->found = c->at - (uintptr_t)__builtin_ctzll(mask) + (uintptr_t)__builtin_ctzll(missing);
    return false;
  }
  if (!leaf) { /* a whole absent leaf: the first granule is missing */
    c->found = c->at;
    return false;
  }
  c->at += (uintptr_t)__builtin_popcountll(mask);
  return true;
}

uintptr_t oc_residency_first_missing(uintptr_t first, uintptr_t end) {
  /* Granules past the tracked address space are never resident. */
  const uintptr_t limit = (uintptr_t)1 << (OC_ADDRESS_SHIFT - OC_GRANULE_SHIFT);
  uintptr_t stop = end < limit ? end : limit;
  if (first >= stop)
    return first < end ? first : end;
  struct first_missing_ctx c = {first, stop};
  for_each_word(first, stop, false, first_missing_op, &c);
  return c.found < stop ? c.found : stop;
}

bool oc_residency_test(uintptr_t granule) {
  return oc_residency_first_missing(granule, granule + 1) != granule;
}

/* The leaf's stamps, made on first use (create) from the stamp arena; NULL when
 * not made or refused. */
static _Atomic(uint32_t) *leaf_stamps(struct oc_leaf *leaf, bool create) {
  uint32_t *stamps = atomic_load_explicit(&leaf->released_stamp, memory_order_acquire);
  if (stamps || !create)
    return (_Atomic(uint32_t) *)stamps;
  pthread_mutex_lock(&arena_lock);
  stamps = atomic_load_explicit(&leaf->released_stamp, memory_order_relaxed);
  if (!stamps && stamp_arena && !stamp_arena_refused &&
      stamp_arena_used < STAMP_ARENA_BYTES) {
    char *piece = stamp_arena + stamp_arena_used;
    stamp_arena_refused = mprotect(piece, STAMPS_BYTES, PROT_READ | PROT_WRITE) != 0;
    if (!stamp_arena_refused) {
      stamps = (uint32_t *)piece;
      stamp_arena_used += STAMPS_BYTES;
      atomic_store_explicit(&leaf->released_stamp, stamps, memory_order_release);
    }
  }
  pthread_mutex_unlock(&arena_lock);
  return (_Atomic(uint32_t) *)stamps;
}

static bool mark_released_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  uint32_t stamp = *(const uint32_t *)ctx;
  uint64_t was = atomic_fetch_and_explicit(&leaf->resident[word], ~mask, memory_order_relaxed);
  _Atomic(uint32_t) *stamps = leaf_stamps(leaf, true);
  for (uint64_t bits = stamps ? mask : 0; bits; bits &= bits - 1) {
    unsigned bit = (unsigned)__builtin_ctzll(bits);
    atomic_store_explicit(&stamps[word * 64 + bit],
                          stamp | ((was >> bit) & 1 ? OC_STAMP_WAS_RESIDENT : 0),
                          memory_order_relaxed);
  }
  atomic_fetch_or_explicit(&leaf->released[word], mask, memory_order_relaxed);
  return true;
}

void oc_residency_mark_released(uintptr_t first, uintptr_t end, uint32_t stamp) {
  for_each_word(first, end, true, mark_released_op, &stamp);
}

static uint32_t stamp_age(uint32_t stamp, const struct oc_release_stamp_match *m) {
  return (m->now - (stamp >> OC_STAMP_CLOCK_SHIFT)) & OC_STAMP_CLOCK_MASK;
}

static bool stamp_matches(uint32_t stamp, const struct oc_release_stamp_match *m) {
  return m->mark && (uint8_t)stamp == m->mark && stamp_age(stamp, m) < m->within;
}

static bool mark_issued_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  (void)ctx;
  _Atomic(uint32_t) *stamps = leaf ? leaf_stamps(leaf, false) : NULL;
  uint64_t released = stamps ? atomic_load_explicit(&leaf->released[word], memory_order_relaxed) : 0;
  for (uint64_t bits = released & mask; bits; bits &= bits - 1) {
    unsigned bit = (unsigned)__builtin_ctzll(bits);
    uint32_t stamp = atomic_load_explicit(&stamps[word * 64 + bit], memory_order_relaxed);
    atomic_store_explicit(&stamps[word * 64 + bit],
                          (stamp & ~OC_STAMP_WAS_RESIDENT) | OC_STAMP_ISSUED, memory_order_relaxed);
  }
  return true;
}

void oc_residency_mark_issued(uintptr_t first, uintptr_t end) {
  for_each_word(first, end, false, mark_issued_op, NULL);
}

struct take_released_ctx {
  struct oc_release_stamp_match *match;
  long taken, in_memory;
};

static bool take_released_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  struct take_released_ctx *c = ctx;
  if (!leaf)
    return true;
  uint64_t taken = atomic_fetch_and_explicit(&leaf->released[word], ~mask, memory_order_relaxed) & mask;
  c->taken += __builtin_popcountll(taken);
  _Atomic(uint32_t) *stamps = leaf_stamps(leaf, false);
  uint64_t matching = 0, in_memory = 0, back_soon = 0;
  for (uint64_t bits = stamps ? taken : 0; bits; bits &= bits - 1) {
    unsigned bit = (unsigned)__builtin_ctzll(bits);
    uint32_t stamp = atomic_load_explicit(&stamps[word * 64 + bit], memory_order_relaxed);
    if (c->match && stamp_matches(stamp, c->match))
      matching |= (uint64_t)1 << bit;
    if (stamp & OC_STAMP_WAS_RESIDENT)
      in_memory |= (uint64_t)1 << bit;
    else if (c->match && (stamp & OC_STAMP_ISSUED) && stamp_age(stamp, c->match) < c->match->soon)
      back_soon |= (uint64_t)1 << bit;
  }
  if (c->match) {
    c->match->count += __builtin_popcountll(matching);
    c->match->issued_back_soon += __builtin_popcountll(back_soon);
  }
  if (in_memory) {
    atomic_fetch_or_explicit(&leaf->resident[word], in_memory, memory_order_relaxed);
    c->in_memory += __builtin_popcountll(in_memory);
  }
  return true;
}

long oc_residency_take_released(uintptr_t first, uintptr_t end,
                                struct oc_release_stamp_match *match, long *in_memory) {
  struct take_released_ctx c = {.match = match};
  for_each_word(first, end, false, take_released_op, &c);
  if (in_memory)
    *in_memory += c.in_memory;
  return c.taken;
}

static bool count_released_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  if (leaf)
    *(long *)ctx += __builtin_popcountll(
        atomic_load_explicit(&leaf->released[word], memory_order_relaxed) & mask);
  return true;
}

long oc_residency_count_released(uintptr_t first, uintptr_t end) {
  long count = 0;
  for_each_word(first, end, false, count_released_op, &count);
  return count;
}

static bool test_released_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  *(bool *)ctx = leaf && (atomic_load_explicit(&leaf->released[word], memory_order_relaxed) & mask);
  return true;
}

bool oc_residency_is_released(uintptr_t granule) {
  bool released = false;
  for_each_word(granule, granule + 1, false, test_released_op, &released);
  return released;
}

struct find_released_ctx {
  uintptr_t at, found;
  bool released;
};

static bool find_released_op(struct oc_leaf *leaf, size_t word, uint64_t mask, void *ctx) {
  struct find_released_ctx *c = ctx;
  if (!leaf) { /* absent leaf: nothing released in it */
    if (!c->released) {
      c->found = c->at;
      return false;
    }
    c->at = (c->at / (OC_LEAF_WORDS * 64) + 1) * (OC_LEAF_WORDS * 64);
    return true;
  }
  uint64_t bits = atomic_load_explicit(&leaf->released[word], memory_order_relaxed);
  uint64_t hits = (c->released ? bits : ~bits) & mask;
  if (hits) {
    c->found = c->at - (uintptr_t)__builtin_ctzll(mask) + (uintptr_t)__builtin_ctzll(hits);
    return false;
  }
  c->at += (uintptr_t)__builtin_popcountll(mask);
  return true;
}

uintptr_t oc_residency_find_released(uintptr_t first, uintptr_t end, bool released) {
  struct find_released_ctx c = {first, end, released};
  for_each_word(first, end, false, find_released_op, &c);
  return c.found < end ? c.found : end;
}

void oc_residency_for_each_leaf(void (*visit)(uintptr_t base, void *ctx), void *ctx) {
  size_t n = atomic_load_explicit(&leaf_count, memory_order_acquire);
  for (size_t i = 0; i < n; i++)
    visit(leaf_bases[i], ctx);
}

void oc_residency_store_mincore(uintptr_t first, size_t count, const unsigned char *vec) {
  struct oc_leaf *leaf = find_leaf(first, false);
  if (!leaf)
    return;
  size_t offset = first % GRANULES_PER_LEAF;
  for (size_t i = 0; i < count;) {
    size_t word = (offset + i) / 64;
    unsigned lo = (offset + i) % 64;
    unsigned n = 64 - lo;
    if (n > count - i)
      n = (unsigned)(count - i);
    uint64_t bits = 0, mask = 0;
    for (unsigned b = 0; b < n; b++) {
      mask |= (uint64_t)1 << (lo + b);
      bits |= (uint64_t)(vec[i + b] & 1) << (lo + b);
    }
    uint64_t old = atomic_load_explicit(&leaf->resident[word], memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&leaf->resident[word], &old,
                                                  (old & ~mask) | bits, memory_order_relaxed,
                                                  memory_order_relaxed))
      ;
    i += n;
  }
}
