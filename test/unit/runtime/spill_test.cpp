#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

extern "C" {
#include "config.h"
#include "spill.h"
#include "spill_arena.h"
#include "spill_file.h"
#include "spill_slab.h"
}

namespace {

constexpr long MiB = 1L << 20;

TEST(SpillDecide, ModesThresholdAndSwap) {
  oc_spill_inputs in{OC_SPILL_AUTO, MiB, 120 * MiB, 0, 0, 0, false, false};
  EXPECT_EQ(oc_spill_decide(&in, 60 * MiB), OC_SPILL_OWN_FILE);    // half the limit, no swap
  EXPECT_EQ(oc_spill_decide(&in, 59 * MiB), OC_SPILL_NOWHERE); // fits beside the rest
  in.swap_room = 1024 * MiB;
  EXPECT_EQ(oc_spill_decide(&in, 300 * MiB), OC_SPILL_NOWHERE); // swap holds it
  in.swap_room = 100 * MiB;
  EXPECT_EQ(oc_spill_decide(&in, 300 * MiB), OC_SPILL_OWN_FILE); // swap too small
  in.mode = OC_SPILL_ON;
  EXPECT_EQ(oc_spill_decide(&in, MiB), OC_SPILL_OWN_FILE);
  EXPECT_EQ(oc_spill_decide(&in, MiB - 1), OC_SPILL_NOWHERE);   // below OUTCORE_SPILL_MIN
  in.mode = OC_SPILL_OFF;
  EXPECT_EQ(oc_spill_decide(&in, 1024 * MiB), OC_SPILL_NOWHERE);
}

TEST(SpillDecide, SizeableBlocksSpillOnceTheHeapWithThemIsHalfTheLimit) {
  // Arrays of 40 MiB in a 120 MiB limit, no swap, blocks that cannot move: the first stays
  // in ordinary memory (a program whose data fit must not pay for files), the second
  // spills.
  oc_spill_inputs in{OC_SPILL_AUTO, MiB, 120 * MiB, 0, 0, 0, false, false};
  EXPECT_EQ(oc_spill_decide(&in, 40 * MiB), OC_SPILL_NOWHERE);
  in.heap = 40 * MiB;
  EXPECT_EQ(oc_spill_decide(&in, 40 * MiB), OC_SPILL_OWN_FILE);
  in.heap = 19 * MiB; // and 1/8 of the limit or more: a file of its own
  EXPECT_EQ(oc_spill_decide(&in, 41 * MiB), OC_SPILL_OWN_FILE);
}

TEST(SpillDecide, MovableSizeableBlocksStayOrdinaryWhileTheProgramIsInCore) {
  // 128 MiB limit, no swap, blocks can move: the in-core line is 124 MiB. Arrays of
  // 40 MiB stay ordinary up to it, the first glibc's (under half the limit), the next
  // in mappings of their own; the fourth makes 160: out of core, it spills, and
  // ordinary memory is brought under half the limit first.
  oc_spill_inputs in{OC_SPILL_AUTO, MiB, 128 * MiB, 0, 0, 0, true, false};
  EXPECT_EQ(oc_spill_decide(&in, 40 * MiB), OC_SPILL_NOWHERE);
  EXPECT_EQ(oc_spill_to_move(&in, 40 * MiB), 0u);
  in.heap = 40 * MiB;
  EXPECT_EQ(oc_spill_decide(&in, 40 * MiB), OC_SPILL_OWN_MAPPING);
  in.swap_room = 40 * MiB; // swap holds it: glibc's
  EXPECT_EQ(oc_spill_decide(&in, 40 * MiB), OC_SPILL_NOWHERE);
  in.swap_room = 0;
  in.heap = 0; // a block growing (realloc) to 1/8 of the limit: its own mapping at once
  in.grows = true;
  EXPECT_EQ(oc_spill_decide(&in, 16 * MiB), OC_SPILL_OWN_MAPPING);
  EXPECT_EQ(oc_spill_decide(&in, 16 * MiB - 1), OC_SPILL_NOWHERE);
  in.grows = false;
  EXPECT_EQ(oc_spill_decide(&in, 16 * MiB), OC_SPILL_NOWHERE);
  in.heap = 64 * MiB; // past half, in core: ordinary from 1/64 of the limit, the arena below
  EXPECT_EQ(oc_spill_decide(&in, 2 * MiB), OC_SPILL_OWN_MAPPING);
  EXPECT_EQ(oc_spill_decide(&in, 2 * MiB - 1), OC_SPILL_ARENA);
  in.heap = 80 * MiB;
  EXPECT_EQ(oc_spill_decide(&in, 40 * MiB), OC_SPILL_OWN_MAPPING); // 120 of 124: in core
  EXPECT_EQ(oc_spill_to_move(&in, 40 * MiB), 0u);
  EXPECT_EQ(oc_spill_decide(&in, 44 * MiB), OC_SPILL_OWN_FILE);    // 124: out of core
  in.heap = 120 * MiB;
  EXPECT_EQ(oc_spill_decide(&in, 40 * MiB), OC_SPILL_OWN_FILE);
  EXPECT_EQ(oc_spill_to_move(&in, 40 * MiB), size_t(56 * MiB + 1)); // 120 down to under 64
  in.heap = 32 * MiB; // blocks already in files count towards the line
  in.spilled = 88 * MiB;
  EXPECT_EQ(oc_spill_decide(&in, 40 * MiB), OC_SPILL_OWN_FILE);
  EXPECT_EQ(oc_spill_to_move(&in, 40 * MiB), 0u); // ordinary memory is under half
  in.movable = false; // another thread could write a block while it moves, unheld
  in.heap = 120 * MiB;
  in.spilled = 0;
  EXPECT_EQ(oc_spill_to_move(&in, 40 * MiB), 0u);
  in.movable = true;
  in.mode = OC_SPILL_ON;
  EXPECT_EQ(oc_spill_to_move(&in, 40 * MiB), 0u);
}

TEST(SpillDecide, SmallBlocksSpillOnceTheWholeHeapIsHalfTheLimit) {
  oc_spill_inputs in{OC_SPILL_AUTO, OC_SPILL_MIN_FLOOR, 128 * MiB, 0, 64 * MiB - 1,
                     0,             false,              false};
  EXPECT_FALSE(oc_spill_small_wanted(&in));
  in.heap = 64 * MiB;
  EXPECT_TRUE(oc_spill_small_wanted(&in)); // half the limit, no swap
  in.swap_room = 64 * MiB;
  EXPECT_FALSE(oc_spill_small_wanted(&in)); // swap holds it
  in.mode = OC_SPILL_ON;
  EXPECT_TRUE(oc_spill_small_wanted(&in));
  in.mode = OC_SPILL_OFF;
  in.swap_room = 0;
  EXPECT_FALSE(oc_spill_small_wanted(&in));
}

TEST(SpillDecide, RowsJoinTheArenaOnceTheHeapIsHalfTheLimit) {
  // Rows of 64 KiB in a 128 MiB limit, no swap: ordinary memory until the heap of
  // such blocks reaches half the limit, the arena after.
  constexpr long Row = 64 << 10;
  oc_spill_inputs in{OC_SPILL_AUTO, OC_SPILL_MIN_FLOOR, 128 * MiB, 0, 0, 0, false, false};
  EXPECT_EQ(oc_spill_decide(&in, Row), OC_SPILL_NOWHERE);
  in.heap = 64 * MiB - Row - 1;
  EXPECT_EQ(oc_spill_decide(&in, Row), OC_SPILL_NOWHERE);
  in.heap = 64 * MiB - Row;
  EXPECT_EQ(oc_spill_decide(&in, Row), OC_SPILL_ARENA);
  in.heap = -5 * MiB; // drifted below zero: nothing held
  EXPECT_EQ(oc_spill_decide(&in, Row), OC_SPILL_NOWHERE);
  in.heap = 100 * MiB;
  EXPECT_EQ(oc_spill_decide(&in, OC_SPILL_MIN_FLOOR - 1), OC_SPILL_NOWHERE); // below the min
  in.swap_room = 200 * MiB; // swap holds the heap and the row
  EXPECT_EQ(oc_spill_decide(&in, Row), OC_SPILL_NOWHERE);
  in.swap_room = 100 * MiB; // not both
  EXPECT_EQ(oc_spill_decide(&in, Row), OC_SPILL_ARENA);
  in.mode = OC_SPILL_ON; // on: whatever the heap; small blocks in the arena
  EXPECT_EQ(oc_spill_decide(&in, Row), OC_SPILL_ARENA);
  EXPECT_EQ(oc_spill_decide(&in, OC_SPILL_OWN_FILE_MIN), OC_SPILL_OWN_FILE);
}

TEST(SpillArenaExtents, FirstFitMergeAndTop) {
  static oc_arena_extents a; // large: not on the stack
  oc_arena_extents_init(&a, 100);
  size_t x, y, z, w;
  ASSERT_TRUE(oc_arena_extents_take(&a, 10, 1, &x));
  ASSERT_TRUE(oc_arena_extents_take(&a, 20, 1, &y));
  ASSERT_TRUE(oc_arena_extents_take(&a, 30, 1, &z));
  EXPECT_EQ(x, 0u);
  EXPECT_EQ(y, 10u);
  EXPECT_EQ(z, 30u);
  EXPECT_EQ(a.top, 60u);
  EXPECT_FALSE(oc_arena_extents_take(&a, 41, 1, &w)); // beyond the capacity
  oc_arena_extents_give(&a, x, 10);
  ASSERT_TRUE(oc_arena_extents_take(&a, 5, 1, &w));   // first fit in the freed extent
  EXPECT_EQ(w, 0u);
  EXPECT_EQ(a.free_count, 1u);
  oc_arena_extents_give(&a, y, 20);                // merges with [5, 10)
  ASSERT_EQ(a.free_count, 1u);
  EXPECT_EQ(a.free[0].off, 5u);
  EXPECT_EQ(a.free[0].len, 25u);
  oc_arena_extents_give(&a, z, 30);                // reaches the top: lowers it to 5
  EXPECT_EQ(a.free_count, 0u);
  EXPECT_EQ(a.top, 5u);
  ASSERT_TRUE(oc_arena_extents_take(&a, 95, 1, &w));
  EXPECT_EQ(w, 5u);
}

TEST(SpillArenaExtents, AlignedExtentsLeaveWhatIsBeforeThemFree) {
  static oc_arena_extents a;
  oc_arena_extents_init(&a, 100);
  size_t x, y, z, w;
  ASSERT_TRUE(oc_arena_extents_take(&a, 3, 1, &x));  // [0, 3)
  ASSERT_TRUE(oc_arena_extents_take(&a, 10, 8, &y)); // the gap [3, 8) stays free
  EXPECT_EQ(y, 8u);
  EXPECT_EQ(a.top, 18u);
  ASSERT_EQ(a.free_count, 1u);
  EXPECT_EQ(a.free[0].off, 3u);
  EXPECT_EQ(a.free[0].len, 5u);
  ASSERT_TRUE(oc_arena_extents_take(&a, 4, 4, &z)); // fits the gap at 4: [3, 4) and [8, 8)
  EXPECT_EQ(z, 4u);
  ASSERT_EQ(a.free_count, 1u);
  EXPECT_EQ(a.free[0].off, 3u);
  EXPECT_EQ(a.free[0].len, 1u);
  oc_arena_extents_give(&a, y, 10); // lowers the top to 8
  oc_arena_extents_give(&a, x, 3);  // joins [3, 4): free [0, 4)
  EXPECT_EQ(a.top, 8u);
  ASSERT_TRUE(oc_arena_extents_take(&a, 80, 16, &w)); // at 16: [8, 16) free
  EXPECT_EQ(w, 16u);
  ASSERT_EQ(a.free_count, 2u);
  EXPECT_EQ(a.free[1].off, 8u);
  EXPECT_EQ(a.free[1].len, 8u);
  oc_arena_extents_give(&a, w, 80); // joins [8, 16) and lowers the top to 8
  EXPECT_EQ(a.top, 8u);
  ASSERT_TRUE(oc_arena_extents_take(&a, 1, 1, &w)); // [0, 1): free [1, 4)
  ASSERT_TRUE(oc_arena_extents_take(&a, 1, 2, &w)); // split on both sides
  EXPECT_EQ(w, 2u);
  ASSERT_EQ(a.free_count, 2u);
  EXPECT_EQ(a.free[0].off, 1u);
  EXPECT_EQ(a.free[0].len, 1u);
  EXPECT_EQ(a.free[1].off, 3u);
  EXPECT_EQ(a.free[1].len, 1u);
  EXPECT_FALSE(oc_arena_extents_take(&a, 2, 128, &w)) << "beyond the capacity";
}

TEST(SpillArenaExtents, TheFreeExtentAroundARange) {
  static oc_arena_extents a;
  oc_arena_extents_init(&a, 100);
  size_t x[5];
  for (size_t &o : x)
    ASSERT_TRUE(oc_arena_extents_take(&a, 10, 1, &o)); // [0, 50)
  oc_arena_extents_give(&a, x[1], 10);
  oc_arena_extents_give(&a, x[2], 10); // free: [10, 30)
  auto around = [](size_t off, size_t len) {
    oc_arena_extent e = oc_arena_extents_free_around(&a, off, len);
    return std::make_pair(e.off, e.len);
  };
  EXPECT_EQ(around(20, 10), std::make_pair(size_t{10}, size_t{20})); // joined in the free list
  EXPECT_EQ(around(10, 5), std::make_pair(size_t{10}, size_t{20}));
  EXPECT_EQ(around(25, 10), std::make_pair(size_t{25}, size_t{10})) << "runs past it";
  EXPECT_EQ(around(0, 10), std::make_pair(size_t{0}, size_t{10})) << "before any";
  oc_arena_extents_give(&a, x[4], 10); // lowers the top to 40
  EXPECT_EQ(around(40, 10), std::make_pair(size_t{40}, size_t{10})) << "above the top";
}

TEST(SpillArenaPending, TouchingExtentsMergeUntilFull) {
  static oc_arena_pending p;
  // Rows freed in order, and one freed before its left neighbour: one range.
  EXPECT_TRUE(oc_arena_pending_add(&p, 8, 2));
  EXPECT_TRUE(oc_arena_pending_add(&p, 10, 2));
  EXPECT_TRUE(oc_arena_pending_add(&p, 6, 2));
  ASSERT_EQ(p.count, 1u);
  EXPECT_EQ(p.range[0].off, 6u);
  EXPECT_EQ(p.range[0].len, 6u);
  EXPECT_EQ(p.bytes, 6u);
  EXPECT_TRUE(oc_arena_pending_meets(&p, 11, 5));
  EXPECT_FALSE(oc_arena_pending_meets(&p, 12, 5));
  EXPECT_FALSE(oc_arena_pending_meets(&p, 0, 6));
  for (size_t i = 1; i < OC_ARENA_PENDING_MAX; i++) // apart: a range each
    EXPECT_TRUE(oc_arena_pending_add(&p, 100 * i, 1));
  EXPECT_FALSE(oc_arena_pending_add(&p, 50, 1)) << "full";
  EXPECT_TRUE(oc_arena_pending_add(&p, 101, 1)) << "still merges";
}

TEST(SpillArenaPending, ARetakenExtentLeavesItsRange) {
  static oc_arena_pending p;
  p = {};
  ASSERT_TRUE(oc_arena_pending_add(&p, 10, 10)); // [10, 20)
  ASSERT_TRUE(oc_arena_pending_add(&p, 40, 4));  // [40, 44)
  EXPECT_FALSE(oc_arena_pending_cancel(&p, 18, 4)) << "runs past its range";
  EXPECT_FALSE(oc_arena_pending_cancel(&p, 30, 2)) << "in no range";
  EXPECT_TRUE(oc_arena_pending_cancel(&p, 40, 4)); // a whole range
  ASSERT_EQ(p.count, 1u);
  EXPECT_TRUE(oc_arena_pending_cancel(&p, 10, 2)); // its front
  EXPECT_TRUE(oc_arena_pending_cancel(&p, 14, 2)); // its middle: split in two
  ASSERT_EQ(p.count, 2u);
  EXPECT_EQ(p.bytes, 6u);
  EXPECT_FALSE(oc_arena_pending_meets(&p, 10, 2));
  EXPECT_FALSE(oc_arena_pending_meets(&p, 14, 2));
  EXPECT_TRUE(oc_arena_pending_meets(&p, 12, 2));
  EXPECT_TRUE(oc_arena_pending_meets(&p, 16, 4));
  for (size_t i = 2; i < OC_ARENA_PENDING_MAX; i++) // fills the table
    ASSERT_TRUE(oc_arena_pending_add(&p, 100 * i, 8));
  EXPECT_FALSE(oc_arena_pending_cancel(&p, 202, 2)) << "a split with no free slot";
  EXPECT_EQ(p.bytes, 6u + 8 * (OC_ARENA_PENDING_MAX - 2));
  EXPECT_TRUE(oc_arena_pending_cancel(&p, 206, 2)); // its end: no split
}

TEST(SpillArenaExtents, AFullFreeListDropsExtents) {
  static oc_arena_extents a;
  oc_arena_extents_init(&a, 4 * (OC_ARENA_FREE_MAX + 2));
  size_t off;
  for (size_t i = 0; i < 2 * (OC_ARENA_FREE_MAX + 2); i++)
    ASSERT_TRUE(oc_arena_extents_take(&a, 2, 1, &off));
  // Every other extent freed: none merges, the list fills, the rest are dropped.
  for (size_t i = 0; i < OC_ARENA_FREE_MAX + 1; i++)
    oc_arena_extents_give(&a, 4 * i, 2);
  EXPECT_EQ(a.free_count, static_cast<size_t>(OC_ARENA_FREE_MAX));
  for (size_t i = 0; i < OC_ARENA_FREE_MAX; i++)
    EXPECT_EQ(a.free[i].off, 4 * i);
}

TEST(SpillSlab, ClassesCoverEverySizeWithAQuarterWastedAtMost) {
  EXPECT_EQ(oc_slab_class_bytes(0), 16u);
  EXPECT_EQ(oc_slab_class_bytes(OC_SLAB_CLASSES - 1), OC_SLAB_MAX);
  unsigned previous = 0;
  for (size_t bytes = 1; bytes <= OC_SLAB_MAX; bytes++) {
    unsigned cls = oc_slab_class_of(bytes);
    ASSERT_LT(cls, static_cast<unsigned>(OC_SLAB_CLASSES)) << bytes;
    size_t slot = oc_slab_class_bytes(cls);
    ASSERT_GE(slot, bytes);
    ASSERT_EQ(slot % 16, 0u) << "slots stay 16-byte aligned";
    if (cls > 0)
      ASSERT_LT(oc_slab_class_bytes(cls - 1), bytes) << "the least class that holds it";
    if (bytes > 128)
      ASSERT_LE(slot - bytes, slot / 4) << bytes;
    ASSERT_GE(cls, previous);
    previous = cls;
  }
}

TEST(SpillSlab, AlignedClassesAreTheLeastWithSlotsAMultipleOfTheAlignment) {
  EXPECT_EQ(oc_slab_class_aligned(100, 0), oc_slab_class_of(100)) << "malloc's alignment";
  EXPECT_EQ(oc_slab_class_bytes(oc_slab_class_aligned(100, 64)), 128u);
  EXPECT_EQ(oc_slab_class_bytes(oc_slab_class_aligned(130, 64)), 192u); // not 160
  EXPECT_EQ(oc_slab_class_bytes(oc_slab_class_aligned(100, 1024)), 1024u);
  EXPECT_EQ(oc_slab_class_bytes(oc_slab_class_aligned(3000, 2048)), OC_SLAB_MAX);
  for (size_t align = 1; align <= OC_SLAB_MAX; align *= 2)
    for (size_t bytes = 1; bytes <= OC_SLAB_MAX; bytes += 37) {
      unsigned cls = oc_slab_class_aligned(bytes, align);
      ASSERT_LT(cls, static_cast<unsigned>(OC_SLAB_CLASSES)) << bytes << " " << align;
      size_t slot = oc_slab_class_bytes(cls);
      ASSERT_GE(slot, bytes);
      ASSERT_EQ(slot % align, 0u) << bytes << " " << align;
      for (unsigned less = oc_slab_class_of(bytes); less < cls; less++)
        ASSERT_NE(oc_slab_class_bytes(less) % align, 0u) << "the least such class";
    }
}

TEST(SpillSlab, SlotsTakenUntilFullGivenOnceAndReused) {
  static oc_slab_run r;
  unsigned cls = oc_slab_class_of(3000); // 3072: 21 slots, the last word partial
  size_t slot = oc_slab_class_bytes(cls);
  oc_slab_run_init(&r, cls, 7 * OC_SLAB_RUN_BYTES, 7);
  ASSERT_EQ(r.slots, OC_SLAB_RUN_BYTES / slot);
  for (size_t i = 0; i < r.slots; i++)
    ASSERT_EQ(oc_slab_run_take(&r), static_cast<long>(i * slot));
  EXPECT_EQ(oc_slab_run_take(&r), -1) << "full";
  EXPECT_FALSE(oc_slab_run_give(&r, 5 * slot + 8)) << "inside a slot";
  EXPECT_FALSE(oc_slab_run_give(&r, r.slots * slot)) << "past the last slot";
  EXPECT_TRUE(oc_slab_run_give(&r, 5 * slot));
  EXPECT_FALSE(oc_slab_run_give(&r, 5 * slot)) << "a double free changes nothing";
  EXPECT_TRUE(oc_slab_run_give(&r, 2 * slot));
  EXPECT_EQ(r.used, r.slots - 2);
  EXPECT_EQ(oc_slab_run_take(&r), static_cast<long>(2 * slot)) << "the lowest free slot";
  EXPECT_EQ(oc_slab_run_take(&r), static_cast<long>(5 * slot));
  EXPECT_EQ(oc_slab_run_take(&r), -1);
}

TEST(SpillSlab, SmallestClassUsesEveryWord) {
  static oc_slab_run r;
  oc_slab_run_init(&r, 0, 0, 0);
  ASSERT_EQ(r.slots, OC_SLAB_RUN_BYTES / 16);
  for (size_t i = 0; i < r.slots; i++)
    ASSERT_EQ(oc_slab_run_take(&r), static_cast<long>(16 * i));
  EXPECT_EQ(oc_slab_run_take(&r), -1);
  EXPECT_TRUE(oc_slab_run_give(&r, OC_SLAB_RUN_BYTES - 16));
  EXPECT_EQ(oc_slab_run_take(&r), static_cast<long>(OC_SLAB_RUN_BYTES - 16));
}

TEST(SpillReadaround, VerdictsOfAnIntervalsFaults) {
  // Random reads under an 8 MiB read-around: each major fault reads megabytes, and
  // hardly a minor fault follows.
  const long window = 8 * MiB;
  oc_fault_sample scatter{1000, 1200, 1000 * 6 * MiB};
  EXPECT_EQ(oc_spill_readaround_verdict(&scatter, window), OC_READAROUND_SCATTERED);
  EXPECT_EQ(oc_spill_readaround_verdict(&scatter, 0), OC_READAROUND_SCATTERED);
  // A stream catching up with readahead: whole windows per major fault, each
  // read-around's pages then mapped by minor faults.
  oc_fault_sample stream{60, 60 * 128, 60 * 8 * MiB};
  EXPECT_EQ(oc_spill_readaround_verdict(&stream, window), OC_READAROUND_NO_VERDICT);
  // A walk down columns (PolyBench adi's column sweep, spilled, 64 MiB group): its
  // faults' windows overlap, so each reads a fraction of one, and many minor faults
  // follow, yet what the windows read pushes out the next columns' pages.
  oc_fault_sample columns{200, 200 * 178, 200 * 19 * MiB / 10};
  EXPECT_EQ(oc_spill_readaround_verdict(&columns, window), OC_READAROUND_OVERLAPPING);
  EXPECT_EQ(oc_spill_readaround_verdict(&columns, 0), OC_READAROUND_NO_VERDICT); // window unknown
  // Small reads per fault (read-around already small, or off): nothing to guard.
  oc_fault_sample small{1000, 1000, 1000 * 64 * 1024};
  EXPECT_EQ(oc_spill_readaround_verdict(&small, window), OC_READAROUND_NO_VERDICT);
  // Too few faults to judge.
  oc_fault_sample few{OC_READAROUND_MIN_MAJOR - 1, 0, 100 * MiB};
  EXPECT_EQ(oc_spill_readaround_verdict(&few, window), OC_READAROUND_NO_VERDICT);
}

TEST(SpillReadaround, WindowOfTheDirectorysDisk) {
  // A directory on no block device (or none at all) has no read-around.
  EXPECT_EQ(oc_spill_dir_readaround_bytes("/proc"), 0);
  EXPECT_EQ(oc_spill_dir_readaround_bytes("/no/such/dir"), 0);
  EXPECT_EQ(oc_spill_dir_readaround_bytes(""), 0);
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
  EXPECT_TRUE(oc_parse_spill_min("16", &min));
  EXPECT_EQ(min, 16);
  EXPECT_FALSE(oc_parse_spill_min("8", &min)); // below the floor: the least slab slot
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
  char *p = static_cast<char *>(oc_spill_alloc_at(3 * MiB + 5, 0, OC_SPILL_OWN_FILE));
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
  void *q = oc_spill_alloc_at(MiB, 4 * MiB, OC_SPILL_OWN_FILE);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(q) % (4 * MiB), 0u);
  oc_spill_free(q);
}

TEST(SpillArena, BlocksShareOneFileAndReadZerosWhenReused) {
  setenv("OUTCORE_SPILL_DIR", "/var/tmp", 1);
  long blocks0 = 0, bytes0 = 0, blocks = 0, bytes = 0;
  oc_spill_totals(&blocks0, &bytes0);
  constexpr size_t Row = 64 << 10;
  char *rows[64];
  for (char *&r : rows) {
    r = static_cast<char *>(oc_spill_alloc_in_arena(Row - 100, 0));
    ASSERT_NE(r, nullptr);
    EXPECT_TRUE(oc_spill_owns(r));
    EXPECT_TRUE(oc_spill_in_arena(r));
    EXPECT_EQ(oc_spill_usable_size(r), Row);
    std::memset(r, 0x5a, Row);
  }
  oc_spill_totals(&blocks, &bytes);
  EXPECT_EQ(blocks - blocks0, 64);
  EXPECT_EQ(bytes - bytes0, static_cast<long>(64 * Row));
  EXPECT_EQ(rows[1], rows[0] + Row); // neighbours, one mapping
  EXPECT_EQ(oc_spill_resize(rows[0], 2 * Row), nullptr); // the caller copies
  char *freed = rows[10];
  oc_spill_free(freed);
  EXPECT_EQ(rows[11][0], 0x5a);
  char *again = static_cast<char *>(oc_spill_alloc_in_arena(Row, 0)); // the freed extent
  ASSERT_EQ(again, freed);
  for (size_t i = 0; i < Row; i += 4096)
    ASSERT_EQ(again[i], 0) << "a reused extent reads as zeros (calloc)";
  rows[10] = again;
  // Rows larger than a reuse without punch, freed out of order: punched as the
  // free extent they make together, and read as zeros when taken as one block.
  constexpr size_t Big = 4 * Row;
  char *big[3];
  for (char *&b : big) {
    b = static_cast<char *>(oc_spill_alloc_in_arena(Big, 0));
    ASSERT_NE(b, nullptr);
    std::memset(b, 0x5a, Big);
  }
  ASSERT_EQ(big[1], big[0] + Big);
  oc_spill_free(big[1]);
  oc_spill_free(big[0]);
  char *joined = static_cast<char *>(oc_spill_alloc_in_arena(2 * Big, 0));
  ASSERT_EQ(joined, big[0]);
  for (size_t i = 0; i < 2 * Big; i += 4096)
    ASSERT_EQ(joined[i], 0) << "at " << i;
  EXPECT_EQ(big[2][0], 0x5a) << "a live neighbour keeps its data";
  oc_spill_free(joined);
  oc_spill_free(big[2]);
  for (char *r : rows)
    oc_spill_free(r);
  oc_spill_totals(&blocks, &bytes);
  EXPECT_EQ(blocks, blocks0);
  EXPECT_EQ(bytes, bytes0);
}

TEST(SpillArena, AlignedBlocksUpToTwoMiB) {
  setenv("OUTCORE_SPILL_DIR", "/var/tmp", 1);
  long blocks0 = 0, bytes0 = 0, blocks = 0, bytes = 0;
  oc_spill_totals(&blocks0, &bytes0);
  char *before = static_cast<char *>(oc_spill_alloc_in_arena(5000, 0));
  ASSERT_NE(before, nullptr);
  for (size_t align : {size_t{8} << 10, size_t{64} << 10, size_t{2} << 20}) {
    char *p = static_cast<char *>(oc_spill_alloc_in_arena(20000, align));
    ASSERT_NE(p, nullptr) << align;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % align, 0u) << align;
    EXPECT_TRUE(oc_spill_in_arena(p));
    EXPECT_EQ(oc_spill_usable_size(p), 20480u);
    std::memset(p, 0x77, 20000);
    char *q = static_cast<char *>(oc_spill_alloc_at(5000, align, OC_SPILL_ARENA));
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(q) % align, 0u) << align;
    oc_spill_free(q);
    EXPECT_EQ(p[19999], 0x77);
    oc_spill_free(p);
  }
  EXPECT_EQ(oc_spill_alloc_in_arena(5000, 4 * MiB), nullptr) << "above the range's alignment";
  oc_spill_free(before);
  oc_spill_totals(&blocks, &bytes);
  EXPECT_EQ(blocks, blocks0);
  EXPECT_EQ(bytes, bytes0);
}

TEST(SpillArena, SmallBlocksAreSlotsOfRunsFreedWhenEmpty) {
  setenv("OUTCORE_SPILL_DIR", "/var/tmp", 1);
  long blocks0 = 0, bytes0 = 0, blocks = 0, bytes = 0;
  oc_spill_totals(&blocks0, &bytes0);
  // Two runs' worth of 100-byte blocks (slots of 112), and a block of another class.
  size_t slot = oc_slab_class_bytes(oc_slab_class_of(100));
  size_t per_run = OC_SLAB_RUN_BYTES / slot;
  std::vector<char *> small(2 * per_run);
  for (char *&b : small) {
    b = static_cast<char *>(oc_spill_alloc_small(100, 0));
    ASSERT_NE(b, nullptr);
    ASSERT_TRUE(oc_spill_owns(b));
    ASSERT_TRUE(oc_spill_is_small(b));
    ASSERT_EQ(oc_spill_usable_size(b), slot);
    std::memset(b, 0x3c, 100);
  }
  EXPECT_EQ(small[1], small[0] + slot) << "neighbours in a run";
  char *other = static_cast<char *>(oc_spill_alloc_small(3000, 0));
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(oc_spill_usable_size(other), 3072u);
  char *page_block = static_cast<char *>(oc_spill_alloc_in_arena(5000, 0));
  ASSERT_NE(page_block, nullptr);
  EXPECT_FALSE(oc_spill_is_small(page_block));
  oc_spill_totals(&blocks, &bytes);
  EXPECT_EQ(blocks - blocks0, 4) << "three runs and a block of pages";
  EXPECT_EQ(bytes - bytes0, static_cast<long>(3 * OC_SLAB_RUN_BYTES + 8192));

  oc_spill_free(small[7]);
  EXPECT_EQ(small[8][0], 0x3c) << "a neighbour keeps its data";
  char *again = static_cast<char *>(oc_spill_alloc_small(97, 0)); // the same class
  EXPECT_EQ(again, small[7]) << "the freed slot, reused";
  small[7] = again;
  for (char *b : small)
    oc_spill_free(b);
  oc_spill_totals(&blocks, &bytes);
  EXPECT_EQ(blocks - blocks0, 3) << "the class keeps one emptied run, the other goes back";
  oc_spill_free(other);
  oc_spill_free(page_block);

  // An aligned small block: a slot of a class whose slots keep the alignment.
  for (size_t align : {size_t{64}, size_t{512}, size_t{4096}}) {
    char *b = static_cast<char *>(oc_spill_alloc_small(130, align));
    ASSERT_NE(b, nullptr);
    EXPECT_TRUE(oc_spill_is_small(b));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(b) % align, 0u) << align;
    oc_spill_free(b);
  }
  EXPECT_EQ(oc_spill_alloc_small(130, 8192), nullptr) << "above a page";
}

TEST(SpillArena, SmallBlocksFromManyThreads) {
  setenv("OUTCORE_SPILL_DIR", "/var/tmp", 1);
  long blocks0 = 0, bytes0 = 0, blocks = 0, bytes = 0;
  oc_spill_totals(&blocks0, &bytes0);
  // Each thread makes blocks of several classes, frees every other one and makes
  // them again (slots freed by one run's owner while others take from it), checks
  // every byte, and frees all: no slot is handed out twice, no run is left.
  auto work = [](unsigned seed, bool *ok) {
    constexpr int N = 6000;
    std::vector<unsigned char *> b(N);
    auto size = [seed](int i) { return static_cast<size_t>(16 + (i * 37 + seed * 11) % 2000); };
    auto make = [&](int i) {
      b[i] = static_cast<unsigned char *>(oc_spill_alloc_small(size(i), 0));
      if (b[i])
        std::memset(b[i], static_cast<int>((i + seed) & 0xff), size(i));
    };
    for (int i = 0; i < N; i++)
      make(i);
    for (int i = 0; i < N; i += 2)
      oc_spill_free(b[i]);
    for (int i = 0; i < N; i += 2)
      make(i);
    *ok = true;
    for (int i = 0; i < N; i++) {
      *ok &= b[i] != nullptr;
      for (size_t k = 0; *ok && k < size(i); k++)
        *ok &= b[i][k] == static_cast<unsigned char>((i + seed) & 0xff);
    }
    for (int i = 0; i < N; i++)
      if (b[i])
        oc_spill_free(b[i]);
  };
  constexpr int Threads = 4;
  bool ok[Threads] = {};
  std::vector<std::thread> threads;
  for (int t = 0; t < Threads; t++)
    threads.emplace_back(work, static_cast<unsigned>(t), &ok[t]);
  for (std::thread &t : threads)
    t.join();
  for (bool o : ok)
    EXPECT_TRUE(o);
  oc_spill_totals(&blocks, &bytes);
  // A class keeps at most its last run with free slots.
  EXPECT_LE(blocks - blocks0, OC_SLAB_CLASSES);
}

TEST(SpillArena, ForkGivesTheChildACopy) {
  setenv("OUTCORE_SPILL_DIR", "/var/tmp", 1);
  char *p = static_cast<char *>(oc_spill_alloc_in_arena(MiB, 0));
  ASSERT_NE(p, nullptr);
  p[100] = 1;
  pid_t pid = fork();
  if (pid == 0) {
    bool ok = p[100] == 1;
    p[100] = 5;
    _exit(ok ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(p[100], 1) << "the child's write reached the parent";
  oc_spill_free(p);
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
  char *p = static_cast<char *>(oc_spill_alloc_at(2 * MiB, 0, OC_SPILL_OWN_FILE));
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
