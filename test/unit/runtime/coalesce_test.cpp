#include <gtest/gtest.h>

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

TEST(Coalesce, MovingToAnotherChunkHandsOnTheOpenPiece) {
  oc_chunk_accumulator acc{};
  Pieces out;
  oc_accumulate(&acc, oc_range{5 * C + 3, 5 * C + 7}, Collect, &out);
  EXPECT_TRUE(out.empty());
  oc_accumulate(&acc, oc_range{9 * C, 9 * C + 1}, Collect, &out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], std::make_pair(5 * C + 3, 5 * C + 7));
  oc_accumulate_flush(&acc, Collect, &out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1], std::make_pair(9 * C, 9 * C + 1));
}

TEST(Coalesce, RangesAreCutAtChunkBoundaries) {
  oc_chunk_accumulator acc{};
  Pieces out;
  oc_accumulate(&acc, oc_range{2 * C - 2, 4 * C + 5}, Collect, &out);
  oc_accumulate_flush(&acc, Collect, &out);
  Pieces want = {{2 * C - 2, 2 * C}, {2 * C, 3 * C}, {3 * C, 4 * C}, {4 * C, 4 * C + 5}};
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
