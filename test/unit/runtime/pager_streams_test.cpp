#include <gtest/gtest.h>

extern "C" {
#include "pager_streams.h"
}

namespace {

constexpr size_t Max = 256;

// The window's length where a fill from page goes up.
size_t up(const oc_pager_streams &s, size_t page, size_t fresh) {
  oc_pager_fill_window w = oc_pager_streams_window(&s, page, fresh, Max);
  EXPECT_FALSE(w.down) << page;
  return w.pages;
}

TEST(PagerStreams, AFillWhereAStreamEndedDoublesItsWindowUpToTheCap) {
  oc_pager_streams s{};
  EXPECT_EQ(up(s, 100, 4), 4u); // nothing known: what was asked
  oc_pager_streams_filled(&s, 100, 4, 0);
  size_t page = 104, expected = 8;
  for (int i = 0; i < 8; i++) {
    size_t w = up(s, page, 4);
    EXPECT_EQ(w, expected);
    oc_pager_streams_filled(&s, page, w, 0);
    page += w;
    expected = 2 * expected < Max ? 2 * expected : Max;
  }
  EXPECT_EQ(up(s, page, 4), Max);
}

TEST(PagerStreams, ARepeatOrAJumpIsNoContinuation) {
  oc_pager_streams s{};
  oc_pager_streams_filled(&s, 100, 16, 0);
  EXPECT_EQ(up(s, 100, 1), 1u); // the same fill again
  EXPECT_EQ(up(s, 117, 1), 1u); // a page past its end
  EXPECT_EQ(up(s, 116, 1), 32u);
}

TEST(PagerStreams, AStreamGoesOnPastPagesAlreadyMapped) {
  oc_pager_streams s{};
  oc_pager_streams_filled(&s, 100, 5, 2); // stopped at pages 105 and 106, mapped
  EXPECT_EQ(up(s, 107, 1), 10u);
  EXPECT_EQ(up(s, 105, 1), 1u);
  // Going down, the pages below a fill are the ones the stream has used.
  oc_pager_streams_filled(&s, 1000, 1, 3);
  EXPECT_EQ(up(s, 1004, 1), 2u);
  oc_pager_streams_filled(&s, 998, 2, 5);
  EXPECT_EQ(up(s, 992, 1), 1u);
  EXPECT_TRUE(oc_pager_streams_window(&s, 997, 1, Max).down);
}

TEST(PagerStreams, InterleavedStreamsEachKeepTheirWindowUntilTooMany) {
  oc_pager_streams s{};
  // Rows of a stencil: OC_PAGER_STREAMS streams far apart, filled in turn.
  for (size_t k = 0; k < OC_PAGER_STREAMS; k++)
    oc_pager_streams_filled(&s, k * 10000, 4, 0);
  for (size_t k = 0; k < OC_PAGER_STREAMS; k++)
    EXPECT_EQ(up(s, k * 10000 + 4, 4), 8u) << k;
  // One more stream takes the oldest slot: stream 0 is forgotten, the others stay.
  oc_pager_streams_filled(&s, 999999, 4, 0);
  EXPECT_EQ(up(s, 4, 4), 4u);
  EXPECT_EQ(up(s, 10004, 4), 8u);
  EXPECT_EQ(up(s, 1000003, 4), 8u);
}

TEST(PagerStreams, AFaultJustBelowAFillWalksDownDoublingItsWindow) {
  oc_pager_streams s{};
  oc_pager_streams_filled(&s, 1000, 1, 0); // a fault: one page
  size_t page = 999, expected = 2;
  for (int i = 0; i < 9; i++) {
    oc_pager_fill_window w = oc_pager_streams_window(&s, page, 1, Max);
    EXPECT_TRUE(w.down) << i;
    EXPECT_EQ(w.pages, expected) << i;
    oc_pager_streams_filled(&s, page + 1 - w.pages, w.pages, 0); // pages (page - w, page]
    page -= w.pages;
    expected = 2 * expected < Max ? 2 * expected : Max;
  }
  // The stream's last fill began just above page: the next page down continues it,
  // and a jump below it does not.
  EXPECT_TRUE(oc_pager_streams_window(&s, page, 1, Max).down);
  EXPECT_EQ(up(s, page - 1, 1), 1u);
}

TEST(PagerStreams, OnlyAStreamGoingDownOrASinglePageContinuesDown) {
  oc_pager_streams s{};
  oc_pager_streams_filled(&s, 100, 4, 0); // a prefetched block, or a stream going up
  EXPECT_EQ(up(s, 99, 1), 1u);         // the page below it: a fresh fault
  for (size_t k = 1; k < OC_PAGER_STREAMS; k++)
    oc_pager_streams_filled(&s, k * 10000, 1, 0); // faults, a page each
  // Below the fault at 30000, a fill that ends there takes its slot, not another's.
  oc_pager_streams_filled(&s, 3 * 10000 - 8, 8, 0);
  EXPECT_EQ(up(s, 104, 1), 8u);
  EXPECT_EQ(up(s, 20001, 1), 2u);
  EXPECT_EQ(up(s, 30001, 1), 1u); // stream 3 now is the fill below it
  oc_pager_fill_window w = oc_pager_streams_window(&s, 3 * 10000 - 9, 1, Max);
  EXPECT_TRUE(w.down);
  EXPECT_EQ(w.pages, 16u);
}

} // namespace
