/*
 * OUTCORE_TRACE=FILE: a binary trace of hints, releases, faults and the memory limit
 * over time, for tools/outcore-prof. Threads record into their own ring
 * (trace_ring.h); a writer thread empties the rings into FILE every
 * OC_TRACE_TICK_NS, samples the limit, and, for backends that cannot see faults
 * (madvise), sweeps the hinted ranges with mincore() to record pages coming and going.
 * A forked child stops tracing (its parent's file stays whole). File format: a
 * 64-byte header (struct oc_trace_header) and 32-byte records, the last one
 * OC_TRACE_END.
 */
#ifndef OC_TRACE_H
#define OC_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "trace_ring.h"

#define OC_TRACE_MAGIC "OCTRACE1"
#define OC_TRACE_TICK_NS 10000000L /* 10 ms */

struct oc_trace_header {
  char magic[8];
  uint32_t version, record_size;
  uint64_t os_page_size;
  int64_t pid;
  uint64_t reserved[4];
};

/* Non-null on a registered thread while tracing (release hints test it; block prefetch
 * hints leave the fast path through oc_tls_fast_counts; page hints stay on it). */
extern __thread struct oc_trace_ring *oc_tls_trace
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

/* Ticks of the trace clock: the time-stamp counter on x86-64 (one instruction),
 * else CLOCK_MONOTONIC ns. */
static inline uint64_t oc_trace_clock(void) {
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#else
  extern uint64_t oc_trace_clock_ns(void);
  return oc_trace_clock_ns();
#endif
}

/* A hint from the program's thread (ring = oc_tls_trace, non-null). */
static inline __attribute__((always_inline)) void
oc_trace_hint(struct oc_trace_ring *ring, enum oc_trace_kind kind, uintptr_t addr,
              uintptr_t len, int priority, int tag, unsigned flags) {
  oc_trace_ring_end_run(ring);
  struct oc_trace_record *r = oc_trace_ring_slot(ring);
  if (!r)
    return;
  r->time = oc_trace_clock();
  r->addr = addr;
  r->len = len;
  r->tag = tag;
  r->priority = (int16_t)priority;
  r->kind = (uint8_t)kind;
  r->flags = (uint8_t)flags;
  oc_trace_ring_commit(ring);
}

/* A prefetch hint the bit vector filtered, from the program's thread: counted into a
 * run (OC_TRACE_RUN). */
static inline __attribute__((always_inline)) void
oc_trace_filtered_hint(struct oc_trace_ring *ring, uintptr_t addr, int priority, int tag) {
  oc_trace_ring_filtered(ring, oc_trace_clock, addr, priority, tag);
}

struct oc_thread_counts;
/* The calling thread's page-hint counts when it is traced (oc_stats_thread_traced), else
 * NULL. */
struct oc_thread_counts *oc_trace_page_counts(void);
/* A page hint (oc_prefetch) the fast path did not filter, from the program's thread:
 * recorded (its filtered ones are only counted). */
void oc_trace_page_hint(struct oc_trace_ring *ring, uintptr_t addr);

/* Opens path and starts the writer; false (one line on stderr) when it cannot. */
bool oc_trace_start(const char *path);
bool oc_trace_on(void);
/* Gives the calling thread a ring when tracing (called as a thread registers). */
void oc_trace_register_thread(void);
/* A runtime event from any thread (workers): registers the thread if needed. An
 * empty range is no event. */
void oc_trace_event(enum oc_trace_kind kind, uintptr_t addr, uintptr_t len, int priority,
                    int tag);
/* For a backend that sees faults (the pager): the page at addr faulted at `when`
 * (oc_trace_clock() ticks, taken when the fault was seen). Any thread; cheap when
 * tracing is off. Turns the mincore sweeps off: the trace's faults are then exact. */
void oc_trace_fault(uintptr_t addr, uint64_t when);
/* At exit: empties every ring, writes the end record and closes the file. */
void oc_trace_stop(void);
/* Forked child: tracing stops (no writer thread, the file is its parent's). */
void oc_trace_fork_child(void);

#endif
