#include "love_hate.h"

#include <stdatomic.h>

#include "backend_linux.h"
#include "limit.h"
#include "outcore/outcore.h"
#include "release.h"
#include "residency.h"
#include "runtime.h"
#include "stats.h"

/* A slot is taken by a compare-and-swap of its end from 0, then gets its first;
 * readers skip slots whose first is still 0 (granule 0 is never program data). */
static struct {
  _Atomic(uintptr_t) first, end;
} loved[OC_LOVED_RANGES];

static bool slot_range(int i, uintptr_t *first, uintptr_t *end) {
  *end = atomic_load_explicit(&loved[i].end, memory_order_acquire);
  *first = atomic_load_explicit(&loved[i].first, memory_order_acquire);
  return *first != 0 && *first < *end;
}

uintptr_t oc_loved_find(uintptr_t first, uintptr_t end, bool want_loved) {
  uintptr_t at = first;
  if (want_loved) {
    uintptr_t best = end;
    for (int i = 0; i < OC_LOVED_RANGES; i++) {
      uintptr_t f, e;
      if (slot_range(i, &f, &e) && f < best && e > at)
        best = f > at ? f : at;
    }
    return best;
  }
  /* Skip over loved ranges until a granule no range covers. */
  for (bool moved = true; moved && at < end;) {
    moved = false;
    for (int i = 0; i < OC_LOVED_RANGES; i++) {
      uintptr_t f, e;
      if (slot_range(i, &f, &e) && f <= at && e > at) {
        at = e;
        moved = true;
      }
    }
  }
  return at < end ? at : end;
}

static void clear_slot(int i) {
  atomic_store_explicit(&loved[i].first, 0, memory_order_release);
  atomic_store_explicit(&loved[i].end, 0, memory_order_release);
}

static bool add(uintptr_t first, uintptr_t end) {
  for (int i = 0; i < OC_LOVED_RANGES; i++) {
    uintptr_t free_end = 0;
    if (atomic_compare_exchange_strong(&loved[i].end, &free_end, end)) {
      atomic_store_explicit(&loved[i].first, first, memory_order_release);
      return true;
    }
  }
  return false;
}

bool oc_loved_set(uintptr_t first, uintptr_t end, bool love) {
  if (first == 0 || first >= end)
    return false;
  if (love)
    return oc_loved_find(first, end, false) == end || add(first, end);
  bool ok = true;
  for (int i = 0; i < OC_LOVED_RANGES; i++) {
    uintptr_t f, e;
    if (!slot_range(i, &f, &e) || f >= end || e <= first)
      continue;
    clear_slot(i);
    /* The parts outside the hated range stay loved. */
    if (f < first)
      ok &= add(f, first);
    if (e > end)
      ok &= add(end, e);
  }
  return ok;
}

void oc_love_refill(long now_ns) {
  static long last_ns; /* the release worker only */
  if (now_ns - last_ns < OC_LOVE_REFILL_NS)
    return;
  last_ns = now_ns;
  for (int i = 0; i < OC_LOVED_RANGES; i++) {
    uintptr_t f, e;
    if (!slot_range(i, &f, &e) || oc_residency_first_missing(f, e) == e)
      continue;
    struct oc_limit_figures lim;
    oc_limit_cached(&lim);
    if (lim.limit - lim.usage < (long)((e - f) << OC_GRANULE_SHIFT))
      continue; /* refilling would only push something else out */
    oc_prefetch_slow(f << OC_GRANULE_SHIFT, e << OC_GRANULE_SHIFT, OC_PREFETCH_BLOCK, OC_TAG_NONE);
  }
}

/* [addr, addr + bytes) in granules, outward (love) or inward (hate: whole pages
 * only), within one program-data mapping that is not the caller's stack. Love and
 * hate are rare calls, made right after the program mapped its data: the mapping
 * table is reread on a miss (a prefetch hint would be dropped instead). */
static bool data_range(const void *addr, long bytes, bool outward, uintptr_t *first,
                       uintptr_t *end) {
  uintptr_t start = (uintptr_t)addr, stop;
  if (bytes <= 0 || start < OC_GRANULE_SIZE ||
      __builtin_add_overflow(start, (uintptr_t)bytes, &stop))
    return false;
  struct oc_mapping m;
  char path[256];
  if (!oc_maps_lookup(start, &m, path, sizeof path) || !oc_kind_is_program_data(m.kind) ||
      oc_on_own_stack(start, stop))
    return false;
  if (stop > m.end)
    stop = m.end;
  *first = outward ? start >> OC_GRANULE_SHIFT : (start + OC_GRANULE_SIZE - 1) >> OC_GRANULE_SHIFT;
  *end = outward ? (stop + OC_GRANULE_SIZE - 1) >> OC_GRANULE_SHIFT : stop >> OC_GRANULE_SHIFT;
  return *first < *end;
}

static bool running(void) {
  if (atomic_load_explicit(&oc_state, memory_order_acquire) == OC_STATE_UNINIT)
    oc_runtime_init();
  return atomic_load_explicit(&oc_state, memory_order_acquire) == OC_STATE_RUNNING;
}

OC_EXPORT void oc_love(const void *addr, long bytes) {
  uintptr_t first, end;
  if (!running() || !oc_workers_ensure_started() || !data_range(addr, bytes, true, &first, &end))
    return;
  /* Pages the runtime had already marked for release are kept after all. */
  oc_residency_take_released(first, end, NULL, NULL);
  if (!oc_loved_set(first, end, true))
    oc_count(OC_HINTS_DROPPED, 1);
}

OC_EXPORT void oc_hate(const void *addr, long bytes) {
  uintptr_t first, end;
  if (!running() || !atomic_load_explicit(&oc_release_on, memory_order_relaxed) ||
      !oc_workers_ensure_started() || !data_range(addr, bytes, false, &first, &end)) {
    oc_count(OC_RELEASES_DROPPED, 1);
    return;
  }
  oc_loved_set(first, end, false);
  oc_count(OC_RELEASES_RECORDED, 1);
  oc_count(OC_BYTES_RECORDED, (long)(end - first) << OC_GRANULE_SHIFT);
  /* Marked released, so the worker frees them unless the program prefetches them
   * again first (a rescue). */
  oc_residency_mark_released(first, end, 0);
  struct oc_work work = {.start = first << OC_GRANULE_SHIFT, .len = (end - first) << OC_GRANULE_SHIFT};
  if (!oc_queue_push(&oc_rt.release_queue, &work))
    oc_count(OC_RELEASES_DROPPED, 1);
}
