/* Release slow path: turns a hint into OS pages and hands it to per-tag tracking
 * (the release worker paces the buffered ones against the limit). */
#include "backend_linux.h"
#include "limit.h"
#include "pacing.h"
#include "release.h"
#include "residency.h"
#include "runtime.h"
#include "stats.h"

#include <time.h>

/* When memory is short and the release worker is behind, the hinting thread waits
 * for it (like the kernel's dirty throttling): a program that outruns its releases
 * would otherwise push the kernel into reclaim, which releases exist to avoid. So
 * does a queue close to full, whose next pieces would be dropped (a thread filtering
 * nothing but strided pages records far faster than any system call). It waits for
 * the queue to fall to a fraction of a batch: a wait per few pieces would cost more
 * in wake-ups than the releases themselves.
 * Called with no runtime lock held. */
#define RELEASE_BACKLOG (2 * OC_RELEASE_BATCH)
#define RELEASE_RESUME (OC_RELEASE_BATCH / 2)
#define RELEASE_QUEUE_HIGH (OC_QUEUE_CAPACITY * 3 / 4)
#define RELEASE_THROTTLE_NS 20000000L
#define BACKLOG_POLL_NS 500000L

static void wait_for_release_worker(void) {
  unsigned queued = oc_queue_length(&oc_rt.release_queue);
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  if (queued >= RELEASE_BACKLOG && (queued >= RELEASE_QUEUE_HIGH || f.usage + f.limit / 8 >= f.limit)) {
    oc_queue_wait_below(&oc_rt.release_queue, RELEASE_RESUME, RELEASE_THROTTLE_NS);
    return;
  }
  /* Large pieces (2 MiB chunks of a stream) are few but heavy: bytes, not pieces,
   * tell how far the worker is behind. */
  long budget = oc_pace_backlog_budget(f.limit);
  if (oc_release_backlog() <= budget)
    return;
  for (long waited = 0; oc_release_backlog() > budget / 2 && waited < RELEASE_THROTTLE_NS;
       waited += BACKLOG_POLL_NS)
    nanosleep(&(struct timespec){0, BACKLOG_POLL_NS}, NULL);
}

/* At the limit the program's own faults reclaim, and a page-out the worker issues
 * meanwhile takes swap slots in turn with that reclaim: on a rotational disk the
 * kernel hands out one sequence of slots to all, so two arrays' pages alternate in
 * the swap file and each later fault's read-around brings half as many useful
 * pages (corpus shape_nonunit_steps, 64 MiB with swap: 22 k major faults against 11 k,
 * 1.4x plain's time in most runs). So there the hinting thread waits until its
 * earlier page-outs are issued, as it would wait in the kernel's reclaim (the
 * piece it records next goes out while it runs on: one is not worth a wake-up). */
#define PAGE_OUT_SHORT_FRACTION 16

static bool wait_for_page_outs(void) {
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  if (f.usage + f.limit / PAGE_OUT_SHORT_FRACTION < f.limit)
    return false;
  oc_release_wait_issued(RELEASE_THROTTLE_NS);
  return true;
}

void oc_release_slow(uintptr_t start, uintptr_t end, int priority, int tag) {
  /* Before any lock is held: starting threads takes the lifecycle lock, which
   * fork handlers take before every other. */
  if (!oc_workers_ensure_started())
    return;
  /* Most release hints repeat the tag's last page: dropped before any lookup, as
   * are those of a tag whose releases are withheld. */
  if (oc_release_drop_early(tag, start >> OC_GRANULE_SHIFT))
    return;
  /* The OS pages that start inside the hint: consecutive hints on unaligned arrays
   * then release each page once, and the page still holding the range's end (in
   * use by the next module page) stays. */
  /* Only program data, and never past its mapping, whatever the count. */
  const struct oc_mapping *m = oc_maps_get(start);
  bool data = m && oc_kind_is_program_data(m->kind) && !oc_on_own_stack(start, end);
  /* Anonymous or shmem pages without swap for the group: MADV_PAGEOUT cannot free
   * them (and with a v1 memsw limit equal to the memory limit, paging out would
   * only move the charge), so nothing is tracked or issued. */
  bool swapped = m && oc_kind_needs_swap(m->kind);
  bool issuable = !swapped || oc_limit_have_swap();
  if (m && end > m->end)
    end = m->end;
  oc_maps_put(m);
  uintptr_t first = start >> OC_GRANULE_SHIFT, last = end >> OC_GRANULE_SHIFT;
  if (!data || first >= last) {
    oc_count(OC_RELEASES_DROPPED, 1);
    return;
  }
  if (!issuable) {
    oc_count(OC_RELEASES_UNISSUABLE, 1);
    return;
  }
  struct oc_range range = {first, last};
  /* Having waited for every earlier piece, the worker is not behind. */
  if (!swapped || !oc_release_continues_stream(tag, range) || !wait_for_page_outs())
    wait_for_release_worker();
  if (oc_release_record(tag, priority, range, oc_now_ns()))
    oc_release_worker_wanted(); /* after the count it looks at */
}
