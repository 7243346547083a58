/*
 * The ABI entry points and the prefetch fast path: a registered thread counts the
 * hint in its own counter and tests the bit vector; only a hint that is not known
 * resident leaves this file. No lock, no allocation, no system call on the way.
 */
#include <limits.h>

#include "outcore/outcore.h"
#include "residency.h"
#include "runtime.h"
#include "limit.h"
#include "release.h"
#include "stats.h"
#include "trace.h"

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define __has_feature_thread_sanitizer 1
#endif
#endif
#ifndef __has_feature_thread_sanitizer
#define __has_feature_thread_sanitizer 0
#endif
#define MODULE_PAGE_MAX (1L << 30)

/* Only the owning thread writes its count; others read it with relaxed loads. On
 * x86-64 one increment instruction does that (an aligned 8-byte store is atomic)
 * instead of the load-add-store a C11 relaxed update compiles to. */
static inline void count_seen(struct oc_thread_counts *counts) {
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__) && !__has_feature_thread_sanitizer
  __asm__("incq %0" : "+m"(counts->seen));
#else
  atomic_store_explicit(&counts->seen,
                        atomic_load_explicit(&counts->seen, memory_order_relaxed) + 1,
                        memory_order_relaxed);
#endif
}

/* Byte range of npages module pages from addr, clipped to the address space. A
 * block in the first page is none: the pass passes null for "no release this
 * iteration", and a lookup of it would miss and have the maps reread. */
static bool block_range(uintptr_t addr, long npages, uintptr_t *end) {
  if (npages <= 0 || addr < OC_GRANULE_SIZE)
    return false;
  unsigned long bytes;
  if (__builtin_mul_overflow((unsigned long)npages,
                             (unsigned long)atomic_load_explicit(&oc_module_page_size,
                                                                 memory_order_relaxed),
                             &bytes) ||
      __builtin_add_overflow(addr, bytes, end))
    *end = UINTPTR_MAX;
  return true;
}

/* Hints off the fast path: the thread is not registered, or it is traced. */
__attribute__((noinline)) static void prefetch_off_fast_path(uintptr_t addr, long npages,
                                                                  int priority, int tag,
                                                                  enum oc_prefetch_shape shape);

__attribute__((noinline)) static void prefetch_page_unfiltered(uintptr_t addr);

/* Traced threads take this path too (oc_tls_page_counts): a sort's 25 M indirect
 * hints, most of them filtered, cost 50 instructions more each off it (BUK 1.49x
 * traced). Their filtered hints are counted here and reported by the trace writer,
 * with the last address as its sample; the others are recorded one by one. */
OC_EXPORT void oc_prefetch(const void *addr) {
  struct oc_thread_counts *counts = oc_tls_page_counts;
  if (UNLIKELY(!counts)) {
    prefetch_off_fast_path((uintptr_t)addr, 1, 0, -1, OC_PREFETCH_PAGE);
    return;
  }
  count_seen(counts);
  atomic_store_explicit(&counts->last_page_hint, (uintptr_t)addr, memory_order_relaxed);
  if (LIKELY(oc_residency_test_fast((uintptr_t)addr)))
    return;
  prefetch_page_unfiltered((uintptr_t)addr);
}

static void prefetch_page_unfiltered(uintptr_t addr) {
  struct oc_trace_ring *trace = oc_tls_trace;
  if (UNLIKELY(trace))
    oc_trace_page_hint(trace, addr);
  oc_prefetch_slow(addr, addr + 1, OC_PREFETCH_PAGE, OC_TAG_NONE);
}

__attribute__((noinline)) static void prefetch_block_slow(uintptr_t addr, long npages, int tag);

/* No test of npages here: a count that is not positive, or one whose product wraps,
 * ends outside the word of addr (the slow path then drops or clips it), or, for a few
 * absurd counts, in a resident word, where filtering it is as good as dropping it. */
static inline bool block_resident_fast(uintptr_t addr, long npages) {
  uintptr_t bytes = (uintptr_t)npages *
                    (uintptr_t)atomic_load_explicit(&oc_module_page_size, memory_order_relaxed);
  return oc_residency_word_full_fast(addr, addr + bytes - 1);
}

__attribute__((noinline, cold)) static void prefetch_unregistered(uintptr_t addr, long npages,
                                                                 int priority, int tag,
                                                                 enum oc_prefetch_shape shape);

static inline void prefetch_block(uintptr_t addr, long npages, int priority, int tag) {
  struct oc_thread_counts *counts = oc_tls_fast_counts;
  if (UNLIKELY(!counts)) {
    prefetch_off_fast_path(addr, npages, priority, tag, OC_PREFETCH_BLOCK);
    return;
  }
  count_seen(counts);
  if (LIKELY(block_resident_fast(addr, npages)))
    return;
  prefetch_block_slow(addr, npages, tag);
}

/* Largest block the bit vector is asked about before the slow path: one word. */
#define WORD_BYTES ((uintptr_t)64 << OC_GRANULE_SHIFT)

static void prefetch_block_slow(uintptr_t addr, long npages, int tag) {
  uintptr_t end;
  if (!block_range(addr, npages, &end)) {
    oc_prefetch_slow(0, 0, OC_PREFETCH_BLOCK, tag); /* counted as dropped */
    return;
  }
  /* Resident in a word not all resident: still filtered with no lock. */
  if (end - addr <= WORD_BYTES && addr >= OC_GRANULE_SIZE &&
      oc_residency_all_resident(addr >> OC_GRANULE_SHIFT,
                                (end + OC_GRANULE_SIZE - 1) >> OC_GRANULE_SHIFT))
    return;
  oc_prefetch_slow(addr, end, OC_PREFETCH_BLOCK, tag);
}

/* The rest of a hint that is not known resident, off the fast path. */
__attribute__((noinline)) static void prefetch_unfiltered(uintptr_t addr, long npages,
                                                          enum oc_prefetch_shape shape, int tag) {
  if (shape == OC_PREFETCH_PAGE)
    oc_prefetch_slow(addr, addr + 1, OC_PREFETCH_PAGE, OC_TAG_NONE);
  else
    prefetch_block_slow(addr, npages, tag);
}

/* A hint of a registered thread, recorded when it is traced (trace non-null), then
 * filtered and sent on as the fast path does. Kept free of calls but the last, so
 * that a traced hint the bit vector filters saves no registers. */
static inline void prefetch_registered(struct oc_trace_ring *trace, uintptr_t addr, long npages,
                                       int priority, int tag, enum oc_prefetch_shape shape) {
  bool resident;
  uintptr_t bytes = 1;
  if (shape == OC_PREFETCH_PAGE) {
    resident = oc_residency_test_fast(addr);
    priority = 0;
    tag = -1;
  } else if (npages <= 0) {
    /* No pages (the pass's guard failed): traced and dropped as a null hint. */
    resident = false;
    addr = 0;
  } else {
    resident = block_resident_fast(addr, npages);
    bytes = (uintptr_t)npages *
            (uintptr_t)atomic_load_explicit(&oc_module_page_size, memory_order_relaxed);
  }
  if (trace && resident)
    oc_trace_filtered_hint(trace, addr, priority, tag);
  else if (trace)
    oc_trace_hint(trace, OC_TRACE_PREFETCH_HINT, addr, bytes, priority, tag, 0);
  if (!resident)
    prefetch_unfiltered(addr, npages, shape, tag);
}

/* Not registered yet, or prefetching is off, or past the thread's exit handlers. */
__attribute__((noinline, cold)) static void prefetch_unregistered(uintptr_t addr, long npages,
                                                                 int priority, int tag,
                                                                 enum oc_prefetch_shape shape) {
  if (oc_thread_enter()) {
    if (shape == OC_PREFETCH_PAGE)
      oc_prefetch((const void *)addr);
    else
      prefetch_block(addr, npages, priority, tag);
    return;
  }
  if (atomic_load_explicit(&oc_state, memory_order_acquire) != OC_STATE_RUNNING)
    return;
  /* A thread past its exit handlers: count here and take the slow path. */
  oc_count(OC_HINTS_SEEN_UNTRACKED, 1);
  uintptr_t end;
  if (shape == OC_PREFETCH_PAGE)
    oc_prefetch_slow(addr, addr + 1, shape, OC_TAG_NONE);
  else if (block_range(addr, npages, &end))
    oc_prefetch_slow(addr, end, shape, tag);
}

static void prefetch_off_fast_path(uintptr_t addr, long npages, int priority, int tag,
                                   enum oc_prefetch_shape shape) {
  struct oc_thread_counts *counts = oc_tls_counts;
  if (!counts) {
    prefetch_unregistered(addr, npages, priority, tag, shape);
    return;
  }
  count_seen(counts);
  prefetch_registered(oc_tls_trace, addr, npages, priority, tag, shape);
}

OC_EXPORT void oc_prefetch_block(const void *addr, long npages, int priority, int tag) {
  prefetch_block((uintptr_t)addr, npages, priority, tag);
}

__attribute__((noinline)) static void release_traced(struct oc_trace_ring *trace, uintptr_t addr,
                                                     uintptr_t end, int priority, int tag) {
  oc_trace_hint(trace, OC_TRACE_RELEASE_HINT, addr, end - addr, priority, tag, 0);
  oc_release_slow(addr, end, priority, tag);
}

OC_EXPORT void oc_release_block(const void *addr, long npages, int priority, int tag) {
  if (UNLIKELY(!atomic_load_explicit(&oc_release_on, memory_order_relaxed))) {
    if (atomic_load_explicit(&oc_state, memory_order_acquire) != OC_STATE_UNINIT ||
        !oc_runtime_init() || !atomic_load_explicit(&oc_release_on, memory_order_relaxed))
      return;
  }
  if (UNLIKELY(oc_release_drop_fast(tag)))
    return;
  uintptr_t end;
  if (!block_range((uintptr_t)addr, npages, &end)) {
    oc_count(OC_RELEASES_DROPPED, 1);
    return;
  }
  struct oc_trace_ring *trace = oc_tls_trace;
  if (UNLIKELY(trace)) {
    release_traced(trace, (uintptr_t)addr, end, priority, tag);
    return;
  }
  oc_release_slow((uintptr_t)addr, end, priority, tag);
}

OC_EXPORT void oc_prefetch_release_block(const void *pf_addr, const void *rel_addr, long npages,
                                         int priority, int tag) {
  prefetch_block((uintptr_t)pf_addr, npages, priority, tag);
  oc_release_block(rel_addr, npages, priority, tag);
}

OC_EXPORT long oc_memory_limit(void) {
  if (UNLIKELY(atomic_load_explicit(&oc_state, memory_order_acquire) != OC_STATE_RUNNING) &&
      !oc_thread_enter())
    return LONG_MAX; /* off: transformed code runs its original loops */
  struct oc_limit_figures f;
  oc_limit_get(&f);
  return f.fit_limit;
}

OC_EXPORT void oc_register_module(long page_size) {
  oc_runtime_start_limit();
  if (page_size <= 0 || page_size > MODULE_PAGE_MAX)
    return;
  /* Modules compiled for different page sizes: the largest wins, so a block hint
   * never covers less than its module meant. */
  static _Atomic(bool) registered;
  if (!atomic_exchange(&registered, true)) {
    atomic_store(&oc_module_page_size, page_size);
    return;
  }
  long current = atomic_load_explicit(&oc_module_page_size, memory_order_relaxed);
  while (page_size > current &&
         !atomic_compare_exchange_weak(&oc_module_page_size, &current, page_size))
    ;
}

OC_EXPORT int oc_register_tags(int count) {
  /* The first module keeps its own numbers (base 0). */
  static _Atomic(int) next_base;
  return count > 0 ? atomic_fetch_add(&next_base, count) : 0;
}
