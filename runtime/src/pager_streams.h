/*
 * Sequential streams through one paged region, as the kernel's readahead keeps
 * them per file: the pages after a stream's last fill are where it goes next, and
 * a fill that starts there reads twice the last one (up to a cap). Without this,
 * the pager read a hinted sweep in the hints' own blocks (16 KiB: the disk's IOPS,
 * not its bandwidth, bounded the sweep), and a fault between two prefetched blocks
 * never looked like a stream. A stream may also walk down: a fault on the page
 * just below its last fill fills twice that fill below it (glibc's memmove copies
 * large blocks from the end; page by page, a merge sort's copy back took one
 * fault per page of each array, where the kernel's read-around serves it).
 * Several streams at once: a stencil reads rows of two arrays, sometimes of one
 * array at several offsets. Pure code: the caller keeps the table under the
 * region's lock.
 */
#ifndef OC_PAGER_STREAMS_H
#define OC_PAGER_STREAMS_H

#include <stdbool.h>
#include <stddef.h>

#define OC_PAGER_STREAMS 16

struct oc_pager_stream {
  size_t first, next; /* its last fill: pages [first, next), with the mapped pages
                       * after it that a stream going up passes over */
  size_t window;      /* that fill's length in pages (0: slot unused) */
  bool down;          /* that fill continued the stream down */
};

struct oc_pager_streams {
  struct oc_pager_stream stream[OC_PAGER_STREAMS];
  unsigned victim; /* the slot a new stream takes (round robin) */
};

/* A fill from a page: pages [page, page + pages) going up, or
 * (page - pages, page] going down. */
struct oc_pager_fill_window {
  size_t pages;
  bool down;
};

/* Where page continues a stream, twice its last fill (at most max): up from page
 * after a fill that ended there; down from it below one that began just above, if
 * that fill went down or was a single page (a stream going up passes over pages
 * below its fills, which it has used). Else fresh pages up (the caller's choice
 * for a fill that starts a stream). */
struct oc_pager_fill_window oc_pager_streams_window(const struct oc_pager_streams *streams,
                                                    size_t page, size_t fresh, size_t max);

/* Records a fill of pages [first, first + count): it continues the stream that
 * ended at first or began at first + count, or starts one in the next slot. A fill
 * going up with passed pages after it already mapped (by a prefetch, or left from
 * an earlier sweep) leaves its stream going on after them: where a fill stopped at
 * such a page and the next fault came just past it, a sweep of a spilled grid was
 * read in fills of one to six pages. */
void oc_pager_streams_filled(struct oc_pager_streams *streams, size_t first, size_t count,
                             size_t passed);

#endif
