#include "coalesce.h"

static uintptr_t chunk_of(uintptr_t granule) { return granule / OC_CHUNK_GRANULES; }

static bool is_empty(struct oc_range r) { return r.first >= r.end; }

static void emit_open(struct oc_chunk_accumulator *acc, unsigned i, oc_range_sink emit,
                      void *ctx) {
  struct oc_range *open = &acc->open[i];
  if (!is_empty(*open)) {
    acc->open_granules -= open->end - open->first;
    emit(*open, ctx);
  }
  open->first = open->end = 0;
}

/* The open piece extended least recently; OC_OPEN_PIECES when none is open. */
static unsigned least_recent(const struct oc_chunk_accumulator *acc) {
  unsigned oldest = OC_OPEN_PIECES;
  for (unsigned i = 0; i < OC_OPEN_PIECES; i++)
    if (!is_empty(acc->open[i]) &&
        (oldest == OC_OPEN_PIECES || acc->extended[i] < acc->extended[oldest]))
      oldest = i;
  return oldest;
}

/* The place for piece: its chunk's open piece, else an empty place (a piece its
 * stream has left, ending where this one begins, is handed on), else the least
 * recently extended one, handed on first. */
static unsigned place_for(struct oc_chunk_accumulator *acc, struct oc_range piece,
                          oc_range_sink emit, void *ctx) {
  unsigned empty = OC_OPEN_PIECES;
  for (unsigned i = 0; i < OC_OPEN_PIECES; i++) {
    struct oc_range open = acc->open[i];
    if (!is_empty(open) && chunk_of(open.first) == chunk_of(piece.first))
      return i;
    if (!is_empty(open) && open.end == piece.first)
      emit_open(acc, i, emit, ctx);
    if (is_empty(acc->open[i]) && empty == OC_OPEN_PIECES)
      empty = i;
  }
  if (empty < OC_OPEN_PIECES)
    return empty;
  unsigned oldest = least_recent(acc);
  emit_open(acc, oldest, emit, ctx);
  return oldest;
}

long oc_accumulate(struct oc_chunk_accumulator *acc, struct oc_range range, oc_range_sink emit,
                   void *ctx) {
  long merged = 0;
  while (!is_empty(range)) {
    uintptr_t chunk_end = (chunk_of(range.first) + 1) * OC_CHUNK_GRANULES;
    struct oc_range piece = {range.first, range.end < chunk_end ? range.end : chunk_end};
    range.first = piece.end;
    unsigned i = place_for(acc, piece, emit, ctx);
    struct oc_range *open = &acc->open[i];
    /* Merge when touching or overlapping; a gap would mean releasing pages
     * nobody released. */
    if (!is_empty(*open) && piece.first <= open->end && piece.end >= open->first) {
      acc->open_granules -= open->end - open->first;
      if (piece.first < open->first)
        open->first = piece.first;
      if (piece.end > open->end)
        open->end = piece.end;
      merged++;
    } else {
      emit_open(acc, i, emit, ctx);
      *open = piece;
    }
    acc->open_granules += open->end - open->first;
    acc->extended[i] = ++acc->clock;
    if (open->end - open->first == OC_CHUNK_GRANULES)
      emit_open(acc, i, emit, ctx);
    while (acc->open_granules > OC_OPEN_GRANULES_MAX)
      emit_open(acc, least_recent(acc), emit, ctx);
  }
  return merged;
}

void oc_accumulate_flush(struct oc_chunk_accumulator *acc, oc_range_sink emit, void *ctx) {
  for (unsigned i = 0; i < OC_OPEN_PIECES; i++)
    emit_open(acc, i, emit, ctx);
}
