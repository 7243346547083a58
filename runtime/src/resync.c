/*
 * Keeps the bit vector truthful: the kernel evicts pages behind the runtime's back
 * under memory pressure (and the program faults others in). When that may have
 * happened (new major faults, or usage near the limit), the bits of every leaf in use
 * are rewritten from mincore(), at most every RESYNC_INTERVAL_NS.
 */
#include <sys/resource.h>

#include "backend.h"
#include "limit.h"
#include "residency.h"
#include "runtime.h"
#include "stats.h"

#define RESYNC_INTERVAL_NS 200000000L
#define WINDOW_GRANULES 512 /* one mincore() call covers 2 MiB */

/* Only the release worker runs these. */
static long last_resync_ns, last_major_faults;

static void resync_leaf(uintptr_t base, void *ctx) {
  (void)ctx;
  uintptr_t leaf_end = base + ((uintptr_t)1 << OC_LEAF_SHIFT);
  uintptr_t at = base, start, end;
  unsigned char vec[WINDOW_GRANULES];
  while (at < leaf_end && oc_maps_next_data(at, &start, &end) && start < leaf_end) {
    if (end > leaf_end)
      end = leaf_end;
    for (uintptr_t w = start; w < end; w += (uintptr_t)WINDOW_GRANULES << OC_GRANULE_SHIFT) {
      size_t len = end - w < ((uintptr_t)WINDOW_GRANULES << OC_GRANULE_SHIFT)
                       ? end - w
                       : (uintptr_t)WINDOW_GRANULES << OC_GRANULE_SHIFT;
      if (oc_backend_now()->residency(w, len, vec))
        oc_residency_store_mincore(w >> OC_GRANULE_SHIFT, len >> OC_GRANULE_SHIFT, vec);
      else
        oc_residency_clear_resident(w >> OC_GRANULE_SHIFT, (w + len) >> OC_GRANULE_SHIFT);
    }
    at = end;
  }
}

void oc_resync_maybe(long now_ns) {
  if (now_ns - last_resync_ns < RESYNC_INTERVAL_NS)
    return;
  struct rusage usage;
  long major_faults = getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_majflt : 0;
  struct oc_limit_figures f;
  oc_backend_now()->memory_limit(&f);
  bool stale = major_faults > last_major_faults || f.usage + f.limit / 16 >= f.limit;
  last_major_faults = major_faults;
  if (!stale)
    return;
  last_resync_ns = now_ns;
  oc_residency_for_each_leaf(resync_leaf, NULL);
  oc_count(OC_RESYNCS, 1);
}

void oc_resync_fork_child(void) { last_resync_ns = last_major_faults = 0; }
