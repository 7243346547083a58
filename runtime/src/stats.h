/* Event counters and the OUTCORE_STATS JSON report. */
#ifndef OC_STATS_H
#define OC_STATS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>

enum oc_counter {
  OC_HINTS_SLOW,           /* prefetch hints the fast path could not filter */
  OC_HINTS_FILTERED_SLOW,  /* ... of which the slow path found resident or useless */
  OC_HINTS_ISSUED,         /* prefetch hints that reached the OS */
  OC_HINTS_DROPPED,        /* bad address, memory short, queue full */
  OC_HINTS_SEEN_UNTRACKED, /* hints of threads past their exit handlers */
  OC_HINTS_LEFT_TO_READAHEAD, /* block prefetches of a stream the kernel reads ahead */
  OC_RELEASES_RECORDED,    /* release hints taken in */
  OC_RELEASES_DROPPED,     /* repeats of a tag's last page, bad or unsafe addresses */
  OC_RELEASES_COALESCED,   /* merged into a neighbouring release */
  OC_RELEASES_ISSUED,      /* release system calls made */
  OC_RELEASE_CALLS_SAVED,  /* ranges released less release system calls (batching) */
  OC_RELEASES_RESCUED,     /* pages released, then prefetched again */
  OC_BYTES_RESCUED_IN_MEMORY, /* ... before their release was issued (never left memory) */
  OC_BYTES_BACK_TOO_SOON,  /* ... after it was, within 15/16 of a limit's worth of releases */
  OC_PACING_DISTRUSTS,     /* times buffered releases were held back for coming back too soon */
  OC_RELEASES_UNISSUABLE,  /* anonymous or shmem releases while the group has no swap */
  OC_RELEASES_IGNORED,     /* pieces of a tag whose own prefetches took its pages back */
  OC_BYTES_PREFETCHED,
  OC_BYTES_HELD_BACK,      /* swap-backed prefetch left out: no room in the group */
  OC_BYTES_WIDENED,        /* read after a row walk's hinted page, for its next sweeps */
  OC_BYTES_SWAPPED_IN_AHEAD, /* swapped in ahead of a swap-backed stream's hinted block */
  OC_BYTES_RELEASED,
  OC_BYTES_RECORDED,       /* bytes of release hints taken in (pacing's consumption) */
  OC_WRITEBACKS_STARTED,   /* sync_file_range(WRITE) calls on dirty shared-file data */
  OC_RESYNCS,              /* bit vector refreshed from mincore() */
  OC_SPILL_READAROUND_OFFS, /* spilled blocks whose read-around the guard turned off */
  OC_SPILL_BYTES_MOVED,    /* ordinary blocks moved into files once the program outgrew memory */
  OC_PAGER_FAULTS,         /* faults the pager served: read faults on missing pages */
  OC_PAGER_WRITE_FAULTS,   /* ... writes (first write to a clean page, or to a missing one) */
  OC_PAGER_BYTES_FILLED,   /* read from stores for faults */
  OC_PAGER_BYTES_PREFETCHED, /* read from stores ahead of faults (hints) */
  OC_PAGER_BYTES_EVICTED,  /* dropped by the evict worker */
  OC_PAGER_BYTES_WRITTEN,  /* ... of which written back first (dirty) */
  OC_PAGER_FAULT_FILL_NS,  /* fault fills' time, from the fill's start to its pages mapped */
  OC_PAGER_ROOM_WAITS,     /* ... fault fills that waited for the evict worker to make room */
  OC_PAGER_ROOM_WAIT_NS,   /* ... time they waited */
  OC_PAGER_PREFETCHES_NO_ROOM, /* prefetch fills dropped: no room came within the wait */
  OC_TOKEN_ACQUIRED,       /* arbitration: times this member came to hold the token */
  OC_TOKEN_HAND_ONS,       /* ... passed it to a waiting member */
  OC_TOKEN_GIVE_UPS,       /* ... given back, faults resolved */
  OC_TOKEN_HELD_NS,        /* ... time this member held it (release worker ticks) */
  OC_COUNTER_COUNT
};

/* Per-thread count of hints seen: the fast path bumps it without a shared cache line. */
struct oc_thread_counts {
  _Atomic(long) seen;
  _Atomic(uintptr_t) last_page_hint; /* oc_prefetch's last address (a trace's sample) */
  struct oc_thread_counts *next;
};

/* Non-null once the thread is registered and prefetching is on; the fast path's
 * only test before the bit vector. */
extern __thread struct oc_thread_counts *oc_tls_counts
    __attribute__((tls_model("initial-exec"), visibility("hidden")));
/* The same counts while the thread's prefetch hints may take the fast path
 * (registered and not traced), else NULL: the fast path's one test, so that tracing
 * costs an untraced hint nothing. */
extern __thread struct oc_thread_counts *oc_tls_fast_counts
    __attribute__((tls_model("initial-exec"), visibility("hidden")));
/* Where a registered thread's page hints (oc_prefetch) are counted on the fast path,
 * traced or not, else NULL: the thread's own counts, or those its trace ring keeps
 * (a traced thread's filtered page hints are only counted, not recorded one by one). */
extern __thread struct oc_thread_counts *oc_tls_page_counts
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

extern _Atomic(long) oc_counters[OC_COUNTER_COUNT] __attribute__((visibility("hidden")));
static inline void oc_count(enum oc_counter counter, long n) {
  atomic_fetch_add_explicit(&oc_counters[counter], n, memory_order_relaxed);
}

static inline long oc_counter_value(enum oc_counter counter) {
  return atomic_load_explicit(&oc_counters[counter], memory_order_relaxed);
}

bool oc_stats_init(void);
/* Registers the calling thread's counters; false after the thread's exit handlers
 * ran (its hints are then counted in OC_HINTS_SEEN_UNTRACKED). */
bool oc_stats_register_thread(void);
/* Tracing on this (registered) thread (page_counts: its ring's page-hint counts) or not
 * (NULL): its block hints then leave the fast path, its page hints count there. */
void oc_stats_thread_traced(struct oc_thread_counts *page_counts);
/* Counts that outlive their threads (a trace ring's), summed with the threads' from now
 * on; never removed. */
void oc_stats_register_counts(struct oc_thread_counts *counts);
/* Fork handlers: the child's counts start from zero. */
void oc_stats_fork_prepare(void);
void oc_stats_fork_parent(void);
void oc_stats_fork_child(void);

struct oc_stats_totals {
  long hints_seen, hints_filtered, hints_issued, hints_dropped, hints_left_to_readahead;
  long releases_recorded, releases_dropped, releases_issued, releases_coalesced, releases_rescued;
  long release_calls_saved, releases_unissuable, releases_ignored, bytes_rescued_in_memory;
  long bytes_back_too_soon, pacing_distrusts;
  long bytes_prefetched, bytes_held_back, bytes_widened, bytes_swapped_in_ahead, bytes_released;
  long writebacks_started, resyncs;
  long spill_readaround_offs, spill_bytes_moved;
  long bytes_read, major_faults, peak_rss;
  long pager_faults, pager_write_faults, pager_bytes_filled, pager_bytes_prefetched;
  long token_acquired, token_hand_ons, token_give_ups, token_held_ns;
  long pager_bytes_evicted, pager_bytes_written;
  long pager_fault_fill_ns, pager_room_waits, pager_room_wait_ns, pager_prefetches_no_room;
};

void oc_stats_totals(struct oc_stats_totals *totals);
/* Bytes the process has read from storage (/proc/self/io read_bytes); -1 if unknown. */
long oc_stats_read_bytes(void);

struct oc_stats_header {
  const char *policy, *backend;
  long page_size, module_page_size, memory_limit, maps_reads;
  int threads;
};

/* Writes the JSON report; write_tags (may be NULL) prints the array elements of
 * "tags". Returns false if the file cannot be written. */
bool oc_stats_write_json(const char *path, const struct oc_stats_header *header,
                         void (*write_tags)(FILE *out, void *ctx), void *ctx);
/* One line on stderr (OUTCORE_VERBOSE=1). */
void oc_stats_print_summary(const struct oc_stats_header *header);

#endif
