#include <gtest/gtest.h>

#include <vector>

extern "C" {
#include "release.h"
#include "residency.h"
}

namespace {

using Ranges = std::vector<std::pair<uintptr_t, uintptr_t>>;

struct Recorder {
  Ranges retired, issued;
  std::vector<uint32_t> stamps;
  bool accept = true;
};

void Retire(oc_range r, uint32_t stamp, void *ctx) {
  auto *rec = static_cast<Recorder *>(ctx);
  rec->retired.emplace_back(r.first, r.end);
  rec->stamps.push_back(stamp);
}
bool Issue(oc_range r, void *ctx) {
  auto *rec = static_cast<Recorder *>(ctx);
  if (rec->accept)
    rec->issued.emplace_back(r.first, r.end);
  return rec->accept;
}

constexpr uintptr_t C = OC_CHUNK_GRANULES;

class Release : public ::testing::Test {
protected:
  Recorder rec;
  void Start(bool buffered) {
    // The fork-child handler is how the runtime forgets every tag; reuse it.
    oc_release_fork_prepare();
    oc_release_fork_child();
    oc_release_sink sink{Retire, Issue, &rec};
    oc_release_init(&sink, buffered);
  }
  bool Record(int tag, int priority, uintptr_t first, uintptr_t n, long now = 0) {
    return oc_release_record(tag, priority, oc_range{first, first + n}, now);
  }
};

TEST_F(Release, RepeatOfTheLastPageIsDropped) {
  Start(false);
  EXPECT_TRUE(Record(1, 0, 100, 1));
  EXPECT_FALSE(Record(1, 0, 100, 1));
  EXPECT_FALSE(Record(1, 0, 100, 1));
  EXPECT_TRUE(rec.retired.empty()); // still the tag's last release
}

TEST_F(Release, ReleasesRunOneBehind) {
  Start(false);
  Record(1, 0, 10 * C, 1);
  EXPECT_TRUE(rec.retired.empty());
  Record(1, 0, 10 * C + 1, 1);
  ASSERT_EQ(rec.retired.size(), 1u);
  EXPECT_EQ(rec.retired[0], std::make_pair(10 * C, 10 * C + 1));
  // Tags are independent.
  Record(2, 0, 50 * C, 1);
  EXPECT_EQ(rec.retired.size(), 1u);
}

TEST_F(Release, AStreamContinuesWithinOneReleaseOfTheLastEitherWay) {
  Start(true);
  auto continues = [](int tag, uintptr_t first, uintptr_t n) {
    return oc_release_continues_stream(tag, oc_range{first, first + n});
  };
  EXPECT_FALSE(continues(1, 100, 1)); // no release of the tag yet
  Record(1, 0, 100, 1);
  EXPECT_TRUE(continues(1, 101, 1));  // the next page
  EXPECT_TRUE(continues(1, 99, 1));   // walking down
  EXPECT_TRUE(continues(1, 104, 4));  // blocks of four
  EXPECT_FALSE(continues(1, 108, 1)); // a page of every eighth row: a column walk
  EXPECT_FALSE(continues(2, 101, 1)); // another tag
  Record(1, 0, 108, 1);
  EXPECT_TRUE(continues(1, 109, 1)); // judged from the last release only
}

TEST_F(Release, PriorityZeroIsIssuedWhenItsChunkIsDoneEvenWhenBuffering) {
  Start(true);
  for (uintptr_t g = 4 * C; g <= 5 * C; g++) // one past the chunk: hands on its last page
    Record(7, 0, g, 1);
  ASSERT_EQ(rec.issued.size(), 1u);
  EXPECT_EQ(rec.issued[0], std::make_pair(4 * C, 5 * C));
  EXPECT_EQ(oc_release_buffered_bytes(), 0);
}

TEST_F(Release, ReleasePolicyIssuesEveryPriorityAtOnce) {
  Start(false);
  for (uintptr_t g = 4 * C; g <= 5 * C; g++)
    Record(7, 3, g, 1);
  ASSERT_EQ(rec.issued.size(), 1u);
}

TEST_F(Release, BufferedReleasesWaitAndGoLowestPriorityFirstRoundRobin) {
  Start(true);
  // Tags 1 and 2 at priority 2, tag 3 at priority 1: two whole chunks each.
  int tags[] = {1, 2, 3};
  int prios[] = {2, 2, 1};
  uintptr_t base[] = {100 * C, 200 * C, 300 * C};
  for (int t = 0; t < 3; t++) {
    for (uintptr_t c = 0; c < 2; c++)
      Record(tags[t], prios[t], base[t] + c * 2 * C, C); // non-adjacent chunks
    Record(tags[t], prios[t], base[t] + 10 * C, 1);      // hands on the second chunk
  }
  EXPECT_TRUE(rec.issued.empty());
  EXPECT_EQ(oc_release_buffered_bytes(), 6 * long(C) * 4096);
  // One chunk's worth: the lowest priority (tag 3) goes first.
  EXPECT_EQ(oc_release_batch(1), long(C) * 4096);
  ASSERT_EQ(rec.issued.size(), 1u);
  // Newest first (MRU): the tag's oldest data is the first it touches again.
  EXPECT_EQ(rec.issued[0].first, 302 * C);
  oc_release_batch(1);
  EXPECT_EQ(rec.issued[1].first, 300 * C);
  // Then priority 2, alternating between tags 1 and 2, newest first.
  oc_release_batch(3 * long(C) * 4096);
  ASSERT_EQ(rec.issued.size(), 5u);
  EXPECT_EQ(rec.issued[2].first / (100 * C) + rec.issued[3].first / (100 * C), 3u);
  EXPECT_NE(rec.issued[2].first / (100 * C), rec.issued[3].first / (100 * C));
  EXPECT_EQ(rec.issued[2].first % (100 * C), 2 * C);
  EXPECT_EQ(rec.issued[4].first % (100 * C), 0u);
  EXPECT_EQ(oc_release_buffered_bytes(), long(C) * 4096);
}

TEST_F(Release, AdjacentBufferedPiecesMerge) {
  Start(true);
  for (uintptr_t g = 0; g <= 3 * C; g += 16)
    Record(5, 4, 1000 * C + g, 16);
  EXPECT_EQ(oc_release_buffered_bytes(), 3 * long(C) * 4096);
  // A batch takes what it needs from the newest end, in whole chunks.
  EXPECT_EQ(oc_release_batch(1), long(C) * 4096);
  ASSERT_EQ(rec.issued.size(), 1u);
  EXPECT_EQ(rec.issued[0], std::make_pair(1002 * C, 1003 * C));
  EXPECT_EQ(oc_release_batch(2 * long(C) * 4096), 2 * long(C) * 4096);
  ASSERT_EQ(rec.issued.size(), 2u);
  EXPECT_EQ(rec.issued[1], std::make_pair(1000 * C, 1002 * C));
  EXPECT_EQ(oc_release_buffered_bytes(), 0);
}

TEST_F(Release, SweepsOverTheSameArrayKeepTheirBufferFromFillingUp) {
  Start(true);
  // A loop re-reading a 3-chunk array buffers it each sweep (priority 1); a sweep's
  // prefetches take the last sweep's pages back, and part of a sweep's pages are
  // still marked when the next begins. 400 sweeps: more pieces than a buffer holds.
  const uintptr_t first = 2000 * C, n = 3 * C;
  for (int sweep = 0; sweep < 400; sweep++) {
    oc_residency_take_released(first, first + n / 2, nullptr, nullptr);
    oc_release_note_taken_back_buffered(long(n / 2)); // as the prefetch path does
    for (uintptr_t g = 0; g < n; g += 64)
      Record(9, 1, first + g, 64);
    Record(9, 1, first + 10 * n, 1); // hands on the sweep's last piece
    Record(9, 1, first + 20 * n, 1); // and the page just above
    oc_residency_mark_released(first, first + n, 0); // what retiring did in the runtime
  }
  EXPECT_TRUE(rec.issued.empty()); // nothing went out for lack of room in the buffer
  oc_residency_take_released(first, first + 21 * n, nullptr, nullptr);
}

TEST_F(Release, IdleTagsAreFlushed) {
  Start(false);
  Record(9, 0, 77, 2, /*now=*/0);
  oc_release_flush_idle(50, 100);
  EXPECT_TRUE(rec.issued.empty());
  oc_release_flush_idle(200, 100);
  ASSERT_EQ(rec.issued.size(), 1u);
  EXPECT_EQ(rec.issued[0], std::make_pair(uintptr_t(77), uintptr_t(79)));
  // After the flush the same page is a new release, not a repeat.
  EXPECT_TRUE(Record(9, 0, 77, 2, 300));
}

TEST_F(Release, ATagWhoseOwnPrefetchesTakeItsPagesBackIsNotIssued) {
  Start(true);
  // Single pages in a row: each 2 MiB chunk of them is issued as one piece; a trust
  // window is 4096 pages. Each release goes through oc_release_drop_fast and
  // oc_release_drop_early first, as on the release path.
  uintptr_t next = 0;
  auto release = [&](int pages) {
    int withheld = 0;
    for (int i = 0; i < pages; i++, next++) {
      if (oc_release_drop_fast(4) || oc_release_drop_early(4, next))
        withheld++;
      else
        Record(4, 0, next, 1);
    }
    return withheld;
  };
  EXPECT_EQ(release(4097), 0); // the first window handed on, nothing taken back
  EXPECT_EQ(rec.issued.size(), 8u);
  oc_release_note_rescued(4, 1024); // its own prefetches took back a quarter window
  oc_release_note_rescued(5, 4096); // another tag's rescues are not its
  EXPECT_FALSE(oc_release_withholding(4));
  // Withheld from its next piece on, without waiting for the window's end.
  EXPECT_EQ(release(1), 0);
  EXPECT_TRUE(oc_release_withholding(4));
  EXPECT_EQ(rec.retired.size(), 4097u);
  // 7 releases in 8 are dropped at once (this thread's count); the 8th is retired
  // (handed on one behind, never issued) and counts in the window, 4096 of them.
  oc_release_note_rescued(4, 64); // more taken back in this window
  EXPECT_EQ(release(8 * 4095), 8 * 4095 - 4095);
  EXPECT_EQ(rec.retired.size(), 4097u + 4095u);
  EXPECT_EQ(rec.issued.size(), 8u);
  // That window closed with 1088 of 4096 taken back: still withheld. The next takes
  // nothing back and closes on its 4096th retired sample, the last of these releases
  // (the 4096th sample handing on the 4095th): trusted again.
  EXPECT_TRUE(oc_release_withholding(4));
  EXPECT_EQ(release(8 * 4096), 8 * 4096 - 4096);
  EXPECT_FALSE(oc_release_withholding(4));
  size_t issued = rec.issued.size();
  EXPECT_EQ(release(1024), 0);
  EXPECT_GT(rec.issued.size(), issued);
  // Stamped with the tag's mark and the release clock (MiB recorded before).
  for (size_t i = 0; i < rec.stamps.size(); i++)
    EXPECT_EQ(rec.stamps[i] & 0xff, oc_release_mark(4));
  EXPECT_LT(rec.stamps[0] >> OC_STAMP_CLOCK_SHIFT, rec.stamps.back() >> OC_STAMP_CLOCK_SHIFT);
}

TEST_F(Release, ABufferedTagWhoseOwnPrefetchesTakeItsPagesBackIsNeitherBufferedNorIssued) {
  Start(true);
  // A column walk's trailer (priority 1): one page per row, each row in a chunk of
  // its own, so no two pieces merge; the 256 pieces a buffer holds fill it, and the
  // newest pieces then go to the OS at once.
  uintptr_t row = 0;
  auto release = [&](int rows) {
    int withheld = 0;
    for (int i = 0; i < rows; i++, row += 2 * C) {
      if (oc_release_drop_fast(11) || oc_release_drop_early(11, row))
        withheld++;
      else
        Record(11, 1, row, 1);
    }
    return withheld;
  };
  EXPECT_EQ(release(400), 0);
  EXPECT_EQ(oc_release_buffered_bytes(), 256L * 4096);
  EXPECT_FALSE(rec.issued.empty()); // a full buffer's newest, issued at once
  // The next sweep's prefetches take the rows back: a quarter of a window.
  oc_release_note_rescued(11, 1024);
  EXPECT_EQ(release(1), 0); // judged at its next piece
  EXPECT_TRUE(oc_release_withholding(11));
  size_t issued = rec.issued.size();
  EXPECT_EQ(release(8000), 7000);
  EXPECT_EQ(rec.issued.size(), issued);
  EXPECT_EQ(oc_release_buffered_bytes(), 256L * 4096); // the samples wait nowhere
}

TEST_F(Release, TagMarksAreDistinctForNearbyTagsAndZeroForNone) {
  EXPECT_EQ(oc_release_mark(OC_TAG_NONE), 0);
  for (int tag = -300; tag < 300; tag++) {
    EXPECT_NE(oc_release_mark(tag), 0);
    EXPECT_NE(oc_release_mark(tag), oc_release_mark(tag + 1));
  }
}

TEST_F(Release, RefusedIssuesAreNotLostFromTheCount) {
  Start(false);
  rec.accept = false;
  Record(3, 0, 0, C);
  Record(3, 0, 5 * C, 1);
  EXPECT_TRUE(rec.issued.empty());
  EXPECT_EQ(rec.retired.size(), 1u);
}

} // namespace
