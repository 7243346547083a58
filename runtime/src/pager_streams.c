/* Sequential streams through one paged region (see pager_streams.h). */
#include "pager_streams.h"

static bool continues(const struct oc_pager_stream *s, size_t page, bool down) {
  if (!s->window)
    return false;
  return down ? s->first == page + 1 && (s->down || s->window == 1) : s->next == page;
}

/* The slot of the stream page continues up or down (pager_streams.h), or
 * OC_PAGER_STREAMS. */
static unsigned find(const struct oc_pager_streams *streams, size_t page, bool down) {
  unsigned i = 0;
  while (i < OC_PAGER_STREAMS && !continues(&streams->stream[i], page, down))
    i++;
  return i;
}

struct oc_pager_fill_window oc_pager_streams_window(const struct oc_pager_streams *streams,
                                                    size_t page, size_t fresh, size_t max) {
  struct oc_pager_fill_window w = {fresh, false};
  unsigned i = find(streams, page, false);
  if (i == OC_PAGER_STREAMS && (i = find(streams, page, true)) < OC_PAGER_STREAMS)
    w.down = true;
  if (i < OC_PAGER_STREAMS)
    w.pages = 2 * streams->stream[i].window;
  if (w.pages > max)
    w.pages = max;
  return w;
}

void oc_pager_streams_filled(struct oc_pager_streams *streams, size_t first, size_t count,
                             size_t passed) {
  bool down = false;
  unsigned i = find(streams, first, false);
  if (i == OC_PAGER_STREAMS && count && (i = find(streams, first + count - 1, true)) < OC_PAGER_STREAMS)
    down = true;
  if (i == OC_PAGER_STREAMS) {
    i = streams->victim;
    streams->victim = (streams->victim + 1) % OC_PAGER_STREAMS;
  }
  streams->stream[i] =
      (struct oc_pager_stream){first, first + count + (down ? 0 : passed), count, down};
}
