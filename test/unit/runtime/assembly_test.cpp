#include <gtest/gtest.h>

#include <tuple>
#include <vector>

extern "C" {
#include "assembly.h"
}

namespace {

// (first, end, released) of each range handed on.
using Ranges = std::vector<std::tuple<uintptr_t, uintptr_t, long>>;

void Collect(const oc_file_range *r, void *ctx) {
  static_cast<Ranges *>(ctx)->emplace_back(r->first, r->end, r->released);
}

bool AnyGap(uintptr_t, uintptr_t, void *) { return true; }
bool NoGap(uintptr_t, uintptr_t, void *) { return false; }

constexpr uintptr_t C = OC_CHUNK_GRANULES;
constexpr uintptr_t Base = 1000 * C; // a mapping of 64 chunks at file offset 0

oc_file_range Piece(uintptr_t first, uintptr_t end, long now = 0) {
  return oc_file_range{first, end, Base, Base + 64 * C, 0, 0, now};
}

TEST(Assembly, AChunkReleasedInThreePiecesGoesOutOnceWhole) {
  oc_assembler a{};
  Ranges out;
  oc_assemble(&a, Piece(Base + C + 100, Base + C + 300), AnyGap, Collect, &out);
  oc_assemble(&a, Piece(Base + C, Base + C + 100), AnyGap, Collect, &out);
  EXPECT_TRUE(out.empty());
  oc_assemble(&a, Piece(Base + C + 300, Base + 2 * C), AnyGap, Collect, &out);
  Ranges want = {{Base + C, Base + 2 * C, long(C)}};
  EXPECT_EQ(out, want);
  EXPECT_EQ(a.count, 0u);
}

TEST(Assembly, APieceAcrossChunksGoesOutChunkByChunkAsEachIsComplete) {
  oc_assembler a{};
  Ranges out;
  // Ends in chunk 3: chunk 2 is complete, chunk 3 waits.
  oc_assemble(&a, Piece(Base + 2 * C, Base + 3 * C + 10), AnyGap, Collect, &out);
  Ranges want = {{Base + 2 * C, Base + 3 * C, long(C)}};
  EXPECT_EQ(out, want);
  EXPECT_EQ(a.count, 1u);
}

TEST(Assembly, ABorderPageBetweenTwoLongPiecesIsFilledOnlyWhereTheCallerAllows) {
  for (bool allowed : {true, false}) {
    oc_assembler a{};
    Ranges out;
    oc_assemble(&a, Piece(Base, Base + 200), allowed ? AnyGap : NoGap, Collect, &out);
    oc_assemble(&a, Piece(Base + 201, Base + C), allowed ? AnyGap : NoGap, Collect, &out);
    if (allowed) {
      Ranges want = {{Base, Base + C, long(C - 1)}};
      EXPECT_EQ(out, want);
    } else { // a second range in the chunk: the first goes as it was
      Ranges want = {{Base, Base + 200, 200}};
      EXPECT_EQ(out, want);
    }
  }
}

TEST(Assembly, ABorderAcrossAChunkBoundaryIsFilledOnBothSides) {
  // Two planes meet in a gap of two granules, one on each side of the boundary.
  oc_assembler a{};
  Ranges out;
  oc_assemble(&a, Piece(Base, Base + C - 1), AnyGap, Collect, &out);
  EXPECT_TRUE(out.empty());
  oc_assemble(&a, Piece(Base + C + 1, Base + C + 300), AnyGap, Collect, &out);
  Ranges want = {{Base, Base + C, long(C - 1)}};
  EXPECT_EQ(out, want);
  oc_assemble(&a, Piece(Base + C + 300, Base + 2 * C), AnyGap, Collect, &out);
  want.emplace_back(Base + C, Base + 2 * C, long(C - 1));
  EXPECT_EQ(out, want);
  EXPECT_EQ(a.count, 0u);
}

TEST(Assembly, ABorderBeforeAShortPieceCutAtTheBoundaryIsFilled) {
  // The next plane starts two granules before the boundary, and the coalescer cut
  // its piece there: whichever comes first, the chunk goes out whole.
  for (bool head_first : {false, true}) {
    oc_assembler a{};
    Ranges out;
    oc_file_range low = Piece(Base, Base + C - 3), head = Piece(Base + C - 2, Base + C);
    oc_assemble(&a, head_first ? head : low, AnyGap, Collect, &out);
    oc_assemble(&a, head_first ? low : head, AnyGap, Collect, &out);
    Ranges want = {{Base, Base + C, long(C - 1)}};
    EXPECT_EQ(out, want);
    EXPECT_EQ(a.count, 0u);
  }
}

TEST(Assembly, AShortPieceInsideItsChunkIsNoBorderSide) {
  oc_assembler a{};
  Ranges out;
  oc_assemble(&a, Piece(Base, Base + 100), AnyGap, Collect, &out);
  oc_assemble(&a, Piece(Base + 101, Base + 103), AnyGap, Collect, &out);
  Ranges want = {{Base, Base + 100, 100}}; // a second range in the chunk: the first goes
  EXPECT_EQ(out, want);
  EXPECT_EQ(a.count, 1u);
}

TEST(Assembly, ABorderAcrossABoundaryIsFilledWhicheverSideComesFirst) {
  oc_assembler a{};
  Ranges out;
  oc_assemble(&a, Piece(Base + C + 2, Base + 2 * C), AnyGap, Collect, &out);
  oc_assemble(&a, Piece(Base + C - 200, Base + C), AnyGap, Collect, &out);
  Ranges want = {{Base + C, Base + 2 * C, long(C - 2)}};
  EXPECT_EQ(out, want);
  EXPECT_EQ(a.count, 1u);
  EXPECT_EQ(a.waiting[0].first, Base + C - 200);
}

TEST(Assembly, NoFillAcrossABoundaryForAWideGapAShortSideOrAKeptPage) {
  struct Case {
    uintptr_t low_first, low_end, high_first;
    bool (*may_fill)(uintptr_t, uintptr_t, void *);
  } cases[] = {{Base, Base + C - 2, Base + C + 1, AnyGap},       // three granules
               {Base + C - 5, Base + C - 1, Base + C + 1, AnyGap}, // a short side
               {Base, Base + C - 1, Base + C + 1, NoGap}};         // the caller keeps it
  for (const Case &c : cases) {
    oc_assembler a{};
    Ranges out;
    oc_assemble(&a, Piece(c.low_first, c.low_end), c.may_fill, Collect, &out);
    oc_assemble(&a, Piece(c.high_first, Base + 2 * C), c.may_fill, Collect, &out);
    EXPECT_TRUE(out.empty());
    ASSERT_EQ(a.count, 2u);
    EXPECT_EQ(a.waiting[0].end, c.low_end);
    EXPECT_EQ(a.waiting[1].first, c.high_first);
  }
}

TEST(Assembly, AStrideIsNoBorderItsGapsStay) {
  oc_assembler a{};
  Ranges out;
  for (uintptr_t g = Base; g < Base + 8; g += 2)
    oc_assemble(&a, Piece(g, g + 1), AnyGap, Collect, &out);
  oc_assemble_expire(&a, 0, 0, Collect, &out);
  Ranges want = {{Base, Base + 1, 1}, {Base + 2, Base + 3, 1}, {Base + 4, Base + 5, 1},
                 {Base + 6, Base + 7, 1}};
  EXPECT_EQ(out, want);
}

TEST(Assembly, OverlappingPiecesCountTheirReleasedGranulesOnce) {
  oc_assembler a{};
  Ranges out;
  oc_assemble(&a, Piece(Base, Base + 300), AnyGap, Collect, &out);
  oc_assemble(&a, Piece(Base + 299, Base + C), AnyGap, Collect, &out);
  Ranges want = {{Base, Base + C, long(C)}};
  EXPECT_EQ(out, want);
}

TEST(Assembly, WaitingPartsGoOutWhenOldOrPushedOut) {
  oc_assembler a{};
  Ranges out;
  oc_assemble(&a, Piece(Base + 5, Base + 6, 100), AnyGap, Collect, &out);
  for (uintptr_t c = 1; c < OC_ASSEMBLY_DEPTH; c++)
    oc_assemble(&a, Piece(Base + c * C + 5, Base + c * C + 6, 200), AnyGap, Collect, &out);
  EXPECT_TRUE(out.empty());
  // Full: the next chunk's part pushes out the oldest.
  oc_assemble(&a, Piece(Base + 40 * C + 5, Base + 40 * C + 6, 300), AnyGap, Collect, &out);
  Ranges want = {{Base + 5, Base + 6, 1}};
  EXPECT_EQ(out, want);
  out.clear();
  oc_assemble_expire(&a, 300, 100, Collect, &out); // waiting since 200: 100 old
  EXPECT_EQ(out.size(), size_t(OC_ASSEMBLY_DEPTH - 1));
  EXPECT_EQ(a.count, 1u);
}

TEST(Assembly, AMappingWhoseChunksAreNotItsFilesPassesPiecesOnAsTheyCome) {
  oc_assembler a{};
  Ranges out;
  // File offset of the mapping's start: 100 granules into a chunk.
  oc_file_range piece{Base + 10, Base + 20, Base, Base + 4 * C, 100, 0, 0};
  oc_assemble(&a, piece, AnyGap, Collect, &out);
  Ranges want = {{Base + 10, Base + 20, 10}};
  EXPECT_EQ(out, want);
  EXPECT_EQ(a.count, 0u);
}

TEST(Assembly, AMappingAtAnOffsetInItsFileIsCutAtTheFilesChunks) {
  oc_assembler a{};
  Ranges out;
  // The mapping starts 3 chunks into its file: its chunks are the file's.
  oc_file_range piece{Base + 100, Base + 2 * C + 10, Base, Base + 4 * C, 3 * C, 0, 0};
  oc_assemble(&a, piece, AnyGap, Collect, &out);
  Ranges want = {{Base + C, Base + 2 * C, long(C)}};
  EXPECT_EQ(out, want);
  EXPECT_EQ(a.count, 2u); // [Base + 100, Base + C) and [Base + 2C, Base + 2C + 10) wait
}

} // namespace
