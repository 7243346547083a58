#include "coalesce.h"

static uintptr_t chunk_of(uintptr_t granule) { return granule / OC_CHUNK_GRANULES; }

static bool is_empty(struct oc_range r) { return r.first >= r.end; }

static void emit_open(struct oc_chunk_accumulator *acc, unsigned i, oc_range_sink emit,
                      void *ctx) {
  if (!is_empty(acc->open[i]))
    emit(acc->open[i], ctx);
  acc->open[i].first = acc->open[i].end = 0;
}

/* The place for a piece in chunk: its chunk's open piece, else an empty place,
 * else the least recently extended one (handed on first). */
static unsigned place_for(struct oc_chunk_accumulator *acc, uintptr_t chunk, oc_range_sink emit,
                          void *ctx) {
  unsigned empty = OC_OPEN_PIECES, oldest = 0;
  for (unsigned i = 0; i < OC_OPEN_PIECES; i++) {
    if (is_empty(acc->open[i])) {
      if (empty == OC_OPEN_PIECES)
        empty = i;
      continue;
    }
    if (chunk_of(acc->open[i].first) == chunk)
      return i;
    if (acc->extended[i] < acc->extended[oldest] || is_empty(acc->open[oldest]))
      oldest = i;
  }
  if (empty < OC_OPEN_PIECES)
    return empty;
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
    unsigned i = place_for(acc, chunk_of(piece.first), emit, ctx);
    struct oc_range *open = &acc->open[i];
    /* Merge when touching or overlapping; a gap would mean releasing pages
     * nobody released. */
    if (!is_empty(*open) && piece.first <= open->end && piece.end >= open->first) {
      if (piece.first < open->first)
        open->first = piece.first;
      if (piece.end > open->end)
        open->end = piece.end;
      merged++;
    } else {
      emit_open(acc, i, emit, ctx);
      *open = piece;
    }
    acc->extended[i] = ++acc->clock;
    if (open->end - open->first == OC_CHUNK_GRANULES)
      emit_open(acc, i, emit, ctx);
  }
  return merged;
}

void oc_accumulate_flush(struct oc_chunk_accumulator *acc, oc_range_sink emit, void *ctx) {
  for (unsigned i = 0; i < OC_OPEN_PIECES; i++)
    emit_open(acc, i, emit, ctx);
}
