//===- PrefetchDistanceTest.cpp - TOCS eq. 1 ------------------------------===//

#include "Schedule.h"

#include "gtest/gtest.h"

namespace outcore {
namespace {

// TOCS eq. 1: d = ceil(l_m / (s + l_p)) iterations ahead.
TEST(PrefetchDistance, RoundsUp) {
  EXPECT_EQ(prefetchDistance(300000, 1000, 2000), 100);
  EXPECT_EQ(prefetchDistance(300001, 1000, 2000), 101);
  EXPECT_EQ(prefetchDistance(10, 3, 0), 4);
}

// A body longer than the latency still prefetches one iteration ahead.
TEST(PrefetchDistance, AtLeastOne) {
  EXPECT_EQ(prefetchDistance(1000, 5000, 2000), 1);
  EXPECT_EQ(prefetchDistance(0, 10, 10), 1);
}

// An empty body with free prefetches must not divide by zero.
TEST(PrefetchDistance, EmptyBodyAndFreePrefetch) {
  EXPECT_EQ(prefetchDistance(300000, 0, 0), 300000);
  EXPECT_EQ(prefetchDistance(300000, 0, 2000), 150);
}

// The schedule caps a huge body at a quarter of INT64_MAX: no overflow.
TEST(PrefetchDistance, HugeBody) {
  const int64_t Huge = std::numeric_limits<int64_t>::max() / 4;
  EXPECT_EQ(prefetchDistance(300000, Huge, 2000), 1);
}

} // namespace
} // namespace outcore
