//===- LocalityModelTest.cpp - localized space, groups, predicates --------===//
//
// The papers' worked examples (TOCS Fig. 3, 4; OSDI Fig. 3, 5) and edge cases.
//
//===----------------------------------------------------------------------===//

#include "IslFixture.h"

namespace outcore {
namespace {

using LocalityTest = IslTest;

/// TOCS Fig. 3: for i < 3, for j < JTrip: A[i][j] = B[j][0] + B[j+1][0].
struct Fig3 {
  NestModel Nest;
  int I, J, A, BJ, BJ1;
};
Fig3 buildFig3(IslTest &T, NestModel &Nest, int64_t JTrip);

} // namespace
} // namespace outcore
