//===- OptionsTest.cpp - pass parameters and byte counts ------------------===//

#include "Options.h"

#include "gtest/gtest.h"

namespace outcore {
namespace {

std::string errorOf(llvm::Expected<OutcoreParams> P) {
  EXPECT_FALSE(bool(P));
  return P ? "" : llvm::toString(P.takeError());
}

TEST(ByteCount, Suffixes) {
  EXPECT_EQ(*parseByteCount("4096"), 4096);
  EXPECT_EQ(*parseByteCount("8k"), 8 << 10);
  EXPECT_EQ(*parseByteCount("64M"), 64 << 20);
  EXPECT_EQ(*parseByteCount("2G"), int64_t(2) << 30);
  EXPECT_EQ(*parseByteCount(" 16 "), 16);
}

TEST(ByteCount, Rejects) {
  for (const char *Bad : {"", "0", "-1", "M", "12X", "1.5M", "9999999999G"}) {
    llvm::Expected<int64_t> V = parseByteCount(Bad);
    ASSERT_FALSE(bool(V)) << Bad;
    EXPECT_EQ(llvm::toString(V.takeError()),
              "'" + std::string(Bad) + "' is not a positive byte count");
  }
}

// No text: the command line's values (here the defaults of DESIGN.md).
TEST(PassParams, EmptyIsCommandLine) {
  llvm::Expected<OutcoreParams> P = parsePassParams("");
  ASSERT_TRUE(bool(P));
  EXPECT_EQ(P->Machine.PageSize, 4096);
  EXPECT_EQ(P->Machine.MemSize, 64 << 20);
  EXPECT_EQ(P->Machine.Unknown, UnknownTrip::Version);
  EXPECT_EQ(P->FaultLatency, 300000);
  EXPECT_EQ(P->PrefetchOverhead, 2000);
  EXPECT_EQ(P->BlockPages, 4);
}

TEST(PassParams, EveryKey) {
  llvm::Expected<OutcoreParams> P =
      parsePassParams("page-size=16;mem-size=8000;fault-latency=0;"
                      "prefetch-overhead=7;block-pages=2;unknown-trip=small");
  ASSERT_TRUE(bool(P));
  EXPECT_EQ(P->Machine.PageSize, 16);
  EXPECT_EQ(P->Machine.MemSize, 8000);
  EXPECT_EQ(P->FaultLatency, 0);
  EXPECT_EQ(P->PrefetchOverhead, 7);
  EXPECT_EQ(P->BlockPages, 2);
  EXPECT_EQ(P->Machine.Unknown, UnknownTrip::Small);
  EXPECT_EQ(parsePassParams("unknown-trip=large")->Machine.Unknown, UnknownTrip::Large);
}

// The last value of a key wins, as on a command line.
TEST(PassParams, LastValueWins) {
  EXPECT_EQ(parsePassParams("mem-size=1K;mem-size=2K")->Machine.MemSize, 2048);
}

// One error line naming the parameter and why.
TEST(PassParams, BadValuesNameTheParameter) {
  EXPECT_EQ(errorOf(parsePassParams("page-size=3000")),
            "outcore: pass parameter 'page-size=3000': '3000' is not a power of two");
  EXPECT_EQ(errorOf(parsePassParams("page-size=16;mem-size=0")),
            "outcore: pass parameter 'mem-size=0': '0' is not a positive byte count");
  EXPECT_EQ(errorOf(parsePassParams("fault-latency=-5")),
            "outcore: pass parameter 'fault-latency=-5': '-5' is not a non-negative "
            "number of cycles");
  EXPECT_EQ(errorOf(parsePassParams("block-pages=0")),
            "outcore: pass parameter 'block-pages=0': '0' is not a positive number");
  EXPECT_EQ(errorOf(parsePassParams("unknown-trip=maybe")),
            "outcore: pass parameter 'unknown-trip=maybe': expected small, large or version");
}

TEST(PassParams, UnknownKey) {
  EXPECT_EQ(errorOf(parsePassParams("pagesize=16")),
            "outcore: pass parameter 'pagesize=16': unknown parameter (page-size, mem-size, "
            "fault-latency, prefetch-overhead, block-pages, unknown-trip)");
}

} // namespace
} // namespace outcore
