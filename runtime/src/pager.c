#include "pager.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "outcore/outcore.h"
#include "pager_region.h"
#include "pager_store.h"
#include "residency.h"
#include "spill_file.h"
#include "stats.h"
#include "trace.h"

static _Atomic(bool) running;

bool oc_pager_running(void) { return atomic_load(&running) && oc_pager_uffd >= 0; }

static void fork_child(void) {
  oc_pager_region_fork_child();
  atomic_store(&running, false); /* no workers here: the child uses the madvise family */
}

bool oc_pager_start(void) {
  if (!oc_pager_uffd_open()) {
    fprintf(stderr, "outcore: OUTCORE_BACKEND=pager: userfaultfd is not permitted here (%s; "
                    "vm.unprivileged_userfaultfd=0 needs CAP_SYS_PTRACE or /dev/userfaultfd); "
                    "using madvise\n", strerror(errno));
    return false;
  }
  if (!oc_pager_fill_start() || !oc_pager_evict_start()) {
    fprintf(stderr, "outcore: OUTCORE_BACKEND=pager: cannot start the pager's threads; "
                    "using madvise\n");
    return false; /* nothing registered yet: the userfaultfd stays unused */
  }
  oc_maps_set_paged_test(oc_pager_region_holds);
  pthread_atfork(oc_pager_region_fork_prepare, NULL, fork_child);
  atomic_store(&running, true);
  return true;
}

/* ---- the backend: paged memory here, everything else to the madvise family ---- */

static void pager_prefetch(enum oc_map_kind kind, uintptr_t start, size_t len) {
  if (kind == OC_MAP_PAGED)
    oc_pager_fill_later(start, len);
  else
    oc_backend_madvise.prefetch(kind, start, len);
}

/* The prefetch workers' blocks go to the pager's fillers too: filled there, a worker
 * would keep one read in flight at a time (a column walk's blocks then came late and
 * faulted: 16.5 k faults, 10-11 k this way; the cyclic re-scan 1.5-4.9 k, 1.1 k). */
static bool pager_prefetch_now(uintptr_t start, size_t len) {
  if (!oc_pager_region_holds(start))
    return oc_backend_madvise.prefetch_now(start, len);
  oc_pager_fill_later(start, len);
  return true;
}

static long pager_release(struct oc_release_batch *batch, enum oc_map_kind kind, uintptr_t start,
                          size_t len) {
  if (kind != OC_MAP_PAGED)
    return oc_backend_madvise.release(batch, kind, start, len);
  oc_pager_evict_later(start, len);
  return 0; /* the evict worker's calls are its own */
}

static long pager_self_evicting(void) { return atomic_load(&oc_pager_resident_bytes); }

const struct oc_backend oc_backend_pager = {
    .name = "pager",
    .prefetch = pager_prefetch,
    .prefetch_now = pager_prefetch_now,
    .release = pager_release,
    .release_flush = oc_os_release_flush,
    .writeback = oc_os_writeback,
    .residency = oc_os_residency,
    .memory_limit = oc_limit_get,
    .self_evicting_bytes = pager_self_evicting,
    .kept_released_bytes = oc_pager_kept_released_bytes,
};

/* ---- regions ------------------------------------------------------------------ */

bool oc_pager_adopt(void *start, size_t len, int store_fd, size_t stored_len, const char *what,
                    bool copied_at_fork) {
  if (!oc_pager_running()) {
    errno = ENOSYS;
    return false;
  }
  if (!oc_pager_region_add((uintptr_t)start, len, store_fd, stored_len, what, copied_at_fork))
    return false;
  /* Its faults and evictions then have an array in outcore-prof, hinted or not. */
  oc_trace_event(OC_TRACE_MAPPING, (uintptr_t)start, len, 0, -1);
  return true;
}

bool oc_pager_forget(void *start, bool write_back) {
  struct oc_pager_region *r = oc_pager_running() ? oc_pager_region_lock((uintptr_t)start) : NULL;
  if (!r)
    return true;
  pthread_mutex_unlock(&r->lock); /* oc_pager_region_remove takes it in order */
  return oc_pager_region_remove(r, write_back);
}

bool oc_pager_hold(void *start) {
  struct oc_pager_region *r = oc_pager_running() ? oc_pager_region_lock((uintptr_t)start) : NULL;
  return r && oc_pager_region_hold(r);
}

void oc_pager_unhold(void *start) {
  for (unsigned i = 0; i < OC_PAGER_REGIONS; i++) {
    struct oc_pager_region *r = &oc_pager_regions[i];
    if (atomic_load(&r->start) == (uintptr_t)start && r->held) /* held by this thread */
      oc_pager_region_unhold(r);
  }
}

/* ---- the public calls ------------------------------------------------------------ */

#define MAPPED_MAX 64
/* oc_pager_map regions and their stores (closed at oc_pager_unmap). */
static pthread_mutex_t mapped_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  void *start;
  size_t len;
  int fd;
  bool paged;
  char what[256];
} mapped[MAPPED_MAX];

static int open_store(size_t len, const char *backing_path) {
  if (backing_path)
    return open(backing_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  char dir[OC_SPILL_DIR_MAX];
  if (!oc_spill_default_dir(dir, sizeof dir)) {
    errno = ENOENT;
    return -1;
  }
  return oc_spill_file_create(dir, len);
}

__attribute__((visibility("default"))) void *oc_pager_map(size_t size, const char *backing_path) {
  size_t len = (size + OC_PAGER_PAGE - 1) & ~(OC_PAGER_PAGE - 1);
  if (!len || len < size) {
    errno = EINVAL;
    return NULL;
  }
  const char *where = backing_path ? backing_path : "a temporary store";
  int fd = open_store(len, backing_path);
  /* The bytes the store holds data for: a new store none (its pages are zeros, never
   * read); a given file its size, or all of it where that is unknown. */
  struct stat st;
  size_t stored_len = !backing_path                    ? 0
                      : fd >= 0 && fstat(fd, &st) == 0 ? (size_t)st.st_size
                                                       : len;
  if (fd < 0 || !oc_pager_store_reserve(fd, len)) {
    int error = errno;
    fprintf(stderr, "outcore: oc_pager_map: cannot reserve %zu MiB in %s: %s\n", len >> 20, where,
            strerror(error));
    if (fd >= 0)
      close(fd);
    errno = error;
    return NULL;
  }
  pthread_mutex_lock(&mapped_lock);
  unsigned slot = 0;
  while (slot < MAPPED_MAX && mapped[slot].start)
    slot++;
  void *p = MAP_FAILED;
  bool paged = false;
  if (slot < MAPPED_MAX) {
    snprintf(mapped[slot].what, sizeof mapped[slot].what, "%s", where);
    paged = oc_backend_select() == &oc_backend_pager;
    p = mmap(NULL, len, PROT_READ | PROT_WRITE,
             paged ? MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE : MAP_SHARED, paged ? -1 : fd, 0);
    /* Where the pager cannot take it, the kernel pages the file: the same data. */
    if (p != MAP_FAILED && paged &&
        !oc_pager_adopt(p, len, fd, stored_len, mapped[slot].what, false)) {
      munmap(p, len);
      paged = false;
      p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    }
  } else {
    errno = EMFILE;
  }
  int error = errno;
  if (p != MAP_FAILED) {
    mapped[slot].start = p;
    mapped[slot].len = len;
    mapped[slot].fd = fd;
    mapped[slot].paged = paged;
  }
  pthread_mutex_unlock(&mapped_lock);
  if (p == MAP_FAILED) {
    close(fd);
    errno = error;
    return NULL;
  }
  return p;
}

__attribute__((visibility("default"))) int oc_pager_unmap(void *addr, size_t size) {
  (void)size;
  pthread_mutex_lock(&mapped_lock);
  unsigned slot = 0;
  while (slot < MAPPED_MAX && (!addr || mapped[slot].start != addr))
    slot++;
  int rc = -1;
  if (slot == MAPPED_MAX) {
    errno = EINVAL;
  } else if (mapped[slot].paged ? !oc_pager_forget(addr, true)
                                : msync(addr, mapped[slot].len, MS_SYNC) != 0) {
    /* Not all data reached the file: the memory stays, as plain memory. */
    mapped[slot].start = NULL;
    close(mapped[slot].fd);
    errno = EIO;
  } else {
    munmap(addr, mapped[slot].len);
    close(mapped[slot].fd);
    mapped[slot].start = NULL;
    rc = 0;
  }
  pthread_mutex_unlock(&mapped_lock);
  return rc;
}

/* ---- events --------------------------------------------------------------------- */

void oc_pager_saw_fault(uintptr_t addr, bool write, bool missing) {
  oc_count(write ? OC_PAGER_WRITE_FAULTS : OC_PAGER_FAULTS, 1);
  if (missing) /* a page-in; a write-protect fault only marks a page dirty */
    oc_trace_fault(addr, oc_trace_clock());
}

void oc_pager_filled(uintptr_t start, size_t len, bool prefetch, long took_ns,
                     long room_wait_ns) {
  (void)start;
  oc_count(prefetch ? OC_PAGER_BYTES_PREFETCHED : OC_PAGER_BYTES_FILLED, (long)len);
  if (prefetch) /* the program waited for none of it */
    return;
  oc_count(OC_PAGER_FAULT_FILL_NS, took_ns);
  if (room_wait_ns >= 0) {
    oc_count(OC_PAGER_ROOM_WAITS, 1);
    oc_count(OC_PAGER_ROOM_WAIT_NS, room_wait_ns);
  }
}

void oc_pager_prefetch_dropped(uintptr_t start, size_t len) {
  oc_count(OC_PAGER_PREFETCHES_NO_ROOM, 1);
  /* The hint marked these pages resident: left so, its repeats would be filtered and
   * every page would wait for a fault fill, until the next resync. */
  oc_residency_clear_resident(start >> OC_GRANULE_SHIFT, (start + len) >> OC_GRANULE_SHIFT);
}

void oc_pager_evicted(uintptr_t start, size_t len, size_t written) {
  oc_trace_event(OC_TRACE_PAGE_OUT, start, len, 0, -1);
  oc_count(OC_PAGER_BYTES_EVICTED, (long)len);
  oc_count(OC_PAGER_BYTES_WRITTEN, (long)written);
}

void oc_pager_wrote_back(size_t written) { oc_count(OC_PAGER_BYTES_WRITTEN, (long)written); }

void oc_pager_store_failed(const char *what, const char *op, int error) {
  static _Atomic(bool) reported[2];
  bool is_write = op[0] == 'w';
  if (!atomic_exchange(&reported[is_write], true))
    fprintf(stderr, "outcore: pager cannot %s the store of %s: %s%s\n", op, what,
            strerror(error), is_write ? " (the pages stay in memory)" : "");
}
