#include <gtest/gtest.h>

extern "C" {
#include "residency.h"
}

namespace {

constexpr uintptr_t kGranulesPerLeaf = uintptr_t(1) << (OC_LEAF_SHIFT - OC_GRANULE_SHIFT);

class Residency : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_TRUE(oc_residency_init()); }
  // Each test uses its own leaf so tests do not see each other's bits.
  static uintptr_t Leaf(unsigned n) { return (uintptr_t(3000) + n) * kGranulesPerLeaf; }
};

TEST_F(Residency, UnknownPagesAreNotResident) {
  uintptr_t g = Leaf(0) + 5;
  EXPECT_FALSE(oc_residency_test(g));
  EXPECT_FALSE(oc_residency_test_fast(g << OC_GRANULE_SHIFT));
  EXPECT_EQ(oc_residency_first_missing(g, g + 10), g);
}

TEST_F(Residency, SetAndClearRangesAcrossWords) {
  uintptr_t g = Leaf(1) + 60;
  ASSERT_TRUE(oc_residency_set_resident(g, g + 70));
  for (uintptr_t i = g; i < g + 70; i++)
    EXPECT_TRUE(oc_residency_test_fast(i << OC_GRANULE_SHIFT)) << i - g;
  EXPECT_FALSE(oc_residency_test(g - 1));
  EXPECT_FALSE(oc_residency_test(g + 70));
  EXPECT_EQ(oc_residency_first_missing(g, g + 70), g + 70);
  oc_residency_clear_resident(g + 10, g + 12);
  EXPECT_EQ(oc_residency_first_missing(g, g + 70), g + 10);
  EXPECT_EQ(oc_residency_first_missing(g + 12, g + 70), g + 70);
}

TEST_F(Residency, AllResidentAgreesWithFirstMissing) {
  // Within a word, across two words, a whole word, and empty ranges, with a few holes.
  uintptr_t g = Leaf(3);
  ASSERT_TRUE(oc_residency_set_resident(g, g + 192));
  for (uintptr_t hole : {uintptr_t(5), uintptr_t(63), uintptr_t(64), uintptr_t(130)})
    oc_residency_clear_resident(g + hole, g + hole + 1);
  for (uintptr_t first = g; first < g + 192; first += 3)
    for (uintptr_t n = 0; n <= 66 && first + n <= g + 192; n++)
      EXPECT_EQ(oc_residency_all_resident(first, first + n),
                oc_residency_first_missing(first, first + n) == first + n)
          << "granules " << first - g << " + " << n;
  EXPECT_TRUE(oc_residency_all_resident(g + 6, g + 63));
  EXPECT_FALSE(oc_residency_all_resident(g + 6, g + 64));
  EXPECT_TRUE(oc_residency_all_resident(g + 65, g + 129)); // across two words
}

TEST_F(Residency, WordTestNeedsAFullWordHoldingTheWholeSpan) {
  uintptr_t g = Leaf(2) + 64; // first granule of a word
  uintptr_t addr = (g + 8) << OC_GRANULE_SHIFT;
  ASSERT_TRUE(oc_residency_set_resident(g + 8, g + 12));
  // Resident, but its word only in part: for the caller's exact test.
  EXPECT_FALSE(oc_residency_word_full_fast(addr, addr + 4 * OC_GRANULE_SIZE - 1));
  EXPECT_EQ(oc_residency_first_missing(g + 8, g + 12), g + 12);
  ASSERT_TRUE(oc_residency_set_resident(g, g + 64));
  EXPECT_TRUE(oc_residency_word_full_fast(addr, addr + 4 * OC_GRANULE_SIZE - 1));
  oc_residency_clear_resident(g + 40, g + 41);
  EXPECT_FALSE(oc_residency_word_full_fast(addr, addr + 4 * OC_GRANULE_SIZE - 1));
  // Spans crossing a 64-page word are left to the slow path.
  uintptr_t w = (Leaf(2) + 62) << OC_GRANULE_SHIFT;
  ASSERT_TRUE(oc_residency_set_resident(Leaf(2), Leaf(2) + 128));
  EXPECT_FALSE(oc_residency_word_full_fast(w, w + 4 * OC_GRANULE_SIZE - 1));
  // So are addresses past root 0.
  uintptr_t high = (uintptr_t)1 << OC_ROOT_SHIFT;
  EXPECT_FALSE(oc_residency_word_full_fast(high, high + OC_GRANULE_SIZE - 1));
}

TEST_F(Residency, RangeSpanningTwoLeaves) {
  uintptr_t g = Leaf(4) - 3;
  ASSERT_TRUE(oc_residency_set_resident(g, g + 6));
  EXPECT_EQ(oc_residency_first_missing(g, g + 6), g + 6);
  EXPECT_TRUE(oc_residency_test(Leaf(4) + 2));
  EXPECT_FALSE(oc_residency_test(Leaf(4) + 3));
}

TEST_F(Residency, HighAddressesUseUpperRootsAndKernelHalfIsIgnored) {
  uintptr_t high = (uintptr_t(1) << (55 - OC_GRANULE_SHIFT)) + 77; // 5-level paging range
  ASSERT_TRUE(oc_residency_set_resident(high, high + 2));
  EXPECT_TRUE(oc_residency_test(high + 1));
  EXPECT_FALSE(oc_residency_test_fast(high << OC_GRANULE_SHIFT)); // fast path: root 0 only
  uintptr_t kernel = uintptr_t(0xffff800000000000ull) >> OC_GRANULE_SHIFT;
  EXPECT_TRUE(oc_residency_set_resident(kernel, kernel + 1)); // clipped to nothing
  EXPECT_FALSE(oc_residency_test(kernel));
  EXPECT_FALSE(oc_residency_test_fast(0xffffffffffff0000ull));
}

TEST_F(Residency, ReleasedBitsAreTakenOnce) {
  uintptr_t g = Leaf(5) + 100;
  ASSERT_TRUE(oc_residency_set_resident(g, g + 11));
  oc_residency_mark_released(g, g + 10, 0);
  EXPECT_TRUE(oc_residency_is_released(g + 9));
  EXPECT_EQ(oc_residency_first_missing(g, g + 11), g); // released: no longer resident
  EXPECT_TRUE(oc_residency_test(g + 10));
  EXPECT_EQ(oc_residency_find_released(g - 5, g + 20, true), g);
  EXPECT_EQ(oc_residency_find_released(g, g + 20, false), g + 10);
  EXPECT_EQ(oc_residency_take_released(g + 5, g + 20, nullptr, nullptr), 5);
  EXPECT_EQ(oc_residency_take_released(g + 5, g + 20, nullptr, nullptr), 0);
  EXPECT_EQ(oc_residency_find_released(g, g + 20, false), g + 5);
  // Nothing released in a leaf that does not exist.
  EXPECT_EQ(oc_residency_find_released(Leaf(90), Leaf(90) + 10, true), Leaf(90) + 10);
}

TEST_F(Residency, TakingReleasedBitsCountsTheRecentOnesOfItsReleaser) {
  uintptr_t g = Leaf(7) + 60; // across a word boundary
  oc_residency_mark_released(g, g + 8, oc_release_stamp_of(3, 100));
  oc_residency_mark_released(g + 2, g + 4, oc_release_stamp_of(9, 100)); // another's since
  oc_residency_mark_released(g + 4, g + 5, oc_release_stamp_of(3, 20));  // long ago
  oc_release_stamp_match by3 = {3, 110, 50, 0, 0, 0};
  EXPECT_EQ(oc_residency_take_released(g, g + 6, &by3, nullptr), 6);
  EXPECT_EQ(by3.count, 3); // g, g + 1, g + 5
  oc_release_stamp_match by9 = {9, 110, 50, 0, 0, 0};
  EXPECT_EQ(oc_residency_take_released(g, g + 8, &by9, nullptr), 2); // only the bits still set
  EXPECT_EQ(by9.count, 0);
  // The clock wraps: a stamp just before the wrap is recent just after it.
  oc_residency_mark_released(g, g + 1, oc_release_stamp_of(3, OC_STAMP_CLOCK_MASK));
  oc_release_stamp_match wrapped = {3, 2, 50, 0, 0, 0};
  EXPECT_EQ(oc_residency_take_released(g, g + 1, &wrapped, nullptr), 1);
  EXPECT_EQ(wrapped.count, 1);
  // A mark of 0 names nobody: nothing counts as its own.
  oc_residency_mark_released(g, g + 4, oc_release_stamp_of(0, 110));
  oc_release_stamp_match none = {0, 110, 50, 0, 0, 0};
  EXPECT_EQ(oc_residency_take_released(g, g + 4, &none, nullptr), 4);
  EXPECT_EQ(none.count, 0);
  EXPECT_EQ(oc_residency_first_missing(g, g + 4), g); // none made resident
  EXPECT_EQ(oc_residency_first_missing(g, g + 4), g); // none was resident: none made so
}

TEST_F(Residency, TakenPagesWhoseReleaseWasNotIssuedAreResidentAgain) {
  uintptr_t g = Leaf(8) + 60; // across a word boundary
  // g .. g + 3 resident, g + 4 .. g + 5 not, all released; g + 2's release is issued.
  ASSERT_TRUE(oc_residency_set_resident(g, g + 4));
  oc_residency_mark_released(g, g + 6, oc_release_stamp_of(3, 100));
  oc_residency_mark_issued(g + 2, g + 3);
  oc_release_stamp_match own = {3, 101, 50, 50, 0, 0};
  long in_memory = 0;
  EXPECT_EQ(oc_residency_take_released(g, g + 6, &own, &in_memory), 6);
  EXPECT_EQ(own.count, 6);
  EXPECT_EQ(in_memory, 3); // g, g + 1, g + 3: never left memory
  EXPECT_EQ(own.issued_back_soon, 1); // g + 2: it left, and came back soon
  EXPECT_TRUE(oc_residency_test(g + 1));
  EXPECT_TRUE(oc_residency_test(g + 3));
  EXPECT_FALSE(oc_residency_test(g + 2)); // issued: it left
  EXPECT_FALSE(oc_residency_test(g + 4)); // not resident when released
  // Without a match (another releaser's pages, or none to judge) the same holds.
  ASSERT_TRUE(oc_residency_set_resident(g, g + 2));
  oc_residency_mark_released(g, g + 2, oc_release_stamp_of(9, 102));
  in_memory = 0;
  EXPECT_EQ(oc_residency_take_released(g, g + 2, nullptr, &in_memory), 2);
  EXPECT_EQ(in_memory, 2);
  EXPECT_EQ(oc_residency_first_missing(g, g + 2), g + 2);
}

TEST_F(Residency, ReleasedBitsAreCountedWithoutTakingThem) {
  // A strided piece: every 8th granule of a 2 MiB chunk (512 granules, 8 words).
  uintptr_t g = Leaf(12);
  for (uintptr_t k = 0; k < 512; k += 8)
    oc_residency_mark_released(g + k, g + k + 1, 0);
  EXPECT_EQ(oc_residency_count_released(g, g + 512), 64);
  EXPECT_EQ(oc_residency_count_released(g + 1, g + 8), 0);
  EXPECT_EQ(oc_residency_count_released(g + 8, g + 17), 2);
  EXPECT_EQ(oc_residency_count_released(g, g + 512), 64); // counting took nothing
  EXPECT_EQ(oc_residency_count_released(Leaf(91), Leaf(91) + 10), 0); // no leaf
}

TEST_F(Residency, MincoreVectorOverwritesBits) {
  uintptr_t g = Leaf(6) + 30;
  ASSERT_TRUE(oc_residency_set_resident(g, g + 100));
  unsigned char vec[100] = {};
  for (int i = 0; i < 100; i += 3)
    vec[i] = 1;
  oc_residency_store_mincore(g, 100, vec);
  for (int i = 0; i < 100; i++)
    EXPECT_EQ(oc_residency_test(g + i), i % 3 == 0) << i;
}

TEST_F(Residency, LeavesAreReportedOnce) {
  ASSERT_TRUE(oc_residency_set_resident(Leaf(7), Leaf(7) + 1));
  ASSERT_TRUE(oc_residency_set_resident(Leaf(7) + 500, Leaf(7) + 501));
  int seen = 0;
  oc_residency_for_each_leaf(
      [](uintptr_t base, void *ctx) {
        if (base == Leaf(7) << OC_GRANULE_SHIFT)
          ++*static_cast<int *>(ctx);
      },
      &seen);
  EXPECT_EQ(seen, 1);
}

} // namespace
