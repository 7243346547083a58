/*
 * The malloc family, interposed (shared library only, never in sanitizer builds,
 * whose runtimes interpose it themselves): blocks of at least oc_spill_ask_min
 * bytes may be spilled (spill.h); everything else is glibc's, reached through the
 * __libc_* entry points (no dlsym, which allocates). Small blocks spill only while
 * the heap as a whole is sizeable: their fast path spends a per-thread budget of
 * bytes, which asks again every few megabytes. free and realloc recognise a spilled block by the arena's range, or its
 * page alignment and header word, without a lock.
 *
 * glibc's blocks of OC_SPILL_HEAP_COUNTED bytes or more are counted in
 * oc_spill_heap_bytes (the spill decision's view of the heap), by the size word
 * of glibc's chunk header, read the same way when the block is made and freed.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "spill.h"
#include "spill_slab.h"

#define OC_EXPORT __attribute__((visibility("default")))
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

void *__libc_malloc(size_t bytes);
void *__libc_calloc(size_t count, size_t bytes);
void *__libc_realloc(void *p, size_t bytes);
void __libc_free(void *p);
void *__libc_memalign(size_t align, size_t bytes);

/* A request below this never makes a counted chunk in glibc's heap (a header and
 * alignment); a chunk of its own mapping (requests above M_MMAP_THRESHOLD, at least
 * 128 KiB unless the program lowers it) is rounded to a page on top. */
#define NEVER_COUNTED_BELOW (OC_SPILL_HEAP_COUNTED - 32)

/* Whether a block of bytes may be a spilled block of pages: never a small one (a
 * realloc'd string, an aligned allocation of a few cache lines would take a page
 * each; small blocks spill as slab slots, through malloc and calloc only). */
static inline bool maybe_spilled(size_t bytes) {
  long heap = atomic_load_explicit(&oc_spill_heap_bytes, memory_order_relaxed);
  return bytes >= NEVER_COUNTED_BELOW &&
         bytes >= atomic_load_explicit(&oc_spill_ask_min, memory_order_relaxed) &&
         bytes + (size_t)(heap > 0 ? heap : 0) >=
             atomic_load_explicit(&oc_spill_ask_total, memory_order_relaxed);
}

/* The bytes of the glibc block p that count in the heap, 0 for none. */
static inline size_t counted_bytes(const void *p) {
  size_t chunk = p ? ((const size_t *)p)[-1] & ~(size_t)7 : 0; /* low bits: flags */
  return chunk >= OC_SPILL_HEAP_COUNTED ? chunk : 0;
}

static void *counted(void *p) {
  size_t n = counted_bytes(p);
  if (n)
    atomic_fetch_add_explicit(&oc_spill_heap_bytes, (long)n, memory_order_relaxed);
  return p;
}

static void uncount(const void *p) {
  size_t n = counted_bytes(p);
  if (n)
    atomic_fetch_sub_explicit(&oc_spill_heap_bytes, (long)n, memory_order_relaxed);
}

/* Bytes of small blocks this thread may still make before it asks whether they
 * spill (spill.h); at most 0 while they do, so that each goes the slow way. */
static __thread long small_budget __attribute__((tls_model("initial-exec")));
static __thread bool small_asked __attribute__((tls_model("initial-exec")));

static inline bool within_small_budget(size_t bytes) {
  bool within = small_budget > (long)bytes;
  small_budget -= (long)bytes;
  return LIKELY(within);
}

/* A small block once the budget is spent: a slab slot while small blocks spill,
 * asking again after every OC_SPILL_SMALL_CHECK_BYTES of them; else glibc's, after
 * asking again. A thread's first blocks do not ask: nothing is sizeable before a
 * few megabytes, and a program that never grows never reads the limit for them. */
static bool power_of_two(size_t n) { return n && (n & (n - 1)) == 0; }

/* glibc's small block: cleared (zeroed), aligned beyond malloc's 16 bytes (align), or
 * neither. */
static void *glibc_small(size_t bytes, size_t align, bool zeroed) {
  return zeroed ? __libc_calloc(1, bytes)
         : align > OC_SLAB_MIN_SLOT ? counted(__libc_memalign(align, bytes))
                                    : __libc_malloc(bytes);
}

static __attribute__((noinline)) void *small_block_slow(size_t bytes, size_t align, bool zeroed) {
  size_t least = atomic_load_explicit(&oc_spill_small_min, memory_order_relaxed);
  if (!small_asked) {
    small_asked = true;
  } else if (bytes < least || small_budget <= -(long)OC_SPILL_SMALL_CHECK_BYTES) {
    small_budget = (long)OC_SPILL_SMALL_CHECK_BYTES; /* blocks made while asking: glibc's */
    oc_spill_small_check();
    least = atomic_load_explicit(&oc_spill_small_min, memory_order_relaxed);
  }
  if (bytes >= least) {
    void *p = oc_spill_alloc_small(bytes, align);
    if (p) {
      small_budget = small_budget < 0 ? small_budget : 0; /* each one the slow way */
      return zeroed ? memset(p, 0, bytes) : p;
    }
  }
  small_budget = (long)OC_SPILL_SMALL_CHECK_BYTES; /* not spilling (or refused): a while */
  return glibc_small(bytes, align, zeroed);
}

OC_EXPORT void *malloc(size_t bytes) {
  if (LIKELY(bytes < NEVER_COUNTED_BELOW))
    return within_small_budget(bytes) ? __libc_malloc(bytes) : small_block_slow(bytes, 0, false);
  void *p = maybe_spilled(bytes) ? oc_spill_alloc(bytes, 0) : NULL;
  return p ? p : counted(__libc_malloc(bytes));
}

OC_EXPORT void *calloc(size_t count, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes))
    return __libc_calloc(count, size);
  if (LIKELY(bytes < NEVER_COUNTED_BELOW))
    return within_small_budget(bytes) ? __libc_calloc(count, size) : small_block_slow(bytes, 0, true);
  /* A new file reads as zeros: no clearing, the pages stay unmapped until used. */
  void *p = maybe_spilled(bytes) ? oc_spill_alloc(bytes, 0) : NULL;
  return p ? p : counted(__libc_calloc(count, size));
}

OC_EXPORT void free(void *p) {
  if (LIKELY(!oc_spill_owns(p))) {
    uncount(p);
    __libc_free(p);
  } else {
    oc_spill_free(p);
  }
}

/* glibc exports no __libc_ name for it; looked up once, outside any allocation. */
static size_t (*_Atomic glibc_usable_size)(void *);

static size_t usable_size(void *p) {
  if (oc_spill_owns(p))
    return oc_spill_usable_size(p);
  size_t (*real)(void *) = atomic_load_explicit(&glibc_usable_size, memory_order_relaxed);
  if (!real) {
    real = (size_t (*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
    atomic_store_explicit(&glibc_usable_size, real, memory_order_relaxed);
  }
  return real(p);
}

/* glibc's realloc of one of its blocks, the heap's count kept. */
static void *glibc_realloc(void *p, size_t bytes) {
  size_t before = counted_bytes(p);
  void *q = __libc_realloc(p, bytes);
  if (q || bytes == 0) { /* else p is still there, unchanged */
    if (before)
      atomic_fetch_sub_explicit(&oc_spill_heap_bytes, (long)before, memory_order_relaxed);
    counted(q);
  }
  return q;
}

/* Moves a block between glibc and the spill module's places: a new block and a
 * copy. */
static void *realloc_by_copy(void *p, size_t bytes, enum oc_spill_place place) {
  void *fresh = oc_spill_alloc_at(bytes, 0, place);
  if (!fresh)
    fresh = counted(__libc_malloc(bytes));
  if (!fresh)
    return NULL;
  size_t old = usable_size(p);
  memcpy(fresh, p, old < bytes ? old : bytes);
  free(p);
  return fresh;
}

OC_EXPORT void *realloc(void *p, size_t bytes) {
  bool owned = oc_spill_owns(p);
  if (LIKELY(!owned && !maybe_spilled(bytes)))
    return glibc_realloc(p, bytes);
  if (!p)
    return malloc(bytes);
  if (bytes == 0) { /* as glibc: frees */
    free(p);
    return NULL;
  }
  if (owned && oc_spill_is_small(p)) { /* a slot: kept while it holds the block */
    size_t slot = oc_spill_usable_size(p);
    if (bytes <= slot)
      return p;
    void *fresh = malloc(bytes);
    if (fresh) {
      memcpy(fresh, p, slot);
      free(p);
    }
    return fresh;
  }
  /* An owned block stays where it is while it is big enough to ask about (one of
   * its own mapping may move into a file as it grows: oc_spill_resize). */
  enum oc_spill_place place =
      !owned ? oc_spill_wanted(bytes, counted_bytes(p))
      : bytes < NEVER_COUNTED_BELOW || bytes < (size_t)atomic_load(&oc_spill_ask_min)
          ? OC_SPILL_NOWHERE
      : oc_spill_in_arena(p) ? OC_SPILL_ARENA
                             : OC_SPILL_OWN_FILE;
  if (place == OC_SPILL_OWN_FILE && owned) {
    void *resized = oc_spill_resize(p, bytes);
    if (resized)
      return resized;
  } else if (!owned && place == OC_SPILL_NOWHERE) {
    return glibc_realloc(p, bytes);
  }
  return realloc_by_copy(p, bytes, place);
}

OC_EXPORT void *reallocarray(void *p, size_t count, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return NULL;
  }
  return realloc(p, bytes);
}

/* Counted whatever its size: a large alignment can make a large chunk. A small block
 * spills as malloc's do (cache-line-aligned nodes, C++'s aligned new). */
static void *aligned(size_t align, size_t bytes) {
  if (bytes < NEVER_COUNTED_BELOW && power_of_two(align) && align <= OC_SLAB_MAX)
    return within_small_budget(bytes) ? counted(__libc_memalign(align, bytes))
                                      : small_block_slow(bytes, align, false);
  void *p = maybe_spilled(bytes) && power_of_two(align) ? oc_spill_alloc(bytes, align) : NULL;
  return p ? p : counted(__libc_memalign(align, bytes));
}

OC_EXPORT int posix_memalign(void **out, size_t align, size_t bytes) {
  if (!power_of_two(align) || align % sizeof(void *) != 0)
    return EINVAL;
  void *p = aligned(align, bytes);
  if (!p)
    return ENOMEM;
  *out = p;
  return 0;
}

OC_EXPORT void *aligned_alloc(size_t align, size_t bytes) {
  if (!power_of_two(align)) {
    errno = EINVAL;
    return NULL;
  }
  return aligned(align, bytes);
}

OC_EXPORT void *memalign(size_t align, size_t bytes) { return aligned(align, bytes); }

/* glibc's own valloc and pvalloc reach its memalign directly, never ours: a big
 * block from them would stay in the heap, where nothing can move it out. */
OC_EXPORT void *valloc(size_t bytes) { return aligned((size_t)sysconf(_SC_PAGESIZE), bytes); }

OC_EXPORT void *pvalloc(size_t bytes) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE), rounded = (bytes + page - 1) & ~(page - 1);
  if (rounded < bytes) {
    errno = ENOMEM;
    return NULL;
  }
  return aligned(page, rounded ? rounded : page);
}

OC_EXPORT size_t malloc_usable_size(void *p) { return p ? usable_size(p) : 0; }
