/* Sequential streams through one paged region (see pager_streams.h). */
#include "pager_streams.h"

static struct oc_pager_stream *find(const struct oc_pager_streams *streams, size_t page) {
  for (unsigned i = 0; i < OC_PAGER_STREAMS; i++)
    if (streams->stream[i].window && streams->stream[i].next == page)
      return (struct oc_pager_stream *)&streams->stream[i];
  return NULL;
}

size_t oc_pager_streams_window(const struct oc_pager_streams *streams, size_t page, size_t fresh,
                               size_t max) {
  const struct oc_pager_stream *s = find(streams, page);
  size_t window = s ? 2 * s->window : fresh;
  return window < max ? window : max;
}

void oc_pager_streams_filled(struct oc_pager_streams *streams, size_t page, size_t count) {
  struct oc_pager_stream *s = find(streams, page);
  if (!s) {
    s = &streams->stream[streams->victim];
    streams->victim = (streams->victim + 1) % OC_PAGER_STREAMS;
  }
  s->next = page + count;
  s->window = count;
}
