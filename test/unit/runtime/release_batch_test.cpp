#include <gtest/gtest.h>

#include <cstring>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

extern "C" {
#include "backend_linux.h"
}

namespace {

constexpr size_t kPage = 4096;

// Whether this kernel takes process_madvise(2) on the process itself.
bool KernelBatches() {
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, getpid(), 0));
  if (pidfd < 0)
    return false;
  void *p = mmap(nullptr, kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  iovec one{p, kPage};
  bool ok = syscall(SYS_process_madvise, pidfd, &one, 1, MADV_COLD, 0) == (long)kPage;
  munmap(p, kPage);
  close(pidfd);
  return ok;
}

class ReleaseBatch : public ::testing::Test {
protected:
  static constexpr size_t kPages = 3 * OC_RELEASE_BATCH;
  oc_release_batch batch{};
  unsigned char *data = nullptr;
  void SetUp() override {
    data = static_cast<unsigned char *>(mmap(nullptr, kPages * kPage, PROT_READ | PROT_WRITE,
                                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    ASSERT_NE(data, MAP_FAILED);
    for (size_t i = 0; i < kPages * kPage; i++)
      data[i] = static_cast<unsigned char>(i * 7 + i / kPage);
  }
  void TearDown() override { munmap(data, kPages * kPage); }
  long Release(size_t page, size_t pages = 1) {
    return oc_os_release(&batch, OC_MAP_ANON, reinterpret_cast<uintptr_t>(data + page * kPage),
                         pages * kPage);
  }
  void ExpectDataIntact(size_t skip_page = kPages) {
    for (size_t i = 0; i < kPages * kPage; i++)
      if (i / kPage != skip_page)
        ASSERT_EQ(data[i], static_cast<unsigned char>(i * 7 + i / kPage)) << "byte " << i;
  }
};

TEST_F(ReleaseBatch, StridedPagesShareOneSystemCallAndKeepTheirData) {
  if (!KernelBatches())
    GTEST_SKIP() << "process_madvise on self refused here";
  for (size_t p = 0; p < 64; p += 2)
    EXPECT_EQ(Release(p), 0); // gathered, nothing issued yet
  EXPECT_EQ(oc_os_release_flush(&batch), 1);
  EXPECT_EQ(oc_os_release_flush(&batch), 0); // emptied
  ExpectDataIntact();
}

TEST_F(ReleaseBatch, AdjacentRangesMergeAndAFullBatchIsIssued) {
  EXPECT_EQ(Release(0, 2), 0);
  EXPECT_EQ(Release(2, 3), 0); // continues the last range
  EXPECT_EQ(batch.count, 1u);
  EXPECT_EQ(batch.ranges[0].iov_len, 5 * kPage);
  long calls = 0;
  for (size_t p = 6; p < 6 + 2 * OC_RELEASE_BATCH; p += 2)
    calls += Release(p);
  EXPECT_GE(calls, 1); // the full batch went out
  EXPECT_LT(batch.count, (unsigned)OC_RELEASE_BATCH);
  calls += oc_os_release_flush(&batch);
  if (KernelBatches())
    EXPECT_EQ(calls, 2);
  ExpectDataIntact();
}

TEST_F(ReleaseBatch, ARangeUnmappedMeanwhileLeavesTheRestToMadvise) {
  Release(0);
  Release(2);
  Release(4);
  Release(6);
  ASSERT_EQ(munmap(data + 2 * kPage, kPage), 0);
  // With batching: one call stopping at the hole, then one madvise per range from it.
  long calls = oc_os_release_flush(&batch);
  EXPECT_TRUE(calls == 4 || (KernelBatches() && calls == 1 + 3)) << calls;
  ASSERT_EQ(mmap(data + 2 * kPage, kPage, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
            data + 2 * kPage);
  ExpectDataIntact(2);
}

TEST_F(ReleaseBatch, SharedFileMappingsAreReleasedAtOnceNotBatched) {
  char path[] = "/var/tmp/outcore-batch-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  unlink(path);
  ASSERT_EQ(ftruncate(fd, 4 * kPage), 0);
  void *p = mmap(nullptr, 4 * kPage, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ASSERT_NE(p, MAP_FAILED);
  std::memset(p, 9, 4 * kPage);
  oc_maps_refresh(); // the release re-checks the table before MADV_DONTNEED
  EXPECT_EQ(oc_os_release(&batch, OC_MAP_FILE_SHARED, reinterpret_cast<uintptr_t>(p),
                          4 * kPage),
            1);
  EXPECT_EQ(batch.count, 0u);
  EXPECT_EQ(static_cast<unsigned char *>(p)[4 * kPage - 1], 9); // the cache kept it
  // Unmapped by the runtime (a freed spilled block) and anonymous memory there now:
  // a release with the old classification must not advise it (DONTNEED would zero it).
  oc_maps_unmap_begin();
  void *anon = mmap(p, 4 * kPage, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
  oc_maps_unmap_end(reinterpret_cast<uintptr_t>(p), 4 * kPage);
  ASSERT_EQ(anon, p);
  std::memset(p, 7, 4 * kPage);
  EXPECT_EQ(oc_os_release(&batch, OC_MAP_FILE_SHARED, reinterpret_cast<uintptr_t>(p),
                          4 * kPage),
            0);
  EXPECT_EQ(static_cast<unsigned char *>(p)[0], 7);
  munmap(p, 4 * kPage);
  close(fd);
}

} // namespace
