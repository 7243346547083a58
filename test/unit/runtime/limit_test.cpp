#include <gtest/gtest.h>

#include <climits>

extern "C" {
#include "limit.h"
#include "outcore/outcore.h"
#include "runtime.h"
}

namespace {

constexpr long MiB = 1L << 20;

TEST(CgroupPath, V1MemoryControllerWins) {
  const char *text = "9:name=systemd:/\n4:memory:/process_api/abc\n3:cpuset:/\n0::/\n";
  char path[256];
  int version = 0;
  ASSERT_TRUE(oc_cgroup_path(text, &version, path, sizeof path));
  EXPECT_EQ(version, 1);
  EXPECT_STREQ(path, "/process_api/abc");
}

TEST(CgroupPath, V1ControllerListAndV2Unified) {
  char path[256];
  int version = 0;
  ASSERT_TRUE(oc_cgroup_path("5:cpu,memory,pids:/a/b\n", &version, path, sizeof path));
  EXPECT_STREQ(path, "/a/b");
  ASSERT_TRUE(oc_cgroup_path("0::/user.slice/x.scope\n", &version, path, sizeof path));
  EXPECT_EQ(version, 2);
  EXPECT_STREQ(path, "/user.slice/x.scope");
  EXPECT_FALSE(oc_cgroup_path("3:cpuset:/\n", &version, path, sizeof path));
}

TEST(StatField, MemoryStatAndMeminfo) {
  const char *stat = "cache 100\ninactive_file 4096\ntotal_inactive_file 8192\n";
  EXPECT_EQ(oc_stat_field(stat, "inactive_file"), 4096);
  EXPECT_EQ(oc_stat_field(stat, "total_inactive_file"), 8192);
  EXPECT_EQ(oc_stat_field(stat, "active_file"), -1);
  const char *meminfo = "MemTotal:       24684012 kB\nMemAvailable:    1000 kB\n";
  EXPECT_EQ(oc_stat_field(meminfo, "MemAvailable"), 1000 * 1024);
}

TEST(StatField, ManyKeysInOnePass) {
  const char *stat = "cache 100\ninactive_file 4096\ntotal_inactive_file 8192\ntotal_cache 7\n";
  const char *const keys[] = {"total_cache", "inactive_file", "", "active_file", "cache"};
  long values[5];
  oc_stat_fields(stat, keys, values, 5);
  EXPECT_EQ(values[0], 7);
  EXPECT_EQ(values[1], 4096); // not total_inactive_file, whose name ends the same
  EXPECT_EQ(values[2], -1);   // an empty key is never found
  EXPECT_EQ(values[3], -1);
  EXPECT_EQ(values[4], 100);
  const char *meminfo = "MemTotal:       24684012 kB\nSwapFree: 3 kB\nMemAvailable:    1000 kB\n";
  const char *const mem_keys[] = {"MemAvailable", "SwapFree"};
  oc_stat_fields(meminfo, mem_keys, values, 2);
  EXPECT_EQ(values[0], 1000 * 1024);
  EXPECT_EQ(values[1], 3 * 1024);
}

TEST(CgroupLimit, UnlimitedValuesMeanNoLimit) {
  EXPECT_EQ(oc_parse_cgroup_limit("max\n"), 0);
  EXPECT_EQ(oc_parse_cgroup_limit("9223372036854771712\n"), 0);
  EXPECT_EQ(oc_parse_cgroup_limit("268435456\n"), 256 * MiB);
}

TEST(LimitCompute, SmallestBoundWins) {
  oc_limit_inputs in{};
  in.mem_available = 20000 * MiB;
  in.process_rss = 100 * MiB;
  in.min_free = 64 * MiB;
  oc_limit_figures f;
  oc_limit_compute(&in, &f);
  EXPECT_EQ(f.limit, 100 * MiB + 20000 * MiB - 128 * MiB); // system: usage + available - reserve
  EXPECT_EQ(f.usage, 100 * MiB);

  in.cgroup_limit = 256 * MiB;
  in.cgroup_usage = 250 * MiB;
  in.cgroup_inactive_file = 120 * MiB;
  oc_limit_compute(&in, &f);
  EXPECT_EQ(f.limit, 256 * MiB - 16 * MiB); // cgroup less 1/16
  EXPECT_EQ(f.usage, 250 * MiB);
  EXPECT_EQ(f.working_set, 130 * MiB);

  in.env_limit = MiB; // OUTCORE_MEM_LIMIT=1M
  oc_limit_compute(&in, &f);
  EXPECT_EQ(f.limit, MiB);
  // The fit test's answer is the process's own limit; only arbitration narrows f.limit.
  EXPECT_EQ(f.fit_limit, MiB);
}

TEST(LimitCompute, UnmappedSwapCacheIsNotWorkingSet) {
  // A CSR product on anonymous memory with swap: 61 MiB charged, 42 mapped, 36 in the
  // swap cache (mapped pages swapped in among them): 19 unmapped, reclaimable.
  oc_swapcache_stat stat{36 * MiB, 42 * MiB, 0, 0};
  EXPECT_EQ(oc_unmapped_swapcache(&stat, 61 * MiB), 19 * MiB);
  stat.swapcached = 10 * MiB; // never more than the swap cache
  EXPECT_EQ(oc_unmapped_swapcache(&stat, 61 * MiB), 10 * MiB);
  stat.kernel = 30 * MiB; // v2 charges kernel memory: not reclaimable
  EXPECT_EQ(oc_unmapped_swapcache(&stat, 61 * MiB), 0);
  oc_swapcache_stat unknown{-1, 42 * MiB, 0, 0}; // no swapcached field
  EXPECT_EQ(oc_unmapped_swapcache(&unknown, 61 * MiB), 0);

  oc_limit_inputs in{};
  in.mem_available = -1;
  in.cgroup_limit = 64 * MiB;
  in.cgroup_usage = 61 * MiB;
  in.process_rss = 42 * MiB;
  in.cgroup_inactive_file = 2 * MiB;
  in.cgroup_unmapped_swapcache = 19 * MiB;
  oc_limit_figures f;
  oc_limit_compute(&in, &f);
  EXPECT_EQ(f.usage, 61 * MiB);
  EXPECT_EQ(f.working_set, 42 * MiB); // never below the process's own pages
  in.process_rss = 30 * MiB;
  oc_limit_compute(&in, &f);
  EXPECT_EQ(f.working_set, 40 * MiB);
}

TEST(LimitCompute, ReserveIsCappedAndLimitStaysPositive) {
  oc_limit_inputs in{};
  in.mem_available = -1;
  in.cgroup_limit = 8192 * MiB;
  oc_limit_figures f;
  oc_limit_compute(&in, &f);
  EXPECT_EQ(f.limit, 8192 * MiB - 64 * MiB);
  in.cgroup_limit = 0;
  in.mem_available = 0;
  oc_limit_compute(&in, &f);
  EXPECT_GT(f.limit, 0);
  in.mem_available = -1;
  oc_limit_compute(&in, &f);
  EXPECT_EQ(f.limit, LONG_MAX);
}

// Unset fields as the probe leaves them: no memsw or swap.max limit, swappiness unknown.
oc_swap_inputs SwapInputs(long swap_free, long cgroup_limit) {
  oc_swap_inputs in{};
  in.swap_free = swap_free;
  in.cgroup_limit = cgroup_limit;
  in.memsw_limit = LONG_MAX;
  in.swappiness = -1;
  in.swap_max = LONG_MAX;
  return in;
}

TEST(SwapUsable, NeedsAFreeSwapDevice) {
  oc_swap_inputs no_group = SwapInputs(256 * MiB, 0), full = SwapInputs(0, 0),
                 unknown = SwapInputs(-1, 64 * MiB); // no SwapFree line
  EXPECT_TRUE(oc_swap_usable(&no_group));
  EXPECT_FALSE(oc_swap_usable(&full));
  EXPECT_FALSE(oc_swap_usable(&unknown));
}

TEST(SwapUsable, V1MemswAtTheMemoryLimitOrSwappinessZeroMeanNoSwap) {
  oc_swap_inputs in = SwapInputs(256 * MiB, 64 * MiB);
  EXPECT_TRUE(oc_swap_usable(&in)); // memsw unlimited
  in.memsw_limit = 64 * MiB;
  EXPECT_FALSE(oc_swap_usable(&in));
  in.memsw_limit = 256 * MiB;
  in.swappiness = 60;
  EXPECT_TRUE(oc_swap_usable(&in));
  in.swappiness = 0;
  EXPECT_FALSE(oc_swap_usable(&in));
}

TEST(SwapUsable, V2SwapMaxBoundsTheGroupsSwap) {
  oc_swap_inputs in = SwapInputs(256 * MiB, 64 * MiB);
  in.swap_max = 0;
  EXPECT_FALSE(oc_swap_usable(&in));
  in.swap_max = 32 * MiB;
  in.swap_current = 8 * MiB;
  EXPECT_TRUE(oc_swap_usable(&in));
  in.swap_current = 32 * MiB;
  EXPECT_FALSE(oc_swap_usable(&in));
}

TEST(LimitProbe, ReadsThisMachine) {
  oc_limit_init(0);
  oc_limit_figures f;
  oc_limit_get(&f);
  EXPECT_GT(f.limit, 0);
  EXPECT_GT(f.usage, 0);
  EXPECT_LE(f.working_set, f.usage);
  oc_limit_init(3 * MiB);
  oc_limit_refresh();
  oc_limit_get(&f);
  EXPECT_EQ(f.limit, 3 * MiB);
}

/* A share that an arbiter gives: half of the computed limit. */
void halve(const oc_limit_inputs *, oc_limit_figures *out) { out->limit /= 2; }

long limitNow() { return __atomic_load_n(&oc_memory_limit_now, __ATOMIC_RELAXED); }

TEST(LimitPublish, FollowsEverySampleWhilePublished) {
  if (atomic_load(&oc_state) != OC_STATE_RUNNING)
    GTEST_SKIP() << "the test program's runtime is not running";
  oc_limit_init(8 * MiB);
  oc_limit_publish(true);
  EXPECT_EQ(limitNow(), 8 * MiB);
  oc_limit_init(6 * MiB); // samples again
  EXPECT_EQ(limitNow(), 6 * MiB);
  // Under arbitration: whatever oc_memory_limit() answers, the load answers too.
  oc_limit_set_arbiter(halve);
  oc_limit_refresh();
  EXPECT_EQ(limitNow(), oc_memory_limit());
  oc_limit_set_arbiter(nullptr);
  oc_limit_publish(false);
  EXPECT_EQ(limitNow(), LONG_MAX);
  oc_limit_refresh();
  EXPECT_EQ(limitNow(), LONG_MAX) << "a sample while not published keeps LONG_MAX";
  oc_limit_publish(true);
  EXPECT_EQ(limitNow(), 6 * MiB);
  oc_limit_init(0); // back to the test program's own figures
}

TEST(LimitPublish, NeverBelowTheFitTestsFloor) {
  // The pass marks the fit test's load as at least OC_MEMORY_LIMIT_NOW_MIN.
  oc_limit_init(4096);
  oc_limit_publish(true);
  EXPECT_EQ(limitNow(), OC_MEMORY_LIMIT_NOW_MIN);
  oc_limit_init(OC_MEMORY_LIMIT_NOW_MIN + 4096);
  EXPECT_EQ(limitNow(), OC_MEMORY_LIMIT_NOW_MIN + 4096);
  oc_limit_publish(false);
  EXPECT_EQ(limitNow(), LONG_MAX);
  oc_limit_init(0); // back to the test program's own figures
}

} // namespace
