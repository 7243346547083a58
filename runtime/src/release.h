/*
 * Release buffering (OSDI Sec. 3.3): per-tag tracking runs releases one iteration
 * behind (a repeat of the tag's last page is dropped, the previous release is handed
 * on when the page changes); handed-on releases are coalesced into 2 MiB-aligned
 * pieces; priority-0 pieces (and every piece under the "release" policy) are issued
 * at once, the others wait in per-tag queues until oc_release_batch releases the
 * lowest priorities first, round-robin among the tags of a priority.
 * A tag whose own prefetches keep taking its pages back before three quarters of a
 * memory limit's worth of other releases (a loop in a function called once per
 * column, whose next call walks the same pages; a column walk whose next sweep comes
 * back) releases too early: while a quarter of what it releases comes back that way,
 * its releases are neither buffered nor issued (hints are non-binding) and the OS's
 * replacement keeps the pages. A reference group's prefetches and releases share
 * its tag.
 * No system calls here: pieces leave through the sink.
 */
#ifndef OC_RELEASE_H
#define OC_RELEASE_H

#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "coalesce.h"

#define OC_TAG_SLOTS 1024     /* distinct tags tracked; more are issued untracked */
#define OC_TAG_QUEUE_CAPACITY 256

#define OC_TAG_NONE INT_MIN /* a hint with no tag (oc_prefetch) */

/* The byte that marks pages released by tag (oc_residency_mark_released): 1-255,
 * distinct for tags that differ by less than 255; 0 for OC_TAG_NONE. */
static inline uint8_t oc_release_mark(int tag) {
  return tag == OC_TAG_NONE ? 0 : (uint8_t)(1 + ((long)tag - INT_MIN) % 255);
}

/* The release clock: MiB of releases recorded so far (23 bits, wrapping), the time
 * in a released page's stamp (oc_release_stamp_of in residency.h). */
uint32_t oc_release_clock(void);

struct oc_release_sink {
  /* A release is final: the pages are no longer wanted (mark them released, with
   * the stamp of the tag's mark and the release clock). */
  void (*retire)(struct oc_range range, uint32_t stamp, void *ctx);
  /* Send a piece to the OS; false if it could not be queued. */
  bool (*issue)(struct oc_range piece, void *ctx);
  void *ctx;
};

void oc_release_init(const struct oc_release_sink *sink, bool buffered);

/* A withheld tag lets one release in OC_RELEASE_SAMPLE through to be retired (never
 * issued), so that its rescues stay visible; its trust window counts those, so it is
 * judged again after OC_RELEASE_SAMPLE windows' worth of releases. Each retired page
 * clears a resident bit, so that block hints over its word take the slow path, which
 * keeps the bits honest where the OS evicts the pages the tag no longer releases: quick
 * column_calls, one in 8: 1.8-1.9 s, 161 MiB read, 4.3x the instructions of prefetching
 * alone; one in 64: 3.6-3.8 s, 300 MiB, 2.4x (its hints filtered on bits of evicted
 * pages: 63 k major faults). Counting each sample as 8 releases, to judge as often as a
 * trusted tag, was as slow (3.9-4.4 s, 303 MiB). */
#define OC_RELEASE_SAMPLE 8

/* Tags whose releases are withheld now, each at tag % OC_WITHHELD_SLOTS (OC_TAG_NONE
 * where none is): the release fast path's test. A withheld tag whose slot another
 * holds is dropped on the slow path instead. */
#define OC_WITHHELD_SLOTS 256
extern _Atomic(int) oc_withheld_tags[OC_WITHHELD_SLOTS] __attribute__((visibility("hidden")));
extern __thread unsigned oc_withheld_seen
    __attribute__((visibility("hidden"), tls_model("initial-exec")));

/* Whether tag holds its slot of oc_withheld_tags. */
static inline bool oc_release_in_withheld_table(int tag) {
  return atomic_load_explicit(&oc_withheld_tags[(unsigned)tag % OC_WITHHELD_SLOTS],
                              memory_order_relaxed) == tag &&
         tag != OC_TAG_NONE;
}

/* Whether to drop a release of tag before anything else: its releases are withheld and
 * it is not the one in OC_RELEASE_SAMPLE (counted per thread) that goes on as a sample.
 * One load and compare for the others; no lock, no atomic write. The slow path counts
 * the dropped ones, in eights, as the sample reaches it. */
static inline bool oc_release_drop_fast(int tag) {
  return oc_release_in_withheld_table(tag) && ++oc_withheld_seen % OC_RELEASE_SAMPLE != 0;
}

/* Drops (and counts) a release of tag starting at granule first if it repeats the
 * tag's last page, or if the tag's releases are withheld and oc_release_drop_fast did
 * not already sample it (counted as ignored; one in OC_RELEASE_SAMPLE goes on); true
 * when dropped. Lock-free, no system call: the release slow path
 * asks this before anything else. */
bool oc_release_drop_early(int tag, uintptr_t first);

/* Whether a release of tag over range starts within one range's length of the tag's
 * last one, either way: a sequential stream of releases. Lock-free. */
bool oc_release_continues_stream(int tag, struct oc_range range);

/* Takes a release hint of granules [first, end) at time now_ns. Returns false when
 * it repeated the tag's last page (dropped). Lock-free in that case. */
bool oc_release_record(int tag, int priority, struct oc_range range, long now_ns);

/* A prefetch hint of tag took back granules that the same tag had released less than
 * three quarters of a memory limit's worth of releases before (still in memory). */
void oc_release_note_rescued(int tag, long granules);

/* A prefetch took back granules whose release was still buffered (never issued). */
void oc_release_note_taken_back_buffered(long granules);
/* Whether tag's releases are being withheld now. Lock-free. */
bool oc_release_withholding(int tag);

/* Issues buffered pieces, lowest priority first, until at least bytes have gone or
 * nothing is buffered. Returns the bytes issued. */
long oc_release_batch(long bytes);
long oc_release_buffered_bytes(void);
/* Buffered bytes by priority band: bands[0] priorities 0-1, [1] 2-3, [2] 4-7, the
 * last band the rest (count bands). */
void oc_release_buffered_by_band(long *bands, int count);

/* Hands on the last release and open piece of tags idle for at least idle_ns. */
void oc_release_flush_idle(long now_ns, long idle_ns);

/* Writes one JSON object per tag (the elements of the "tags" array). */
void oc_release_write_tags(FILE *out, void *unused);

void oc_release_fork_prepare(void);
void oc_release_fork_parent(void);
/* The child forgets every tag and buffered release. */
void oc_release_fork_child(void);

#endif
