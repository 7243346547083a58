#include <gtest/gtest.h>

#include <string>
#include <sys/sysmacros.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

extern "C" {
#include "backend_linux.h"
}

namespace {

oc_map_kind KindOf(const char *line) {
  oc_mapping m;
  const char *path;
  size_t len;
  EXPECT_TRUE(oc_maps_parse_line(line, &m, &path, &len)) << line;
  return m.kind;
}

TEST(MapsClassify, KindsFromProcMaps) {
  EXPECT_EQ(KindOf("7f0000000000-7f0000100000 rw-p 00000000 00:00 0 \n"), OC_MAP_ANON);
  EXPECT_EQ(KindOf("55d5c000-55d7d000 rw-p 00000000 00:00 0    [heap]\n"), OC_MAP_ANON);
  EXPECT_EQ(KindOf("7f00-8f00 rw-s 00001000 fe:00 1234   /data/a.bin\n"), OC_MAP_FILE_SHARED);
  EXPECT_EQ(KindOf("7f00-8f00 r--s 00000000 fe:00 1234   /data/a.bin\n"), OC_MAP_FILE_SHARED);
  EXPECT_EQ(KindOf("7f00-8f00 rw-p 00000000 fe:00 1234   /data/a.bin\n"), OC_MAP_FILE_PRIVATE);
  EXPECT_EQ(KindOf("7f00-8f00 rw-s 00000000 00:01 99   /dev/zero (deleted)\n"), OC_MAP_SHMEM);
  EXPECT_EQ(KindOf("7f00-8f00 rw-s 00000000 00:01 99   /memfd:x (deleted)\n"), OC_MAP_SHMEM);
  // A spilled block: an unlinked (O_TMPFILE) file on disk, written back like any file.
  EXPECT_EQ(KindOf("7f00-8f00 rw-s 00000000 fe:00 4242   /var/tmp/#4242 (deleted)\n"),
            OC_MAP_FILE_SHARED);
  EXPECT_EQ(KindOf("7ffd0000-7ffe0000 rw-p 00000000 00:00 0   [stack]\n"), OC_MAP_STACK);
  EXPECT_EQ(KindOf("5500-5600 r-xp 00001000 fe:00 77   /usr/bin/prog\n"), OC_MAP_CODE);
  EXPECT_EQ(KindOf("7fff0000-7fff2000 r--p 00000000 00:00 0   [vvar]\n"), OC_MAP_SPECIAL);
  EXPECT_EQ(KindOf("7f00-8f00 ---p 00000000 00:00 0 \n"), OC_MAP_SPECIAL);
  oc_mapping m;
  const char *path;
  size_t len;
  EXPECT_FALSE(oc_maps_parse_line("garbage\n", &m, &path, &len));
  // Cut short, or fields out of shape: refused, never read past the line.
  EXPECT_FALSE(oc_maps_parse_line("7f00-8f00 rw-p 00000000 fe:00\n", &m, &path, &len));
  EXPECT_FALSE(oc_maps_parse_line("7f00-8f00 rw-p", &m, &path, &len));
  EXPECT_FALSE(oc_maps_parse_line("7f00-8f00 rw\n", &m, &path, &len));
  EXPECT_FALSE(oc_maps_parse_line("8f00-7f00 rw-p 00000000 00:00 0 \n", &m, &path, &len));
  EXPECT_FALSE(oc_maps_parse_line("7f00 8f00 rw-p 00000000 00:00 0 \n", &m, &path, &len));
  ASSERT_TRUE(oc_maps_parse_line("7f00-8f00 rw-s 00001000 fe:01 1234   /data/a.bin\n", &m,
                                 &path, &len));
  EXPECT_EQ(m.start, 0x7f00u);
  EXPECT_EQ(m.end, 0x8f00u);
  EXPECT_EQ(m.offset, 0x1000u);
  EXPECT_EQ(m.device, makedev(0xfe, 1));
  EXPECT_EQ(m.inode, 1234u);
  EXPECT_TRUE(m.writable);
  EXPECT_EQ(std::string(path, len), "/data/a.bin");
}

TEST(MapsClassify, OnlyProgramDataTakesHints) {
  for (oc_map_kind k :
       {OC_MAP_ANON, OC_MAP_FILE_PRIVATE, OC_MAP_FILE_SHARED, OC_MAP_SHMEM, OC_MAP_PAGED})
    EXPECT_TRUE(oc_kind_is_program_data(k));
  EXPECT_FALSE(oc_kind_needs_swap(OC_MAP_PAGED)); // the pager frees it by writing it back
  for (oc_map_kind k : {OC_MAP_STACK, OC_MAP_CODE, OC_MAP_SPECIAL, OC_MAP_RUNTIME})
    EXPECT_FALSE(oc_kind_is_program_data(k));
}

TEST(MapsTable, FindsLiveMappingsAndForgetsUnmappedOnes) {
  char path[] = "/tmp/outcore-maps-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, 1 << 20), 0);
  void *p = mmap(nullptr, 1 << 20, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ASSERT_NE(p, MAP_FAILED);
  oc_maps_refresh();
  const oc_mapping *m = oc_maps_get(reinterpret_cast<uintptr_t>(p) + 4096);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->kind, OC_MAP_FILE_SHARED);
  EXPECT_EQ(m->start, reinterpret_cast<uintptr_t>(p));
  EXPECT_STREQ(m->path, path);
  oc_maps_put(m);
  munmap(p, 1 << 20);
  unlink(path);
  close(fd);
  oc_maps_refresh();
  EXPECT_EQ(oc_maps_get(reinterpret_cast<uintptr_t>(p) + 4096), nullptr);
  // The frame, not a local: ASan's fake stacks move locals to the heap.
  m = oc_maps_get(reinterpret_cast<uintptr_t>(__builtin_frame_address(0)));
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->kind, OC_MAP_STACK); // the main thread's stack is labelled
  oc_maps_put(m);
}

} // namespace

namespace {

// A mapping of `pages` pages that the read-around heuristic may advise.
struct AdvisedRegion {
  size_t pages = 4096;
  void *base = mmap(nullptr, pages * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                    -1, 0);
  oc_mapping m{};
  AdvisedRegion() {
    m.start = reinterpret_cast<uintptr_t>(base);
    m.end = m.start + pages * 4096;
    m.kind = OC_MAP_ANON;
  }
  ~AdvisedRegion() { munmap(base, pages * 4096); }
  uintptr_t page(size_t i) const { return (m.start >> 12) + i; }
};

TEST(ReadAround, InterleavedStreamsKeepIt) {
  // Nine row streams of a 3-D stencil, a page each in turn, 300 pages apart.
  AdvisedRegion r;
  for (size_t step = 0; step < 200; step++)
    for (size_t stream = 0; stream < 9; stream++)
      EXPECT_EQ(oc_os_note_single_page(&r.m, r.page(stream * 300 + step / 2)), OC_PAGE_PREFETCH);
  EXPECT_FALSE(r.m.random_advised);
}

TEST(ReadAround, StreamsOnAFileMappingAreLeftToIt) {
  // An FFT stage on a file: eight butterfly streams, a page each in turn.
  AdvisedRegion r;
  r.m.kind = OC_MAP_FILE_SHARED;
  for (size_t stream = 0; stream < 8; stream++)
    EXPECT_EQ(oc_os_note_single_page(&r.m, r.page(stream * 500)), OC_PAGE_PREFETCH);
  for (size_t step = 1; step < 100; step++)
    for (size_t stream = 0; stream < 8; stream++)
      EXPECT_EQ(oc_os_note_single_page(&r.m, r.page(stream * 500 + step)), OC_PAGE_IN_STREAM);
  EXPECT_FALSE(r.m.random_advised);
}

TEST(ReadAround, ScatteredPagesTurnItOff) {
  // A column walk: a page per row, rows 8 pages apart.
  AdvisedRegion r;
  r.m.kind = OC_MAP_FILE_SHARED;
  for (size_t i = 0; i + 1 < OC_SCATTERED_BEFORE_RANDOM; i++)
    EXPECT_EQ(oc_os_note_single_page(&r.m, r.page(8 * i)), OC_PAGE_PREFETCH);
  EXPECT_EQ(oc_os_note_single_page(&r.m, r.page(8 * OC_SCATTERED_BEFORE_RANDOM)),
            OC_PAGE_READAROUND_OFF);
  EXPECT_TRUE(r.m.random_advised);
  EXPECT_EQ(oc_os_note_single_page(&r.m, r.page(1)), OC_PAGE_READAROUND_OFF);
}

}  // namespace

// oc_os_readahead_serves for a block of bytes [start, end).
static bool serves(oc_mapping *m, uintptr_t start, uintptr_t end) {
  return oc_os_readahead_serves(m, start >> 12, (end + 4095) >> 12);
}

TEST(Streams, ContiguousBlocksOnAFileMappingAreLeftToReadahead) {
  oc_mapping m{};
  m.kind = OC_MAP_FILE_SHARED;
  const uintptr_t base = 0x10000000, block = 16 * 4096;
  // Two interleaved streams (rows of a stencil), each block where its last one ended.
  bool left[2][4];
  for (int b = 0; b < 4; b++)
    for (int s = 0; s < 2; s++) {
      uintptr_t at = base + s * 0x1000000 + b * block;
      left[s][b] = serves(&m, at, at + block);
    }
  for (int s = 0; s < 2; s++) {
    EXPECT_FALSE(left[s][0]); // a first block is no stream yet
    EXPECT_FALSE(left[s][1]);
    EXPECT_TRUE(left[s][2]);
    EXPECT_TRUE(left[s][3]);
  }
}

TEST(Streams, StripsRoundedUpToPagesAreAStreamButARepeatIsNot) {
  oc_mapping m{};
  m.kind = OC_MAP_FILE_SHARED;
  // Two rows of 8000 bytes a strip, prefetched as 4 pages from the strip's start:
  // each block ends past where the next begins.
  const uintptr_t base = 0x10000000 + 100, strip = 16000, block = 4 * 4096;
  bool left[6];
  for (int b = 0; b < 6; b++)
    left[b] = serves(&m, base + b * strip, base + b * strip + block);
  EXPECT_FALSE(left[0]);
  EXPECT_FALSE(left[1]);
  for (int b = 2; b < 6; b++)
    EXPECT_TRUE(left[b]) << b;
  oc_mapping r{};
  r.kind = OC_MAP_FILE_SHARED;
  for (int i = 0; i < 6; i++) // the same two-page block again and again
    EXPECT_FALSE(serves(&r, base, base + 2 * 4096));
}

TEST(Streams, StridedBlocksAnonymousMemoryAndRandomAdviceAreNot) {
  const uintptr_t base = 0x10000000, block = 4 * 4096;
  oc_mapping file{};
  file.kind = OC_MAP_FILE_PRIVATE;
  for (int b = 0; b < 8; b++) // a gap of one block each time
    EXPECT_FALSE(serves(&file, base + 2 * b * block, base + (2 * b + 1) * block));
  for (oc_map_kind kind : {OC_MAP_ANON, OC_MAP_SHMEM}) {
    oc_mapping anon{};
    anon.kind = kind;
    for (int b = 0; b < 8; b++)
      EXPECT_FALSE(serves(&anon, base + b * block, base + (b + 1) * block));
  }
  oc_mapping random{};
  random.kind = OC_MAP_FILE_SHARED;
  atomic_store(&random.random_advised, true);
  for (int b = 0; b < 8; b++)
    EXPECT_FALSE(serves(&random, base + b * block, base + (b + 1) * block));
}

TEST(Streams, AnonymousStreamsSwapInAheadInDoublingWindows) {
  oc_mapping m{};
  m.kind = OC_MAP_ANON;
  const uintptr_t first = 0x10000; // page numbers
  // One-page hints, each where the read before ended: the first two are read as
  // hinted, then windows of OC_SWAPIN_AHEAD_MIN pages doubling to the maximum.
  uintptr_t at = first, windows[8];
  for (int h = 0; h < 8; h++) {
    uintptr_t end = oc_os_swapin_ahead_end(&m, at, at + 1);
    windows[h] = end - (at + 1);
    at = end;
  }
  EXPECT_EQ(windows[0], 0u);
  EXPECT_EQ(windows[1], 0u);
  EXPECT_EQ(windows[2], uintptr_t(OC_SWAPIN_AHEAD_MIN));
  EXPECT_EQ(windows[3], uintptr_t(2 * OC_SWAPIN_AHEAD_MIN));
  for (int h = 4; h < 8; h++)
    EXPECT_LE(windows[h], uintptr_t(OC_SWAPIN_AHEAD_MAX));
  EXPECT_EQ(windows[7], uintptr_t(OC_SWAPIN_AHEAD_MAX));
}

TEST(Streams, ScatteredAndRepeatedAnonymousHintsReadNoMore) {
  oc_mapping m{};
  m.kind = OC_MAP_ANON;
  for (uintptr_t h = 0; h < 16; h++) { // a column walk: a page per row, rows 8 apart
    uintptr_t page = 0x10000 + 8 * h;
    EXPECT_EQ(oc_os_swapin_ahead_end(&m, page, page + 1), page + 1);
  }
  oc_mapping r{};
  r.kind = OC_MAP_ANON;
  for (int i = 0; i < 8; i++) // the same block again and again
    EXPECT_EQ(oc_os_swapin_ahead_end(&r, 0x10000, 0x10004), uintptr_t(0x10004));
}
