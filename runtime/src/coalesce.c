#include "coalesce.h"

static uintptr_t chunk_of(uintptr_t granule) { return granule / OC_CHUNK_GRANULES; }

static bool is_empty(struct oc_range r) { return r.first >= r.end; }

long oc_accumulate(struct oc_chunk_accumulator *acc, struct oc_range range, oc_range_sink emit,
                   void *ctx) {
  long merged = 0;
  while (!is_empty(range)) {
    uintptr_t chunk_end = (chunk_of(range.first) + 1) * OC_CHUNK_GRANULES;
    struct oc_range piece = {range.first, range.end < chunk_end ? range.end : chunk_end};
    range.first = piece.end;
    struct oc_range *open = &acc->open;
    /* Merge when in the same chunk and touching or overlapping; a gap would mean
     * releasing pages nobody released. */
    if (!is_empty(*open) && chunk_of(open->first) == chunk_of(piece.first) &&
        piece.first <= open->end && piece.end >= open->first) {
      if (piece.first < open->first)
        open->first = piece.first;
      if (piece.end > open->end)
        open->end = piece.end;
      merged++;
    } else {
      oc_accumulate_flush(acc, emit, ctx);
      *open = piece;
    }
    if (open->end - open->first == OC_CHUNK_GRANULES)
      oc_accumulate_flush(acc, emit, ctx);
  }
  return merged;
}

void oc_accumulate_flush(struct oc_chunk_accumulator *acc, oc_range_sink emit, void *ctx) {
  if (!is_empty(acc->open))
    emit(acc->open, ctx);
  acc->open.first = acc->open.end = 0;
}
