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

// An FFT stage's releases: page g of stream 0, of stream 1, ..., then page g + 1.
Pieces interleave(oc_chunk_accumulator &acc, uintptr_t streams, long &merged) {
  Pieces out;
  for (uintptr_t g = 0; g < C; g++)
    for (uintptr_t s = 0; s < streams; s++)
      merged += oc_accumulate(&acc, oc_range{(3 + 2 * s) * C + g, (3 + 2 * s) * C + g + 1},
                              Collect, &out);
  oc_accumulate_flush(&acc, Collect, &out);
  return out;
}

TEST(Coalesce, InterleavedStreamsEachBecomeOnePiece) {
  oc_chunk_accumulator acc{};
  long merged = 0;
  Pieces out = interleave(acc, 2, merged);
  EXPECT_EQ(merged, long(2 * (C - 1)));
  Pieces want = {{3 * C, 4 * C}, {5 * C, 6 * C}};
  EXPECT_EQ(out, want);
}

TEST(Coalesce, ManyInterleavedStreamsHoldBackAtMostTheBudget) {
  oc_chunk_accumulator acc{};
  long merged = 0;
  const uintptr_t Streams = 8;
  Pieces out = interleave(acc, Streams, merged);
  uintptr_t granules = 0;
  for (auto &p : out) {
    EXPECT_EQ(p.first / C, (p.second - 1) / C);
    granules += p.second - p.first;
  }
  EXPECT_EQ(granules, Streams * C);
  // Pieces of about OC_OPEN_GRANULES_MAX / Streams pages, not one page each.
  EXPECT_LE(out.size(), Streams * C / (OC_OPEN_GRANULES_MAX / Streams) + Streams);
}

TEST(Coalesce, AStreamMovingToTheNextChunkHandsOnItsPiece) {
  oc_chunk_accumulator acc{};
  Pieces out;
  oc_accumulate(&acc, oc_range{C + 10, 2 * C}, Collect, &out); // an unaligned start
  EXPECT_TRUE(out.empty());
  oc_accumulate(&acc, oc_range{2 * C, 2 * C + 1}, Collect, &out);
  Pieces want = {{C + 10, 2 * C}};
  EXPECT_EQ(out, want);
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
