/* State shared by the runtime's parts: lifecycle, the slow paths and the workers. */
#ifndef OC_RUNTIME_H
#define OC_RUNTIME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "workers.h"

#define OC_HIDDEN __attribute__((visibility("hidden")))
#define OC_EXPORT __attribute__((visibility("default")))

enum oc_state { OC_STATE_UNINIT, OC_STATE_RUNNING, OC_STATE_STOPPED };

/* Read by the entry points on every call. */
extern _Atomic(int) oc_state OC_HIDDEN;
extern _Atomic(bool) oc_release_on OC_HIDDEN; /* policy release or buffered, and running */
extern _Atomic(long) oc_module_page_size OC_HIDDEN;

struct oc_runtime {
  struct oc_config config;
  long os_page_size;
  struct oc_queue prefetch_queue; /* populate requests for the prefetch workers */
  struct oc_queue release_queue;  /* release pieces for the release worker */
};
extern struct oc_runtime oc_rt OC_HIDDEN;

/* Reads the settings and publishes the memory limit, once (start-up's first step). */
void oc_runtime_start_limit(void);
/* Both steps of start-up, once; true when the runtime is running (hints act). */
bool oc_runtime_init(void);
/* Starts the worker threads on first need; false if they cannot run. */
bool oc_workers_ensure_started(void);
/* Is [lo, hi) on the calling thread's stack? */
bool oc_on_own_stack(uintptr_t lo, uintptr_t hi);

/* Slow paths. Ranges are byte addresses [start, end), end already clipped. */
enum oc_prefetch_shape { OC_PREFETCH_PAGE, OC_PREFETCH_BLOCK };
void oc_prefetch_slow(uintptr_t start, uintptr_t end, enum oc_prefetch_shape shape, int tag);
void oc_release_slow(uintptr_t start, uintptr_t end, int priority, int tag);
/* Called by a thread not yet registered (first hint, or prefetching off). True when
 * the thread may now take the fast path. */
bool oc_thread_enter(void);

/* Worker thread bodies. */
void *oc_prefetch_worker_main(void *unused);
void *oc_release_worker_main(void *unused);
/* Bit vector resynchronisation from mincore(); run by the release worker. */
void oc_resync_maybe(long now_ns);
void oc_resync_fork_child(void);
/* Release worker state after fork. */
void oc_release_worker_fork_child(void);
/* Pieces queued for the release worker and not yet issued, and the bytes of released
 * pages they hold (the release hint path throttles on both). Dirty chunks whose
 * write-back runs are not counted: the write-back ring bounds them (4 chunks), and
 * waiting for the disk there made an FFT's in-place stages 1.8x slower. */
void oc_release_backlog_add(long pieces, long bytes);
long oc_release_backlog(void);
/* Waits until every queued piece is issued, at most timeout_ns. */
void oc_release_wait_issued(long timeout_ns);
/* A hint reached a slow path: wakes the release worker if it has gone quiet. */
void oc_release_worker_wanted(void);

long oc_now_ns(void);
/* CLOCK_MONOTONIC: oc_now_ns's coarse clock ticks every few milliseconds. */
long oc_now_precise_ns(void);

#endif
