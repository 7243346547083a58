#include <gtest/gtest.h>

extern "C" {
#include "love_hate.h"
}

namespace {

class LovedTable : public ::testing::Test {
protected:
  void TearDown() override { oc_loved_set(1, UINTPTR_MAX, false); }
};

TEST_F(LovedTable, FindsLovedAndUnlovedGranules) {
  ASSERT_TRUE(oc_loved_set(100, 200, true));
  EXPECT_EQ(oc_loved_find(0 + 1, 1000, true), 100u);
  EXPECT_EQ(oc_loved_find(150, 1000, true), 150u);
  EXPECT_EQ(oc_loved_find(200, 1000, true), 1000u);
  EXPECT_EQ(oc_loved_find(100, 1000, false), 200u);
  EXPECT_EQ(oc_loved_find(50, 1000, false), 50u);
  EXPECT_EQ(oc_loved_find(120, 180, false), 180u); // all loved
}

TEST_F(LovedTable, AdjacentRangesAreSkippedTogether) {
  ASSERT_TRUE(oc_loved_set(100, 200, true));
  ASSERT_TRUE(oc_loved_set(200, 300, true));
  EXPECT_EQ(oc_loved_find(100, 1000, false), 300u);
}

TEST_F(LovedTable, HateTrimsLove) {
  ASSERT_TRUE(oc_loved_set(100, 400, true));
  ASSERT_TRUE(oc_loved_set(200, 300, false));
  EXPECT_EQ(oc_loved_find(100, 1000, false), 200u);
  EXPECT_EQ(oc_loved_find(200, 1000, true), 300u);
  EXPECT_EQ(oc_loved_find(300, 1000, false), 400u);
}

TEST_F(LovedTable, BadRangesAndAFullTableAreRefused) {
  EXPECT_FALSE(oc_loved_set(0, 10, true));
  EXPECT_FALSE(oc_loved_set(20, 10, true));
  for (uintptr_t i = 0; i < OC_LOVED_RANGES; i++)
    ASSERT_TRUE(oc_loved_set(1000 + 10 * i, 1005 + 10 * i, true));
  EXPECT_FALSE(oc_loved_set(5000, 5005, true));
  EXPECT_TRUE(oc_loved_set(1000, 1005, true)) << "already loved: nothing to add";
}

} // namespace
