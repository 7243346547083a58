/* Sequential streams through one paged region (see pager_streams.h). */
#include "pager_streams.h"

/* The slot of the stream whose last fill ended at page, or OC_PAGER_STREAMS. */
static unsigned find(const struct oc_pager_streams *streams, size_t page) {
  unsigned i = 0;
  while (i < OC_PAGER_STREAMS &&
         !(streams->stream[i].window && streams->stream[i].next == page))
    i++;
  return i;
}

size_t oc_pager_streams_window(const struct oc_pager_streams *streams, size_t page, size_t fresh,
                               size_t max) {
  unsigned i = find(streams, page);
  size_t window = i < OC_PAGER_STREAMS ? 2 * streams->stream[i].window : fresh;
  return window < max ? window : max;
}

void oc_pager_streams_filled(struct oc_pager_streams *streams, size_t page, size_t count) {
  unsigned i = find(streams, page);
  if (i == OC_PAGER_STREAMS) {
    i = streams->victim;
    streams->victim = (streams->victim + 1) % OC_PAGER_STREAMS;
  }
  streams->stream[i].next = page + count;
  streams->stream[i].window = count;
}
