/*
 * OUTCORE_TRACE's record and per-thread ring. A record is 32 bytes, little-endian,
 * the same in memory and in the file (tools/outcore-prof reads it with
 * struct.unpack("<QQQihbB") order: time, addr, len, tag, priority, kind, flags).
 * The ring has one producer (its thread) and one consumer (the trace writer):
 * a push is a copy and a release store, never a lock, a wait or an allocation;
 * a full ring drops the record and counts it.
 */
#ifndef OC_TRACE_RING_H
#define OC_TRACE_RING_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum oc_trace_kind {
  OC_TRACE_PREFETCH_HINT = 1, /* program: a prefetch hint; flags: OC_TRACE_FILTERED */
  OC_TRACE_RELEASE_HINT,      /* program: a release hint taken in (recorded) */
  OC_TRACE_PREFETCH_ISSUED,   /* runtime: the prefetch's OS call starts */
  OC_TRACE_PREFETCH_DONE,     /* runtime: it returned (pages mapped for populate) */
  OC_TRACE_RELEASE_ISSUED,    /* runtime: a release's OS call */
  OC_TRACE_FAULT,             /* a fault seen by a backend that sees them (pager) */
  OC_TRACE_PAGE_IN,           /* sampled: pages first seen resident (mincore sweep) */
  OC_TRACE_PAGE_OUT,          /* sampled: pages seen gone */
  OC_TRACE_LIMIT,             /* addr: the memory limit, len: usage (bytes) */
  OC_TRACE_CLOCK,             /* addr: clock ticks, len: CLOCK_MONOTONIC ns, same instant */
  OC_TRACE_LOST,              /* len: records a full ring dropped */
  OC_TRACE_END,               /* the last record of a complete trace; addr: the writer
                                 thread's CPU time (ns) */
  OC_TRACE_MAPPING,           /* a mapping hints reached [addr, addr + len) (writer), or a
                                 region the pager took (pager.c) */
};

#define OC_TRACE_FILTERED 1u /* prefetch hint: the bit vector filtered it, no OS call */
/* Filtered prefetch hints come as runs: one record (flags OC_TRACE_FILTERED | OC_TRACE_RUN)
 * stands for len such hints of one thread and tag, the first at time and addr, the
 * others less than OC_TRACE_RUN_TICKS later (and at most OC_TRACE_RUN_CLOCK_EVERY - 1
 * more past that: the clock is read as a run starts and at every such hint, as a sort
 * issues 25 M filtered hints in 0.7 s). Those scattered hints, one record each, wrote
 * 200 MB of trace in a 0.7 s run and slowed it by a quarter. */
#define OC_TRACE_RUN 4u
#define OC_TRACE_RUN_TICKS (1u << 21) /* about 1 ms of the time-stamp counter */
#define OC_TRACE_RUN_CLOCK_EVERY 64u
/* A run (flags OC_TRACE_FILTERED | OC_TRACE_RUN | OC_TRACE_COUNTED) of the page hints
 * (oc_prefetch) the fast path filtered on one thread since its previous such record,
 * written by the trace writer at `time` (every tick): they are counted, not recorded,
 * and addr is the thread's last page hint then (a sample). */
#define OC_TRACE_COUNTED 8u
#define OC_TRACE_BASELINE 2u /* page-in: the pages' first sweep found them resident */

struct oc_trace_record {
  uint64_t time; /* oc_trace_clock() ticks (OC_TRACE_CLOCK records map them to ns) */
  uint64_t addr;
  uint64_t len; /* bytes */
  int32_t tag;  /* -1 when none */
  int16_t priority;
  uint8_t kind;
  uint8_t flags;
};

#define OC_TRACE_RING_RECORDS 16384 /* 512 KiB per thread; a power of two */

enum oc_trace_ring_state { OC_RING_ACTIVE, OC_RING_RETIRED, OC_RING_FREE };

struct oc_trace_ring {
  _Atomic(uint64_t) head; /* written by the owner only */
  uint64_t tail_seen;     /* owner's copy of tail: the shared line is read only when full */
  _Atomic(uint64_t) lost; /* owner only */
  _Atomic(uint64_t) tail __attribute__((aligned(64))); /* written by the consumer only */
  uint64_t lost_reported; /* consumer only */
  _Atomic(int) state;
  _Atomic(struct oc_trace_ring *) next; /* the writer's list; rings are never freed */
  struct oc_trace_record run; /* owner only: the filtered hints being counted (run.len) */
  struct oc_trace_record records[OC_TRACE_RING_RECORDS] __attribute__((aligned(64)));
};

/* Where the owner's next record goes, or NULL (counted lost) when the ring is full;
 * oc_trace_ring_commit publishes it. Written in place: no copy of a record. */
static inline struct oc_trace_record *oc_trace_ring_slot(struct oc_trace_ring *ring) {
  uint64_t head = atomic_load_explicit(&ring->head, memory_order_relaxed);
  if (__builtin_expect(head - ring->tail_seen >= OC_TRACE_RING_RECORDS, 0)) {
    ring->tail_seen = atomic_load_explicit(&ring->tail, memory_order_acquire);
    if (head - ring->tail_seen >= OC_TRACE_RING_RECORDS) {
      atomic_store_explicit(&ring->lost,
                            atomic_load_explicit(&ring->lost, memory_order_relaxed) + 1,
                            memory_order_relaxed);
      return NULL;
    }
  }
  return &ring->records[head & (OC_TRACE_RING_RECORDS - 1)];
}

static inline void oc_trace_ring_commit(struct oc_trace_ring *ring) {
  atomic_store_explicit(&ring->head, atomic_load_explicit(&ring->head, memory_order_relaxed) + 1,
                        memory_order_release);
}

static inline bool oc_trace_ring_push(struct oc_trace_ring *ring,
                                      const struct oc_trace_record *record) {
  struct oc_trace_record *slot = oc_trace_ring_slot(ring);
  if (!slot)
    return false;
  *slot = *record;
  oc_trace_ring_commit(ring);
  return true;
}

/* Owner: writes the pending run of filtered hints, if any (before any other record,
 * so that records stay in the thread's order, and as the thread leaves). */
static inline void oc_trace_ring_end_run(struct oc_trace_ring *ring) {
  if (__builtin_expect(ring->run.len != 0, 0)) {
    oc_trace_ring_push(ring, &ring->run);
    ring->run.len = 0;
  }
}

/* Owner: a prefetch hint the bit vector filtered: counted into the pending run while
 * it continues it (same tag, within OC_TRACE_RUN_TICKS of its first, by `clock`). */
static inline __attribute__((always_inline)) void
oc_trace_ring_filtered(struct oc_trace_ring *ring, uint64_t (*clock)(void), uintptr_t addr,
                       int priority, int tag) {
  struct oc_trace_record *run = &ring->run;
  bool same_tag = run->len && run->tag == tag;
  if (same_tag && run->len % OC_TRACE_RUN_CLOCK_EVERY != 0) {
    run->len++;
    return;
  }
  uint64_t now = clock();
  if (same_tag && now - run->time < OC_TRACE_RUN_TICKS) {
    run->len++;
    return;
  }
  oc_trace_ring_end_run(ring);
  *run = (struct oc_trace_record){now, addr, 1, tag, (int16_t)priority, OC_TRACE_PREFETCH_HINT,
                                  OC_TRACE_FILTERED | OC_TRACE_RUN};
}

/* Consumer: copies up to max records out, oldest first; returns how many. */
size_t oc_trace_ring_pop(struct oc_trace_ring *ring, struct oc_trace_record *out, size_t max);
/* Empties the ring for a new owner (the consumer has drained it). */
void oc_trace_ring_reset(struct oc_trace_ring *ring);

#endif
