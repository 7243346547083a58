/*
 * Release buffering (OSDI Sec. 3.3): per-tag tracking runs releases one iteration
 * behind (a repeat of the tag's last page is dropped, the previous release is handed
 * on when the page changes); handed-on releases are coalesced into 2 MiB-aligned
 * pieces; priority-0 pieces (and every piece under the "release" policy) are issued
 * at once, the others wait in per-tag queues until oc_release_batch releases the
 * lowest priorities first, round-robin among the tags of a priority.
 * No system calls here: pieces leave through the sink.
 */
#ifndef OC_RELEASE_H
#define OC_RELEASE_H

#include <stdbool.h>
#include <stdio.h>

#include "coalesce.h"

#define OC_TAG_SLOTS 1024     /* distinct tags tracked; more are issued untracked */
#define OC_TAG_QUEUE_CAPACITY 256

struct oc_release_sink {
  /* A release is final: the pages are no longer wanted (mark them released). */
  void (*retire)(struct oc_range range, void *ctx);
  /* Send a piece to the OS; false if it could not be queued. */
  bool (*issue)(struct oc_range piece, void *ctx);
  void *ctx;
};

void oc_release_init(const struct oc_release_sink *sink, bool buffered);

/* Drops (and counts) a release starting at granule first if it repeats the tag's
 * last page; true when dropped. Lock-free, no system call: the release slow path
 * asks this before anything else. */
bool oc_release_drop_repeat(int tag, uintptr_t first);

/* Takes a release hint of granules [first, end) at time now_ns. Returns false when
 * it repeated the tag's last page (dropped). Lock-free in that case. */
bool oc_release_record(int tag, int priority, struct oc_range range, long now_ns);

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
