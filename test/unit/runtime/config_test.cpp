#include <gtest/gtest.h>

#include <cstdlib>

extern "C" {
#include "config.h"
}

namespace {

TEST(ParseSize, SuffixesAndErrors) {
  long v = 0;
  EXPECT_TRUE(oc_parse_size("4096", &v));
  EXPECT_EQ(v, 4096);
  EXPECT_TRUE(oc_parse_size("1M", &v));
  EXPECT_EQ(v, 1L << 20);
  EXPECT_TRUE(oc_parse_size("64k", &v));
  EXPECT_EQ(v, 64L << 10);
  EXPECT_TRUE(oc_parse_size("2GiB", &v));
  EXPECT_EQ(v, 2L << 30);
  EXPECT_TRUE(oc_parse_size("3G", &v));
  EXPECT_EQ(v, 3L << 30);
  EXPECT_FALSE(oc_parse_size("", &v));
  EXPECT_FALSE(oc_parse_size("-1M", &v));
  EXPECT_FALSE(oc_parse_size("12Q", &v));
  EXPECT_FALSE(oc_parse_size("99999999999T", &v));
  EXPECT_FALSE(oc_parse_size(nullptr, &v));
}

TEST(ParsePolicy, AllFour) {
  oc_policy p;
  ASSERT_TRUE(oc_parse_policy("off", &p));
  EXPECT_EQ(p, OC_POLICY_OFF);
  ASSERT_TRUE(oc_parse_policy("Prefetch", &p));
  EXPECT_EQ(p, OC_POLICY_PREFETCH);
  ASSERT_TRUE(oc_parse_policy("release", &p));
  EXPECT_EQ(p, OC_POLICY_RELEASE);
  ASSERT_TRUE(oc_parse_policy("buffered", &p));
  EXPECT_EQ(p, OC_POLICY_BUFFERED);
  EXPECT_FALSE(oc_parse_policy("sometimes", &p));
  EXPECT_STREQ(oc_policy_name(OC_POLICY_BUFFERED), "buffered");
}

TEST(ConfigParse, Backend) {
  oc_backend_kind b = OC_BACKEND_PAGER;
  ASSERT_TRUE(oc_parse_backend("madvise", &b));
  EXPECT_EQ(b, OC_BACKEND_MADVISE);
  ASSERT_TRUE(oc_parse_backend("Pager", &b));
  EXPECT_EQ(b, OC_BACKEND_PAGER);
  EXPECT_FALSE(oc_parse_backend("uffd", &b));
  EXPECT_FALSE(oc_parse_backend("", &b));
  setenv("OUTCORE_BACKEND", "kernel", 1);
  EXPECT_EQ(oc_backend_from_env(), OC_BACKEND_MADVISE); // one warning, the default
  setenv("OUTCORE_BACKEND", "pager", 1);
  EXPECT_EQ(oc_backend_from_env(), OC_BACKEND_PAGER);
  unsetenv("OUTCORE_BACKEND");
  EXPECT_EQ(oc_backend_from_env(), OC_BACKEND_MADVISE);
}

TEST(ConfigFromEnv, DefaultsAndBadValues) {
  setenv("OUTCORE_POLICY", "bogus", 1);
  setenv("OUTCORE_MEM_LIMIT", "512M", 1);
  setenv("OUTCORE_THREADS", "0", 1);
  setenv("OUTCORE_STATS", "/tmp/x.json", 1);
  unsetenv("OUTCORE_VERBOSE");
  oc_config c;
  oc_config_from_env(&c);
  EXPECT_EQ(c.policy, OC_POLICY_BUFFERED);
  EXPECT_EQ(c.mem_limit, 512L << 20);
  EXPECT_EQ(c.threads, OC_THREADS_DEFAULT);
  EXPECT_STREQ(c.stats_path, "/tmp/x.json");
  EXPECT_FALSE(c.verbose);
  for (const char *name : {"OUTCORE_POLICY", "OUTCORE_MEM_LIMIT", "OUTCORE_THREADS", "OUTCORE_STATS"})
    unsetenv(name);
}

} // namespace
