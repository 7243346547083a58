//===- ReuseTest.cpp - reuse vector spaces and pairwise reuse (TOCS App. A) ===//

#include "IslFixture.h"

namespace outcore {
namespace {

using ReuseTest = IslTest;

// The pairwise tests on access relations, as the tests write them.
bool uniformlyGenerated(const isl::map &A, const isl::map &B) {
  return outcore::uniformlyGenerated(affineAccess(A), affineAccess(B));
}
bool haveGroupReuse(const isl::map &A, const isl::map &B, int64_t ElemSize, int64_t PageSize,
                    const std::vector<int> &Allowed) {
  return outcore::haveGroupReuse(affineAccess(A), affineAccess(B), ElemSize, PageSize, Allowed);
}
int compareLead(const isl::map &A, const isl::map &B) {
  return outcore::compareLead(affineAccess(A), affineAccess(B));
}
bool elementsWithin(const isl::map &B, const isl::map &A, const std::vector<int> &Class,
                    int64_t LastSlack = 0) {
  return outcore::elementsWithin(affineAccess(B), affineAccess(A), Class, LastSlack);
}
std::optional<int64_t> lastIndexStride(const isl::map &Access, unsigned Pos) {
  return outcore::lastIndexStride(affineAccess(Access), Pos);
}

// TOCS A.1: B[j+1][0] has H = [[0,1],[0,0]]: ker H = span{(1,0)}.
TEST_F(ReuseTest, TemporalSpaceIsKernelOfH) {
  EXPECT_TRUE(temporalReuseSpace(map("{ [i,j] -> [j + 1, 0] }"))
                  .is_equal(set("{ [a,b] : b = 0 }")));
  EXPECT_TRUE(temporalReuseSpace(map("{ [i,j] -> [i, j] }"))
                  .is_equal(set("{ [0,0] }")));
}

// TOCS A.2: A[i][j]: H_S = [[1,0],[0,0]], ker H_S = span{(0,1)}.
TEST_F(ReuseTest, SpatialSpaceZeroesLastRow) {
  EXPECT_TRUE(spatialReuseSpace(map("{ [i,j] -> [i, j] }"))
                  .is_equal(set("{ [a,b] : a = 0 }")));
  EXPECT_TRUE(spatialReuseSpace(map("{ [i,j] -> [j, 0] }"))
                  .is_equal(set("{ [a,b] : b = 0 }")));
}

// Domain constraints and parameters in constants do not change ker H.
TEST_F(ReuseTest, SpacesIgnoreDomainAndParameters) {
  isl::map M = map("[n] -> { [i,j] -> [i, j + n] : 0 <= i < n and 0 <= j < n }");
  EXPECT_TRUE(temporalReuseSpace(M).is_equal(set("{ [0,0] }")));
  EXPECT_TRUE(spatialReuseSpace(M).is_equal(set("{ [a,b] : a = 0 }")));
  // Triangular domain, B[j]: reuse along i.
  EXPECT_TRUE(temporalReuseSpace(map("[n] -> { [i,j] -> [j] : 0 <= j <= i < n }"))
                  .is_equal(set("{ [a,0] }")));
}

// Polly names tuples after statements and arrays; the spaces are anonymous.
TEST_F(ReuseTest, PollyTupleNames) {
  isl::set T = temporalReuseSpace(map("{ Stmt_body[i0, i1] -> MemRef_B[i1] }"));
  EXPECT_TRUE(T.is_equal(set("{ [a,0] }")));
}

TEST_F(ReuseTest, ZeroDimensionalAccessReusesEverywhere) {
  isl::map Scalar = map("{ [i,j] -> [] }");
  EXPECT_TRUE(temporalReuseSpace(Scalar).is_equal(set("{ [a,b] }")));
  EXPECT_TRUE(spatialReuseSpace(Scalar).is_equal(set("{ [a,b] }")));
  EXPECT_FALSE(lastIndexStride(Scalar, 0).has_value());
}

// A[2c]: ker H is {0} over the integers; the one row is the last row.
TEST_F(ReuseTest, NonUnitStep) {
  isl::map M = map("{ [c] -> [2c] }");
  EXPECT_TRUE(temporalReuseSpace(M).is_equal(set("{ [0] }")));
  EXPECT_TRUE(spatialReuseSpace(M).is_equal(set("{ [a] }")));
  EXPECT_EQ(lastIndexStride(M, 0), 2);
}

TEST_F(ReuseTest, NegativeStride) {
  isl::map M = map("[n] -> { [c] -> [n - 1 - c] }");
  EXPECT_TRUE(temporalReuseSpace(M).is_equal(set("{ [0] }")));
  EXPECT_EQ(lastIndexStride(M, 0), -1);
}

TEST_F(ReuseTest, LastIndexStridePerLoop) {
  isl::map Transposed = map("{ [i,j] -> [j, 3i] }");
  EXPECT_EQ(lastIndexStride(Transposed, 0), 3);
  EXPECT_EQ(lastIndexStride(Transposed, 1), 0);
}

// A piecewise relation (|i|) is not one affine function: no reuse claimed.
TEST_F(ReuseTest, PiecewiseAccessHasNoReuse) {
  isl::map Abs = map("{ [i,j] -> [i] : i >= 0; [i,j] -> [-i] : i < 0 }");
  EXPECT_TRUE(affineAccess(Abs).is_null());
  EXPECT_TRUE(temporalReuseSpace(Abs).is_equal(set("{ [0,0] }")));
  EXPECT_TRUE(spatialReuseSpace(Abs).is_equal(set("{ [0,0] }")));
  EXPECT_FALSE(uniformlyGenerated(Abs, Abs));
}

// A relation that is not a function must not reach isl's map-to-function
// conversion (isl aborts there).
TEST_F(ReuseTest, MultiValuedAccessIsNotAffine) {
  isl::map Range = map("{ [i] -> [o] : i <= o <= i + 1 }");
  EXPECT_TRUE(affineAccess(Range).is_null());
  EXPECT_TRUE(temporalReuseSpace(Range).is_equal(set("{ [0] }")));
}

// TOCS Fig. 22 and A.3.
TEST_F(ReuseTest, Fig22UniformlyGenerated) {
  EXPECT_FALSE(uniformlyGenerated(map("{ [i,j] -> [i] }"), map("{ [i,j] -> [j] }")));
  isl::map D0 = map("{ [i,j] -> [2i, j] }"), D1 = map("{ [i,j] -> [2i + 1, j] }");
  EXPECT_TRUE(uniformlyGenerated(D0, D1));
  EXPECT_FALSE(haveGroupReuse(D0, D1, 8, 4096, {0, 1}));
  EXPECT_FALSE(haveGroupReuse(D1, D0, 8, 4096, {0, 1}));
}

TEST_F(ReuseTest, UniformlyGeneratedWithParameters) {
  isl::map Plus = map("[n] -> { [i,j] -> [i, j + n] }");
  EXPECT_TRUE(uniformlyGenerated(Plus, map("[n] -> { [i,j] -> [i, j + n + 1] }")));
  EXPECT_TRUE(uniformlyGenerated(Plus, map("[m, n] -> { [i,j] -> [i, j + n - 3] }")));
  EXPECT_FALSE(uniformlyGenerated(Plus, map("{ [i,j] -> [i, j] }")));
  EXPECT_FALSE(uniformlyGenerated(Plus, map("[n, m] -> { [i,j] -> [i, j + m] }")));
  EXPECT_FALSE(uniformlyGenerated(Plus, map("[n] -> { [i,j] -> [i, 2j + n] }")));
  EXPECT_FALSE(uniformlyGenerated(Plus, map("[n] -> { [i,j] -> [j + n] }")));
  EXPECT_FALSE(uniformlyGenerated(Plus, map("[n] -> { [i] -> [i, n] }")));
  EXPECT_TRUE(uniformlyGenerated(map("{ Stmt_1[i] -> MemRef_A[i] }"),
                                 map("{ Stmt_2[i] -> MemRef_A[i + 1] }")));
}

// Fig. 2: B[j][0] reuses B[j+1][0] one j iteration later: only when the j
// loop is allowed.
TEST_F(ReuseTest, GroupReuseNeedsAllowedLoops) {
  isl::map B0 = map("{ [i,j] -> [j, 0] }"), B1 = map("{ [i,j] -> [j + 1, 0] }");
  EXPECT_TRUE(haveGroupReuse(B0, B1, 8, 16, {1}));
  EXPECT_TRUE(haveGroupReuse(B1, B0, 8, 16, {0, 1}));
  EXPECT_FALSE(haveGroupReuse(B0, B1, 8, 16, {}));
  EXPECT_FALSE(haveGroupReuse(B0, B1, 8, 16, {0}));
}

// Half-page rule: last indices within half a page, strictly.
TEST_F(ReuseTest, HalfPageRule) {
  isl::map A = map("{ [i,j] -> [i, j] }");
  EXPECT_TRUE(haveGroupReuse(A, map("{ [i,j] -> [i, j + 255] }"), 8, 4096, {}));
  EXPECT_FALSE(haveGroupReuse(A, map("{ [i,j] -> [i, j + 256] }"), 8, 4096, {0, 1}));
  EXPECT_FALSE(haveGroupReuse(A, map("{ [i,j] -> [i, j - 1] }"), 8, 16, {0, 1}));
  EXPECT_TRUE(haveGroupReuse(A, map("{ [i,j] -> [i, j - 1] }"), 4, 16, {}));
  // Parametric constants that cancel.
  EXPECT_TRUE(haveGroupReuse(map("[n] -> { [i] -> [i + n] }"),
                             map("[n] -> { [i] -> [i + n + 1] }"), 8, 4096, {}));
  EXPECT_FALSE(haveGroupReuse(A, map("{ [i,j] -> [j, i] }"), 8, 4096, {0, 1}));
}

// Constants beyond 64 bits must not reach isl's conversions (an isl error,
// fatal under Polly; the fixture fails on any isl error).
TEST_F(ReuseTest, HugeConstantDifference) {
  isl::map A = map("{ [i] -> [i] }");
  isl::map Far = map("{ [i] -> [i + 100000000000000000000] }");
  EXPECT_TRUE(uniformlyGenerated(A, Far));
  EXPECT_FALSE(haveGroupReuse(A, Far, 8, 4096, {0}));
  EXPECT_GT(compareLead(A, Far), 0);
}

TEST_F(ReuseTest, ZeroDimensionalGroup) {
  EXPECT_TRUE(haveGroupReuse(map("{ [i] -> [] }"), map("{ [i] -> [] }"), 8, 16, {}));
}

TEST_F(ReuseTest, CompareLeadFig2) {
  isl::map B0 = map("{ [i,j] -> [j, 0] }"), B1 = map("{ [i,j] -> [j + 1, 0] }");
  EXPECT_LT(compareLead(B1, B0), 0);
  EXPECT_GT(compareLead(B0, B1), 0);
  EXPECT_EQ(compareLead(B0, B0), 0);
  EXPECT_EQ(compareLead(B0, map("{ [i,j] -> [i, 0] }")), 0); // not uniform
}

TEST_F(ReuseTest, CompareLeadStencil) {
  auto A = [&](int DI, int DJ) {
    return map("{ [i,j] -> [i + " + std::to_string(DI) + ", j + " +
               std::to_string(DJ) + "] }");
  };
  EXPECT_LT(compareLead(A(1, 1), A(-1, -1)), 0);
  EXPECT_LT(compareLead(A(1, 1), A(1, -1)), 0);
  EXPECT_LT(compareLead(A(1, -1), A(0, 1)), 0);  // next row leads the row
  EXPECT_GT(compareLead(A(0, -1), A(0, 1)), 0);
  EXPECT_GT(compareLead(A(-1, 1), A(0, -1)), 0);
}

// Descending loop (Polly: j = n - 1 - c): A[j] leads A[j+1].
TEST_F(ReuseTest, CompareLeadNegativeStride) {
  isl::map Aj = map("[n] -> { [c] -> [n - 1 - c] }");
  isl::map Aj1 = map("[n] -> { [c] -> [n - c] }");
  EXPECT_LT(compareLead(Aj, Aj1), 0);
  EXPECT_GT(compareLead(Aj1, Aj), 0);
}

// A[2c] and A[2c+1] never touch the same element; the one further along the
// walk (2c+1) reaches each page first.
TEST_F(ReuseTest, CompareLeadSamePageSameIteration) {
  isl::map Even = map("{ [c] -> [2c] }"), Odd = map("{ [c] -> [2c + 1] }");
  EXPECT_TRUE(haveGroupReuse(Even, Odd, 8, 4096, {}));
  EXPECT_GT(compareLead(Even, Odd), 0);
  EXPECT_LT(compareLead(Odd, Even), 0);
  // Descending: the lower address is reached first.
  isl::map DownEven = map("[n] -> { [c] -> [n - 2c] }");
  isl::map DownOdd = map("[n] -> { [c] -> [n - 2c + 1] }");
  EXPECT_LT(compareLead(DownEven, DownOdd), 0);
}

// for t, for r < n, for s < n: A[r][t] (in the r loop) and A[s][t] read one
// column over an iteration of t; over one of r they do not.
TEST_F(ReuseTest, ColumnReadThroughTwoLoopsOfOneRangeIsTheSameElements) {
  isl::map ByR = map("[n] -> { [t,r] -> [r, t] }");
  isl::map ByS = map("[n] -> { [t,r,s] -> [s, t] }");
  EXPECT_TRUE(elementsWithin(ByR, ByS, {-1, 0, 0}));
  EXPECT_TRUE(elementsWithin(ByS, ByR, {-1, 0, 0}));
  EXPECT_FALSE(elementsWithin(ByR, ByS, {-1, 0, 1})); // other ranges
  EXPECT_FALSE(elementsWithin(ByR, ByS, {-1, -1, 0})); // r held fixed
  EXPECT_FALSE(elementsWithin(ByS, map("{ [t,r,s] -> [s, t + 1] }"), {-1, 0, 0}));
  EXPECT_FALSE(elementsWithin(ByS, map("{ [t,r,s] -> [s, r] }"), {-1, 0, 0}));
  EXPECT_TRUE(elementsWithin(map("{ [t,r,s] -> [r, s] }"), map("{ [t,r,s] -> [s, r] }"),
                             {-1, 0, 0}));
}

// for i, for j from i, for k: data[k][i] reads column i, which data[k][i + j]
// reads too (at j = 0); not the other way round.
TEST_F(ReuseTest, ColumnAtAnInnerCountersFirstValueIsWithinTheSweep) {
  isl::map Column = map("{ [i,j,k] -> [k, i] }");
  isl::map Sweep = map("{ [i,j,k] -> [k, i + j] }");
  EXPECT_TRUE(elementsWithin(Column, Sweep, {-1, 1, 2}));
  EXPECT_FALSE(elementsWithin(Sweep, Column, {-1, 1, 2}));
  EXPECT_FALSE(elementsWithin(map("{ [i,j,k] -> [k, i + 1] }"), Sweep, {-1, 1, 2}));
}

// for i, for j from i + 1, for k: data[k][i] is one element before the sweep's
// first column: within its pages by the half-page rule, not within its elements.
TEST_F(ReuseTest, ColumnBeforeTheSweepIsWithinItsPages) {
  isl::map Column = map("{ [i,j,k] -> [k, i] }");
  isl::map Sweep = map("{ [i,j,k] -> [k, i + 1 + j] }");
  EXPECT_FALSE(elementsWithin(Column, Sweep, {-1, 1, 2}));
  EXPECT_TRUE(elementsWithin(Column, Sweep, {-1, 1, 2}, 256));
  EXPECT_FALSE(elementsWithin(map("{ [i,j,k] -> [k, i - 300] }"), Sweep, {-1, 1, 2}, 256));
  EXPECT_FALSE(elementsWithin(map("{ [i,j,k] -> [k + 1, i] }"), Sweep, {-1, 1, 2}, 256));
}

} // namespace
} // namespace outcore
