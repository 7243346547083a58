#include <gtest/gtest.h>

extern "C" {
#include "pager_streams.h"
}

namespace {

constexpr size_t Max = 256;

TEST(PagerStreams, AFillWhereAStreamEndedDoublesItsWindowUpToTheCap) {
  oc_pager_streams s{};
  EXPECT_EQ(oc_pager_streams_window(&s, 100, 4, Max), 4u); // nothing known: what was asked
  oc_pager_streams_filled(&s, 100, 4);
  size_t page = 104, expected = 8;
  for (int i = 0; i < 8; i++) {
    size_t w = oc_pager_streams_window(&s, page, 4, Max);
    EXPECT_EQ(w, expected);
    oc_pager_streams_filled(&s, page, w);
    page += w;
    expected = 2 * expected < Max ? 2 * expected : Max;
  }
  EXPECT_EQ(oc_pager_streams_window(&s, page, 4, Max), Max);
}

TEST(PagerStreams, ARepeatOrAJumpIsNoContinuation) {
  oc_pager_streams s{};
  oc_pager_streams_filled(&s, 100, 16);
  EXPECT_EQ(oc_pager_streams_window(&s, 100, 1, Max), 1u); // the same fill again
  EXPECT_EQ(oc_pager_streams_window(&s, 117, 1, Max), 1u); // a page past its end
  EXPECT_EQ(oc_pager_streams_window(&s, 116, 1, Max), 32u);
}

TEST(PagerStreams, InterleavedStreamsEachKeepTheirWindowUntilTooMany) {
  oc_pager_streams s{};
  // Rows of a stencil: OC_PAGER_STREAMS streams far apart, filled in turn.
  for (size_t k = 0; k < OC_PAGER_STREAMS; k++)
    oc_pager_streams_filled(&s, k * 10000, 4);
  for (size_t k = 0; k < OC_PAGER_STREAMS; k++)
    EXPECT_EQ(oc_pager_streams_window(&s, k * 10000 + 4, 4, Max), 8u) << k;
  // One more stream takes the oldest slot: stream 0 is forgotten, the others stay.
  oc_pager_streams_filled(&s, 999999, 4);
  EXPECT_EQ(oc_pager_streams_window(&s, 4, 4, Max), 4u);
  EXPECT_EQ(oc_pager_streams_window(&s, 10004, 4, Max), 8u);
  EXPECT_EQ(oc_pager_streams_window(&s, 1000003, 4, Max), 8u);
}

} // namespace
