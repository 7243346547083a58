#include "backend_linux.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#if !defined(__NR_cachestat) && !defined(__alpha__)
#define __NR_cachestat 451 /* the unified number; the installed headers predate it */
#endif

/* ---- classification -------------------------------------------------------- */

static bool path_is(const char *path, size_t len, const char *what) {
  size_t n = strlen(what);
  return len >= n && memcmp(path, what, n) == 0;
}

enum oc_map_kind oc_maps_classify(const char *perms, const char *path, size_t len,
                                  uint64_t inode) {
  if (path_is(path, len, "[stack"))
    return OC_MAP_STACK;
  if (perms[2] == 'x')
    return OC_MAP_CODE;
  if (perms[0] != 'r' && perms[1] != 'w')
    return OC_MAP_SPECIAL;
  if (len && path[0] == '[' && !path_is(path, len, "[heap]") && !path_is(path, len, "[anon"))
    return OC_MAP_SPECIAL;
  bool shared = perms[3] == 's';
  if (shared) {
    if (inode == 0 || path_is(path, len, "/dev/zero") || path_is(path, len, "/SYSV") ||
        path_is(path, len, "/memfd:") || path_is(path, len, "/dev/shm/"))
      return OC_MAP_SHMEM;
    return OC_MAP_FILE_SHARED;
  }
  return inode != 0 && len && path[0] == '/' ? OC_MAP_FILE_PRIVATE : OC_MAP_ANON;
}

/* A number in base at *p that ends at the character stop; *p moves past stop. */
static bool number_then(const char **p, int base, char stop, unsigned long long *out) {
  char *end;
  *out = strtoull(*p, &end, base);
  if (end == *p || *end != stop)
    return false;
  *p = end + 1;
  return true;
}

/* By hand, not sscanf: every program parses its maps at start-up and the release
 * worker every 500 ms; sscanf took 280 k instructions of an empty program's 1 M. */
bool oc_maps_parse_line(const char *line, struct oc_mapping *m, const char **path,
                        size_t *path_len) {
  unsigned long long start, end, offset, major_dev, minor_dev, inode;
  const char *p = line;
  if (!number_then(&p, 16, '-', &start) || !number_then(&p, 16, ' ', &end) || end <= start)
    return false;
  const char *perms = p;
  if (strnlen(perms, 5) < 5 || perms[4] != ' ' || memchr(perms, '\n', 4))
    return false;
  p += 5;
  if (!number_then(&p, 16, ' ', &offset) || !number_then(&p, 16, ':', &major_dev) ||
      !number_then(&p, 16, ' ', &minor_dev) || !number_then(&p, 10, ' ', &inode))
    return false;
  while (*p == ' ')
    p++;
  size_t len = strcspn(p, "\n");
  memset(m, 0, sizeof *m);
  m->start = (uintptr_t)start;
  m->end = (uintptr_t)end;
  m->offset = offset;
  m->device = makedev((unsigned)major_dev, (unsigned)minor_dev);
  m->inode = inode;
  m->kind = oc_maps_classify(perms, p, len, inode);
  m->writable = perms[1] == 'w';
  *path = p;
  *path_len = len;
  return true;
}

/* ---- the cached table ------------------------------------------------------ */

struct maps_table {
  size_t bytes; /* of its mapping, paths included */
  size_t count;
  char *paths; /* all paths, NUL-separated */
  struct oc_mapping entries[];
};

static pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct maps_table *table; /* under table_lock */
static long refreshed_ns = -OC_MAPS_REFRESH_NS;
static _Atomic(long) maps_reads;
static uintptr_t runtime_start, runtime_end;
static bool (*_Atomic paged_test)(uintptr_t start);

static long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* The table and its text are mapped directly, not allocated: the interposed malloc
 * may spill a big block (spill.h) under the spill module's lock, which a spilled
 * block's free holds while it takes table_lock. */
static void *map_buffer(size_t len) {
  void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

/* The text of /proc/self/maps, NUL-terminated, in a mapping of *cap bytes. */
static char *read_maps(size_t *size, size_t *cap) {
  int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  size_t len = 0;
  *cap = 64 << 10;
  char *text = map_buffer(*cap);
  while (text) {
    if (*cap - len < 4096) {
      char *bigger = mremap(text, *cap, *cap * 2, MREMAP_MAYMOVE);
      if (bigger == MAP_FAILED) {
        munmap(text, *cap);
        text = NULL;
        break;
      }
      text = bigger;
      *cap *= 2;
    }
    ssize_t n = read(fd, text + len, *cap - len - 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    len += (size_t)n;
  }
  close(fd);
  if (text)
    text[len] = 0;
  *size = len;
  return text;
}

static struct maps_table *parse_maps(void) {
  size_t size, cap;
  char *text = read_maps(&size, &cap);
  if (!text)
    return NULL;
  size_t lines = 0;
  for (const char *p = text; (p = strchr(p, '\n')); p++)
    lines++;
  size_t entries_end = sizeof(struct maps_table) + lines * sizeof(struct oc_mapping);
  struct maps_table *t = map_buffer(entries_end + size + 1);
  if (!t) {
    munmap(text, cap);
    return NULL;
  }
  t->bytes = entries_end + size + 1;
  t->count = 0;
  char *paths = t->paths = (char *)t + entries_end;
  size_t paths_len = 0;
  for (const char *line = text; line && *line && t->count < lines;) {
    struct oc_mapping *m = &t->entries[t->count];
    const char *path;
    size_t path_len;
    if (oc_maps_parse_line(line, m, &path, &path_len)) {
      bool (*paged)(uintptr_t) = atomic_load_explicit(&paged_test, memory_order_relaxed);
      if (m->start >= runtime_start && m->end <= runtime_end)
        m->kind = OC_MAP_RUNTIME;
      else if (paged && m->kind == OC_MAP_ANON && paged(m->start))
        m->kind = OC_MAP_PAGED;
      memcpy(paths + paths_len, path, path_len);
      paths[paths_len + path_len] = 0;
      m->path = paths + paths_len;
      paths_len += path_len + 1;
      t->count++;
    }
    line = strchr(line, '\n');
    if (line)
      line++;
  }
  munmap(text, cap);
  return t;
}

static void free_table(struct maps_table *t) {
  if (t)
    munmap(t, t->bytes);
}

/* Advice given on a mapping outlives a reread: the same mapping (start, end,
 * device and inode) keeps its flags. Both tables are sorted by start. */
static void carry_advice(struct maps_table *fresh, const struct maps_table *old) {
  size_t j = 0;
  for (size_t i = 0; old && i < fresh->count; i++) {
    struct oc_mapping *m = &fresh->entries[i];
    while (j < old->count && old->entries[j].start < m->start)
      j++;
    if (j == old->count)
      return;
    const struct oc_mapping *o = &old->entries[j];
    if (o->start == m->start && o->end == m->end && o->device == m->device &&
        o->inode == m->inode) {
      atomic_init(&m->random_advised, atomic_load(&o->random_advised));
      atomic_init(&m->readaround_guarded, atomic_load(&o->readaround_guarded));
    }
  }
}

/* Caller holds table_lock for writing. */
static void refresh_locked(void) {
  struct maps_table *fresh = parse_maps();
  if (fresh) {
    carry_advice(fresh, table);
    free_table(table);
    table = fresh;
  }
  refreshed_ns = now_ns();
  atomic_fetch_add_explicit(&maps_reads, 1, memory_order_relaxed);
}

long oc_maps_reads(void) { return atomic_load_explicit(&maps_reads, memory_order_relaxed); }

void oc_maps_refresh(void) {
  pthread_rwlock_wrlock(&table_lock);
  refresh_locked();
  pthread_rwlock_unlock(&table_lock);
}

static struct oc_mapping *find_locked(uintptr_t addr) {
  if (!table)
    return NULL;
  size_t lo = 0, hi = table->count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    struct oc_mapping *m = &table->entries[mid];
    if (addr < m->start)
      hi = mid;
    else if (addr >= m->end)
      lo = mid + 1;
    else
      return m;
  }
  return NULL;
}

/* A hint path's miss: the release worker rereads the maps (oc_maps_refresh_wanted). */
static _Atomic(bool) refresh_wanted;
static void (*_Atomic wake_rereader)(void);

void oc_maps_on_miss(void (*wake)(void)) { atomic_store(&wake_rereader, wake); }

const struct oc_mapping *oc_maps_get(uintptr_t addr) {
  pthread_rwlock_rdlock(&table_lock);
  struct oc_mapping *m = find_locked(addr);
  if (!m) {
    pthread_rwlock_unlock(&table_lock);
    void (*wake)(void) = atomic_load_explicit(&wake_rereader, memory_order_relaxed);
    if (!atomic_load_explicit(&refresh_wanted, memory_order_relaxed) &&
        !atomic_exchange_explicit(&refresh_wanted, true, memory_order_relaxed) && wake)
      wake();
  }
  return m;
}

/* Caller holds table_lock for writing. */
static void refresh_locked_if_due(void) {
  if (now_ns() - refreshed_ns >= OC_MAPS_REFRESH_NS) {
    atomic_store_explicit(&refresh_wanted, false, memory_order_relaxed);
    refresh_locked();
  }
}

bool oc_maps_refresh_wanted(void) {
  if (!atomic_load_explicit(&refresh_wanted, memory_order_relaxed))
    return false;
  pthread_rwlock_wrlock(&table_lock);
  refresh_locked_if_due();
  pthread_rwlock_unlock(&table_lock);
  return atomic_load_explicit(&refresh_wanted, memory_order_relaxed);
}

/* The workers' lookup: a miss rereads the maps (at most once per OC_MAPS_REFRESH_NS). */
static const struct oc_mapping *get_refreshing(uintptr_t addr) {
  pthread_rwlock_rdlock(&table_lock);
  struct oc_mapping *m = find_locked(addr);
  if (m)
    return m;
  pthread_rwlock_unlock(&table_lock);
  pthread_rwlock_wrlock(&table_lock);
  if (!find_locked(addr))
    refresh_locked_if_due();
  /* Downgrade: rwlocks cannot, so reacquire and look again. */
  pthread_rwlock_unlock(&table_lock);
  pthread_rwlock_rdlock(&table_lock);
  m = find_locked(addr);
  if (!m)
    pthread_rwlock_unlock(&table_lock);
  return m;
}

void oc_maps_put(const struct oc_mapping *mapping) {
  if (mapping)
    pthread_rwlock_unlock(&table_lock);
}

bool oc_maps_lookup(uintptr_t addr, struct oc_mapping *out, char *path, size_t size) {
  const struct oc_mapping *m = get_refreshing(addr);
  if (!m)
    return false;
  out->start = m->start;
  out->end = m->end;
  out->offset = m->offset;
  out->device = m->device;
  out->inode = m->inode;
  out->kind = m->kind;
  out->writable = m->writable;
  snprintf(path, size, "%s", m->path);
  out->path = path;
  atomic_init(&out->random_advised, atomic_load(&m->random_advised));
  oc_maps_put(m);
  return true;
}

bool oc_maps_next_data(uintptr_t addr, uintptr_t *start, uintptr_t *end) {
  bool found = false;
  pthread_rwlock_rdlock(&table_lock);
  size_t lo = 0, hi = table ? table->count : 0;
  while (lo < hi) { /* first entry with end > addr */
    size_t mid = (lo + hi) / 2;
    if (table->entries[mid].end <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (; table && lo < table->count && !found; lo++) {
    const struct oc_mapping *m = &table->entries[lo];
    if (oc_kind_is_program_data(m->kind)) {
      *start = m->start > addr ? m->start : addr;
      *end = m->end;
      found = true;
    }
  }
  pthread_rwlock_unlock(&table_lock);
  return found;
}

/* Held for reading from a shared-file release's check to its advice. */
static pthread_rwlock_t unmap_lock = PTHREAD_RWLOCK_INITIALIZER;

void oc_maps_unmap_begin(void) { pthread_rwlock_wrlock(&unmap_lock); }

static void forget_file(uint64_t device, uint64_t inode);

void oc_maps_unmap_end(uintptr_t start, size_t len) {
  pthread_rwlock_wrlock(&table_lock);
  for (size_t i = 0; table && i < table->count; i++) {
    struct oc_mapping *m = &table->entries[i];
    if (m->start < start + len && m->end > start) {
      if (m->kind == OC_MAP_FILE_SHARED || m->kind == OC_MAP_FILE_PRIVATE)
        forget_file(m->device, m->inode);
      m->kind = OC_MAP_SPECIAL; /* gone until the next reread */
    }
  }
  pthread_rwlock_unlock(&table_lock);
  pthread_rwlock_unlock(&unmap_lock);
}

static bool still_file_shared(uintptr_t start, size_t len) {
  pthread_rwlock_rdlock(&table_lock);
  const struct oc_mapping *m = find_locked(start);
  bool shared = m && m->kind == OC_MAP_FILE_SHARED && start + len <= m->end;
  pthread_rwlock_unlock(&table_lock);
  return shared;
}

void oc_maps_set_paged_test(bool (*paged)(uintptr_t start)) {
  atomic_store_explicit(&paged_test, paged, memory_order_relaxed);
}

void oc_maps_set_runtime_range(uintptr_t start, uintptr_t end) {
  pthread_rwlock_wrlock(&table_lock);
  runtime_start = start;
  runtime_end = end;
  pthread_rwlock_unlock(&table_lock);
}


/* ---- the madvise family ---------------------------------------------------- */

void oc_os_willneed(uintptr_t start, size_t len) {
  /* The kernel stops each asynchronous request at about 8 MiB: split. */
  while (len) {
    size_t piece = len < OC_WILLNEED_MAX ? len : OC_WILLNEED_MAX;
    madvise((void *)start, piece, MADV_WILLNEED);
    start += piece;
    len -= piece;
  }
}

bool oc_os_residency(uintptr_t start, size_t len, unsigned char *vec) {
  return mincore((void *)start, len, vec) == 0;
}

#define PAGEMAP_PRESENT (1ULL << 63)
#define PAGEMAP_SWAPPED (1ULL << 62)

bool oc_os_pages_held(uintptr_t start, size_t pages, unsigned char *held) {
  int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  uint64_t entries[512];
  size_t page_size = (size_t)sysconf(_SC_PAGESIZE), done = 0;
  while (done < pages) {
    size_t n = pages - done < 512 ? pages - done : 512;
    off_t at = (off_t)((start / page_size + done) * sizeof entries[0]);
    if (pread(fd, entries, n * sizeof entries[0], at) != (ssize_t)(n * sizeof entries[0]))
      break;
    for (size_t i = 0; i < n; i++)
      held[done + i] = (entries[i] & (PAGEMAP_PRESENT | PAGEMAP_SWAPPED)) != 0;
    done += n;
  }
  close(fd);
  return done == pages;
}

long oc_os_thread_count(void) {
  /* Field 20; the command name (field 2) may hold spaces and parentheses. */
  char line[1024];
  int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
  ssize_t n = fd < 0 ? -1 : read(fd, line, sizeof line - 1);
  if (fd >= 0)
    close(fd);
  if (n <= 0)
    return 0;
  line[n] = '\0';
  const char *p = strrchr(line, ')');
  long threads = 0;
  return p && sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %ld",
                     &threads) == 1
             ? threads
             : 0;
}

static _Atomic(bool) readaround_oversized;

void oc_os_readaround_too_large(bool too_large) {
  atomic_store_explicit(&readaround_oversized, too_large, memory_order_relaxed);
}

bool oc_os_populate_read(uintptr_t start, size_t len) {
  /* With read-around off for the group's size, a populate's faults would read a page
   * each, one after the other: the range is read ahead in large asynchronous reads
   * instead, whose pages the kernel takes only where the group has room, and the
   * program's faults map them (a spilled axpy in 8-16 MiB: 1.1-1.2 s, 2.1-2.5 with
   * the populate after the read-ahead, 8 k major faults against 22-25 k). */
  if (atomic_load_explicit(&readaround_oversized, memory_order_relaxed)) {
    oc_os_willneed(start, len);
    return true;
  }
  if (madvise((void *)start, len, MADV_POPULATE_READ) == 0)
    return true;
  return errno != EINVAL; /* EFAULT/ENOMEM: past EOF or unmapped meanwhile: done */
}

/* Whether the kernel's read-around may serve the mapping's streams. */
static bool readaround_serves(enum oc_map_kind kind) {
  return (kind == OC_MAP_FILE_SHARED || kind == OC_MAP_FILE_PRIVATE) &&
         !atomic_load_explicit(&readaround_oversized, memory_order_relaxed);
}

enum oc_single_page oc_os_note_single_page(const struct oc_mapping *mapping, uintptr_t page) {
  struct oc_mapping *m = (struct oc_mapping *)mapping;
  if (atomic_load_explicit(&m->random_advised, memory_order_relaxed))
    return OC_PAGE_READAROUND_OFF;
  /* Racy by design: a lost update only delays the decision by a page. */
  bool near = false;
  for (unsigned i = 0; i < OC_RECENT_PAGES && !near; i++)
    near = page - atomic_load_explicit(&m->recent_pages[i], memory_order_relaxed) + 1 <= 2;
  unsigned slot = atomic_fetch_add_explicit(&m->recent_next, 1, memory_order_relaxed);
  atomic_store_explicit(&m->recent_pages[slot % OC_RECENT_PAGES], page, memory_order_relaxed);
  if (near)
    return readaround_serves(m->kind) ? OC_PAGE_IN_STREAM : OC_PAGE_PREFETCH;
  if (atomic_fetch_add_explicit(&m->scattered_pages, 1, memory_order_relaxed) + 1 <
      OC_SCATTERED_BEFORE_RANDOM)
    return OC_PAGE_PREFETCH;
  /* The program's own scatter: no stream is to turn read-around back on. */
  atomic_store_explicit(&m->readaround_guarded, false, memory_order_relaxed);
  if (!atomic_exchange_explicit(&m->random_advised, true, memory_order_relaxed))
    madvise((void *)m->start, m->end - m->start, MADV_RANDOM);
  return OC_PAGE_READAROUND_OFF;
}

void oc_os_readaround_off(uintptr_t start, size_t len) {
  if (madvise((void *)start, len, MADV_RANDOM) != 0)
    return;
  pthread_rwlock_rdlock(&table_lock);
  struct oc_mapping *m = find_locked(start);
  if (m && m->start == start) {
    atomic_store_explicit(&m->readaround_guarded, true, memory_order_relaxed);
    atomic_store_explicit(&m->random_advised, true, memory_order_relaxed);
  }
  pthread_rwlock_unlock(&table_lock);
}

/* m's read-around on again, as the kernel has it by default. */
static void readaround_restored(struct oc_mapping *m) {
  atomic_store_explicit(&m->readaround_guarded, false, memory_order_relaxed);
  atomic_store_explicit(&m->scattered_pages, 0, memory_order_relaxed);
  atomic_store_explicit(&m->random_advised, false, memory_order_relaxed);
}

void oc_os_readaround_on(uintptr_t start, size_t len) {
  if (madvise((void *)start, len, MADV_NORMAL) != 0)
    return;
  pthread_rwlock_rdlock(&table_lock);
  struct oc_mapping *m = find_locked(start);
  if (m && m->start == start)
    readaround_restored(m);
  pthread_rwlock_unlock(&table_lock);
}

/* The recent stream of m that a block [first, last) continues (it starts where the
 * stream last ended, up to OC_STREAM_OVERLAP pages before, never at or before that
 * block's start): its slot, with its end moved to last and its run counted; -1 for a
 * block that starts a stream (it takes the oldest slot). */
static int continued_stream(struct oc_mapping *m, uintptr_t first, uintptr_t last,
                            unsigned *runs) {
  /* Less than the block, so that a repeat of the last block is no continuation. */
  uintptr_t overlap = last - first > OC_STREAM_OVERLAP ? OC_STREAM_OVERLAP : last - first - 1;
  for (unsigned i = 0; i < OC_STREAMS; i++) {
    uintptr_t ended = atomic_load_explicit(&m->stream_ends[i], memory_order_relaxed);
    if (first > ended || first + overlap < ended ||
        !atomic_compare_exchange_strong_explicit(&m->stream_ends[i], &ended, last,
                                                 memory_order_relaxed, memory_order_relaxed))
      continue;
    *runs = atomic_fetch_add_explicit(&m->stream_runs[i], 1, memory_order_relaxed) + 1;
    return (int)i;
  }
  unsigned slot = atomic_fetch_add_explicit(&m->stream_next, 1, memory_order_relaxed) % OC_STREAMS;
  atomic_store_explicit(&m->stream_runs[slot], 0, memory_order_relaxed);
  atomic_store_explicit(&m->stream_ends[slot], last, memory_order_relaxed);
  return -1;
}

bool oc_os_readahead_serves(const struct oc_mapping *mapping, uintptr_t first, uintptr_t last) {
  struct oc_mapping *m = (struct oc_mapping *)mapping;
  if (!readaround_serves(m->kind) ||
      (atomic_load_explicit(&m->random_advised, memory_order_relaxed) &&
       !atomic_load_explicit(&m->readaround_guarded, memory_order_relaxed)))
    return false;
  unsigned runs;
  if (continued_stream(m, first, last, &runs) < 0 || runs < OC_STREAM_RUN)
    return false;
  /* A stream where oc_os_readaround_off acted: the kernel's readahead serves it
   * better than our reads would; scattered prefetches may turn it off again. */
  if (atomic_exchange_explicit(&m->readaround_guarded, false, memory_order_relaxed)) {
    madvise((void *)m->start, m->end - m->start, MADV_NORMAL);
    readaround_restored(m);
  }
  return true;
}

uintptr_t oc_os_swapin_ahead_end(const struct oc_mapping *mapping, uintptr_t first,
                                 uintptr_t last) {
  struct oc_mapping *m = (struct oc_mapping *)mapping;
  unsigned runs;
  int slot = continued_stream(m, first, last, &runs);
  if (slot < 0 || runs < OC_STREAM_RUN)
    return last;
  uintptr_t ahead = OC_SWAPIN_AHEAD_MIN;
  for (unsigned d = OC_STREAM_RUN; d < runs && ahead < OC_SWAPIN_AHEAD_MAX; d++)
    ahead *= 2; /* doubling with each continuation */
  /* The stream's next hint starts where the read ends. */
  atomic_store_explicit(&m->stream_ends[slot], last + ahead, memory_order_relaxed);
  return last + ahead;
}

/* The process's own pidfd for process_madvise, opened once (the fork child starts
 * over: a pidfd names the parent), and whether the kernel takes each advice through
 * it, decided at its first refusal. */
enum { BATCHING_UNKNOWN, BATCHING_ON, BATCHING_OFF };
static pthread_mutex_t pidfd_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(int) self_pidfd = -1;
static _Atomic(int) batching_pageout, batching_dontneed;

static _Atomic(int) *batching_of(int advice) {
  return advice == MADV_DONTNEED ? &batching_dontneed : &batching_pageout;
}

static void madvise_each(const struct iovec *ranges, unsigned n, int advice) {
  for (unsigned i = 0; i < n; i++)
    madvise(ranges[i].iov_base, ranges[i].iov_len, advice);
}

static int own_pidfd(void) {
  int fd = atomic_load(&self_pidfd);
  if (fd >= 0)
    return fd;
  pthread_mutex_lock(&pidfd_lock);
  if ((fd = atomic_load(&self_pidfd)) < 0) {
    fd = (int)syscall(SYS_pidfd_open, getpid(), 0);
    atomic_store(&self_pidfd, fd);
  }
  pthread_mutex_unlock(&pidfd_lock);
  return fd;
}

long oc_os_advise_ranges(struct iovec *ranges, unsigned n, int advice) {
  _Atomic(int) *batching = batching_of(advice);
  int fd = n < 2 || atomic_load(batching) == BATCHING_OFF ? -1 : own_pidfd();
  if (fd < 0) {
    if (n >= 2)
      atomic_store(batching, BATCHING_OFF); /* no pidfd_open */
    madvise_each(ranges, n, advice);
    return n;
  }
  ssize_t done = syscall(SYS_process_madvise, fd, ranges, (size_t)n, advice, 0u);
  if (done < 0 && (errno == EINVAL || errno == ENOSYS || errno == EPERM || errno == EBADF)) {
    atomic_store(batching, BATCHING_OFF);
    madvise_each(ranges, n, advice);
    return 1 + n;
  }
  atomic_store(batching, BATCHING_ON);
  /* The kernel stops at a range it cannot advise (unmapped meanwhile): the rest,
   * from that range on, one by one. */
  size_t advised = done > 0 ? (size_t)done : 0;
  unsigned i = 0;
  while (i < n && advised >= ranges[i].iov_len)
    advised -= ranges[i++].iov_len;
  if (i == n)
    return 1;
  ranges[i].iov_base = (char *)ranges[i].iov_base + advised;
  ranges[i].iov_len -= advised;
  madvise_each(ranges + i, n - i, advice);
  return 1 + (n - i);
}

long oc_os_release_flush(struct oc_release_batch *batch) {
  long calls = batch->count ? oc_os_advise_ranges(batch->ranges, batch->count, MADV_PAGEOUT) : 0;
  batch->count = 0;
  return calls;
}

long oc_os_release(struct oc_release_batch *batch, enum oc_map_kind kind, uintptr_t start,
                   size_t len) {
  if (kind == OC_MAP_FILE_SHARED) {
    pthread_rwlock_rdlock(&unmap_lock);
    bool advise = still_file_shared(start, len);
    if (advise)
      madvise((void *)start, len, MADV_DONTNEED);
    pthread_rwlock_unlock(&unmap_lock);
    return advise;
  }
  struct iovec *last = batch->count ? &batch->ranges[batch->count - 1] : NULL;
  if (last && (uintptr_t)last->iov_base + last->iov_len == start) {
    last->iov_len += len; /* adjacent pieces of different tags: one range */
    return 0;
  }
  long calls = batch->count == OC_RELEASE_BATCH ? oc_os_release_flush(batch) : 0;
  batch->ranges[batch->count++] = (struct iovec){(void *)start, len};
  return calls;
}

/* A few files stay open for sync_file_range; only the release worker uses them. */
#define FD_CACHE_SIZE 16
static pthread_mutex_t fd_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  uint64_t device, inode;
  int fd_plus_one; /* 0: empty slot */
} fd_cache[FD_CACHE_SIZE];
static unsigned fd_next;

static int file_fd(const struct oc_mapping *m) {
  for (unsigned i = 0; i < FD_CACHE_SIZE; i++)
    if (fd_cache[i].fd_plus_one && fd_cache[i].device == m->device &&
        fd_cache[i].inode == m->inode)
      return fd_cache[i].fd_plus_one - 1;
  int fd = open(m->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) { /* unlinked (spilled blocks): the mapping's own link, where permitted */
    char link[64];
    snprintf(link, sizeof link, "/proc/self/map_files/%" PRIxPTR "-%" PRIxPTR, m->start, m->end);
    fd = open(link, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  }
  struct stat st;
  if (fd < 0)
    return -1;
  if (fstat(fd, &st) != 0 || st.st_ino != m->inode || st.st_dev != m->device) {
    close(fd); /* renamed or deleted: not the mapped file */
    return -1;
  }
  unsigned slot = fd_next++ % FD_CACHE_SIZE;
  if (fd_cache[slot].fd_plus_one)
    close(fd_cache[slot].fd_plus_one - 1);
  fd_cache[slot].device = m->device;
  fd_cache[slot].inode = m->inode;
  fd_cache[slot].fd_plus_one = fd + 1;
  return fd;
}

/* A file the runtime unmapped (a spilled block freed or moved): a descriptor kept
 * here would keep an unlinked file, its disk blocks and its cache, until exit. */
static void forget_file(uint64_t device, uint64_t inode) {
  pthread_mutex_lock(&fd_lock);
  for (unsigned i = 0; i < FD_CACHE_SIZE; i++)
    if (fd_cache[i].fd_plus_one && fd_cache[i].device == device && fd_cache[i].inode == inode) {
      close(fd_cache[i].fd_plus_one - 1);
      fd_cache[i].fd_plus_one = 0;
    }
  pthread_mutex_unlock(&fd_lock);
}

void oc_os_drop_file_cache(const struct oc_mapping *m, uintptr_t start, size_t len) {
  pthread_mutex_lock(&fd_lock);
  int fd = file_fd(m);
  if (fd >= 0)
    posix_fadvise(fd, (off_t)(m->offset + (start - m->start)), (off_t)len, POSIX_FADV_DONTNEED);
  pthread_mutex_unlock(&fd_lock);
}

void oc_os_drop_released_files(void) {
  pthread_mutex_lock(&fd_lock);
  for (unsigned i = 0; i < FD_CACHE_SIZE; i++)
    if (fd_cache[i].fd_plus_one)
      posix_fadvise(fd_cache[i].fd_plus_one - 1, 0, 0, POSIX_FADV_DONTNEED);
  pthread_mutex_unlock(&fd_lock);
}

bool oc_os_writeback(const struct oc_mapping *m, uintptr_t start, size_t len, bool start_only) {
  pthread_mutex_lock(&fd_lock);
  int fd = file_fd(m);
  bool done = false;
  if (fd >= 0) {
    unsigned flags = start_only ? SYNC_FILE_RANGE_WRITE
                                : SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
                                      SYNC_FILE_RANGE_WAIT_AFTER;
    done = sync_file_range(fd, (off64_t)(m->offset + (start - m->start)), (off64_t)len,
                           flags) == 0;
  }
  pthread_mutex_unlock(&fd_lock);
  if (!done && !start_only)
    done = msync((void *)start, len, MS_SYNC) == 0;
  return done;
}

#ifdef __NR_cachestat
struct cachestat_range {
  uint64_t off, len;
};
struct cachestat {
  uint64_t nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted;
};
/* Decided at the first refusal; only the release worker asks. */
static bool cachestat_refused;
#endif

long oc_os_unwritten_pages(const struct oc_mapping *m, uintptr_t start, size_t len) {
#ifdef __NR_cachestat
  if (cachestat_refused)
    return -1;
  struct cachestat_range range = {m->offset + (start - m->start), len};
  struct cachestat cs;
  pthread_mutex_lock(&fd_lock);
  int fd = file_fd(m);
  long r = fd >= 0 ? syscall(__NR_cachestat, (unsigned)fd, &range, &cs, 0u) : -1;
  pthread_mutex_unlock(&fd_lock);
  if (r == 0)
    return (long)(cs.nr_dirty + cs.nr_writeback);
  if (fd >= 0 && (errno == ENOSYS || errno == EPERM || errno == EINVAL))
    cachestat_refused = true;
#else
  (void)m, (void)start, (void)len;
#endif
  return -1;
}

/* The table lock is not held across fork: the child gets a fresh lock and an
 * empty table (the parent's copy may be mid-update; it is left, not freed), and
 * rereads its own maps on first use. */
void oc_maps_fork_prepare(void) { pthread_mutex_lock(&fd_lock); }

void oc_maps_fork_parent(void) { pthread_mutex_unlock(&fd_lock); }

void oc_maps_fork_child(void) {
  if (atomic_load(&self_pidfd) >= 0)
    close(atomic_load(&self_pidfd));
  atomic_store(&self_pidfd, -1);
  atomic_store(&batching_pageout, BATCHING_UNKNOWN);
  atomic_store(&batching_dontneed, BATCHING_UNKNOWN);
  pthread_mutex_init(&pidfd_lock, NULL);
  pthread_rwlock_init(&table_lock, NULL);
  pthread_rwlock_init(&unmap_lock, NULL);
  table = NULL;
  refreshed_ns = -OC_MAPS_REFRESH_NS;
  /* The parent's files too: the child's exit drops only files its own releases
   * reached (oc_os_drop_released_files). */
  for (unsigned i = 0; i < FD_CACHE_SIZE; i++)
    if (fd_cache[i].fd_plus_one)
      close(fd_cache[i].fd_plus_one - 1);
  memset(fd_cache, 0, sizeof fd_cache);
  fd_next = 0;
  pthread_mutex_unlock(&fd_lock);
}
