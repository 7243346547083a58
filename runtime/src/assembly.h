/*
 * Assembly of shared-file release pieces into whole file chunks. The kernel drops,
 * and writes back, whole folios, which readahead builds up to a chunk (2 MiB,
 * aligned in the file): a release that covers part of a folio frees nothing, and a
 * write-back of part of one writes it all, then again once the program dirties the
 * rest. A 3-D stencil's pieces end inside chunks: its input is released by three
 * references (its planes i-1, i, i+1), a chunk in up to three pieces, and a plane's
 * border page between two pieces is released by none. So a piece is split at file
 * chunk boundaries, and each part waits in its chunk's entry, joined with what it
 * touches there, or nearly touches between two long pieces (the border page, also
 * where it straddles a chunk boundary), until the entry covers its chunk, is older
 * than the caller's age, or its place is needed. Pure logic on granule ranges: the
 * release worker does the OS calls.
 */
#ifndef OC_ASSEMBLY_H
#define OC_ASSEMBLY_H

#include <stdbool.h>
#include <stdint.h>

#include "coalesce.h" /* OC_CHUNK_GRANULES: the chunks are the coalescer's size, in the file */

#define OC_ASSEMBLY_DEPTH 16
/* A gap of at most this many granules is filled when both sides are at least
 * OC_ASSEMBLY_GAP_SIDE long, or end at their chunk's boundary (the coalescer cuts
 * pieces there, so a plane's head can be a granule long): a border page between rows
 * or planes, not a stride. */
#define OC_ASSEMBLY_GAP_MAX 2
#define OC_ASSEMBLY_GAP_SIDE 16

/* Granules [first, end) of one mapping of a file (in one chunk when waiting). */
struct oc_file_range {
  uintptr_t first, end;
  uintptr_t map_first, map_end; /* the mapping's granules */
  uint64_t map_offset;          /* file offset of map_first, in granules */
  long released;                /* granules released in it: a piece's all, a gap filled none */
  long since_ns;                /* when its first part came */
};

struct oc_assembler {
  struct oc_file_range waiting[OC_ASSEMBLY_DEPTH]; /* oldest first */
  unsigned count;
};

typedef void (*oc_file_range_sink)(const struct oc_file_range *range, void *ctx);
/* Whether the gap [first, end) may go out with its neighbours (no page kept there). */
typedef bool (*oc_gap_check)(uintptr_t first, uintptr_t end, void *ctx);

/* Adds a piece whose granules are all released (its `released` is not read); emits
 * the chunks it completes and what it pushes out, or the piece itself where the
 * mapping's chunks are not its file's. */
void oc_assemble(struct oc_assembler *a, struct oc_file_range piece, oc_gap_check may_fill,
                 oc_file_range_sink emit, void *ctx);
/* Emits the ranges waiting since before now_ns - age_ns (all of them for age 0). */
void oc_assemble_expire(struct oc_assembler *a, long now_ns, long age_ns, oc_file_range_sink emit,
                        void *ctx);

#endif
