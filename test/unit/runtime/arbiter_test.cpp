#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

extern "C" {
#include "arbiter_policy.h"
#include "arbiter_segment.h"
#include "config.h"
}

namespace {

constexpr long MiB = 1L << 20;
constexpr long kPool = 400 * MiB;

oc_member_view Member(long demand, bool holder = false) { return {demand, demand, holder}; }

TEST(ArbiterShare, HungryMembersSplitThePoolEqually) {
  oc_member_view m[] = {Member(1000 * MiB), Member(1000 * MiB), Member(1000 * MiB),
                        Member(1000 * MiB)};
  for (int i = 0; i < 4; i++)
    EXPECT_EQ(oc_arbiter_share(m, 4, i, kPool, OC_ARBITRATION_SHARE, nullptr), 100 * MiB);
}

TEST(ArbiterShare, SmallDemandsAreMetAndTheRestIsShared) {
  oc_member_view m[] = {Member(50 * MiB), Member(1000 * MiB), Member(1000 * MiB)};
  EXPECT_EQ(oc_arbiter_share(m, 3, 0, kPool, OC_ARBITRATION_SHARE, nullptr), 50 * MiB);
  EXPECT_EQ(oc_arbiter_share(m, 3, 1, kPool, OC_ARBITRATION_SHARE, nullptr), 175 * MiB);
  EXPECT_EQ(oc_arbiter_share(m, 3, 2, kPool, OC_ARBITRATION_SHARE, nullptr), 175 * MiB);
}

TEST(ArbiterShare, NoMemberFallsBelowItsFloor) {
  oc_member_view m[] = {Member(0), Member(1000 * MiB)};
  long floor = kPool / (OC_SHARE_FLOOR_DIVISOR * 2);
  EXPECT_EQ(oc_arbiter_share(m, 2, 0, kPool, OC_ARBITRATION_SHARE, nullptr), floor);
  EXPECT_EQ(oc_arbiter_share(m, 2, 1, kPool, OC_ARBITRATION_SHARE, nullptr), kPool - floor);
}

TEST(ArbiterShare, AloneTheMemberHasThePool) {
  oc_member_view m[] = {Member(1000 * MiB)};
  EXPECT_EQ(oc_arbiter_share(m, 1, 0, kPool, OC_ARBITRATION_TOKEN, nullptr), kPool);
  EXPECT_EQ(oc_arbiter_share(m, 1, 0, kPool, OC_ARBITRATION_SHARE, nullptr), kPool);
}

TEST(ArbiterFit, TheFitTestCountsOnHalfThePoolAtLeastAndOwnAtMost) {
  EXPECT_EQ(oc_arbiter_fit_limit(kPool / 3, kPool, kPool), kPool / 2);     // three fresh members
  EXPECT_EQ(oc_arbiter_fit_limit(kPool - MiB, kPool, kPool), kPool - MiB); // the token's holder
  EXPECT_EQ(oc_arbiter_fit_limit(kPool / 3, kPool, MiB), MiB);            // OUTCORE_MEM_LIMIT=1M
}

TEST(ArbiterUsage, TheGroupsExtraChargeIsSplitByShare) {
  // 300 MiB charged, members hold 200 MiB: the 100 MiB beyond is counted by share.
  EXPECT_EQ(oc_arbiter_usage(50 * MiB, 200 * MiB, 300 * MiB, 0, 100 * MiB, kPool),
            50 * MiB + 25 * MiB);
  EXPECT_EQ(oc_arbiter_usage(50 * MiB, 200 * MiB, 0, 0, 100 * MiB, kPool), 50 * MiB); // no group
}

TEST(ArbiterUsage, CacheNoProcessMapsIsNotTheMembersUsage) {
  // The last member of three: the others' 64 MiB of cached data stays charged to the
  // group; it is not this member's usage, or it would release its own working set.
  EXPECT_EQ(oc_arbiter_usage(20 * MiB, 20 * MiB, 90 * MiB, 64 * MiB, kPool, kPool),
            26 * MiB);
  EXPECT_EQ(oc_arbiter_usage(20 * MiB, 20 * MiB, 80 * MiB, 64 * MiB, kPool, kPool), 20 * MiB);
}

TEST(ArbiterToken, TheHolderIsSparedAndTheOthersShareWhatItLeaves) {
  oc_member_view m[] = {Member(1000 * MiB, true), Member(1000 * MiB), Member(1000 * MiB)};
  m[0].rss = 300 * MiB;
  long floor = kPool / (OC_SHARE_FLOOR_DIVISOR * 3);
  EXPECT_EQ(oc_arbiter_share(m, 3, 0, kPool, OC_ARBITRATION_TOKEN, nullptr), kPool - 2 * floor);
  EXPECT_EQ(oc_arbiter_share(m, 3, 1, kPool, OC_ARBITRATION_TOKEN, nullptr), 50 * MiB);
  m[0].rss = kPool; // the holder took everything: the others keep their floors
  EXPECT_EQ(oc_arbiter_share(m, 3, 1, kPool, OC_ARBITRATION_TOKEN, nullptr), floor);
  m[0].rss = 100 * MiB; // the holder has not grown yet: the others keep more meanwhile
  EXPECT_EQ(oc_arbiter_share(m, 3, 1, kPool, OC_ARBITRATION_TOKEN, nullptr), 150 * MiB);
}

TEST(ArbiterToken, WithoutAHolderTokenDividesAsShare) {
  oc_member_view m[] = {Member(50 * MiB), Member(1000 * MiB)};
  EXPECT_EQ(oc_arbiter_share(m, 2, 1, kPool, OC_ARBITRATION_TOKEN, nullptr),
            oc_arbiter_share(m, 2, 1, kPool, OC_ARBITRATION_SHARE, nullptr));
}

TEST(ArbiterToken, ShortMeansFaultingNearTheLimit) {
  EXPECT_TRUE(oc_arbiter_is_short(90 * MiB, 100 * MiB, 10 * MiB));
  EXPECT_FALSE(oc_arbiter_is_short(90 * MiB, 100 * MiB, 0));
  EXPECT_FALSE(oc_arbiter_is_short(10 * MiB, 100 * MiB, 10 * MiB));
}

constexpr long kSec = 1000000000L;

TEST(ArbiterToken, ATakerNeedsAFreeTokenAndToBeShortAndSuitable) {
  oc_token_facts f{};
  f.token_free = true;
  f.short_now = true;
  f.now_ns = 10 * kSec;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_TAKE);
  f.unsuitable_until_ns = 11 * kSec;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
  f.unsuitable_until_ns = 0;
  f.token_free = false;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
}

TEST(ArbiterToken, TheHolderGivesUpWhenItsFaultsAreResolvedAndItNoLongerUsesTheMemory) {
  oc_token_facts f{};
  f.holder = true;
  f.now_ns = 10 * kSec;
  f.held_since_ns = 9 * kSec;
  f.short_since_ns = f.now_ns - OC_TOKEN_RESOLVED_NS / 2;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
  f.short_since_ns = f.now_ns - OC_TOKEN_RESOLVED_NS;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_GIVE_UP);
  EXPECT_TRUE(oc_arbiter_uses_limit(64 * MiB, 75 * MiB));
  EXPECT_FALSE(oc_arbiter_uses_limit(30 * MiB, 75 * MiB));
}

TEST(ArbiterToken, AHolderWhoseWorkingSetIsResidentKeepsItUntilTheHoldTime) {
  oc_token_facts f{};
  f.holder = true;
  f.uses_limit = true; // a cyclic re-scan whose whole cycle now hits
  f.someone_waits = true;
  f.now_ns = 10 * kSec;
  f.held_since_ns = f.now_ns - OC_TOKEN_HOLD_NS / 2;
  f.short_since_ns = f.now_ns - OC_TOKEN_RESOLVED_NS;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
  f.held_since_ns = f.now_ns - OC_TOKEN_HOLD_NS;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_HAND_ON);
}

TEST(ArbiterToken, TheHolderHandsOnAfterTheHoldTimeOnlyWhenSomeoneWaits) {
  oc_token_facts f{};
  f.holder = true;
  f.short_now = true;
  f.now_ns = 10 * kSec;
  f.short_since_ns = f.now_ns;
  f.held_since_ns = f.now_ns - OC_TOKEN_HOLD_NS;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
  f.someone_waits = true;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_HAND_ON);
  f.held_since_ns = f.now_ns - OC_TOKEN_HOLD_NS / 2;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
}

TEST(ArbiterToken, AHolderFaultingAgainstItselfHandsOnBeforeTheHoldTime) {
  oc_token_facts f{};
  f.holder = true;
  f.short_now = true;
  f.full = true;
  f.someone_waits = true;
  f.now_ns = 10 * kSec;
  f.short_since_ns = f.now_ns;
  f.held_since_ns = f.now_ns - OC_TOKEN_RESOLVED_NS / 2; // still growing into its limit
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
  f.held_since_ns = f.now_ns - OC_TOKEN_RESOLVED_NS;
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_HAND_ON);
  f.full = false; // short but with room left: the token is helping it
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
  f.full = true;
  f.someone_waits = false; // nobody else would gain
  EXPECT_EQ(oc_arbiter_token_step(&f), OC_TOKEN_KEEP);
  EXPECT_TRUE(oc_arbiter_is_full(7 * MiB, 8 * MiB));
  EXPECT_FALSE(oc_arbiter_is_full(6 * MiB, 8 * MiB));
}

TEST(ArbiterSegment, TokenGenerationsMakeStaleSwapsFail) {
  uint64_t t = 0;
  EXPECT_EQ(oc_token_slot(t), -1);
  uint64_t held = oc_token_for(t, 3);
  EXPECT_EQ(oc_token_slot(held), 3);
  uint64_t freed = oc_token_for(held, -1);
  EXPECT_EQ(oc_token_slot(freed), -1);
  EXPECT_NE(freed, t);
  EXPECT_EQ(oc_token_slot(oc_token_for(freed, 31)), 31);
}

TEST(ArbiterSegment, NamesAreStablePerGroup) {
  char a[OC_ARBITER_NAME_MAX], b[OC_ARBITER_NAME_MAX], c[OC_ARBITER_NAME_MAX];
  oc_segment_name("/jobs/one", a, sizeof a);
  oc_segment_name("/jobs/one", b, sizeof b);
  oc_segment_name("/jobs/two", c, sizeof c);
  EXPECT_STREQ(a, b);
  EXPECT_STRNE(a, c);
  EXPECT_EQ(std::string(a).rfind("/dev/shm/outcore-", 0), 0u);
}

TEST(ArbiterSegment, SlotsOfDeadProcessesAreReclaimedAndGarbageRepaired) {
  std::string name = "/dev/shm/outcore-unit-" + std::to_string(getpid());
  FILE *garbage = fopen(name.c_str(), "w");
  ASSERT_NE(garbage, nullptr);
  fputs("not a segment", garbage);
  fclose(garbage);
  oc_arbiter_segment *s = oc_segment_open(name.c_str());
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->magic, OC_ARBITER_MAGIC);
  pid_t child = fork();
  if (child == 0)
    _exit(0);
  uint64_t dead = oc_segment_identity(child); // read while it is a zombie
  waitpid(child, nullptr, 0);
  ASSERT_NE(dead, 0u);
  EXPECT_TRUE(oc_segment_claim_dead(dead));
  uint64_t me = oc_segment_identity(getpid());
  EXPECT_FALSE(oc_segment_claim_dead(me));
  for (int i = 0; i < OC_ARBITER_SLOTS; i++)
    s->slots[i].claim = dead;
  int slot = oc_segment_claim(s, me); // reclaimed from the dead
  EXPECT_GE(slot, 0);
  oc_segment_leave(s, name.c_str(), slot);
  EXPECT_NE(access(name.c_str(), F_OK), 0) << "removed: only a dead member was left";
}

TEST(Config, ArbitrationNames) {
  oc_arbitration a;
  ASSERT_TRUE(oc_parse_arbitration("token", &a));
  EXPECT_EQ(a, OC_ARBITRATION_TOKEN);
  ASSERT_TRUE(oc_parse_arbitration("Share", &a));
  EXPECT_EQ(a, OC_ARBITRATION_SHARE);
  EXPECT_FALSE(oc_parse_arbitration("fair", &a));
  EXPECT_STREQ(oc_arbitration_name(OC_ARBITRATION_OFF), "off");
}

} // namespace

TEST(ArbiterUsage, BesideAHolderTheOthersCarryTheGroupsUnmappedCache) {
  // 90 MiB pool, the holder's cycle of 60 MiB resident: the two others share 30 MiB.
  constexpr long kSmallPool = 90 * MiB;
  oc_member_view m[] = {Member(1000 * MiB, true), Member(1000 * MiB), Member(1000 * MiB)};
  m[0].rss = 60 * MiB;
  long parts = 0;
  EXPECT_EQ(oc_arbiter_share(m, 3, 1, kSmallPool, OC_ARBITRATION_TOKEN, &parts), 15 * MiB);
  EXPECT_EQ(parts, 30 * MiB);
  EXPECT_EQ(oc_arbiter_share(m, 3, 0, kSmallPool, OC_ARBITRATION_TOKEN, &parts),
            kSmallPool - 2 * (kSmallPool / 12));
  // 95 MiB charged, 80 MiB mapped by members, 15 MiB unmapped readahead: a member with
  // 10 MiB resident and 15 of the 30 MiB left counts half the 15 MiB.
  EXPECT_EQ(oc_arbiter_usage(10 * MiB, 80 * MiB, 95 * MiB, 0, 15 * MiB, 30 * MiB),
            10 * MiB + 15 * MiB / 2);
}

TEST(ArbiterShare, MembersThatCannotReleaseKeepWhatTheyHold) {
  // A copy running its original loops holds 45 MiB of a 90 MiB pool and releases
  // nothing: the two that can divide the other 45 MiB, under share and under token.
  constexpr long kSmallPool = 90 * MiB;
  oc_member_view m[] = {Member(1000 * MiB), Member(1000 * MiB), Member(1000 * MiB)};
  m[0].rss = 45 * MiB;
  m[0].fixed = true;
  long parts = 0;
  EXPECT_EQ(oc_arbiter_share(m, 3, 1, kSmallPool, OC_ARBITRATION_SHARE, &parts), 45 * MiB / 2);
  EXPECT_EQ(parts, 45 * MiB);
  m[1].holder = true;
  EXPECT_EQ(oc_arbiter_share(m, 3, 1, kSmallPool, OC_ARBITRATION_TOKEN, &parts),
            45 * MiB - kSmallPool / 12);
  // Its own limit (and fit answer) stays its part of the whole pool.
  EXPECT_EQ(oc_arbiter_share(m, 3, 0, kSmallPool, OC_ARBITRATION_SHARE, &parts), 30 * MiB);
  EXPECT_EQ(parts, kSmallPool);
  // Never below the floors of the members that can release.
  m[0].rss = 200 * MiB;
  m[1].holder = false;
  EXPECT_EQ(oc_arbiter_share(m, 3, 2, kSmallPool, OC_ARBITRATION_SHARE, nullptr),
            kSmallPool / 12);
}
