/*
 * Keeps the bit vector truthful: the kernel evicts pages behind the runtime's back
 * under memory pressure (and the program faults others in). When that may have
 * happened (new major faults, or usage near the limit), the bits of every leaf in use
 * are rewritten from mincore(), at most every RESYNC_INTERVAL_NS, or every
 * RESYNC_FAULTING_NS while the program takes major faults: a page whose bit says
 * resident has its hints filtered until the bits are rewritten, so each stale bit
 * is a fault (a static column walk, spilled, in a 64 MiB group, alternated: 2.5-2.9 k
 * major faults and 0.74-0.84 s every 200 ms, 0.9-1.2 k and 0.67-0.76 s now). Never
 * sooner than four times the last resync took, so that a large footprint's mincore
 * sweeps take at most a quarter of the worker.
 */
#include <sys/resource.h>

#include "backend.h"
#include "limit.h"
#include "residency.h"
#include "runtime.h"
#include "stats.h"

#define RESYNC_INTERVAL_NS 200000000L
#define RESYNC_FAULTING_NS 50000000L
#define WINDOW_GRANULES 512 /* one mincore() call covers 2 MiB */

/* Only the release worker runs these. */
static long last_resync_ns, last_resync_took_ns, last_major_faults;

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
  long since = now_ns - last_resync_ns;
  if (since < RESYNC_FAULTING_NS || since < 4 * last_resync_took_ns)
    return;
  struct rusage usage;
  long major_faults = getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_majflt : 0;
  bool faulting = major_faults > last_major_faults;
  if (!faulting && since < RESYNC_INTERVAL_NS)
    return;
  struct oc_limit_figures f;
  oc_backend_now()->memory_limit(&f);
  last_major_faults = major_faults;
  if (!faulting && f.usage + f.limit / 16 < f.limit)
    return;
  last_resync_ns = now_ns;
  oc_residency_for_each_leaf(resync_leaf, NULL);
  last_resync_took_ns = oc_now_ns() - now_ns;
  oc_count(OC_RESYNCS, 1);
}

void oc_resync_fork_child(void) { last_resync_ns = last_resync_took_ns = last_major_faults = 0; }
