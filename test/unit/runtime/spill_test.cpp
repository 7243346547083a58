#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

extern "C" {
#include "config.h"
#include "spill.h"
#include "spill_file.h"
}

namespace {

constexpr long MiB = 1L << 20;

TEST(SpillDecide, ModesThresholdAndSwap) {
  oc_spill_inputs in{OC_SPILL_AUTO, MiB, 120 * MiB, 0};
  EXPECT_TRUE(oc_spill_decide(&in, 15 * MiB));   // 1/8 of the limit, no swap
  EXPECT_FALSE(oc_spill_decide(&in, 14 * MiB));  // less than 1/8
  in.swap_room = 1024 * MiB;
  EXPECT_FALSE(oc_spill_decide(&in, 300 * MiB)); // swap holds it
  in.swap_room = 100 * MiB;
  EXPECT_TRUE(oc_spill_decide(&in, 300 * MiB));  // swap too small
  in.mode = OC_SPILL_ON;
  EXPECT_TRUE(oc_spill_decide(&in, MiB));
  EXPECT_FALSE(oc_spill_decide(&in, MiB - 1));   // below OUTCORE_SPILL_MIN
  in.mode = OC_SPILL_OFF;
  EXPECT_FALSE(oc_spill_decide(&in, 1024 * MiB));
}

TEST(SpillReadaround, WastedOnlyWhereFaultsScatter) {
  // Random reads under an 8 MiB read-around: each major fault reads megabytes, and
  // hardly a minor fault follows.
  oc_fault_sample scatter{1000, 1200, 1000 * 6 * MiB};
  EXPECT_TRUE(oc_spill_readaround_wasted(&scatter));
  // A stream catching up with readahead: as many bytes per major fault, but each
  // read-around's pages are then mapped by minor faults.
  oc_fault_sample stream{60, 60 * 128, 60 * 8 * MiB};
  EXPECT_FALSE(oc_spill_readaround_wasted(&stream));
  // Small reads per fault (read-around already small, or off): nothing to guard.
  oc_fault_sample small{1000, 1000, 1000 * 64 * 1024};
  EXPECT_FALSE(oc_spill_readaround_wasted(&small));
  // Too few faults to judge.
  oc_fault_sample few{OC_READAROUND_MIN_MAJOR - 1, 0, 100 * MiB};
  EXPECT_FALSE(oc_spill_readaround_wasted(&few));
}

TEST(SpillSettings, Parsers) {
  oc_spill_mode mode = OC_SPILL_OFF;
  EXPECT_TRUE(oc_parse_spill_mode("auto", &mode));
  EXPECT_EQ(mode, OC_SPILL_AUTO);
  EXPECT_TRUE(oc_parse_spill_mode("ON", &mode));
  EXPECT_EQ(mode, OC_SPILL_ON);
  EXPECT_FALSE(oc_parse_spill_mode("yes", &mode));
  long min = 0;
  EXPECT_TRUE(oc_parse_spill_min("4M", &min));
  EXPECT_EQ(min, 4 * MiB);
  EXPECT_TRUE(oc_parse_spill_min("64K", &min));
  EXPECT_FALSE(oc_parse_spill_min("4K", &min)); // below the floor
  EXPECT_FALSE(oc_parse_spill_min("lots", &min));
  char dir[16];
  EXPECT_TRUE(oc_parse_spill_dir("/var/tmp", dir, sizeof dir));
  EXPECT_STREQ(dir, "/var/tmp");
  EXPECT_FALSE(oc_parse_spill_dir("relative", dir, sizeof dir));
  EXPECT_FALSE(oc_parse_spill_dir("/a/very/long/path/indeed", dir, sizeof dir));
}

TEST(SpillSettings, BadValuesGetDefaults) {
  setenv("OUTCORE_SPILL", "sometimes", 1);
  setenv("OUTCORE_SPILL_MIN", "1", 1);
  setenv("OUTCORE_SPILL_DIR", "tmp", 1);
  oc_spill_config c;
  testing::internal::CaptureStderr();
  oc_spill_config_from_env(&c);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(c.mode, OC_SPILL_AUTO);
  EXPECT_EQ(c.min, OC_SPILL_MIN_DEFAULT);
  EXPECT_STREQ(c.dir, "");
  EXPECT_NE(err.find("OUTCORE_SPILL=sometimes"), std::string::npos);
  EXPECT_NE(err.find("OUTCORE_SPILL_MIN=1"), std::string::npos);
  EXPECT_NE(err.find("OUTCORE_SPILL_DIR=tmp"), std::string::npos);
  unsetenv("OUTCORE_SPILL");
  unsetenv("OUTCORE_SPILL_MIN");
  unsetenv("OUTCORE_SPILL_DIR");
}

TEST(SpillFile, DiskDirectoriesOnly) {
  EXPECT_TRUE(oc_spill_dir_on_disk("/var/tmp"));
  if (access("/dev/shm", F_OK) == 0)
    EXPECT_FALSE(oc_spill_dir_on_disk("/dev/shm")); // tmpfs
  EXPECT_FALSE(oc_spill_dir_on_disk("/no/such/dir"));
  char dir[4096];
  ASSERT_TRUE(oc_spill_default_dir(dir, sizeof dir));
  EXPECT_TRUE(oc_spill_dir_on_disk(dir));
}

TEST(SpillFile, CreateReadsZeroResizeAndCopy) {
  size_t len = 4 * MiB;
  int fd = oc_spill_file_create("/var/tmp", len);
  ASSERT_GE(fd, 0);
  char *p = static_cast<char *>(mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  ASSERT_NE(p, MAP_FAILED);
  EXPECT_EQ(p[0], 0);
  EXPECT_EQ(p[len - 1], 0);
  p[12345] = 42;
  int copy = oc_spill_file_copy("/var/tmp", fd, len);
  ASSERT_GE(copy, 0);
  p[12345] = 43; // after the copy: not in it
  char byte = 0;
  EXPECT_EQ(pread(copy, &byte, 1, 12345), 1);
  EXPECT_EQ(byte, 42);
  EXPECT_EQ(pread(copy, &byte, 1, 3 * MiB), 1);
  EXPECT_EQ(byte, 0);
  EXPECT_TRUE(oc_spill_file_resize(fd, len, 2 * len));
  EXPECT_EQ(lseek(fd, 0, SEEK_END), static_cast<off_t>(2 * len));
  munmap(p, len);
  close(fd);
  close(copy);
  EXPECT_EQ(oc_spill_file_create("/no/such/dir", len), -1);
}

TEST(SpillBlocks, RecognisedFreedAndResized) {
  setenv("OUTCORE_SPILL_DIR", "/var/tmp", 1);
  char *p = static_cast<char *>(oc_spill_alloc_always(3 * MiB + 5, 0));
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(oc_spill_owns(p));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 4096, 0u);
  EXPECT_EQ(oc_spill_usable_size(p), static_cast<size_t>(3 * MiB + 4096));
  long blocks = 0, bytes = 0;
  oc_spill_totals(&blocks, &bytes);
  EXPECT_EQ(blocks, 1);
  std::memset(p, 7, 3 * MiB);
  p = static_cast<char *>(oc_spill_resize(p, 64 * MiB)); // grows, in place or moved
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(oc_spill_owns(p));
  EXPECT_EQ(p[3 * MiB - 1], 7);
  EXPECT_EQ(p[64 * MiB - 1], 0);
  p = static_cast<char *>(oc_spill_resize(p, MiB));
  EXPECT_EQ(p[MiB - 1], 7);
  oc_spill_free(p);
  oc_spill_totals(&blocks, &bytes);
  EXPECT_EQ(blocks, 0);
  EXPECT_EQ(bytes, 0);
  // Aligned beyond a page.
  void *q = oc_spill_alloc_always(MiB, 4 * MiB);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(q) % (4 * MiB), 0u);
  oc_spill_free(q);
}

TEST(SpillBlocks, GlibcBlocksAreNeverOwned) {
  // Page-aligned glibc blocks are the only candidates; their header word is a size.
  // Sanitizer allocators keep redzones there instead (and the interposition is off).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "not glibc's allocator";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  GTEST_SKIP() << "not glibc's allocator";
#endif
#endif
  for (size_t align : {4096ul, 8192ul, 1ul << 21}) {
    void *p = nullptr;
    ASSERT_EQ(posix_memalign(&p, align, 100000), 0);
    EXPECT_FALSE(oc_spill_owns(p));
    free(p);
  }
  void *m = malloc(10);
  EXPECT_FALSE(oc_spill_owns(m));
  free(m);
  EXPECT_FALSE(oc_spill_owns(nullptr));
}

TEST(SpillBlocks, ForkGivesTheChildACopy) {
  setenv("OUTCORE_SPILL_DIR", "/var/tmp", 1);
  char *p = static_cast<char *>(oc_spill_alloc_always(2 * MiB, 0));
  ASSERT_NE(p, nullptr);
  p[100] = 1;
  int to_child[2], to_parent[2];
  ASSERT_EQ(pipe(to_child), 0);
  ASSERT_EQ(pipe(to_parent), 0);
  pid_t pid = fork();
  if (pid == 0) {
    char c;
    bool ok = p[100] == 1;
    p[200] = 5;                                  // the parent must not see this
    if (write(to_parent[1], "x", 1) != 1 || read(to_child[0], &c, 1) != 1)
      _exit(3);
    ok = ok && p[100] == 1 && p[300] == 0;        // nor this the parent's writes
    _exit(ok ? 0 : 1);
  }
  char c;
  ASSERT_EQ(read(to_parent[0], &c, 1), 1);
  EXPECT_EQ(p[200], 0);
  p[100] = 2;
  p[300] = 9;
  ASSERT_EQ(write(to_child[1], "y", 1), 1);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  oc_spill_free(p);
}

} // namespace
