/*
 * Sequential streams through one paged region, as the kernel's readahead keeps
 * them per file: the pages after a stream's last fill are where it goes next, and
 * a fill that starts there reads twice the last one (up to a cap). Without this,
 * the pager read a hinted sweep in the hints' own blocks (16 KiB: the disk's IOPS,
 * not its bandwidth, bounded the sweep), and a fault between two prefetched blocks
 * never looked like a stream. Several streams at once: a stencil reads rows of two
 * arrays, sometimes of one array at several offsets. Pure code: the caller keeps
 * the table under the region's lock.
 */
#ifndef OC_PAGER_STREAMS_H
#define OC_PAGER_STREAMS_H

#include <stddef.h>

#define OC_PAGER_STREAMS 16

struct oc_pager_stream {
  size_t next;   /* the page after the stream's last fill */
  size_t window; /* that fill's length in pages (0: slot unused) */
};

struct oc_pager_streams {
  struct oc_pager_stream stream[OC_PAGER_STREAMS];
  unsigned victim; /* the slot a new stream takes (round robin) */
};

/* Pages to fill from page: twice the last fill, at most max, where page continues
 * a stream; else fresh (the caller's choice for a fill that starts one). */
size_t oc_pager_streams_window(const struct oc_pager_streams *streams, size_t page, size_t fresh,
                               size_t max);

/* Records a fill of pages [page, page + count): it continues the stream that ended
 * at page, or starts one in the next slot. */
void oc_pager_streams_filled(struct oc_pager_streams *streams, size_t page, size_t count);

#endif
