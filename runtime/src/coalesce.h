/*
 * Coalescing of released pages into 2 MiB-aligned pieces: the kernel silently
 * keeps pages of a large folio unless the release covers the whole folio
 * (PLATFORM.md), so a tag's releases are gathered per 2 MiB chunk and handed on
 * when the chunk is complete. A tag's loop may walk several streams at once (an
 * FFT stage's butterflies, a stencil's rows), its releases interleaved among
 * them: each stream keeps an open piece of its own, up to OC_OPEN_PIECES, and the
 * least recently extended one is handed on when another chunk needs a place or
 * the open pieces hold more than OC_OPEN_GRANULES_MAX (what a tag holds back
 * stays small against the memory limit). A piece whose stream continues in the
 * next chunk is handed on at once, as it is when a gap opens in its chunk.
 * Without that every release of interleaved streams went out alone, a page at a
 * time (dirty pages: a write-back each).
 */
#ifndef OC_COALESCE_H
#define OC_COALESCE_H

#include <stdbool.h>
#include <stdint.h>

#define OC_CHUNK_SHIFT 21
#define OC_CHUNK_GRANULES ((uintptr_t)1 << (OC_CHUNK_SHIFT - 12))
#define OC_OPEN_PIECES 16
#define OC_OPEN_GRANULES_MAX (2 * OC_CHUNK_GRANULES)

/* Granules [first, end). */
struct oc_range {
  uintptr_t first, end;
};

struct oc_chunk_accumulator {
  /* Each inside one chunk, at most one per chunk; empty when first == end. */
  struct oc_range open[OC_OPEN_PIECES];
  unsigned long extended[OC_OPEN_PIECES]; /* when each was last extended (clock) */
  unsigned long clock;
  uintptr_t open_granules; /* in all open pieces */
};

typedef void (*oc_range_sink)(struct oc_range piece, void *ctx);

/* Adds a released range; emits every piece that is complete or left behind, and
 * the least recently extended ones while places or granules run short. Returns how many of the
 * range's pieces were merged into an open piece (counted as coalesced). */
long oc_accumulate(struct oc_chunk_accumulator *acc, struct oc_range range, oc_range_sink emit,
                   void *ctx);
/* Emits the open pieces, if any. */
void oc_accumulate_flush(struct oc_chunk_accumulator *acc, oc_range_sink emit, void *ctx);

#endif
