#include <gtest/gtest.h>

extern "C" {
#include "pacing.h"
}

namespace {

constexpr long MiB = 1L << 20;
constexpr long kSample = 5000000; // 5 ms, the limit sample
constexpr long kReact = 2 * kSample;

// Feeds a steady consumption of bytes_per_s, one sample every 5 ms.
oc_pace Steady(long bytes_per_s, int samples) {
  oc_pace pace{};
  for (int i = 0; i <= samples; i++)
    oc_pace_sample(&pace, (i + 1) * kSample, bytes_per_s / 200 * i);
  return pace;
}

TEST(Pacing, RateIsTheConsumptionPerSecond) {
  oc_pace pace = Steady(400 * MiB, 10);
  EXPECT_NEAR(pace.rate, 400 * MiB, MiB);
}

TEST(Pacing, HeadroomCoversTheConsumptionUntilTheNextDecisionShows) {
  // 64 MiB group: the runtime's limit is 60 MiB (a reserve of 1/16 below it).
  const long limit = 60 * MiB;
  oc_pace pace = Steady(400 * MiB, 10); // a fast stream: 4 MiB per 10 ms
  long headroom = oc_pace_headroom(&pace, limit, kReact);
  EXPECT_GE(headroom, 4 * MiB + 8 * MiB - MiB / 8);
  // Below limit - headroom nothing goes; above, exactly the excess.
  EXPECT_EQ(oc_pace_release_bytes(&pace, limit, limit - headroom, kReact), 0);
  EXPECT_EQ(oc_pace_release_bytes(&pace, limit, limit - headroom + 3 * MiB, kReact), 3 * MiB);
  // A slow program keeps only the margin free: its buffer stays useful.
  oc_pace slow = Steady(1 * MiB, 10);
  EXPECT_LT(oc_pace_headroom(&slow, limit, kReact), 8 * MiB + MiB / 8);
}

TEST(Pacing, EveryLimitKeepsAMarginAndNeverMoreThanHalf) {
  for (long limit : {16 * MiB, 60 * MiB, 240 * MiB, 4096 * MiB}) {
    oc_pace idle{};
    long margin = limit / 16 > 8 * MiB ? limit / 16 : 8 * MiB; // a readahead window at least
    EXPECT_EQ(oc_pace_headroom(&idle, limit, kReact), margin) << limit;
    oc_pace flood = Steady(1000000 * MiB, 3);
    EXPECT_EQ(oc_pace_headroom(&flood, limit, kReact), limit / 2) << limit;
  }
}

TEST(Pacing, ARateRisesAtOnceAndFallsGradually) {
  oc_pace pace = Steady(400 * MiB, 10);
  long consumed = pace.last_consumed, now = pace.last_ns, before = pace.rate;
  oc_pace_sample(&pace, now + kSample, consumed); // nothing consumed this sample
  EXPECT_EQ(pace.rate, before - before / 4);
  for (int i = 2; i < 40; i++)
    oc_pace_sample(&pace, now + i * kSample, consumed);
  EXPECT_LT(pace.rate, MiB);
  oc_pace_sample(&pace, now + 40 * kSample, consumed + 4 * MiB); // 800 MiB/s burst
  EXPECT_NEAR(pace.rate, 800 * MiB, MiB);
}

TEST(Pacing, AFastProgramUnderASmallLimitIsLookedAtMoreOften) {
  const long limit = 60 * MiB;
  oc_pace idle{};
  EXPECT_EQ(oc_pace_period_ns(&idle, limit), OC_PACE_MAX_PERIOD_NS);
  oc_pace slow = Steady(100 * MiB, 10); // limit/16 lasts 37 ms
  EXPECT_EQ(oc_pace_period_ns(&slow, limit), OC_PACE_MAX_PERIOD_NS);
  oc_pace fast = Steady(1500 * MiB, 10); // limit/16 lasts 2.5 ms
  EXPECT_NEAR(oc_pace_period_ns(&fast, limit), 2500000, 100000);
  oc_pace flood = Steady(100000 * MiB, 10);
  EXPECT_EQ(oc_pace_period_ns(&flood, limit), OC_PACE_MIN_PERIOD_NS);
}

TEST(PrefetchRoom, PrivateMemoryTakesOnlyWhatTheGroupHasRoomFor) {
  const long limit = 60 * MiB, margin = 6 * MiB;
  EXPECT_EQ(oc_pace_prefetch_room(limit, 40 * MiB, 0, margin), 14 * MiB);
  EXPECT_EQ(oc_pace_prefetch_room(limit, 40 * MiB, 10 * MiB, margin), 4 * MiB);
  // At or over the limit (a group the kernel keeps full by reclaim): nothing.
  EXPECT_EQ(oc_pace_prefetch_room(limit, 64 * MiB, 0, margin), 0);
  EXPECT_EQ(oc_pace_prefetch_room(limit, 55 * MiB, 0, margin), 0);
}

TEST(BacklogBudget, ASixteenthOfTheLimitAndNeverLessThanTwoChunks) {
  // 64 MiB group (limit 60 MiB): two 2 MiB chunks, one being issued and the next.
  EXPECT_EQ(oc_pace_backlog_budget(60 * MiB), 4 * MiB);
  EXPECT_EQ(oc_pace_backlog_budget(256 * MiB), 16 * MiB);
  // Tiny limits (OUTCORE_MEM_LIMIT=1M in tests) still let a chunk through.
  EXPECT_EQ(oc_pace_backlog_budget(1 * MiB), 4 * MiB);
  // No limit in core: the program never waits on its releases.
  EXPECT_GT(oc_pace_backlog_budget(1L << 62), 1L << 57);
}

} // namespace

TEST(PacingTrust, ReleasesThatComeBackSoonStopReleasingAheadForAWhile) {
  oc_pace_trust t{};
  const long window = OC_TRUST_WINDOW_BYTES, s = 1000000000L;
  EXPECT_TRUE(oc_pace_trust_update(&t, 1 * s, window / 2, window / 2)); // no window yet
  // A window of which a quarter came back soon: distrusted for the minimum.
  EXPECT_FALSE(oc_pace_trust_update(&t, 2 * s, window, window / 4));
  EXPECT_EQ(t.distrusts, 1);
  EXPECT_FALSE(oc_pace_trust_update(&t, 2 * s + OC_DISTRUST_MIN_NS - 1, window, window / 4));
  EXPECT_TRUE(oc_pace_trust_update(&t, 2 * s + OC_DISTRUST_MIN_NS, window, window / 4));
  // The next window says the same: twice as long.
  EXPECT_FALSE(oc_pace_trust_update(&t, 3 * s, 2 * window, window / 2));
  EXPECT_TRUE(oc_pace_trust_update(&t, 3 * s + 2 * OC_DISTRUST_MIN_NS, 2 * window, window / 2));
  // A window with few coming back ends it, and the next distrust starts short again.
  EXPECT_TRUE(oc_pace_trust_update(&t, 4 * s, 3 * window, window / 2 + window / 8));
  EXPECT_FALSE(oc_pace_trust_update(&t, 5 * s, 4 * window, window));
  EXPECT_TRUE(oc_pace_trust_update(&t, 5 * s + OC_DISTRUST_MIN_NS, 4 * window, window));
  EXPECT_EQ(t.distrusts, 3);
}

TEST(PacingTrust, DistrustGrowsToItsMaximum) {
  oc_pace_trust t{};
  const long window = OC_TRUST_WINDOW_BYTES;
  long now = 0;
  for (int w = 1; w <= 8; w++) {
    now += 100000000L;
    oc_pace_trust_update(&t, now, w * window, w * window); // everything came back
  }
  EXPECT_EQ(t.distrust_ns, OC_DISTRUST_MAX_NS);
  EXPECT_FALSE(oc_pace_trust_update(&t, now + OC_DISTRUST_MAX_NS - 1, 8 * window, 8 * window));
  EXPECT_TRUE(oc_pace_trust_update(&t, now + OC_DISTRUST_MAX_NS, 8 * window, 8 * window));
}
