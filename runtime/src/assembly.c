#include "assembly.h"

/* Where granule g of r's mapping lies in its file chunk. */
static uintptr_t offset_in_chunk(const struct oc_file_range *r, uintptr_t g) {
  return (r->map_offset + (g - r->map_first)) % OC_CHUNK_GRANULES;
}

static uint64_t chunk_of(const struct oc_file_range *r, uintptr_t g) {
  return (r->map_offset + (g - r->map_first)) / OC_CHUNK_GRANULES;
}

/* The granule where the chunk holding granule g ends, or r's mapping does. */
static uintptr_t chunk_end(const struct oc_file_range *r, uintptr_t g) {
  uintptr_t end = g + OC_CHUNK_GRANULES - offset_in_chunk(r, g);
  return end < r->map_end ? end : r->map_end;
}

static uintptr_t chunk_start(const struct oc_file_range *r, uintptr_t g) {
  uintptr_t start = g - offset_in_chunk(r, g);
  return start > r->map_first ? start : r->map_first;
}

static bool same_mapping(const struct oc_file_range *a, const struct oc_file_range *b) {
  return a->map_first == b->map_first && a->map_end == b->map_end &&
         a->map_offset == b->map_offset;
}

static bool same_chunk(const struct oc_file_range *a, const struct oc_file_range *b) {
  return same_mapping(a, b) && chunk_of(a, a->first) == chunk_of(b, b->first);
}

/* A side of a border: long, or cut by its chunk's boundary, where its run may go on
 * (MGRID: the next plane's first granule before the boundary came alone, and the
 * chunk stayed in memory, whole). */
static bool is_long(const struct oc_file_range *r) {
  return r->end - r->first >= OC_ASSEMBLY_GAP_SIDE || r->first == chunk_start(r, r->first) ||
         r->end == chunk_end(r, r->first);
}

/* Whether the gap between low and high (low ends first) is a border: at most
 * OC_ASSEMBLY_GAP_MAX granules between two long parts, and the caller lets it go
 * out with them. */
static bool border_gap(const struct oc_file_range *low, const struct oc_file_range *high,
                       oc_gap_check may_fill, void *ctx) {
  return high->first - low->end <= OC_ASSEMBLY_GAP_MAX && is_long(low) && is_long(high) &&
         may_fill(low->end, high->first, ctx);
}

/* Whether parts a and b of one chunk join: touching or overlapping, or a border gap. */
static bool joins(const struct oc_file_range *a, const struct oc_file_range *b, oc_gap_check may_fill,
                  void *ctx) {
  if (a->first <= b->end && b->first <= a->end)
    return true;
  return a->end < b->first ? border_gap(a, b, may_fill, ctx) : border_gap(b, a, may_fill, ctx);
}

static bool covers_chunk(const struct oc_file_range *r) {
  return r->first == chunk_start(r, r->first) && r->end == chunk_end(r, r->first);
}

/* A border gap across a chunk boundary (one plane ending just below it, the next
 * starting just above): each side takes its part of the gap, so that both chunks
 * can complete. MGRID's planes of 0.96 MiB put one such border in every few
 * chunks, and each of those chunks stayed in memory, whole. */
static bool fill_across(struct oc_file_range *low, struct oc_file_range *high, oc_gap_check may_fill,
                        void *ctx) {
  if (!same_mapping(low, high) || chunk_of(high, high->first) != chunk_of(low, low->first) + 1 ||
      low->end == high->first || !border_gap(low, high, may_fill, ctx))
    return false;
  low->end = high->first = chunk_start(high, high->first);
  return true;
}

static struct oc_file_range take_out(struct oc_assembler *a, unsigned i) {
  struct oc_file_range r = a->waiting[i];
  a->count--;
  for (unsigned j = i; j < a->count; j++)
    a->waiting[j] = a->waiting[j + 1];
  return r;
}

static void assemble_part(struct oc_assembler *a, struct oc_file_range part, oc_gap_check may_fill,
                          oc_file_range_sink emit, void *ctx) {
  for (unsigned i = 0; i < a->count; i++) {
    if (!same_chunk(&a->waiting[i], &part))
      continue;
    struct oc_file_range w = take_out(a, i);
    if (joins(&w, &part, may_fill, ctx)) {
      uintptr_t overlap_first = w.first > part.first ? w.first : part.first;
      uintptr_t overlap_end = w.end < part.end ? w.end : part.end;
      part.released += w.released - (overlap_end > overlap_first ? (long)(overlap_end - overlap_first) : 0);
      part.first = w.first < part.first ? w.first : part.first;
      part.end = w.end > part.end ? w.end : part.end;
      part.since_ns = w.since_ns;
    } else {
      emit(&w, ctx); /* a second range in the chunk: the first goes as it is */
    }
    break;
  }
  for (unsigned i = 0; i < a->count;) {
    struct oc_file_range *w = &a->waiting[i];
    bool filled = w->first >= part.end ? fill_across(&part, w, may_fill, ctx)
                                       : fill_across(w, &part, may_fill, ctx);
    if (filled && covers_chunk(w)) {
      struct oc_file_range done = take_out(a, i);
      emit(&done, ctx);
      continue;
    }
    i++;
  }
  if (covers_chunk(&part)) {
    emit(&part, ctx);
    return;
  }
  if (a->count == OC_ASSEMBLY_DEPTH) {
    struct oc_file_range oldest = take_out(a, 0);
    emit(&oldest, ctx);
  }
  a->waiting[a->count++] = part;
}

void oc_assemble(struct oc_assembler *a, struct oc_file_range piece, oc_gap_check may_fill,
                 oc_file_range_sink emit, void *ctx) {
  /* A mapping whose chunks are not the file's (a spilled block at a page boundary):
   * its pieces go out as they come. Assembled by file chunks, heap_sort's spilled
   * arrays took 150-280 major faults in its phase instead of 13-16 (0.28 -> 0.39 s);
   * not understood yet. */
  if ((piece.map_offset - piece.map_first) % OC_CHUNK_GRANULES) {
    piece.released = (long)(piece.end - piece.first);
    emit(&piece, ctx);
    return;
  }
  while (piece.first < piece.end) {
    struct oc_file_range part = piece;
    part.end = chunk_end(&piece, piece.first);
    if (part.end > piece.end)
      part.end = piece.end;
    part.released = (long)(part.end - part.first);
    piece.first = part.end;
    assemble_part(a, part, may_fill, emit, ctx);
  }
}

void oc_assemble_expire(struct oc_assembler *a, long now_ns, long age_ns, oc_file_range_sink emit,
                        void *ctx) {
  for (unsigned i = 0; i < a->count;) {
    if (age_ns && now_ns - a->waiting[i].since_ns < age_ns) {
      i++;
      continue;
    }
    struct oc_file_range r = take_out(a, i);
    emit(&r, ctx);
  }
}
