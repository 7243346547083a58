/*
 * Coalescing of released pages into 2 MiB-aligned pieces: the kernel silently
 * keeps pages of a large folio unless the release covers the whole folio
 * (PLATFORM.md), so a tag's releases are gathered per 2 MiB chunk and handed on
 * when the chunk is complete or the tag moves to another chunk.
 */
#ifndef OC_COALESCE_H
#define OC_COALESCE_H

#include <stdbool.h>
#include <stdint.h>

#define OC_CHUNK_SHIFT 21
#define OC_CHUNK_GRANULES ((uintptr_t)1 << (OC_CHUNK_SHIFT - 12))

/* Granules [first, end). */
struct oc_range {
  uintptr_t first, end;
};

struct oc_chunk_accumulator {
  struct oc_range open; /* inside one chunk; empty when first == end */
};

typedef void (*oc_range_sink)(struct oc_range piece, void *ctx);

/* Adds a released range; emits every piece that is complete. Returns how many of
 * the range's pieces were merged into an open piece (counted as coalesced). */
long oc_accumulate(struct oc_chunk_accumulator *acc, struct oc_range range, oc_range_sink emit,
                   void *ctx);
/* Emits the open piece, if any. */
void oc_accumulate_flush(struct oc_chunk_accumulator *acc, oc_range_sink emit, void *ctx);

#endif
