/*
 * The trace writer (trace.h). Rings are mapped once per thread and never freed: a
 * thread's exit retires its ring, the writer empties it and a later thread reuses it.
 * The writer owns the file, the sweep state and the output buffer; nothing else
 * touches them, so it takes no lock but its own timed wait.
 */
#include "trace.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "backend_linux.h"
#include "limit.h"
#include "runtime.h"
#include "stats.h"
#include "workers.h"

_Static_assert(sizeof(struct oc_trace_header) == 64, "the file format's header size");

__thread struct oc_trace_ring *oc_tls_trace;

/* Sampled faults (no backend reports them): mincore() over each hinted mapping's
 * hinted extent. A sweep costs a page-table walk of that extent (and a page-cache
 * lookup per page not mapped); sweeps are spaced so that they take at most
 * 1/SWEEP_SHARE of a CPU (the writer's CPU time, not the wall clock, which a busy
 * machine stretches), and at least SWEEP_MIN_NS apart. */
#define SWEEP_MIN_NS 50000000L
#define SWEEP_SHARE 100
/* The file is written when the output buffer fills or FLUSH_NS after the last write, and
 * its pages leave the page cache DROP_BYTES at a time: small writes every tick slowed a
 * column walk reading from the same disk. */
#define FLUSH_NS 100000000L
#define DROP_BYTES ((off_t)1 << 20)
#define WATCH_MAX 32
#define WATCH_BYTES_MAX ((uintptr_t)64 << 30) /* larger mappings are not swept */
#define OUT_RECORDS 2048
/* Hints outside every watched mapping cost a table search each: at most this many
 * per tick. */
#define WATCH_MISSES_PER_TICK 16

enum { SEEN_NEVER, SEEN_ABSENT, SEEN_PRESENT };

struct watched {
  uintptr_t start, end; /* the mapping */
  uintptr_t lo, hi;     /* hinted extent, page-aligned, inside it */
  unsigned char *seen;  /* a SEEN_* per page of the mapping */
};

static _Atomic(bool) tracing, faults_reported;
static int trace_fd = -1;
static char trace_path[PATH_MAX];
static _Atomic(struct oc_trace_ring *) rings; /* each the first member of a traced_thread */

/* A ring and the page hints (oc_prefetch) of its thread, which the fast path counts in
 * page_counts without recording those it filters; the writer reports these as a run
 * per tick (OC_TRACE_COUNTED). Never freed: a later thread reuses both. */
struct traced_thread {
  struct oc_trace_ring ring;
  struct oc_thread_counts page_counts;   /* the thread's oc_tls_page_counts */
  _Atomic(uint64_t) page_hints_recorded; /* owner: page hints recorded one by one */
  uint64_t page_filtered_reported;       /* writer */
};

static struct traced_thread *traced_thread_of(struct oc_trace_ring *ring) {
  return (struct traced_thread *)ring;
}
static pthread_key_t ring_key;
static pthread_t writer;
static bool writer_running, write_failed;
static pthread_mutex_t writer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t writer_wake = PTHREAD_COND_INITIALIZER;
static bool writer_stopping; /* under writer_lock */

/* Writer only. */
static struct oc_trace_record out[OUT_RECORDS];
static size_t out_count;
static struct watched watch[WATCH_MAX];
static unsigned watch_count;
/* Mappings found not to be swept (not program data, too large): a hint there would
 * otherwise cost a table lookup each tick. */
static struct watched ignored[WATCH_MAX];
static unsigned ignored_count;
static long page_size;
static long next_sweep_ns;
static unsigned watch_misses;
/* Bytes in the file; write-back started below synced_until, cache dropped below dropped_until. */
static off_t written, synced_until, dropped_until;
static long flushed_ns;
static uint64_t writer_cpu_ns; /* the writer's own CPU time, in the end record */

uint64_t oc_trace_clock_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static long thread_cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

bool oc_trace_on(void) { return atomic_load_explicit(&tracing, memory_order_relaxed); }

/* The file's pages would be charged to the program's memory group and compete with its
 * data: write-back starts on each DROP_BYTES written, and what was written back by the
 * previous start leaves the cache. */
static void drop_written_cache(void) {
  if (written - synced_until < DROP_BYTES)
    return;
  posix_fadvise(trace_fd, dropped_until, synced_until - dropped_until, POSIX_FADV_DONTNEED);
  dropped_until = synced_until;
  sync_file_range(trace_fd, synced_until, written - synced_until, SYNC_FILE_RANGE_WRITE);
  synced_until = written;
}

static void flush_out(void) {
  size_t bytes = out_count * sizeof out[0];
  const char *p = (const char *)out;
  flushed_ns = (long)oc_trace_clock_ns();
  while (bytes && !write_failed) {
    ssize_t n = write(trace_fd, p, bytes);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      fprintf(stderr, "outcore: cannot write trace %s: %s; tracing stops\n", trace_path,
              n < 0 ? strerror(errno) : "short write");
      write_failed = true;
      break;
    }
    p += n;
    bytes -= (size_t)n;
    written += n;
  }
  out_count = 0;
  drop_written_cache();
}

static void emit(enum oc_trace_kind kind, uint64_t time, uintptr_t addr, uintptr_t len) {
  if (out_count == OUT_RECORDS)
    flush_out();
  out[out_count++] = (struct oc_trace_record){time, addr, len, -1, 0, (uint8_t)kind, 0};
}

/* The mapping holding [addr, addr + len) joins the sweeps (or its extent grows). */
static void watch_range(uintptr_t addr, uintptr_t len) {
  uintptr_t lo = addr & ~(uintptr_t)(page_size - 1);
  uintptr_t hi = addr + len < addr ? UINTPTR_MAX : addr + len;
  for (unsigned i = 0; i < watch_count; i++) {
    struct watched *w = &watch[i];
    if (lo >= w->start && lo < w->end) {
      if (lo < w->lo)
        w->lo = lo;
      if (hi > w->hi)
        w->hi = hi < w->end ? (hi + page_size - 1) & ~(uintptr_t)(page_size - 1) : w->end;
      return;
    }
  }
  for (unsigned i = 0; i < ignored_count; i++)
    if (lo >= ignored[i].start && lo < ignored[i].end)
      return;
  if (watch_count == WATCH_MAX || watch_misses >= WATCH_MISSES_PER_TICK)
    return;
  watch_misses++;
  /* The table as the hint paths see it: a miss (a hint past an array's end) never
   * rereads /proc/self/maps here. */
  const struct oc_mapping *found = oc_maps_get(lo);
  if (!found)
    return;
  /* Its fixed fields only: hint paths update the others meanwhile. */
  uintptr_t start = found->start, end = found->end;
  bool data = oc_kind_is_program_data(found->kind);
  oc_maps_put(found);
  if (!data || end - start > WATCH_BYTES_MAX) {
    if (ignored_count < WATCH_MAX)
      ignored[ignored_count++] = (struct watched){.start = start, .end = end};
    return;
  }
  void *seen = mmap(NULL, (end - start) / page_size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (seen == MAP_FAILED)
    return;
  watch[watch_count++] = (struct watched){start, end, lo, lo, seen};
  emit(OC_TRACE_MAPPING, oc_trace_clock(), start, end - start);
  watch_range(addr, len);
}

/* Pages whose residency changed since the last sweep, as runs. A page's first sweep
 * records it as OC_TRACE_BASELINE if resident: there before it was watched, or
 * brought in less than a sweep after its mapping's first hint. */
static void sweep_one(struct watched *w, uint64_t now) {
  unsigned char vec[4096];
  for (uintptr_t at = w->lo; at < w->hi;) {
    size_t pages = (w->hi - at) / page_size;
    if (pages > sizeof vec)
      pages = sizeof vec;
    if (!pages || mincore((void *)at, pages * page_size, vec) != 0)
      return; /* unmapped meanwhile: the next hint rewatches it */
    unsigned char *seen = w->seen + (at - w->start) / page_size;
    size_t i = 0;
    while (i < pages) {
      unsigned char state = (vec[i] & 1) ? SEEN_PRESENT : SEEN_ABSENT, was = seen[i];
      if (state == was || (was == SEEN_NEVER && state == SEEN_ABSENT)) {
        seen[i++] = state;
        continue;
      }
      size_t run = i;
      while (run < pages && ((vec[run] & 1) ? SEEN_PRESENT : SEEN_ABSENT) == state &&
             seen[run] == was)
        seen[run++] = state;
      emit(state == SEEN_PRESENT ? OC_TRACE_PAGE_IN : OC_TRACE_PAGE_OUT, now,
           at + i * page_size, (run - i) * page_size);
      if (was == SEEN_NEVER)
        out[out_count - 1].flags = OC_TRACE_BASELINE;
      i = run;
    }
    at += pages * page_size;
  }
}

static void sweep(long now_ns) {
  if (now_ns < next_sweep_ns || atomic_load(&faults_reported))
    return;
  uint64_t now = oc_trace_clock();
  long cpu_before = thread_cpu_ns();
  for (unsigned i = 0; i < watch_count; i++)
    sweep_one(&watch[i], now);
  long took = thread_cpu_ns() - cpu_before;
  next_sweep_ns = now_ns + (took * SWEEP_SHARE > SWEEP_MIN_NS ? took * SWEEP_SHARE : SWEEP_MIN_NS);
}

/* Hints inside the extent of the mapping the last one joined change nothing there. */
static void watch_hints(const struct oc_trace_record *r, size_t n) {
  static const struct watched *last;
  for (size_t i = 0; i < n; i++) {
    if (r[i].kind != OC_TRACE_PREFETCH_HINT && r[i].kind != OC_TRACE_RELEASE_HINT)
      continue;
    if (last && r[i].addr >= last->lo && r[i].addr + r[i].len <= last->hi &&
        r[i].addr + r[i].len >= r[i].addr)
      continue;
    watch_range(r[i].addr, r[i].len);
    for (unsigned w = 0; w < watch_count; w++)
      if (r[i].addr >= watch[w].start && r[i].addr < watch[w].end)
        last = &watch[w];
  }
}

/* The page hints the fast path filtered on the ring's thread since the last report.
 * The count is read before the recorded hints, so that a hint recorded after it is
 * not taken as filtered; one hint counted but not yet recorded may be in flight while
 * the thread runs (`settled`: it is gone, or it is the caller), so one is held back. */
static void report_filtered_page_hints(struct traced_thread *t, bool settled) {
  uint64_t seen = (uint64_t)atomic_load_explicit(&t->page_counts.seen, memory_order_acquire);
  uint64_t filtered =
      seen - atomic_load_explicit(&t->page_hints_recorded, memory_order_acquire);
  if (!settled && filtered)
    filtered--;
  if (filtered <= t->page_filtered_reported)
    return;
  if (OUT_RECORDS - out_count <= WATCH_MAX)
    flush_out();
  out[out_count++] = (struct oc_trace_record){
      oc_trace_clock(),
      atomic_load_explicit(&t->page_counts.last_page_hint, memory_order_relaxed),
      filtered - t->page_filtered_reported,
      -1,
      0,
      OC_TRACE_PREFETCH_HINT,
      OC_TRACE_FILTERED | OC_TRACE_RUN | OC_TRACE_COUNTED};
  watch_hints(out + out_count - 1, 1);
  t->page_filtered_reported = filtered;
}

/* Records go from the ring straight into the output buffer, leaving room for the
 * mapping records their hints may add (so that nothing flushes under watch_hints). */
static void drain_ring(struct oc_trace_ring *ring, bool settled) {
  size_t n;
  do {
    if (OUT_RECORDS - out_count <= WATCH_MAX)
      flush_out();
    n = oc_trace_ring_pop(ring, out + out_count, OUT_RECORDS - out_count - WATCH_MAX);
    out_count += n;
    watch_hints(out + out_count - n, n);
  } while (n);
  report_filtered_page_hints(traced_thread_of(ring), settled);
  uint64_t lost = atomic_load_explicit(&ring->lost, memory_order_relaxed);
  if (lost != ring->lost_reported) {
    emit(OC_TRACE_LOST, oc_trace_clock(), 0, lost - ring->lost_reported);
    ring->lost_reported = lost;
  }
}

static void drain_all(void) {
  for (struct oc_trace_ring *ring = atomic_load(&rings); ring; ring = atomic_load(&ring->next)) {
    int state = atomic_load_explicit(&ring->state, memory_order_acquire);
    if (state == OC_RING_FREE)
      continue;
    drain_ring(ring, ring == oc_tls_trace);
    if (state == OC_RING_RETIRED) { /* its thread is gone: nothing comes after this */
      drain_ring(ring, true);
      atomic_store_explicit(&ring->state, OC_RING_FREE, memory_order_release);
    }
  }
}

static void sample(void) {
  struct oc_limit_figures f;
  oc_limit_get(&f);
  uint64_t now = oc_trace_clock();
  emit(OC_TRACE_LIMIT, now, (uintptr_t)f.limit, (uintptr_t)f.usage);
  emit(OC_TRACE_CLOCK, now, now, oc_trace_clock_ns());
}

static void tick(void) {
  watch_misses = 0;
  drain_all();
  sample();
  long now_ns = (long)oc_trace_clock_ns();
  sweep(now_ns);
  if (now_ns - flushed_ns >= FLUSH_NS)
    flush_out();
}

static void *writer_main(void *unused) {
  (void)unused;
  pthread_mutex_lock(&writer_lock);
  while (!writer_stopping) {
    struct timespec until = oc_deadline_after(CLOCK_REALTIME, OC_TRACE_TICK_NS);
    pthread_cond_timedwait(&writer_wake, &writer_lock, &until);
    if (writer_stopping)
      break;
    pthread_mutex_unlock(&writer_lock);
    tick();
    pthread_mutex_lock(&writer_lock);
  }
  pthread_mutex_unlock(&writer_lock);
  struct rusage self;
  if (getrusage(RUSAGE_THREAD, &self) == 0)
    writer_cpu_ns = (uint64_t)(self.ru_utime.tv_sec + self.ru_stime.tv_sec) * 1000000000u +
                    (uint64_t)(self.ru_utime.tv_usec + self.ru_stime.tv_usec) * 1000u;
  return NULL;
}

/* Thread exit: the ring goes back to the writer, which empties and frees it. */
static void retire_ring(void *ring) {
  oc_trace_ring_end_run(ring);
  oc_tls_trace = NULL;
  atomic_store_explicit(&((struct oc_trace_ring *)ring)->state, OC_RING_RETIRED,
                        memory_order_release);
}

bool oc_trace_start(const char *path) {
  page_size = sysconf(_SC_PAGESIZE);
  if (strlen(path) >= sizeof trace_path) {
    fprintf(stderr, "outcore: OUTCORE_TRACE path too long; tracing off\n");
    return false;
  }
  strcpy(trace_path, path);
  trace_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (trace_fd < 0) {
    fprintf(stderr, "outcore: cannot open OUTCORE_TRACE=%s: %s; tracing off\n", path,
            strerror(errno));
    return false;
  }
  struct oc_trace_header h = {OC_TRACE_MAGIC, 1, sizeof(struct oc_trace_record),
                              (uint64_t)page_size, (int64_t)getpid(), {0}};
  memcpy(h.magic, OC_TRACE_MAGIC, sizeof h.magic);
  written = synced_until = sizeof h;
  if (write(trace_fd, &h, sizeof h) != (ssize_t)sizeof h ||
      pthread_key_create(&ring_key, retire_ring) != 0) {
    fprintf(stderr, "outcore: cannot write OUTCORE_TRACE=%s; tracing off\n", path);
    close(trace_fd);
    trace_fd = -1;
    return false;
  }
  sample();
  atomic_store(&tracing, true);
  writer_running = oc_thread_start(&writer, writer_main, NULL);
  return true;
}

void oc_trace_register_thread(void) {
  if (oc_tls_trace || !atomic_load_explicit(&tracing, memory_order_acquire))
    return;
  struct oc_trace_ring *ring = NULL;
  for (struct oc_trace_ring *r = atomic_load(&rings); r && !ring; r = atomic_load(&r->next)) {
    int free_state = OC_RING_FREE;
    if (atomic_compare_exchange_strong(&r->state, &free_state, OC_RING_ACTIVE))
      ring = r;
  }
  if (!ring) {
    void *mem = mmap(NULL, sizeof(struct traced_thread), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
      return; /* this thread goes untraced */
    ring = mem;
    oc_stats_register_counts(&traced_thread_of(ring)->page_counts);
    atomic_store(&ring->state, OC_RING_ACTIVE);
    struct oc_trace_ring *head = atomic_load(&rings);
    do
      atomic_store(&ring->next, head);
    while (!atomic_compare_exchange_weak(&rings, &head, ring));
  } else {
    oc_trace_ring_reset(ring);
    ring->lost_reported = 0;
  }
  pthread_setspecific(ring_key, ring);
  oc_tls_trace = ring;
}

struct oc_thread_counts *oc_trace_page_counts(void) {
  return oc_tls_trace ? &traced_thread_of(oc_tls_trace)->page_counts : NULL;
}

void oc_trace_page_hint(struct oc_trace_ring *ring, uintptr_t addr) {
  oc_trace_hint(ring, OC_TRACE_PREFETCH_HINT, addr, 1, 0, -1, 0);
  struct traced_thread *t = traced_thread_of(ring);
  atomic_store_explicit(&t->page_hints_recorded,
                        atomic_load_explicit(&t->page_hints_recorded, memory_order_relaxed) + 1,
                        memory_order_release);
}

void oc_trace_event(enum oc_trace_kind kind, uintptr_t addr, uintptr_t len, int priority,
                    int tag) {
  if (!len || !atomic_load_explicit(&tracing, memory_order_relaxed))
    return;
  oc_trace_register_thread();
  if (oc_tls_trace)
    oc_trace_hint(oc_tls_trace, kind, addr, len, priority, tag, 0);
}

void oc_trace_fault(uintptr_t addr, uint64_t when) {
  if (!atomic_load_explicit(&tracing, memory_order_relaxed))
    return;
  atomic_store_explicit(&faults_reported, true, memory_order_relaxed);
  oc_trace_register_thread();
  struct oc_trace_ring *ring = oc_tls_trace;
  if (!ring)
    return;
  struct oc_trace_record r = {when, addr & ~(uintptr_t)(page_size - 1), (uint64_t)page_size,
                              -1, 0, OC_TRACE_FAULT, 0};
  oc_trace_ring_end_run(ring);
  oc_trace_ring_push(ring, &r);
}

void oc_trace_stop(void) {
  if (oc_tls_trace) /* the exiting thread's last run; other threads' are lost (< 1 ms) */
    oc_trace_ring_end_run(oc_tls_trace);
  if (!atomic_exchange(&tracing, false))
    return;
  if (writer_running) {
    pthread_mutex_lock(&writer_lock);
    writer_stopping = true;
    pthread_cond_signal(&writer_wake);
    pthread_mutex_unlock(&writer_lock);
    pthread_join(writer, NULL);
  }
  next_sweep_ns = 0; /* a last sweep: what the end of the run brought in */
  tick();
  emit(OC_TRACE_END, oc_trace_clock(), writer_cpu_ns, 0);
  flush_out();
  fdatasync(trace_fd); /* the last pieces leave the group's cache too */
  posix_fadvise(trace_fd, 0, 0, POSIX_FADV_DONTNEED);
  close(trace_fd);
  trace_fd = -1;
}

void oc_trace_fork_child(void) {
  if (!atomic_exchange(&tracing, false))
    return;
  oc_tls_trace = NULL;
  writer_running = false;
  close(trace_fd);
  trace_fd = -1;
}
