/*
 * The one seam between the runtime and the OS's paging: prefetch, release (ranges
 * arrive in the release buffer's order: lowest priority, oldest tag first),
 * write-back, residency and the memory limit. Chosen once, at the first need, from
 * OUTCORE_BACKEND (oc_backend_select): the madvise family (backend_linux), or the
 * userfaultfd pager (pager.h), which pages the memory it manages and hands
 * everything else to the madvise family. The hint paths read oc_backend: one
 * pointer, no lock.
 */
#ifndef OC_BACKEND_H
#define OC_BACKEND_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend_linux.h"
#include "limit.h"

struct oc_backend {
  const char *name;
  /* Starts reading [start, start + len) and returns at once (the hinting thread). */
  void (*prefetch)(enum oc_map_kind kind, uintptr_t start, size_t len);
  /* Reads [start, start + len) in and returns when mapped (a worker; the pager
   * hands its own memory to its fillers and returns at once); false where the kernel
   * has no such call (the caller then uses prefetch). */
  bool (*prefetch_now)(uintptr_t start, size_t len);
  /* Frees a range without losing data; returns the system calls made (the batch
   * gathers the madvise family's ranges, issued when full or flushed). */
  long (*release)(struct oc_release_batch *batch, enum oc_map_kind kind, uintptr_t start,
                  size_t len);
  long (*release_flush)(struct oc_release_batch *batch);
  /* Dirty shared-file data: start its write-back (start_only) or wait for it. */
  bool (*writeback)(const struct oc_mapping *mapping, uintptr_t start, size_t len,
                    bool start_only);
  /* One byte per page of [start, start + len), bit 0 set when resident (mincore). */
  bool (*residency)(uintptr_t start, size_t len, unsigned char *vec);
  /* The memory limit and usage (OSDI eq. 1), resampled when old. */
  void (*memory_limit)(struct oc_limit_figures *out);
  /* Bytes of that usage the backend evicts itself when it needs room, asking the
   * release buffer first (the pager's resident pages): the release worker's pacing,
   * which frees room ahead of a kernel that would otherwise pick, leaves them out. */
  long (*self_evicting_bytes)(void);
  /* Bytes of released memory the backend keeps and drops at once when it needs room
   * (the pager's kept releases, written back): room for prefetches of its own
   * memory. NULL: none kept. */
  long (*kept_released_bytes)(void);
};

extern const struct oc_backend oc_backend_madvise __attribute__((visibility("hidden")));
/* The backend in use: the madvise family until oc_backend_select chose. */
extern const struct oc_backend *_Atomic oc_backend __attribute__((visibility("hidden")));

/* Reads OUTCORE_BACKEND and starts the chosen backend, once (later calls return the
 * choice): a bad value, or a pager where userfaultfd is not permitted, gets one
 * message and the madvise family. */
const struct oc_backend *oc_backend_select(void);

static inline const struct oc_backend *oc_backend_now(void) {
  return atomic_load_explicit(&oc_backend, memory_order_relaxed);
}

#endif
