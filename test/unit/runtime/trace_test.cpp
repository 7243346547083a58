// The trace ring (one producer, one consumer, drop when full) and the record layout
// that tools/outcore-prof decodes.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <thread>

extern "C" {
#include "trace.h"
}

namespace {

std::unique_ptr<oc_trace_ring> fresh_ring() {
  auto ring = std::make_unique<oc_trace_ring>();
  std::memset(static_cast<void *>(ring.get()), 0, sizeof *ring);
  return ring;
}

// Pushes record number n (time n, page n).
bool push(oc_trace_ring *ring, uint64_t n) {
  oc_trace_record r = {n, n * 4096, 4096, static_cast<int32_t>(n % 7), 3, OC_TRACE_PREFETCH_HINT,
                       0};
  return oc_trace_ring_push(ring, &r);
}

TEST(TraceRing, PopsInOrder) {
  auto ring = fresh_ring();
  for (uint64_t i = 0; i < 10; i++)
    ASSERT_TRUE(push(ring.get(), i));
  oc_trace_record out[16];
  ASSERT_EQ(oc_trace_ring_pop(ring.get(), out, 4), 4u);
  EXPECT_EQ(out[3].time, 3u);
  ASSERT_EQ(oc_trace_ring_pop(ring.get(), out, 16), 6u);
  EXPECT_EQ(out[0].time, 4u);
  EXPECT_EQ(out[5].addr, 9u * 4096);
  EXPECT_EQ(oc_trace_ring_pop(ring.get(), out, 16), 0u);
}

TEST(TraceRing, FullRingDropsAndCounts) {
  auto ring = fresh_ring();
  for (uint64_t i = 0; i < OC_TRACE_RING_RECORDS; i++)
    ASSERT_TRUE(push(ring.get(), i));
  EXPECT_FALSE(push(ring.get(), 99));
  EXPECT_EQ(ring->lost, 1u);
  oc_trace_record out[1];
  ASSERT_EQ(oc_trace_ring_pop(ring.get(), out, 1), 1u);
  EXPECT_EQ(out[0].time, 0u);
  // Room again: the producer rereads the consumer's position only when it looks full.
  EXPECT_TRUE(push(ring.get(), 100));
  EXPECT_EQ(ring->lost, 1u);
}

TEST(TraceRing, WrapsAround) {
  auto ring = fresh_ring();
  oc_trace_record out[100];
  for (uint64_t round = 0; round < 3 * OC_TRACE_RING_RECORDS / 100; round++) {
    for (uint64_t i = 0; i < 100; i++)
      ASSERT_TRUE(push(ring.get(), round * 100 + i));
    ASSERT_EQ(oc_trace_ring_pop(ring.get(), out, 100), 100u);
    ASSERT_EQ(out[0].time, round * 100);
    ASSERT_EQ(out[99].time, round * 100 + 99);
  }
}

TEST(TraceRing, ProducerAndConsumerThreads) {
  auto ring = fresh_ring();
  constexpr uint64_t total = 200000;
  std::thread producer([&] {
    for (uint64_t i = 0; i < total; i++)
      while (!push(ring.get(), i))
        std::this_thread::yield();
  });
  uint64_t expected = 0;
  oc_trace_record out[512];
  while (expected < total) {
    size_t n = oc_trace_ring_pop(ring.get(), out, 512);
    for (size_t i = 0; i < n; i++, expected++)
      ASSERT_EQ(out[i].time, expected);
  }
  producer.join();
}

TEST(TraceRing, ResetEmpties) {
  auto ring = fresh_ring();
  push(ring.get(), 1);
  oc_trace_ring_reset(ring.get());
  oc_trace_record out[1];
  EXPECT_EQ(oc_trace_ring_pop(ring.get(), out, 1), 0u);
}

// The byte layout outcore-prof reads: "<QQQihBB" little-endian, 32 bytes.
// Filtered hints of one tag within OC_TRACE_RUN_TICKS become one record counting them;
// another tag, a later one (the clock is read at a run's start and every
// OC_TRACE_RUN_CLOCK_EVERY hints) or any other record of the thread ends the run first.
uint64_t fake_now;
uint64_t fake_clock() { return fake_now; }

void filtered(oc_trace_ring *ring, uint64_t now, uintptr_t addr, int tag) {
  fake_now = now;
  oc_trace_ring_filtered(ring, fake_clock, addr, 0, tag);
}

TEST(TraceRing, FilteredHintsComeAsRuns) {
  auto ring = fresh_ring();
  for (uint64_t t = 100; t < 110; t++)
    filtered(ring.get(), t, 0x10000 + t * 4096, 5);
  filtered(ring.get(), 110, 0x90000, 6); // another tag
  oc_trace_record out[8];
  ASSERT_EQ(oc_trace_ring_pop(ring.get(), out, 8), 1u);
  EXPECT_EQ(out[0].len, 10u);
  EXPECT_EQ(out[0].time, 100u);
  EXPECT_EQ(out[0].addr, 0x10000u + 100 * 4096);
  EXPECT_EQ(out[0].tag, 5);
  EXPECT_EQ(out[0].flags, OC_TRACE_FILTERED | OC_TRACE_RUN);
  // Past the window: seen at the run's OC_TRACE_RUN_CLOCK_EVERY-th hint, not before.
  for (uint64_t i = 1; i < OC_TRACE_RUN_CLOCK_EVERY; i++)
    filtered(ring.get(), 110 + OC_TRACE_RUN_TICKS, 0x91000, 6);
  EXPECT_EQ(oc_trace_ring_pop(ring.get(), out, 8), 0u);
  filtered(ring.get(), 110 + OC_TRACE_RUN_TICKS, 0x92000, 6);
  ASSERT_EQ(oc_trace_ring_pop(ring.get(), out, 8), 1u);
  EXPECT_EQ(out[0].len, OC_TRACE_RUN_CLOCK_EVERY);
  EXPECT_EQ(out[0].time, 110u);
  oc_trace_ring_end_run(ring.get());
  ASSERT_EQ(oc_trace_ring_pop(ring.get(), out, 8), 1u);
  EXPECT_EQ(out[0].time, 110u + OC_TRACE_RUN_TICKS);
  EXPECT_EQ(out[0].addr, 0x92000u);
  EXPECT_EQ(out[0].len, 1u);
  oc_trace_ring_end_run(ring.get()); // nothing pending: nothing written
  EXPECT_EQ(oc_trace_ring_pop(ring.get(), out, 8), 0u);
  filtered(ring.get(), 200, 0x1000, 1);
  oc_trace_hint(ring.get(), OC_TRACE_RELEASE_HINT, 0x2000, 4096, 0, 1, 0);
  ASSERT_EQ(oc_trace_ring_pop(ring.get(), out, 8), 2u);
  EXPECT_EQ(out[0].flags, OC_TRACE_FILTERED | OC_TRACE_RUN); // the run first, in order
  EXPECT_EQ(out[1].kind, OC_TRACE_RELEASE_HINT);
}

TEST(TraceRecord, Layout) {
  oc_trace_record r = {0x0102030405060708u, 0x1000, 0x2000, -1, -2, OC_TRACE_RELEASE_HINT,
                       OC_TRACE_FILTERED};
  unsigned char bytes[32];
  static_assert(sizeof r == sizeof bytes);
  std::memcpy(bytes, &r, sizeof bytes);
  EXPECT_EQ(bytes[0], 0x08);
  EXPECT_EQ(bytes[7], 0x01);
  EXPECT_EQ(bytes[9], 0x10);
  EXPECT_EQ(bytes[17], 0x20);
  EXPECT_EQ(bytes[24], 0xff); // tag -1
  EXPECT_EQ(bytes[28], 0xfe); // priority -2
  EXPECT_EQ(bytes[30], OC_TRACE_RELEASE_HINT);
  EXPECT_EQ(bytes[31], OC_TRACE_FILTERED);
  EXPECT_EQ(sizeof(oc_trace_header), 64u);
  EXPECT_EQ(offsetof(oc_trace_header, record_size), 12u);
  EXPECT_EQ(offsetof(oc_trace_header, os_page_size), 16u);
  EXPECT_EQ(offsetof(oc_trace_header, pid), 24u);
}

} // namespace
