#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

extern "C" {
#include "coalesce.h"
}

namespace {

using Pieces = std::vector<std::pair<uintptr_t, uintptr_t>>;

void Collect(oc_range piece, void *ctx) {
  static_cast<Pieces *>(ctx)->emplace_back(piece.first, piece.end);
}

constexpr uintptr_t C = OC_CHUNK_GRANULES; // granules per 2 MiB chunk

TEST(Coalesce, StreamWithinAChunkBecomesOnePieceWhenTheChunkIsDone) {
  oc_chunk_accumulator acc{};
  Pieces out;
  long merged = 0;
  for (uintptr_t g = 10 * C; g < 11 * C; g += 4)
    merged += oc_accumulate(&acc, oc_range{g, g + 4}, Collect, &out);
  EXPECT_EQ(merged, long(C / 4 - 1));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], std::make_pair(10 * C, 11 * C));
}

TEST(Coalesce, InterleavedStreamsEachBecomeOnePiece) {
  // An FFT stage's releases: page g of stream 0, of stream 1, ..., then page g + 1.
  oc_chunk_accumulator acc{};
  Pieces out;
  const uintptr_t Streams = 8;
  long merged = 0;
  for (uintptr_t g = 0; g < C; g++)
    for (uintptr_t s = 0; s < Streams; s++)
      merged += oc_accumulate(&acc, oc_range{(3 + 2 * s) * C + g, (3 + 2 * s) * C + g + 1},
                              Collect, &out);
  EXPECT_EQ(merged, long(Streams * (C - 1)));
  ASSERT_EQ(out.size(), Streams);
  for (uintptr_t s = 0; s < Streams; s++)
    EXPECT_EQ(out[s], std::make_pair((3 + 2 * s) * C, (4 + 2 * s) * C));
}

TEST(Coalesce, MoreStreamsThanPlacesHandOnTheLeastRecentlyExtended) {
  oc_chunk_accumulator acc{};
  Pieces out;
  for (uintptr_t s = 0; s < OC_OPEN_PIECES; s++)
    oc_accumulate(&acc, oc_range{s * C, s * C + 1}, Collect, &out);
  oc_accumulate(&acc, oc_range{1, 2}, Collect, &out); // extends chunk 0's piece
  EXPECT_TRUE(out.empty());
  oc_accumulate(&acc, oc_range{100 * C, 100 * C + 1}, Collect, &out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], std::make_pair(C, C + 1)); // chunk 1's: the oldest not extended since
  oc_accumulate_flush(&acc, Collect, &out);
  EXPECT_EQ(out.size(), size_t(OC_OPEN_PIECES) + 1);
}

TEST(Coalesce, RangesAreCutAtChunkBoundaries) {
  oc_chunk_accumulator acc{};
  Pieces out;
  oc_accumulate(&acc, oc_range{2 * C - 2, 4 * C + 5}, Collect, &out);
  oc_accumulate_flush(&acc, Collect, &out);
  Pieces want = {{2 * C - 2, 2 * C}, {2 * C, 3 * C}, {3 * C, 4 * C}, {4 * C, 4 * C + 5}};
  std::sort(out.begin(), out.end());
  EXPECT_EQ(out, want);
  for (auto &p : out)
    EXPECT_EQ(p.first / C, (p.second - 1) / C);
}

TEST(Coalesce, AGapIsNotBridged) {
  oc_chunk_accumulator acc{};
  Pieces out;
  oc_accumulate(&acc, oc_range{C, C + 1}, Collect, &out);
  EXPECT_EQ(oc_accumulate(&acc, oc_range{C + 5, C + 6}, Collect, &out), 0);
  oc_accumulate_flush(&acc, Collect, &out);
  Pieces want = {{C, C + 1}, {C + 5, C + 6}};
  EXPECT_EQ(out, want);
}

TEST(Coalesce, DescendingAndOverlappingReleasesMerge) {
  oc_chunk_accumulator acc{};
  Pieces out;
  oc_accumulate(&acc, oc_range{C + 8, C + 12}, Collect, &out);
  EXPECT_EQ(oc_accumulate(&acc, oc_range{C + 4, C + 8}, Collect, &out), 1);
  EXPECT_EQ(oc_accumulate(&acc, oc_range{C + 2, C + 10}, Collect, &out), 1);
  oc_accumulate_flush(&acc, Collect, &out);
  Pieces want = {{C + 2, C + 12}};
  EXPECT_EQ(out, want);
}

} // namespace
