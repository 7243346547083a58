//===- LocalityModelTest.cpp - localized space, groups, predicates --------===//
//
// The papers' worked examples (TOCS Fig. 3, 4; OSDI Fig. 3, 5) and the shapes
// real code brings: parameters, negative and non-unit steps, 1-D to 4-D,
// triangular and imperfect nests, indirect and 0-d references.
//
//===----------------------------------------------------------------------===//

#include "IslFixture.h"

namespace outcore {
namespace {

using Loops = std::vector<int>;
using Factors = std::vector<int64_t>;

class LocalityTest : public IslTest {
protected:
  /// TOCS Fig. 3: for i < 3, for j < JTrip: A[i][j] = B[j][0] + B[j+1][0].
  /// Program order of the references: B[j][0], B[j+1][0], A[i][j].
  void buildFig3(const std::string &JTrip) {
    I = loop(Nest, -1, "i", 3);
    J = JTrip == "n" ? symbolicLoop(Nest, I, "j", "n")
                     : loop(Nest, I, "j", std::stoll(JTrip));
    std::string Params = JTrip == "n" ? "[n] -> " : "";
    BJ = ref(Nest, "B", {I, J}, Params + "{ [i,j] -> [j, 0] }", "B[j][0]");
    BJ1 = ref(Nest, "B", {I, J}, Params + "{ [i,j] -> [j + 1, 0] }", "B[j+1][0]");
    A = ref(Nest, "A", {I, J}, Params + "{ [i,j] -> [i, j] }", "A[i][j]");
    Nest.Refs[A].IsWrite = true;
  }

  /// OSDI Fig. 3 over the interior: for i in 1..N-2, for j in 1..N-2 with
  /// counters c = i - 1, so a[i+di][j+dj] is a[c_i + 1 + di][c_j + 1 + dj].
  /// Refs in source order: a[i+1][j-1], a[i+1][j], ..., a[i-1][j+1].
  void buildStencil(const std::string &N, bool WithWrite) {
    bool Symbolic = N == "N";
    std::string Trip = Symbolic ? "N - 2" : std::to_string(std::stoll(N) - 2);
    I = symbolicLoop(Nest, -1, "i", Trip, "1", Symbolic ? "N - 2" : Trip);
    J = symbolicLoop(Nest, I, "j", Trip, "1", Symbolic ? "N - 2" : Trip);
    if (!Symbolic)
      Nest.Loops[I].TripCount = Nest.Loops[J].TripCount = std::stoll(Trip);
    std::string Params = Symbolic ? "[N] -> " : "";
    for (int DI : {1, 0, -1})
      for (int DJ : {-1, 0, 1})
        Stencil[1 - DI][DJ + 1] =
            ref(Nest, "a", {I, J},
                Params + "{ [i,j] -> [i + " + std::to_string(1 + DI) + ", j + " +
                    std::to_string(1 + DJ) + "] }",
                "a[i" + offset(DI) + "][j" + offset(DJ) + "]");
    if (WithWrite) {
      Write = ref(Nest, "a", {I, J}, Params + "{ [i,j] -> [i + 1, j + 1] }",
                  "a[i][j]");
      Nest.Refs[Write].IsWrite = true;
    }
  }
  static std::string offset(int D) {
    return D == 0 ? "" : D > 0 ? "+" + std::to_string(D) : std::to_string(D);
  }
  /// Stencil[r][c]: row r = 0 for i+1, 1 for i, 2 for i-1; column c = 0 for
  /// j-1, 1 for j, 2 for j+1.
  int at(int DI, int DJ) const { return Stencil[1 - DI][DJ + 1]; }

  /// Refs sharing Ref's group.
  std::vector<int> groupOf(const NestLocality &L, int Ref) const {
    std::vector<int> Members;
    for (size_t R = 0; R < L.Refs.size(); ++R)
      if (L.Refs[R].Group == L.Refs[Ref].Group)
        Members.push_back(int(R));
    return Members;
  }

  NestModel Nest;
  int I = -1, J = -1, A = -1, BJ = -1, BJ1 = -1, Write = -1;
  int Stencil[3][3];
};

//===----------------------------------------------------------------------===//
// TOCS Fig. 3 and 4
//===----------------------------------------------------------------------===//

TEST_F(LocalityTest, Fig3aBothLoopsLocalized) {
  buildFig3("8");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Loops[J].PagesPerIter, 3);
  EXPECT_EQ(L.Loops[J].PagesText, "3");
  EXPECT_EQ(L.Loops[I].PagesPerIter, 13);
  EXPECT_EQ(L.Loops[I].PagesText, "13");
  EXPECT_TRUE(L.Loops[J].Localized);
  EXPECT_TRUE(L.Loops[I].Localized);
  EXPECT_FALSE(L.Loops[I].DependsOnUnknownTrip);
}

TEST_F(LocalityTest, Fig3bOnlyInnerLoopLocalized) {
  buildFig3("10000");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Loops[J].PagesPerIter, 3);
  EXPECT_EQ(L.Loops[I].PagesPerIter, 15001);
  EXPECT_TRUE(L.Loops[J].Localized);
  EXPECT_FALSE(L.Loops[I].Localized);
  EXPECT_FALSE(L.Loops[I].DependsOnUnknownTrip);
  // Reuse is not locality: B[j+1][0] keeps its temporal reuse along i (and
  // its priority) but faults on every iteration.
  EXPECT_EQ(L.Refs[BJ1].TemporalLoops, Loops{I});
  EXPECT_TRUE(L.Refs[BJ1].TemporalLocality.empty());
  EXPECT_EQ(predicateText(Nest, L.Refs[BJ1].PrefetchPredicate), "true");
  EXPECT_EQ(L.Refs[BJ1].Priority, 1u);
  // The group along j survives.
  EXPECT_EQ(predicateText(Nest, L.Refs[BJ].PrefetchPredicate), "false");
  EXPECT_EQ(predicateText(Nest, L.Refs[BJ].ReleasePredicate), "true");
  EXPECT_EQ(L.Refs[BJ].LocalizedLoops, Loops{J});
}

TEST_F(LocalityTest, Fig4Predicates) {
  buildFig3("100");
  NestLocality L = analyzeNest(Nest, tinyPages());
  ASSERT_TRUE(L.Loops[I].Localized);

  const RefLocality &RA = L.Refs[A];
  EXPECT_TRUE(RA.TemporalLoops.empty());
  EXPECT_EQ(RA.SpatialLoops, Loops{J});
  EXPECT_EQ(RA.SpatialLocality, Loops{J});
  EXPECT_EQ(RA.SpatialFactor, Factors{2});
  EXPECT_EQ(RA.LocalizedLoops, (Loops{I, J}));
  EXPECT_EQ(RA.Role, GroupRole::Single);
  EXPECT_EQ(predicateText(Nest, RA.PrefetchPredicate), "j mod 2 = 0");
  EXPECT_EQ(predicateText(Nest, RA.ReleasePredicate), "j mod 2 = 1");
  EXPECT_EQ(RA.Priority, 0u);

  const RefLocality &Lead = L.Refs[BJ1];
  EXPECT_EQ(Lead.TemporalLocality, Loops{I});
  EXPECT_TRUE(Lead.SpatialLoops.empty());
  EXPECT_EQ(Lead.Role, GroupRole::Leader);
  EXPECT_EQ(predicateText(Nest, Lead.PrefetchPredicate), "i = 0");
  EXPECT_EQ(predicateText(Nest, Lead.ReleasePredicate), "false");

  const RefLocality &Trail = L.Refs[BJ];
  EXPECT_EQ(Trail.Role, GroupRole::Trailer);
  EXPECT_EQ(Trail.Group, Lead.Group);
  EXPECT_NE(Trail.Group, RA.Group);
  EXPECT_EQ(predicateText(Nest, Trail.PrefetchPredicate), "false");
  EXPECT_EQ(predicateText(Nest, Trail.ReleasePredicate), "i = 2");

  for (const RefLocality &R : L.Refs)
    EXPECT_TRUE(R.Hints);
  EXPECT_TRUE(RA.TemporalSpace.is_equal(set("{ [0,0] }")));
  EXPECT_TRUE(RA.SpatialSpace.is_equal(set("{ [0,b] }")));
}

// Fig. 3 with a symbolic inner trip count: the decision for i rests on the
// unknown-trip assumption.
TEST_F(LocalityTest, Fig3SymbolicTrip) {
  buildFig3("n");
  for (UnknownTrip Mode : {UnknownTrip::Large, UnknownTrip::Version}) {
    MachineParams P = tinyPages();
    P.Unknown = Mode;
    NestLocality L = analyzeNest(Nest, P);
    EXPECT_EQ(L.Loops[I].PagesText, "ceil(n/2) + n + 1");
    EXPECT_FALSE(L.Loops[I].PagesPerIter.has_value());
    EXPECT_FALSE(L.Loops[I].Localized);
    EXPECT_TRUE(L.Loops[I].DependsOnUnknownTrip);
    EXPECT_EQ(L.Loops[J].PagesPerIter, 3);
    EXPECT_TRUE(L.Loops[J].Localized);
    EXPECT_FALSE(L.Loops[J].DependsOnUnknownTrip);
    EXPECT_EQ(predicateText(Nest, L.Refs[BJ1].PrefetchPredicate), "true");
  }
  MachineParams Small = tinyPages();
  Small.Unknown = UnknownTrip::Small;
  NestLocality L = analyzeNest(Nest, Small);
  EXPECT_TRUE(L.Loops[I].Localized);
  EXPECT_TRUE(L.Loops[I].DependsOnUnknownTrip);
  EXPECT_EQ(predicateText(Nest, L.Refs[BJ1].PrefetchPredicate), "i = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[BJ].ReleasePredicate), "i = 2");
}

// An unknown trip count does not matter when the known part alone overflows.
TEST_F(LocalityTest, UnknownTripWithKnownOverflow) {
  int I = loop(Nest, -1, "i", 4);
  int J = loop(Nest, I, "j", 2000);
  int K = symbolicLoop(Nest, J, "k", "n");
  ref(Nest, "C", {I, J, K}, "{ [i,j,k] -> [j, k] }");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Loops[I].PagesText, "2000*ceil(n/2)");
  EXPECT_FALSE(L.Loops[I].Localized);
  EXPECT_FALSE(L.Loops[I].DependsOnUnknownTrip);
  EXPECT_EQ(L.Loops[J].PagesText, "ceil(n/2)");
  EXPECT_FALSE(L.Loops[J].Localized);
  EXPECT_TRUE(L.Loops[J].DependsOnUnknownTrip);
  EXPECT_TRUE(L.Loops[K].Localized);
}

//===----------------------------------------------------------------------===//
// OSDI Fig. 5: MATVEC, release priorities
//===----------------------------------------------------------------------===//

TEST_F(LocalityTest, MatvecPriorities) {
  int Iter = loop(Nest, -1, "iter", 10);
  int I = loop(Nest, Iter, "i", 100);
  int J = loop(Nest, I, "j", 1000000);
  Loops Path{Iter, I, J};
  int CRead = ref(Nest, "c", Path, "{ [t,i,j] -> [i] }", "c[i]", 4);
  int A = ref(Nest, "a", Path, "{ [t,i,j] -> [i, j] }", "a[i][j]", 4);
  int B = ref(Nest, "b", Path, "{ [t,i,j] -> [j] }", "b[j]", 4);
  int CWrite = ref(Nest, "c", Path, "{ [t,i,j] -> [i] }", "c[i]", 4);
  Nest.Refs[CWrite].IsWrite = true;
  Nest.Refs[CRead].ArrayBytes = Nest.Refs[CWrite].ArrayBytes = 100 * 4;
  Nest.Refs[A].ArrayBytes = int64_t(100) * 1000000 * 4;
  Nest.Refs[B].ArrayBytes = 1000000 * 4;

  MachineParams P;
  P.PageSize = 16384;
  P.MemSize = 4 << 20; // less than a[i][*] and b together (2 x 245 pages)
  NestLocality L = analyzeNest(Nest, P);

  // a and b: ceil(10^6 / 4096) = 245 pages each; c: 1 + 1 (its write).
  EXPECT_EQ(L.Loops[I].PagesPerIter, 492);
  EXPECT_EQ(L.Loops[J].PagesPerIter, 4);
  EXPECT_TRUE(L.Loops[J].Localized);
  EXPECT_FALSE(L.Loops[I].Localized);
  EXPECT_FALSE(L.Loops[Iter].Localized);

  EXPECT_EQ(L.Refs[A].TemporalLoops, Loops{Iter});
  EXPECT_EQ(L.Refs[A].Priority, 1u);
  EXPECT_EQ(L.Refs[B].TemporalLoops, (Loops{Iter, I}));
  EXPECT_EQ(L.Refs[B].Priority, 3u);
  EXPECT_EQ(L.Refs[CRead].Priority, 5u); // iter and j
  // The paper calls a's reuse along iter "locality", but iter holds b's
  // reuse too; with i out of the localized space neither is locality.
  EXPECT_TRUE(L.Refs[A].TemporalLocality.empty());
  for (int R : {A, B}) {
    EXPECT_EQ(L.Refs[R].SpatialLocality, Loops{J});
    EXPECT_EQ(L.Refs[R].SpatialFactor, Factors{4096});
    EXPECT_EQ(predicateText(Nest, L.Refs[R].PrefetchPredicate), "j mod 4096 = 0");
    EXPECT_EQ(predicateText(Nest, L.Refs[R].ReleasePredicate), "j mod 4096 = 4095");
    EXPECT_TRUE(L.Refs[R].Hints);
  }
  // c is smaller than a page: no hints at all.
  EXPECT_FALSE(L.Refs[CRead].Hints);
  EXPECT_FALSE(L.Refs[CWrite].Hints);
  EXPECT_EQ(L.Refs[CRead].Role, GroupRole::Leader);
  EXPECT_EQ(L.Refs[CWrite].Role, GroupRole::Trailer);
}

//===----------------------------------------------------------------------===//
// OSDI Fig. 3: nine-point stencil, 4 KB pages, 5120 doubles = 10 pages a row
//===----------------------------------------------------------------------===//

MachineParams stencilMemory(int64_t Pages) {
  MachineParams P;
  P.PageSize = 4096;
  P.MemSize = Pages * 4096;
  return P;
}

TEST_F(LocalityTest, StencilThreeRowsFit) {
  buildStencil("5120", /*WithWrite=*/false);
  NestLocality L = analyzeNest(Nest, stencilMemory(40));
  // One i iteration: three row leaders of ceil(5118/512) = 10 pages, six
  // followers of one page each.
  EXPECT_EQ(L.Loops[I].PagesPerIter, 36);
  EXPECT_EQ(L.Loops[J].PagesPerIter, 9);
  ASSERT_TRUE(L.Loops[I].Localized);

  EXPECT_EQ(groupOf(L, at(0, 0)).size(), 9u);
  EXPECT_EQ(L.Refs[at(1, 1)].Role, GroupRole::Leader);
  EXPECT_EQ(L.Refs[at(-1, -1)].Role, GroupRole::Trailer);
  for (int DI : {1, 0, -1})
    for (int DJ : {-1, 0, 1}) {
      if ((DI == 1 && DJ == 1) || (DI == -1 && DJ == -1))
        continue;
      const RefLocality &M = L.Refs[at(DI, DJ)];
      EXPECT_EQ(M.Role, GroupRole::Member) << Nest.Refs[at(DI, DJ)].Text;
      EXPECT_FALSE(M.Hints) << Nest.Refs[at(DI, DJ)].Text;
    }
  // The counters start at 1 in source terms.
  EXPECT_EQ(predicateText(Nest, L.Refs[at(1, 1)].PrefetchPredicate), "(j - 1) mod 512 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[at(1, 1)].ReleasePredicate), "false");
  EXPECT_EQ(predicateText(Nest, L.Refs[at(-1, -1)].PrefetchPredicate), "false");
  EXPECT_EQ(predicateText(Nest, L.Refs[at(-1, -1)].ReleasePredicate), "(j - 1) mod 512 = 511");
  // Spatial reuse along i too? No: a row is 40 KB, more than a page.
  EXPECT_TRUE(L.Refs[at(1, 1)].SpatialLoops == Loops{J});
}

TEST_F(LocalityTest, StencilLessThanThreeRows) {
  buildStencil("5120", /*WithWrite=*/false);
  NestLocality L = analyzeNest(Nest, stencilMemory(30));
  ASSERT_FALSE(L.Loops[I].Localized);
  ASSERT_TRUE(L.Loops[J].Localized);
  for (int DI : {1, 0, -1}) {
    std::vector<int> Row = groupOf(L, at(DI, 0));
    EXPECT_EQ(Row, (std::vector<int>{at(DI, -1), at(DI, 0), at(DI, 1)}));
    EXPECT_EQ(L.Refs[at(DI, 1)].Role, GroupRole::Leader);
    EXPECT_EQ(L.Refs[at(DI, -1)].Role, GroupRole::Trailer);
    EXPECT_EQ(L.Refs[at(DI, 0)].Role, GroupRole::Member);
    EXPECT_EQ(predicateText(Nest, L.Refs[at(DI, 1)].PrefetchPredicate), "(j - 1) mod 512 = 0");
    EXPECT_EQ(predicateText(Nest, L.Refs[at(DI, -1)].ReleasePredicate), "(j - 1) mod 512 = 511");
  }
}

// The store a[i][j] touches what the load a[i][j] touched in the same
// iteration: it joins the group as a plain member.
TEST_F(LocalityTest, StencilWriteJoinsGroup) {
  buildStencil("5120", /*WithWrite=*/true);
  NestLocality L = analyzeNest(Nest, stencilMemory(40));
  EXPECT_EQ(groupOf(L, Write).size(), 10u);
  EXPECT_EQ(L.Refs[Write].Role, GroupRole::Member);
  EXPECT_EQ(L.Refs[at(1, 1)].Role, GroupRole::Leader);
  EXPECT_EQ(L.Refs[at(-1, -1)].Role, GroupRole::Trailer);
}

// Unknown N: the papers' advice (assume only the smallest working set fits)
// is the Large mode; Small assumes three rows fit.
TEST_F(LocalityTest, StencilSymbolicSize) {
  buildStencil("N", /*WithWrite=*/false);
  NestLocality Large = analyzeNest(Nest, stencilMemory(40));
  EXPECT_EQ(Large.Loops[I].PagesText, "3*ceil((N - 2)/512) + 6");
  EXPECT_FALSE(Large.Loops[I].Localized);
  EXPECT_TRUE(Large.Loops[I].DependsOnUnknownTrip);
  EXPECT_EQ(groupOf(Large, at(0, 0)).size(), 3u);

  MachineParams Small = stencilMemory(40);
  Small.Unknown = UnknownTrip::Small;
  NestLocality L = analyzeNest(Nest, Small);
  EXPECT_TRUE(L.Loops[I].Localized);
  EXPECT_EQ(groupOf(L, at(0, 0)).size(), 9u);
  EXPECT_EQ(L.Refs[at(1, 1)].Role, GroupRole::Leader);
}

//===----------------------------------------------------------------------===//
// Steps, dimensions, nest shapes
//===----------------------------------------------------------------------===//

// for (j = n - 1; j >= 0; --j) s += A[j]; Polly: A[n - 1 - c].
TEST_F(LocalityTest, NegativeStride) {
  int J = symbolicLoop(Nest, -1, "j", "n", "n - 1", "0");
  Nest.Loops[J].Step = -1;
  int R = ref(Nest, "A", {J}, "[n] -> { [c] -> [n - 1 - c] }", "A[j]");
  MachineParams P = tinyPages();
  P.PageSize = 32; // four doubles a page
  NestLocality L = analyzeNest(Nest, P);
  EXPECT_EQ(L.Refs[R].SpatialFactor, Factors{4});
  // c mod 4 = 0 and c mod 4 = 3 with j = n - 1 - c.
  EXPECT_EQ(predicateText(Nest, L.Refs[R].PrefetchPredicate), "(j - (n - 1)) mod 4 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[R].ReleasePredicate), "(j - (n - 1)) mod 4 = 1");
  EXPECT_EQ(L.Loops[J].PagesPerIter, 1);
}

// for (j = 0; j < 2n; j += 2) s += A[j]; Polly: A[2c].
TEST_F(LocalityTest, NonUnitStep) {
  int J = symbolicLoop(Nest, -1, "j", "n");
  Nest.Loops[J].Step = 2;
  int R = ref(Nest, "A", {J}, "{ [c] -> [2c] }", "A[j]");
  MachineParams P = tinyPages();
  P.PageSize = 64; // eight doubles, four iterations a page
  NestLocality L = analyzeNest(Nest, P);
  EXPECT_EQ(L.Refs[R].SpatialFactor, Factors{4});
  EXPECT_EQ(predicateText(Nest, L.Refs[R].PrefetchPredicate), "j mod 8 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[R].ReleasePredicate), "j mod 8 = 6");
  // Two doubles a page: a stride of one page is no spatial reuse.
  NestLocality Tiny = analyzeNest(Nest, tinyPages());
  EXPECT_TRUE(Tiny.Refs[R].SpatialLoops.empty());
  EXPECT_EQ(predicateText(Nest, Tiny.Refs[R].PrefetchPredicate), "true");
  EXPECT_EQ(predicateText(Nest, Tiny.Refs[R].ReleasePredicate), "true");
}

TEST_F(LocalityTest, OneDimensional) {
  int I = loop(Nest, -1, "i", 100);
  int R = ref(Nest, "x", {I}, "{ [i] -> [i] }", "x[i]");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(predicateText(Nest, L.Refs[R].PrefetchPredicate), "i mod 2 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[R].ReleasePredicate), "i mod 2 = 1");
  EXPECT_EQ(L.Refs[R].Priority, 0u);
  EXPECT_EQ(L.Loops[I].PagesPerIter, 1);
}

// Matrix multiply, C[i][j] += A[i][k] * B[k][j], i j k: one temporal loop
// each, at depths 2, 1 and 0.
TEST_F(LocalityTest, ThreeDimensionalMatmul) {
  int I = loop(Nest, -1, "i", 4);
  int J = loop(Nest, I, "j", 4);
  int K = loop(Nest, J, "k", 4);
  Loops Path{I, J, K};
  int C = ref(Nest, "C", Path, "{ [i,j,k] -> [i, j] }", "C[i][j]");
  int A = ref(Nest, "A", Path, "{ [i,j,k] -> [i, k] }", "A[i][k]");
  int B = ref(Nest, "B", Path, "{ [i,j,k] -> [k, j] }", "B[k][j]");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Refs[C].TemporalLoops, Loops{K});
  EXPECT_EQ(L.Refs[C].SpatialLoops, Loops{J});
  EXPECT_EQ(L.Refs[C].Priority, 4u);
  EXPECT_EQ(L.Refs[A].TemporalLoops, Loops{J});
  EXPECT_EQ(L.Refs[A].SpatialLoops, Loops{K});
  EXPECT_EQ(L.Refs[A].Priority, 2u);
  EXPECT_EQ(L.Refs[B].TemporalLoops, Loops{I});
  EXPECT_EQ(L.Refs[B].SpatialLoops, Loops{J});
  EXPECT_EQ(L.Refs[B].Priority, 1u);
  // Per k iteration 3 pages; per j: C 1 + A 2 + B 4; per i: C 2 + A 2 + B 2*4.
  EXPECT_EQ(L.Loops[K].PagesPerIter, 3);
  EXPECT_EQ(L.Loops[J].PagesPerIter, 7);
  EXPECT_EQ(L.Loops[I].PagesPerIter, 12);
  EXPECT_EQ(predicateText(Nest, L.Refs[C].PrefetchPredicate), "j mod 2 = 0 and k = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[B].PrefetchPredicate), "i = 0 and j mod 2 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[B].ReleasePredicate), "i = 3 and j mod 2 = 1");
}

TEST_F(LocalityTest, FourDimensional) {
  int I = loop(Nest, -1, "i", 2);
  int J = loop(Nest, I, "j", 3);
  int K = loop(Nest, J, "k", 4);
  int M = loop(Nest, K, "l", 8);
  Loops Path{I, J, K, M};
  int A = ref(Nest, "A", Path, "{ [i,j,k,l] -> [i, j, k, l] }", "A[i][j][k][l]");
  int B = ref(Nest, "B", Path, "{ [i,j,k,l] -> [l] }", "B[l]");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Refs[B].TemporalLoops, (Loops{I, J, K}));
  EXPECT_EQ(L.Refs[B].Priority, 7u);
  EXPECT_EQ(L.Refs[A].SpatialLoops, Loops{M});
  // A: 1, 4, 16, 48 pages; B: 1, 4, 4, 4.
  EXPECT_EQ(L.Loops[M].PagesPerIter, 2);
  EXPECT_EQ(L.Loops[K].PagesPerIter, 8);
  EXPECT_EQ(L.Loops[J].PagesPerIter, 20);
  EXPECT_EQ(L.Loops[I].PagesPerIter, 52);
  EXPECT_EQ(predicateText(Nest, L.Refs[B].PrefetchPredicate), "i = 0 and j = 0 and k = 0 and l mod 2 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[B].ReleasePredicate), "i = 1 and j = 2 and k = 3 and l mod 2 = 1");
  EXPECT_EQ(loopDepth(Nest, M), 3);
}

// for i < n, for j <= i: A[i][j]. The inner trip count depends on i.
TEST_F(LocalityTest, TriangularNest) {
  int I = symbolicLoop(Nest, -1, "i", "n");
  int J = symbolicLoop(Nest, I, "j", "i + 1", "0", "i");
  int R = ref(Nest, "A", {I, J}, "[n] -> { [i,j] -> [i, j] : 0 <= j <= i < n }",
              "A[i][j]");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Loops[I].PagesText, "ceil((i + 1)/2)");
  EXPECT_FALSE(L.Loops[I].Localized);
  EXPECT_TRUE(L.Loops[I].DependsOnUnknownTrip);
  EXPECT_TRUE(L.Loops[J].Localized);
  EXPECT_EQ(predicateText(Nest, L.Refs[R].PrefetchPredicate), "j mod 2 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[R].ReleasePredicate), "j mod 2 = 1");
}

// for t < 3, for r < n, for s < n (or m): B[r][s] += A[r][t] * A[s][t].
// A[s][t] reads A[r][t]'s column only when s runs over r's range: the same
// trip-count key, not the same text.
TEST_F(LocalityTest, ColumnReadAgainOnlyThroughALoopOfTheSameRange) {
  for (const char *STrip : {"n", "m"}) {
    NestModel Nest;
    int T = loop(Nest, -1, "t", 3);
    int R = symbolicLoop(Nest, T, "r", "n");
    int S = symbolicLoop(Nest, R, "s", STrip);
    std::string Params = "[n, m] -> ";
    ref(Nest, "B", {T, R, S}, Params + "{ [t,r,s] -> [r, s] }", "B[r][s]");
    ref(Nest, "A", {T, R, S}, Params + "{ [t,r,s] -> [r, t] }", "A[r][t]");
    ref(Nest, "A", {T, R, S}, Params + "{ [t,r,s] -> [s, t] }", "A[s][t]");
    NestLocality L = analyzeNest(Nest, tinyPages());
    EXPECT_EQ(L.Loops[T].PagesText,
              std::string(STrip) == "n" ? "ceil(n/2)*n + n + 1" : "ceil(m/2)*n + m + n");
  }
}

// for i < 4 { for j < 8: A[i][j]; for k < 6: B[k][i]; }
TEST_F(LocalityTest, ImperfectNest) {
  int I = loop(Nest, -1, "i", 4);
  int J = loop(Nest, I, "j", 8);
  int K = loop(Nest, I, "k", 6);
  int A = ref(Nest, "A", {I, J}, "{ [i,j] -> [i, j] }", "A[i][j]");
  int B = ref(Nest, "B", {I, K}, "{ [i,k] -> [k, i] }", "B[k][i]");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Loops[I].PagesPerIter, 4 + 6);
  EXPECT_EQ(L.Loops[J].PagesPerIter, 1);
  EXPECT_EQ(L.Loops[K].PagesPerIter, 1);
  EXPECT_TRUE(L.Loops[I].Localized);
  EXPECT_EQ(L.Refs[B].SpatialLoops, Loops{I});
  EXPECT_EQ(predicateText(Nest, L.Refs[B].PrefetchPredicate), "i mod 2 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[A].PrefetchPredicate), "j mod 2 = 0");
  EXPECT_EQ(loopDepth(Nest, K), 1);

  MachineParams Nine = tinyPages();
  Nine.MemSize = 9 * 16;
  NestLocality Tight = analyzeNest(Nest, Nine);
  EXPECT_FALSE(Tight.Loops[I].Localized);
  EXPECT_TRUE(Tight.Loops[J].Localized);
  EXPECT_TRUE(Tight.Loops[K].Localized);
  EXPECT_EQ(predicateText(Nest, Tight.Refs[B].PrefetchPredicate), "true");
}

// for i < 2 { for j < 4 { for k < 2000: A[j][k] } for l < 8: B[l] }: one
// child that does not fit keeps the parent out, the other child stays in.
TEST_F(LocalityTest, ImperfectNestChildNotLocalized) {
  int I = loop(Nest, -1, "i", 2);
  int J = loop(Nest, I, "j", 4);
  int K = loop(Nest, J, "k", 2000);
  int M = loop(Nest, I, "l", 8);
  ref(Nest, "A", {I, J, K}, "{ [i,j,k] -> [j, k] }", "A[j][k]");
  int B = ref(Nest, "B", {I, M}, "{ [i,l] -> [l] }", "B[l]");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Loops[J].PagesPerIter, 1000);
  EXPECT_FALSE(L.Loops[J].Localized);
  EXPECT_TRUE(L.Loops[K].Localized);
  EXPECT_TRUE(L.Loops[M].Localized);
  EXPECT_FALSE(L.Loops[I].Localized);
  EXPECT_FALSE(L.Loops[I].DependsOnUnknownTrip);
  EXPECT_EQ(L.Refs[B].TemporalLoops, Loops{I});
  EXPECT_EQ(predicateText(Nest, L.Refs[B].PrefetchPredicate), "l mod 2 = 0");
}

//===----------------------------------------------------------------------===//
// Indirect and degenerate references
//===----------------------------------------------------------------------===//

// for i < 10, for j < 8: a[b[i]] += 1: prefetch always, never release.
TEST_F(LocalityTest, IndirectReference) {
  int I = loop(Nest, -1, "i", 10);
  int J = loop(Nest, I, "j", 8);
  int Index = ref(Nest, "b", {I, J}, "{ [i,j] -> [i] }", "b[i]");
  NestRef Indirect;
  Indirect.Array = "a";
  Indirect.Path = {I, J};
  Indirect.Indirect = true;
  Indirect.Text = "a[b[i]]";
  Nest.Refs.push_back(Indirect);
  int AB = int(Nest.Refs.size()) - 1;
  NestLocality L = analyzeNest(Nest, tinyPages());
  const RefLocality &R = L.Refs[AB];
  EXPECT_EQ(predicateText(Nest, R.PrefetchPredicate), "true");
  EXPECT_EQ(predicateText(Nest, R.ReleasePredicate), "false");
  EXPECT_EQ(R.Priority, 0u);
  EXPECT_EQ(R.Role, GroupRole::Single);
  EXPECT_NE(R.Group, L.Refs[Index].Group);
  EXPECT_TRUE(R.TemporalLoops.empty());
  EXPECT_TRUE(R.TemporalSpace.is_null());
  EXPECT_TRUE(R.Hints);
  // No reuse assumed: 8 pages per i iteration, next to b[i]'s one.
  EXPECT_EQ(L.Loops[I].PagesPerIter, 9);
  EXPECT_EQ(predicateText(Nest, L.Refs[Index].PrefetchPredicate), "i mod 2 = 0 and j = 0");
}

// for r, for k from rowptr[r]: val[k] is a stream from a loaded start:
// prefetched ahead and released behind, unlike an indirect reference.
TEST_F(LocalityTest, LoadedBaseStreamIsReleased) {
  int R = loop(Nest, -1, "r", 10);
  int K = loop(Nest, R, "k", 8);
  NestRef Stream;
  Stream.Array = "val";
  Stream.Path = {R, K};
  Stream.LoadedBase = true;
  Stream.Text = "val[rowptr[...]]";
  Nest.Refs.push_back(Stream);
  NestLocality L = analyzeNest(Nest, tinyPages());
  const RefLocality &V = L.Refs.back();
  EXPECT_EQ(predicateText(Nest, V.PrefetchPredicate), "true");
  EXPECT_EQ(predicateText(Nest, V.ReleasePredicate), "true");
  EXPECT_EQ(V.Priority, 0u);
  EXPECT_TRUE(V.Hints);
}

// A piecewise (non-affine) direct access: no reuse claimed, hinted always.
TEST_F(LocalityTest, PiecewiseDirectAccess) {
  int I = loop(Nest, -1, "i", 10);
  int R = ref(Nest, "A", {I}, "{ [i] -> [i] : i >= 5; [i] -> [9 - i] : i < 5 }");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_TRUE(L.Refs[R].TemporalSpace.is_equal(set("{ [0] }")));
  EXPECT_TRUE(L.Refs[R].SpatialLoops.empty());
  EXPECT_EQ(predicateText(Nest, L.Refs[R].PrefetchPredicate), "true");
  EXPECT_EQ(predicateText(Nest, L.Refs[R].ReleasePredicate), "true");
}

// A model whose access does not span the reference's path, or has a zero
// element size, must not reach isl with mismatched spaces (isl aborts).
TEST_F(LocalityTest, MalformedReferenceIsNotAnalysed) {
  int I = loop(Nest, -1, "i", 10);
  int J = loop(Nest, I, "j", 10);
  int Short = ref(Nest, "A", {I, J}, "{ [i] -> [i] }");
  int Twin = ref(Nest, "A", {I, J}, "{ [i] -> [i + 1] }");
  int Empty = ref(Nest, "E", {I, J}, "{ [i,j] -> [j] }", "E[j]", /*ElemSize=*/0);
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_TRUE(L.Refs[Short].TemporalSpace.is_null());
  EXPECT_EQ(L.Refs[Short].Role, GroupRole::Single);
  EXPECT_EQ(predicateText(Nest, L.Refs[Twin].PrefetchPredicate), "true");
  EXPECT_TRUE(L.Refs[Empty].SpatialLoops.empty());
  EXPECT_EQ(L.Refs[Empty].TemporalLoops, Loops{I});
}

// A scalar in memory (0-d access) is reused along every loop.
TEST_F(LocalityTest, ZeroDimensionalAccess) {
  int I = loop(Nest, -1, "i", 10);
  int S = ref(Nest, "s", {I}, "{ [i] -> [] }", "s");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Refs[S].TemporalLoops, Loops{I});
  EXPECT_EQ(predicateText(Nest, L.Refs[S].PrefetchPredicate), "i = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[S].ReleasePredicate), "i = 9");
  EXPECT_EQ(L.Refs[S].Priority, 1u);
  EXPECT_TRUE(L.Refs[S].Hints);
  Nest.Refs[S].ArrayBytes = 8;
  EXPECT_FALSE(analyzeNest(Nest, tinyPages()).Refs[S].Hints);
}

TEST_F(LocalityTest, OneTripLoops) {
  int I = loop(Nest, -1, "i", 1);
  int J = loop(Nest, I, "j", 1);
  int R = ref(Nest, "A", {I, J}, "{ [i,j] -> [i, j] }", "A[i][j]");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Loops[I].PagesPerIter, 1);
  EXPECT_EQ(L.Loops[J].PagesPerIter, 1);
  EXPECT_TRUE(L.Loops[I].Localized);
  EXPECT_EQ(predicateText(Nest, L.Refs[R].PrefetchPredicate), "j mod 2 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[R].ReleasePredicate), "j mod 2 = 1");
}

TEST_F(LocalityTest, LoopWithoutReferences) {
  int I = loop(Nest, -1, "i", 1000);
  loop(Nest, I, "j", 1000);
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(L.Loops[I].PagesPerIter, 0);
  EXPECT_EQ(L.Loops[I].PagesText, "0");
  EXPECT_TRUE(L.Loops[I].Localized);
}

// A loop that starts at 1 writes its predicates in source terms.
TEST_F(LocalityTest, NonZeroFirstValue) {
  int J = symbolicLoop(Nest, -1, "j", "n - 1", "1", "n - 1");
  int R = ref(Nest, "A", {J}, "[n] -> { [c] -> [c + 1] }", "A[j]");
  NestLocality L = analyzeNest(Nest, tinyPages());
  EXPECT_EQ(predicateText(Nest, L.Refs[R].PrefetchPredicate), "(j - 1) mod 2 = 0");
  EXPECT_EQ(predicateText(Nest, L.Refs[R].ReleasePredicate), "(j - 1) mod 2 = 1");
}

TEST_F(LocalityTest, GroupRoleNames) {
  EXPECT_STREQ(groupRoleName(GroupRole::Single), "single");
  EXPECT_STREQ(groupRoleName(GroupRole::Leader), "leader");
  EXPECT_STREQ(groupRoleName(GroupRole::Trailer), "trailer");
  EXPECT_STREQ(groupRoleName(GroupRole::Member), "member");
}

} // namespace
} // namespace outcore
