#include "pager_region.h"

#include <errno.h>
#include <linux/userfaultfd.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pager_store.h"
#include "uffd.h"

int oc_pager_uffd = -1;
struct oc_pager_region oc_pager_regions[OC_PAGER_REGIONS];
_Atomic(long) oc_pager_resident_bytes;
_Atomic(long) oc_pager_released_pages;
_Atomic(long) oc_pager_active_pages;
_Atomic(uint32_t) oc_pager_evictions;

/* A region's per-page bookkeeping, one mapping: stamp, then state, then stored. */
static size_t page_records_bytes(size_t pages) { return pages * (sizeof(uint32_t) + 2); }

/* Registrations, removals and unmap events, one at a time. */
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
/* Writers first: the evict worker must not wait behind a stream of fault reads. */
static pthread_rwlock_t events_gate = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;
static _Atomic(unsigned) unmaps_pending;
static _Atomic(bool) fork_reported;

bool oc_pager_uffd_open(void) {
  int fd = oc_uffd_new();
  if (fd < 0)
    return false;
  /* EVENT_UNMAP: a region the program unmaps itself is forgotten (oc_pager_region_unmapped). */
  const unsigned long long wanted = UFFD_FEATURE_PAGEFAULT_FLAG_WP | UFFD_FEATURE_EVENT_UNMAP;
  struct uffdio_api api = {.api = UFFD_API, .features = wanted};
  if (ioctl(fd, UFFDIO_API, &api) != 0 || (api.features & wanted) != wanted) {
    close(fd);
    errno = EOPNOTSUPP;
    return false;
  }
  for (unsigned i = 0; i < OC_PAGER_REGIONS; i++) {
    pthread_mutex_init(&oc_pager_regions[i].lock, NULL);
    pthread_cond_init(&oc_pager_regions[i].changed, NULL);
  }
  oc_pager_uffd = fd;
  return true;
}

struct oc_pager_region *oc_pager_region_add(uintptr_t start, size_t len, int store_fd,
                                            size_t stored_len, const char *what,
                                            bool copied_at_fork) {
  size_t pages = len / OC_PAGER_PAGE;
  uint32_t *records = mmap(NULL, page_records_bytes(pages), PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (records == MAP_FAILED)
    return NULL;
  unsigned char *state = (unsigned char *)(records + pages);
  pthread_mutex_lock(&slots_lock);
  struct oc_pager_region *r = NULL;
  for (unsigned i = 0; i < OC_PAGER_REGIONS && !r; i++)
    if (!atomic_load(&oc_pager_regions[i].start))
      r = &oc_pager_regions[i];
  /* Never inherited: a child without the pager would read the missing pages as
   * zeros (oc_pager_region_fork_prepare says so). */
  struct uffdio_register reg = {
      .range = {start, len}, .mode = UFFDIO_REGISTER_MODE_MISSING | UFFDIO_REGISTER_MODE_WP};
  if (!r) {
    errno = ENOSPC;
  } else if (madvise((void *)start, len, MADV_DONTFORK) != 0 ||
             ioctl(oc_pager_uffd, UFFDIO_REGISTER, &reg) != 0) {
    r = NULL;
  } else {
    pthread_mutex_lock(&r->lock);
    r->len = len;
    r->pages = pages;
    r->store_fd = store_fd;
    r->io_fd = oc_pager_store_open_direct(store_fd);
    r->direct = r->io_fd >= 0;
    if (!r->direct)
      r->io_fd = store_fd;
    r->what = what;
    r->copied_at_fork = copied_at_fork;
    r->busy = 0;
    r->dying = false;
    r->generation++;
    r->held = false;
    r->stamp = records;
    r->state = state;
    r->stored = state + pages;
    size_t stored_pages = (stored_len + OC_PAGER_PAGE - 1) / OC_PAGER_PAGE;
    memset(r->stored, 1, stored_pages < pages ? stored_pages : pages);
    r->streams = (struct oc_pager_streams){0};
    r->wp_next = r->wp_window = r->zeros_next = 0;
    r->writing = false;
    r->rewrites = r->read_fills = 0;
    pthread_mutex_unlock(&r->lock);
    atomic_store_explicit(&r->start, start, memory_order_release);
  }
  pthread_mutex_unlock(&slots_lock);
  if (!r)
    munmap(records, page_records_bytes(pages));
  return r;
}

struct oc_pager_region *oc_pager_region_lock(uintptr_t addr) {
  for (unsigned i = 0; i < OC_PAGER_REGIONS; i++) {
    struct oc_pager_region *r = &oc_pager_regions[i];
    uintptr_t start = atomic_load_explicit(&r->start, memory_order_acquire);
    if (!start || addr < start)
      continue;
    pthread_mutex_lock(&r->lock);
    /* Checked again under the lock: the slot may have been freed or reused. */
    if (atomic_load_explicit(&r->start, memory_order_relaxed) == start && addr - start < r->len &&
        !r->dying)
      return r;
    pthread_mutex_unlock(&r->lock);
  }
  return NULL;
}

bool oc_pager_region_holds(uintptr_t addr) {
  for (unsigned i = 0; i < OC_PAGER_REGIONS; i++) {
    uintptr_t start = atomic_load_explicit(&oc_pager_regions[i].start, memory_order_acquire);
    if (start && addr >= start &&
        addr - start < atomic_load_explicit(&oc_pager_regions[i].len, memory_order_relaxed))
      return true;
  }
  return false;
}

bool oc_pager_region_wait(struct oc_pager_region *r, size_t page) {
  unsigned generation = r->generation;
  for (;;) {
    if (r->dying || r->generation != generation)
      return false;
    enum oc_page_state s = oc_page_state(r, page);
    if (s != OC_PAGE_FILLING && s != OC_PAGE_EVICTING)
      return true;
    pthread_cond_wait(&r->changed, &r->lock);
  }
}

static uintptr_t page_addr(const struct oc_pager_region *r, size_t page) {
  return atomic_load_explicit(&r->start, memory_order_relaxed) + page * OC_PAGER_PAGE;
}

bool oc_pager_uffd_copy(struct oc_pager_region *r, size_t first, size_t count, const void *src,
                        bool protect) {
  size_t done = 0;
  while (done < count) {
    struct uffdio_copy copy = {.dst = page_addr(r, first + done),
                               .src = (uintptr_t)src + done * OC_PAGER_PAGE,
                               .len = (count - done) * OC_PAGER_PAGE,
                               .mode = protect ? UFFDIO_COPY_MODE_WP : 0};
    if (ioctl(oc_pager_uffd, UFFDIO_COPY, &copy) == 0) {
      done = count;
    } else if (copy.copy > 0) {
      done += (size_t)copy.copy / OC_PAGER_PAGE; /* interrupted part way */
    } else if (copy.copy == -EEXIST) {
      done++; /* mapped already (cannot happen while the states are right): keep it */
    } else if (copy.copy != -EAGAIN) {
      errno = (int)-copy.copy;
      return false;
    }
  }
  return true;
}

bool oc_pager_uffd_protect(struct oc_pager_region *r, size_t first, size_t count, bool on) {
  struct uffdio_writeprotect wp = {.range = {page_addr(r, first), count * OC_PAGER_PAGE},
                                   .mode = on ? UFFDIO_WRITEPROTECT_MODE_WP : 0};
  int rc;
  do
    rc = ioctl(oc_pager_uffd, UFFDIO_WRITEPROTECT, &wp);
  while (rc != 0 && errno == EAGAIN);
  return rc == 0;
}

void oc_pager_uffd_wake(struct oc_pager_region *r, size_t first, size_t count) {
  struct uffdio_range range = {page_addr(r, first), count * OC_PAGER_PAGE};
  ioctl(oc_pager_uffd, UFFDIO_WAKE, &range);
}

/* Region locked: writes dirty pages back (write-protected first, so no write slips
 * in between); false if any write failed. */
static bool write_back_dirty(struct oc_pager_region *r) {
  bool all = true;
  for (size_t p = 0; p < r->pages;) {
    if (oc_page_state(r, p) != OC_PAGE_DIRTY) {
      p++;
      continue;
    }
    size_t q = p;
    while (q < r->pages && oc_page_state(r, q) == OC_PAGE_DIRTY)
      q++;
    if (oc_pager_uffd_protect(r, p, q - p, true) &&
        oc_pager_store_write(r->io_fd, r->direct, (void *)page_addr(r, p),
                             (q - p) * OC_PAGER_PAGE, (off_t)(p * OC_PAGER_PAGE))) {
      /* Clean now; its flags stay (an active page is counted as one). */
      for (size_t k = p; k < q; k++)
        r->state[k] = (unsigned char)((r->state[k] & ~OC_PAGE_STATE_MASK) | OC_PAGE_CLEAN);
      memset(r->stored + p, 1, q - p);
    } else
      all = false;
    p = q;
  }
  return all;
}

bool oc_pager_region_hold(struct oc_pager_region *r) {
  while (r->busy)
    pthread_cond_wait(&r->changed, &r->lock);
  r->held = true;
  return write_back_dirty(r);
}

void oc_pager_region_unhold(struct oc_pager_region *r) {
  r->held = false;
  pthread_mutex_unlock(&r->lock);
}

bool oc_pager_region_remove(struct oc_pager_region *r, bool write_back) {
  pthread_mutex_lock(&slots_lock);
  pthread_mutex_lock(&r->lock);
  r->dying = true;
  while (r->busy)
    pthread_cond_wait(&r->changed, &r->lock);
  bool written = !write_back || write_back_dirty(r);
  uintptr_t start = atomic_load(&r->start);
  struct uffdio_range range = {start, r->len};
  ioctl(oc_pager_uffd, UFFDIO_UNREGISTER, &range);
  long resident = 0;
  for (size_t p = 0; p < r->pages; p++) {
    resident += oc_page_state(r, p) != OC_PAGE_MISSING;
    oc_page_unrelease(r, p);
    oc_page_deactivate(r, p);
  }
  atomic_fetch_sub(&oc_pager_resident_bytes, resident * (long)OC_PAGER_PAGE);
  munmap(r->stamp, page_records_bytes(r->pages));
  r->stamp = NULL;
  r->state = r->stored = NULL;
  if (r->direct)
    close(r->io_fd);
  atomic_store(&r->start, 0);
  pthread_mutex_unlock(&r->lock);
  pthread_mutex_unlock(&slots_lock);
  return written;
}

void oc_pager_region_unmapped(uintptr_t start, uintptr_t end) {
  pthread_mutex_lock(&slots_lock);
  for (unsigned i = 0; i < OC_PAGER_REGIONS; i++) {
    struct oc_pager_region *r = &oc_pager_regions[i];
    uintptr_t base = atomic_load(&r->start);
    if (!base || end <= base || start >= base + r->len)
      continue;
    pthread_mutex_lock(&r->lock);
    while (r->busy)
      pthread_cond_wait(&r->changed, &r->lock);
    size_t first = start > base ? (start - base) / OC_PAGER_PAGE : 0;
    size_t last = end < base + r->len ? (end - base) / OC_PAGER_PAGE : r->pages;
    long gone = 0;
    for (size_t p = first; p < last; p++) {
      gone += oc_page_state(r, p) != OC_PAGE_MISSING;
      oc_page_unrelease(r, p);
      oc_page_deactivate(r, p);
      r->state[p] = OC_PAGE_MISSING; /* nothing left to evict there, ever */
      r->stamp[p] = 0;
    }
    atomic_fetch_sub(&oc_pager_resident_bytes, gone * (long)OC_PAGER_PAGE);
    pthread_mutex_unlock(&r->lock);
  }
  pthread_mutex_unlock(&slots_lock);
  atomic_fetch_sub(&unmaps_pending, 1);
}

void oc_pager_events_read_begin(void) { pthread_rwlock_rdlock(&events_gate); }

void oc_pager_events_read_end(unsigned unmaps) {
  atomic_fetch_add(&unmaps_pending, unmaps);
  pthread_rwlock_unlock(&events_gate);
}

bool oc_pager_drop_begin(void) {
  pthread_rwlock_wrlock(&events_gate);
  return atomic_load(&unmaps_pending) == 0;
}

void oc_pager_drop_end(void) { pthread_rwlock_unlock(&events_gate); }

/* No lock: the child starts with no regions whatever was under way. Spilled blocks
 * are copied by the spill module's own fork handler, which may run before or after
 * this one (they run in the reverse order of their registration). */
void oc_pager_region_fork_prepare(void) {
  bool any = false;
  for (unsigned i = 0; i < OC_PAGER_REGIONS && !any; i++)
    any = atomic_load(&oc_pager_regions[i].start) != 0 && !oc_pager_regions[i].copied_at_fork;
  if (any && !atomic_exchange(&fork_reported, true))
    fprintf(stderr, "outcore: memory paged by OUTCORE_BACKEND=pager is not inherited by a "
                    "forked child (MADV_DONTFORK): the child must not touch it\n");
}

void oc_pager_region_fork_child(void) {
  for (unsigned i = 0; i < OC_PAGER_REGIONS; i++) {
    struct oc_pager_region *r = &oc_pager_regions[i];
    if (atomic_load(&r->start) && r->direct)
      close(r->io_fd);
    atomic_store(&r->start, 0);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->changed, NULL);
  }
  if (oc_pager_uffd >= 0)
    close(oc_pager_uffd);
  oc_pager_uffd = -1;
  atomic_store(&oc_pager_resident_bytes, 0);
  atomic_store(&oc_pager_released_pages, 0);
  atomic_store(&oc_pager_active_pages, 0);
  pthread_mutex_init(&slots_lock, NULL);
  pthread_rwlock_t fresh = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;
  events_gate = fresh;
  atomic_store(&unmaps_pending, 0);
}
