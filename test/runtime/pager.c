/* Pager backend (OUTCORE_BACKEND=pager) tests on oc_pager_map regions; one mode per
 * run: fill (initial data, write-back at unmap), prefetch (a hint fills ahead of the
 * faults; after a dropped prefetch its repeat does), column_writes (first writes down
 * columns of never-stored pages: few faults; zero pages not written back), evict (a release writes dirty pages back, which then read back),
 * evict_scattered (thousands of single-page releases at once: none lost), kept_first
 * (in a group: released pages are kept while there is room and make the room first),
 * fork (the child has no such memory: it faults; the parent keeps its data),
 * spill_fork (a spilled block: the child gets a copy), write_stream (a clean region
 * written through: few write-protect faults, all data written back), munmap (a region unmapped by
 * the program: other memory mapped there is never evicted), kill (fill workers cancelled: replacements serve the faults), failwrite (a store
 * that refuses writes, made immutable: released pages stay in memory, unchanged, and
 * are written once it accepts them again), rereads_kept (in a group: an array re-read
 * at random stays beside a stream), loop_kept (in a group: a loop over more pages than
 * the cap keeps some of them), full DIR (a store
 * that cannot be reserved: NULL and ENOSPC), threads SIZE_MIB (threads write and
 * check slices of a region bigger than the cgroup limit they run in).
 * Linked with the static runtime: it asks which backend runs and reaches the fill
 * workers. Exits 77 when userfaultfd is not permitted (the pager is not running). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "outcore/outcore.h"
#include "pager.h"
#include "resident_pages.h"
#include "residency.h"
#include "spill.h"
#include "stats.h"

#define PAGE 4096L

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                        \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fprintf(stderr, "\n");                                                                       \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

/* Page i's word j under generation g. */
static long word(long i, long j, long g) { return (i * 1000003 + j * 7 + g * 101) ^ 0x5a5a; }

static void fill_page(char *p, long i, long g) {
  long *w = (long *)(p + i * PAGE);
  for (long j = 0; j < PAGE / (long)sizeof(long); j++)
    w[j] = word(i, j, g);
}

static bool page_is(const char *p, long i, long g) {
  const long *w = (const long *)(p + i * PAGE);
  for (long j = 0; j < PAGE / (long)sizeof(long); j++)
    if (w[j] != word(i, j, g))
      return false;
  return true;
}

/* A file of pages pages, page i holding generation 0. */
static void make_file(const char *path, long pages) {
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
  char *buf = malloc(PAGE);
  for (long i = 0; i < pages; i++) {
    fill_page(buf - i * PAGE, i, 0);
    if (pwrite(fd, buf, PAGE, i * PAGE) != PAGE)
      abort();
  }
  free(buf);
  close(fd);
}

/* No malloc: called for every page of a region in a loop, and under AddressSanitizer
 * freed blocks wait in its quarantine, charged to the test's memory group. */
static bool file_page_is(const char *path, long i, long g) {
  long buf[PAGE / sizeof(long)];
  int fd = open(path, O_RDONLY);
  bool ok = fd >= 0 && pread(fd, buf, PAGE, i * PAGE) == PAGE &&
            page_is((const char *)buf - i * PAGE, i, g);
  close(fd);
  return ok;
}

/* A pager region of pages pages: a new file of known contents at path (make_file), or
 * zero-filled memory without one (path NULL); NULL, reported, when it cannot be mapped. */
static char *map_region(const char *path, long pages) {
  if (path)
    make_file(path, pages);
  char *p = oc_pager_map((size_t)(pages * PAGE), path);
  CHECK(p, "oc_pager_map: %s", strerror(errno));
  return p;
}

static long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Releases pages [first, first + count) of region p, stored in path, until the store
 * holds every one of them with generation g or timeout_ms passed; returns how many
 * it does not. */
static long release_until_stored(const char *path, char *p, long first, long count, long g,
                                 long timeout_ms) {
  long missing = count;
  for (long start = now_ms(); now_ms() - start < timeout_ms && missing; usleep(20000)) {
    oc_release_block(p + first * PAGE, count, 0, 7);
    oc_release_block(p + first * PAGE + count * PAGE / 2, count / 2, 0, 7); /* moves the tag on */
    missing = 0;
    for (long i = first; i < first + count; i++)
      missing += !file_page_is(path, i, g);
  }
  return missing;
}

/* Releases the region until at most want pages stay mapped or timeout_ms passed. */
static long release_until(char *p, long pages, long want, long timeout_ms) {
  long resident = resident_pages(p, pages);
  for (long start = now_ms(); now_ms() - start < timeout_ms && resident > want; usleep(20000)) {
    oc_release_block(p, pages, 0, 7);
    oc_release_block(p + pages * PAGE / 2, pages / 2, 0, 7); /* moves the tag on */
    resident = resident_pages(p, pages);
  }
  return resident;
}

/* The pager's self-evicting count once it agrees with mincore over two looks: on a
 * machine short of memory the evict worker may drop pages (and then the count) at
 * any time, and a look between the two steps must not fail the test. */
static long self_evicting_settled(char *p, long pages) {
  long counted = oc_backend_now()->self_evicting_bytes();
  for (int look = 0; look < 100; look++, usleep(10000)) {
    long before = resident_pages(p, pages);
    counted = oc_backend_now()->self_evicting_bytes();
    if (counted == before * PAGE && resident_pages(p, pages) == before)
      break;
  }
  return counted;
}

static void fill_mode(const char *path) {
  long pages = 2048; /* 8 MiB */
  char *p = map_region(path, pages);
  if (!p)
    return;
  CHECK(resident_pages(p, pages) == 0, "pages mapped before any fault");
  long fill_ns = oc_counter_value(OC_PAGER_FAULT_FILL_NS);
  long waits = oc_counter_value(OC_PAGER_ROOM_WAITS);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 0), "page %ld: not the file's data", i);
  /* Timed fault fills; 8 MiB never meets the pager's cap outside a memory group. */
  CHECK(oc_counter_value(OC_PAGER_FAULT_FILL_NS) > fill_ns, "fault fills not timed");
  CHECK(oc_counter_value(OC_PAGER_ROOM_WAITS) == waits, "%ld fills waited for room",
        oc_counter_value(OC_PAGER_ROOM_WAITS) - waits);
  /* The release worker's pacing leaves these to the pager (and nothing under madvise). */
  long counted = self_evicting_settled(p, pages);
  CHECK(counted == resident_pages(p, pages) * PAGE && counted > 0, "self-evicting %ld bytes, %ld pages mapped",
        counted, resident_pages(p, pages));
  CHECK(oc_backend_madvise.self_evicting_bytes() == 0, "madvise evicts nothing itself");
  for (long i = 0; i < pages; i += 2)
    fill_page(p, i, 1);
  CHECK(oc_pager_unmap(p, pages * PAGE) == 0, "oc_pager_unmap: %s", strerror(errno));
  for (long i = 0; i < pages; i++)
    CHECK(file_page_is(path, i, i % 2 ? 0 : 1), "file page %ld after unmap", i);
}

/* Run in a group whose usage is mostly cold page cache (mib MiB written to a file
 * and synced first): the kernel drops that cache without a read, so the pager must
 * not evict its own region to make room (it did, down to 256 KiB of 8 MiB). */
static void beside_cache_mode(const char *path, long mib) {
  char cold[] = "/var/tmp/outcore-cold-cache-XXXXXX";
  int fd = mkstemp(cold);
  CHECK(fd >= 0, "mkstemp: %s", strerror(errno));
  if (fd < 0)
    return;
  unlink(cold);
  static char chunk[1 << 20];
  memset(chunk, 1, sizeof chunk);
  for (long i = 0; i < mib; i++)
    CHECK(write(fd, chunk, sizeof chunk) == (ssize_t)sizeof chunk, "write: %s", strerror(errno));
  fsync(fd);
  long pages = 2048;
  char *p = map_region(path, pages);
  if (p) {
    for (long i = 0; i < pages; i++)
      CHECK(page_is(p, i, 0), "page %ld: not the file's data", i);
    usleep(100000); /* the evict worker looks every 5 ms */
    CHECK(oc_backend_now()->self_evicting_bytes() == pages * PAGE,
          "the pager kept %ld of %ld bytes beside cold page cache",
          oc_backend_now()->self_evicting_bytes(), pages * PAGE);
    oc_pager_unmap(p, pages * PAGE);
  }
  close(fd);
}

/* A program writing a clean region through: the write-protect faults unprotect runs
 * that double (16, 32, ... 256 pages: 8 faults for 1024 pages; 64 with fixed 64 KiB
 * runs), and every written page still reaches the file. */
static void write_stream_mode(const char *path) {
  long pages = 1024;
  char *p = map_region(path, pages);
  if (!p)
    return;
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 0), "page %ld: not the file's data", i);
  long before = oc_counter_value(OC_PAGER_WRITE_FAULTS);
  for (long i = 0; i < pages; i++)
    fill_page(p, i, 1);
  long faults = oc_counter_value(OC_PAGER_WRITE_FAULTS) - before;
  CHECK(faults > 0 && faults <= 16, "%ld write faults for a stream of %ld pages", faults, pages);
  CHECK(oc_pager_unmap(p, pages * PAGE) == 0, "oc_pager_unmap: %s", strerror(errno));
  for (long i = 0; i < pages; i++)
    CHECK(file_page_is(path, i, 1), "file page %ld after unmap", i);
}

/* The pager's read faults while pages first, first + step, ... (count of them) are
 * read and checked. */
static long read_faults(const char *p, long first, long step, long count) {
  long before = oc_counter_value(OC_PAGER_FAULTS);
  for (long k = 0, i = first; k < count; k++, i += step)
    CHECK(page_is(p, i, 0), "page %ld: not the file's data", i);
  return oc_counter_value(OC_PAGER_FAULTS) - before;
}

/* A walk down the region, as glibc's memmove copies a large block: the faults fill
 * doubling windows below them (one fault per page before). */
static void read_down_mode(const char *path) {
  long pages = 1024;
  char *p = map_region(path, pages);
  if (!p)
    return;
  long faults = read_faults(p, pages - 1, -1, pages);
  CHECK(faults > 0 && faults <= 16, "%ld faults for a walk down %ld pages", faults, pages);
  oc_pager_unmap(p, pages * PAGE);
}

/* Updates of scattered pages (out[o] += v): once most read fills are written next,
 * read faults fill writable, with no write-protect fault to follow (one per page
 * before). */
static void scattered_updates_mode(const char *path) {
  long pages = 1024;
  char *p = map_region(path, pages);
  if (!p)
    return;
  long before = oc_counter_value(OC_PAGER_WRITE_FAULTS);
  for (long k = 0; k < pages; k++) {
    long i = (k * 389) % pages; /* 389 is prime to 1024: every page once */
    CHECK(page_is(p, i, 0), "page %ld: not the file's data", i);
    fill_page(p, i, 1);
  }
  long faults = oc_counter_value(OC_PAGER_WRITE_FAULTS) - before;
  CHECK(faults <= pages / 4, "%ld write faults for %ld scattered updates", faults, pages);
  CHECK(oc_pager_unmap(p, pages * PAGE) == 0, "oc_pager_unmap: %s", strerror(errno));
  for (long i = 0; i < pages; i++)
    CHECK(file_page_is(path, i, 1), "file page %ld after unmap", i);
}

/* A walk up a region where every 7th page is mapped already (as a hint had brought
 * in a page of each row of a stencil's output grid): the fills pass over them, in
 * doubling windows (one fault per gap before). */
static void stream_over_mapped_mode(const char *path) {
  long pages = 1024;
  char *p = map_region(path, pages);
  if (!p)
    return;
  read_faults(p, 6, 7, pages / 7);
  long faults = read_faults(p, 0, 1, pages);
  CHECK(faults > 0 && faults <= 32, "%ld faults for a walk over %ld pages", faults, pages);
  oc_pager_unmap(p, pages * PAGE);
}

static void prefetch_mode(const char *path) {
  long pages = 2048;
  char *p = map_region(path, pages);
  if (!p)
    return;
  long want = 512, resident = 0;
  for (long start = now_ms(); now_ms() - start < 5000 && resident < want; usleep(20000)) {
    /* Repeated: a hint on a mapping the runtime has not seen yet is dropped. */
    oc_prefetch_block(p, want, 0, 1);
    resident = resident_pages(p, want);
  }
  CHECK(resident == want, "prefetch mapped %ld of %ld pages", resident, want);
  CHECK(resident_pages(p + want * PAGE, pages - want) == 0, "pages past the hint were mapped");
  /* A prefetch the pager drops for want of room (as in a small group) leaves its pages
   * unmarked, so that the hint's next repeat is not filtered but fills them. */
  char *next = p + want * PAGE;
  uintptr_t granule = (uintptr_t)next >> OC_GRANULE_SHIFT;
  oc_residency_set_resident(granule, granule + 64); /* what the dropped prefetch's hint did */
  oc_pager_prefetch_dropped((uintptr_t)next, 64 * PAGE);
  for (long start = now_ms(); now_ms() - start < 5000 && resident_pages(next, 64) < 64;
       usleep(20000))
    oc_prefetch_block(next, 64, 0, 1);
  CHECK(resident_pages(next, 64) == 64, "after a dropped prefetch, its hint mapped %ld of 64 pages",
        resident_pages(next, 64));
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 0), "page %ld after prefetch", i);
  oc_pager_unmap(p, pages * PAGE);
}

/* First writes down the columns of rows of 7 pages in never-stored memory (a
 * transpose's output): a fault near the last one's fill fills the never-stored pages
 * after it too (a fault per page before). Released, the pages written with zeros are
 * not written back, and still read as zeros. */
static void column_writes_mode(void) {
  enum { ROW = 7, ROWS = 512 };
  long pages = ROW * ROWS;
  char *p = map_region(NULL, pages);
  if (!p)
    return;
  long faults = oc_counter_value(OC_PAGER_WRITE_FAULTS);
  for (long col = 0; col < ROW; col++)
    for (long row = 0; row < ROWS; row++)
      ((long *)(p + (row * ROW + col) * PAGE))[0] = row % 2 ? 0 : row + 1;
  faults = oc_counter_value(OC_PAGER_WRITE_FAULTS) - faults;
  printf("pager column_writes: %ld write faults for first writes to %ld pages\n", faults, pages);
  CHECK(faults <= pages / 16, "%ld write faults for first writes to %ld pages", faults, pages);
  long written = oc_counter_value(OC_PAGER_BYTES_WRITTEN), nonzero = pages / 2 + ROW;
  oc_release_block(p, pages, 0, 1);
  for (long start = now_ms(); now_ms() - start < 5000 &&
                              oc_counter_value(OC_PAGER_BYTES_WRITTEN) - written < nonzero * PAGE;
       usleep(20000))
    ;
  usleep(100000); /* the evict worker looks every 5 ms: anything more would show */
  written = oc_counter_value(OC_PAGER_BYTES_WRITTEN) - written;
  CHECK(written > 0 && written <= nonzero * PAGE,
        "%ld KiB written back for %ld KiB of pages not all zero", written >> 10,
        nonzero * PAGE >> 10);
  for (long row = 0; row < ROWS; row++)
    for (long col = 0; col < ROW; col++)
      CHECK(((long *)(p + (row * ROW + col) * PAGE))[0] == (row % 2 ? 0 : row + 1),
            "row %ld, column %ld after its release", row, col);
  oc_pager_unmap(p, pages * PAGE);
}

/* Without a limit the pager has room: released pages are written back and kept
 * (dropped first once it needs room: kept_first_mode). */
static void evict_mode(const char *path) {
  long pages = 4096; /* 16 MiB */
  char *p = map_region(path, pages);
  if (!p)
    return;
  for (long i = 0; i < pages; i++)
    fill_page(p, i, 2);
  long missing = release_until_stored(path, p, 0, pages, 2, 5000);
  CHECK(missing == 0, "%ld of %ld released pages not written back", missing, pages);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 2), "page %ld after its write-back", i);
  oc_pager_unmap(p, pages * PAGE);
}

/* Single-page releases of every other page, each once, faster than the evict worker
 * takes them (a column walk's releases): every one is written back, none lost to a
 * full queue (they were, and only the clock, at the limit, took pages), and the
 * pages never released stay. */
static void evict_scattered_mode(const char *path) {
  long pages = 8192; /* 32 MiB */
  char *p = map_region(path, pages);
  if (!p)
    return;
  for (long i = 0; i < pages; i++)
    fill_page(p, i, 3);
  /* The last page first, until it is written: the runtime then knows the mapping. */
  CHECK(release_until_stored(path, p, pages - 1, 1, 3, 5000) == 0,
        "the last page was not written back");
  for (long i = 0; i < pages - 1; i += 2)
    oc_release_block(p + i * PAGE, 1, 0, 9);
  long start = now_ms(), left = 0;
  do {
    left = 0;
    for (long i = 0; i < pages - 1; i += 2)
      left += !file_page_is(path, i, 3);
  } while (left && now_ms() - start < 5000 && !usleep(20000));
  CHECK(left == 0, "%ld of %ld released pages not written back", left, pages / 2);
  long kept = 0;
  for (long i = 1; i < pages - 1; i += 2)
    kept += resident_pages(p + i * PAGE, 1);
  CHECK(kept == pages / 2 - 1, "%ld of %ld pages never released were evicted",
        pages / 2 - 1 - kept, pages / 2 - 1);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 3), "page %ld after the releases", i);
  oc_pager_unmap(p, pages * PAGE);
}

/* In a memory group: 16 MiB filled and kept (B), 16 MiB filled and released (A:
 * written back and kept while the pager has room), then enough filled (C) to take the
 * pager halfway from the line where it keeps released pages to its cap: the room
 * comes from A's released pages first; B and C stay whole. Every page then reads back
 * its data. The sizes follow the pager's cap, which what else the group holds (a
 * sanitizer's shadow memory) moves. Exits 77 when the group leaves too little room. */
static int kept_first_mode(const char *path) {
  long a_pages = 4096, b_pages = 4096;
  char *b = map_region(NULL, b_pages), *a = map_region(path, a_pages);
  if (!a || !b)
    return 1;
  for (long i = 0; i < b_pages; i++)
    fill_page(b, i, 4);
  for (long i = 0; i < a_pages; i++)
    fill_page(a, i, 5);
  long missing = release_until_stored(path, a, 0, a_pages, 5, 5000);
  CHECK(missing == 0, "%ld of %ld released pages not written back", missing, a_pages);
  long cap = oc_pager_resident_cap(), resident = oc_backend_now()->self_evicting_bytes();
  long c_pages = ((cap / 4 * 3 + cap) / 2 - resident) / PAGE;
  if (cap == LONG_MAX || c_pages < 1024) {
    if (failures)
      return 1;
    printf("pager kept_first: skipped: the group leaves the pager %ld MiB\n", cap >> 20);
    return 77;
  }
  long a_kept = resident_pages(a, a_pages);
  CHECK(a_kept >= a_pages * 9 / 10, "only %ld of %ld released pages kept with room to spare",
        a_kept, a_pages);
  char *c = map_region(NULL, c_pages);
  if (!c)
    return 1;
  for (long i = 0; i < c_pages; i++)
    fill_page(c, i, 6);
  usleep(100000); /* the evict worker's next looks */
  long b_left = resident_pages(b, b_pages), c_left = resident_pages(c, c_pages);
  long a_left = resident_pages(a, a_pages);
  CHECK(b_left == b_pages && c_left == c_pages,
        "pages never released were evicted (%ld of %ld, %ld of %ld left) while %ld released "
        "ones stayed", b_left, b_pages, c_left, c_pages, a_left);
  CHECK(a_left < a_pages, "no released page made room");
  for (long i = 0; i < a_pages; i++)
    CHECK(page_is(a, i, 5), "released page %ld read back", i);
  for (long i = 0; i < b_pages; i++)
    CHECK(page_is(b, i, 4), "page %ld of the first region", i);
  for (long i = 0; i < c_pages; i++)
    CHECK(page_is(c, i, 6), "page %ld of the last region", i);
  oc_pager_unmap(a, a_pages * PAGE);
  oc_pager_unmap(b, b_pages * PAGE);
  oc_pager_unmap(c, c_pages * PAGE);
  return 0;
}

static void fork_mode(void) {
  long pages = 1024;
  char *p = map_region(NULL, pages);
  if (!p)
    return;
  for (long i = 0; i < pages; i++)
    fill_page(p, i, 3);
  fflush(NULL);
  pid_t child = fork();
  if (child == 0)
    _exit(p[0] == 0 ? 2 : 3); /* must not get here: the memory is not inherited */
  int status;
  waitpid(child, &status, 0);
  /* SIGSEGV (a sanitizer's handler may turn it into an exit status); 2 or 3: the
   * child read the memory. */
  CHECK(status != 0 && !(WIFEXITED(status) && WEXITSTATUS(status) >= 2 &&
                         WEXITSTATUS(status) <= 3),
        "a child touching paged memory: status %#x, not SIGSEGV", status);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 3), "parent page %ld after fork", i);
  oc_pager_unmap(p, pages * PAGE);
}

/* A spilled block under the pager: the child gets a copy of the memory at the fork,
 * and neither sees the other's later writes. */
static void spill_fork_mode(void) {
  long pages = 2048;
  char *p = oc_spill_alloc_at((size_t)(pages * PAGE), 0, OC_SPILL_OWN_FILE);
  CHECK(p, "no spilled block");
  if (!p)
    return;
  for (long i = 0; i < pages; i++)
    fill_page(p, i, 1);
  int to_child[2], to_parent[2];
  if (pipe(to_child) || pipe(to_parent))
    exit(2);
  fflush(NULL);
  pid_t child = fork();
  if (child == 0) {
    bool ok = true;
    for (long i = 0; i < pages; i++)
      ok = ok && page_is(p, i, 1);
    for (long i = 0; i < pages / 2; i++)
      fill_page(p, i, 2);
    char c;
    if (write(to_parent[1], "x", 1) != 1 || read(to_child[0], &c, 1) != 1)
      _exit(3);
    for (long i = 0; i < pages; i++)
      ok = ok && page_is(p, i, i < pages / 2 ? 2 : 1);
    _exit(ok ? 0 : 1);
  }
  close(to_parent[1]);
  char c;
  CHECK(read(to_parent[0], &c, 1) == 1, "the child died");
  for (long i = pages / 2; i < pages; i++)
    fill_page(p, i, 3);
  CHECK(write(to_child[1], "y", 1) == 1, "the child died");
  int status;
  waitpid(child, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child's copy: status %#x", status);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, i < pages / 2 ? 1 : 3), "parent page %ld after fork", i);
  oc_spill_free(p);
}

/* A region with clean (read) and dirty (written) pages. */
static char *touched_region(long pages) {
  char *p = map_region(NULL, pages);
  if (!p)
    return NULL;
  long sum = 0;
  for (long i = 0; i < pages / 2; i++) /* read: clean pages */
    sum += p[i * PAGE];
  for (long i = pages / 2; i < pages; i++) /* written: dirty pages */
    fill_page(p, i, 1);
  CHECK(sum == 0, "a new region reads as zeros");
  return p;
}

/* New memory at a region's old address: the pager, asked to evict it, leaves it. */
static void new_memory_kept(char *q, long pages) {
  for (long i = 0; i < pages; i++)
    fill_page(q, i, 2);
  oc_pager_evict_later((uintptr_t)q, (size_t)(pages * PAGE));
  usleep(200000);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(q, i, 2), "new memory at page %ld lost", i);
  munmap(q, pages * PAGE);
}

/* The program unmaps a region itself and maps other memory there: the pager forgets
 * the region's pages and never evicts the new memory, even when asked to. Mapped over
 * the region (MAP_FIXED), the kernel unmaps it in the same call; unmapped first, any
 * thread's mmap may take the hole before the program's (the kernel hands out the
 * highest free range), so that case is checked only when the address is still free. */
static void munmap_mode(void) {
  long pages = 1024;
  int flags = MAP_PRIVATE | MAP_ANONYMOUS;
  char *p = touched_region(pages);
  if (!p)
    return;
  char *q = mmap(p, pages * PAGE, PROT_READ | PROT_WRITE, flags | MAP_FIXED, -1, 0);
  CHECK(q == p, "mmap over the region: %s", strerror(errno));
  new_memory_kept(q, pages);

  p = touched_region(pages);
  if (!p)
    return;
  CHECK(munmap(p, pages * PAGE) == 0, "munmap: %s", strerror(errno));
  q = mmap(p, pages * PAGE, PROT_READ | PROT_WRITE, flags | MAP_FIXED_NOREPLACE, -1, 0);
  if (q == MAP_FAILED && errno == EEXIST) {
    printf("pager munmap: the old address was taken by another mapping\n");
    return;
  }
  CHECK(q == p, "mmap at the old address: %s", strerror(errno));
  new_memory_kept(q, pages);
}

static void kill_mode(const char *path) {
  long pages = 2048;
  char *p = map_region(path, pages);
  if (!p)
    return;
  void *threads[8];
  unsigned n = oc_pager_fill_threads(threads, 8);
  CHECK(n > 0, "no fill workers");
  for (unsigned i = 0; i < n; i++)
    pthread_cancel((pthread_t)threads[i]);
  usleep(100000);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 0), "page %ld after the fill workers were cancelled", i);
  oc_pager_unmap(p, pages * PAGE);
}

/* Sets or clears the file's immutable flag; false where that is not allowed. */
static bool set_immutable(const char *path, bool on) {
  int fd = open(path, O_RDONLY);
  int flags = 0;
  bool done = fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
  flags = on ? flags | FS_IMMUTABLE_FL : flags & ~FS_IMMUTABLE_FL;
  done = done && ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
  if (fd >= 0)
    close(fd);
  return done;
}

static int failwrite_mode(const char *path) {
  long pages = 1024;
  char *p = map_region(path, pages);
  if (!p)
    return 1;
  for (long i = 0; i < pages; i++)
    fill_page(p, i, 2);
  if (!set_immutable(path, true)) {
    printf("pager failwrite: skipped: cannot make %s immutable\n", path);
    oc_pager_unmap(p, pages * PAGE);
    return 77;
  }
  long kept = release_until(p, pages, 0, 1000);
  CHECK(kept == pages, "%ld of %ld unwritable pages dropped", pages - kept, pages);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 2), "page %ld after a failed write-back", i);
  set_immutable(path, false);
  long missing = release_until_stored(path, p, 0, pages, 2, 5000);
  CHECK(missing == 0, "%ld pages not written back once the store accepts writes", missing);
  for (long i = 0; i < pages; i++)
    CHECK(page_is(p, i, 2), "page %ld written back late", i);
  oc_pager_unmap(p, pages * PAGE);
  return 0;
}

static void full_mode(const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/store", dir);
  errno = 0;
  char *p = oc_pager_map(64L << 20, path);
  CHECK(!p && errno == ENOSPC, "a store on a full disk: %p, %s", (void *)p, strerror(errno));
}

struct slice {
  char *p;
  long first, count;
};

static void *write_and_check(void *arg) {
  struct slice *s = arg;
  for (long g = 4; g < 6; g++) {
    for (long i = s->first; i < s->first + s->count; i++)
      fill_page(s->p, i, g);
    for (long i = s->first; i < s->first + s->count; i++)
      CHECK(page_is(s->p, i, g), "page %ld, generation %ld", i, g);
  }
  return NULL;
}

static void threads_mode(long mib) {
  long pages = (mib << 20) / PAGE;
  char *p = map_region(NULL, pages);
  if (!p)
    return;
  enum { THREADS = 4 };
  pthread_t t[THREADS];
  struct slice s[THREADS];
  for (int i = 0; i < THREADS; i++) {
    s[i] = (struct slice){p, pages / THREADS * i, pages / THREADS};
    pthread_create(&t[i], NULL, write_and_check, &s[i]);
  }
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  oc_pager_unmap(p, (size_t)(pages * PAGE));
  /* Twice the group: fills may wait for room, never longer than they take, and only
   * fault fills count. */
  long waits = oc_counter_value(OC_PAGER_ROOM_WAITS);
  CHECK(waits <= oc_counter_value(OC_PAGER_FAULTS) + oc_counter_value(OC_PAGER_WRITE_FAULTS),
        "%ld room waits, more than faults", waits);
  CHECK(oc_counter_value(OC_PAGER_ROOM_WAIT_NS) <= oc_counter_value(OC_PAGER_FAULT_FILL_NS),
        "waited %ld ns for room in %ld ns of fault fills", oc_counter_value(OC_PAGER_ROOM_WAIT_NS),
        oc_counter_value(OC_PAGER_FAULT_FILL_NS));
  printf("pager threads: %ld fault fills waited for room, %.1f ms of %.1f ms\n", waits,
         oc_counter_value(OC_PAGER_ROOM_WAIT_NS) / 1e6, oc_counter_value(OC_PAGER_FAULT_FILL_NS) / 1e6);
}

/* An array re-read at random beside a stream written once (a gather, `out[i] =
 * a[f(i)]`), in a 64 MiB group: the array fits below the pager's cap, the stream is
 * over twice the group. The clock sees fills, not reads; the array's pages come back soon after
 * each eviction and are then passed over, so nearly all of it stays (6107-6113 of
 * 6144 pages; a clock by fill order alone kept 4746-4871). */
static int rereads_kept_mode(const char *path) {
  long a_pages = 6144, s_pages = 40960; /* 24 and 160 MiB, in a 64 MiB group */
  char *a = map_region(path, a_pages), *s = map_region(NULL, s_pages);
  if (!a || !s)
    return 1;
  for (long i = 0; i < a_pages; i++)
    fill_page(a, i, 7);
  for (long i = 0; i < s_pages / 4; i++)
    fill_page(s, i, 8);
  long cap = oc_pager_resident_cap();
  if (cap == LONG_MAX || cap < 2 * a_pages * PAGE) {
    printf("pager rereads_kept: skipped: the group leaves the pager %ld MiB\n", cap >> 20);
    return 77;
  }
  unsigned seed = 1;
  long wrong = 0;
  for (long i = s_pages / 4; i < s_pages; i++) {
    fill_page(s, i, 8);
    for (int k = 0; k < 4; k++)
      wrong += !page_is(a, rand_r(&seed) % a_pages, 7);
  }
  CHECK(wrong == 0, "%ld pages of the re-read array read back wrong", wrong);
  long a_left = resident_pages(a, a_pages);
  CHECK(a_left >= a_pages * 9 / 10, "only %ld of %ld pages of the re-read array stayed",
        a_left, a_pages);
  printf("pager rereads_kept: %ld of %ld pages stayed\n", a_left, a_pages);
  for (long i = 0; i < s_pages; i++)
    CHECK(page_is(s, i, 8), "page %ld of the stream", i);
  oc_pager_unmap(a, a_pages * PAGE);
  oc_pager_unmap(s, s_pages * PAGE);
  return 0;
}

/* A loop over more pages than the pager's cap, read in the same scattered order
 * each round (a bit-reversal permutation's stores, an FFT's twiddles between its
 * streams), in a 64 MiB group. Every page comes back soon after its eviction, so
 * refaults alone tell nothing apart; with the active pages held to a budget, the
 * ones made active first stay for the next rounds and are found there (about 11.7 k
 * faults a round over 21 k pages, cap 14 k; every page faulted each round before). */
static int loop_kept_mode(const char *path) {
  char *warm = map_region(NULL, 1024); /* has the evict worker take the group's measure */
  if (!warm)
    return 1;
  for (long i = 0; i < 1024; i++)
    fill_page(warm, i, 1);
  usleep(50000);
  long cap = oc_pager_resident_cap();
  oc_pager_unmap(warm, 1024 * PAGE);
  if (cap == LONG_MAX || cap < (16L << 20)) {
    printf("pager loop_kept: skipped: the group leaves the pager %ld MiB\n", cap >> 20);
    return 77;
  }
  long pages = cap / PAGE * 3 / 2, step = 7919; /* a prime: one round visits every page */
  pages -= pages % step == 0;
  char *a = map_region(path, pages);
  if (!a)
    return 1;
  for (long i = 0; i < pages; i++)
    fill_page(a, i, 3);
  long wrong = 0, faults = 0;
  enum { ROUNDS = 8, MEASURED = 4 };
  for (int round = 0; round < ROUNDS; round++) {
    long before = oc_counter_value(OC_PAGER_FAULTS);
    for (long k = 0, i = 0; k < pages; k++, i = (i + step) % pages)
      wrong += !page_is(a, i, 3);
    if (round >= ROUNDS - MEASURED)
      faults += oc_counter_value(OC_PAGER_FAULTS) - before;
  }
  CHECK(wrong == 0, "%ld pages of the loop read back wrong", wrong);
  /* A third of the pages is over the cap: at best about that many faults a round. */
  long per_round = faults / MEASURED;
  CHECK(per_round <= pages * 3 / 4, "%ld faults a round over %ld pages: the loop kept too few",
        per_round, pages);
  printf("pager loop_kept: %ld faults a round over %ld pages (cap %ld)\n", per_round, pages,
         cap / PAGE);
  CHECK(oc_pager_active_page_count() > 0, "no page of the loop is active");
  for (long k = 0, i = 0; k < pages; k++, i = (i + step) % pages)
    fill_page(a, i, 4); /* the active pages dirty: written back at the unmap */
  oc_pager_unmap(a, pages * PAGE);
  CHECK(oc_pager_active_page_count() == 0, "%ld pages still counted active with no region",
        oc_pager_active_page_count());
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  if (oc_backend_select() != &oc_backend_pager) {
    printf("pager: skipped: the pager is not running (OUTCORE_BACKEND=pager, userfaultfd)\n");
    return 77;
  }
  const char *mode = argv[1], *arg = argc > 2 ? argv[2] : NULL;
  /* The store is named through its descriptor, unlinked at once: a run the group's
   * OOM killer ends leaves no file behind (the machine is shared). */
  char name[] = "/var/tmp/outcore-pager-test-XXXXXX", path[64];
  int fd = mkstemp(name);
  if (fd < 0)
    return 2;
  unlink(name);
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  if (!strcmp(mode, "fill"))
    fill_mode(path);
  else if (!strcmp(mode, "read_down"))
    read_down_mode(path);
  else if (!strcmp(mode, "scattered_updates"))
    scattered_updates_mode(path);
  else if (!strcmp(mode, "stream_over_mapped"))
    stream_over_mapped_mode(path);
  else if (!strcmp(mode, "prefetch"))
    prefetch_mode(path);
  else if (!strcmp(mode, "write_stream"))
    write_stream_mode(path);
  else if (!strcmp(mode, "evict"))
    evict_mode(path);
  else if (!strcmp(mode, "column_writes"))
    column_writes_mode();
  else if (!strcmp(mode, "evict_scattered"))
    evict_scattered_mode(path);
  else if (!strcmp(mode, "fork"))
    fork_mode();
  else if (!strcmp(mode, "spill_fork"))
    spill_fork_mode();
  else if (!strcmp(mode, "munmap"))
    munmap_mode();
  else if (!strcmp(mode, "kill"))
    kill_mode(path);
  else if (!strcmp(mode, "failwrite"))
    failures = failwrite_mode(path) == 77 ? -1 : failures;
  else if (!strcmp(mode, "full") && arg)
    full_mode(arg);
  else if (!strcmp(mode, "beside_cache") && arg)
    beside_cache_mode(path, atol(arg));
  else if (!strcmp(mode, "threads") && arg)
    threads_mode(atol(arg));
  else if (!strcmp(mode, "kept_first"))
    failures = kept_first_mode(path) == 77 ? -1 : failures;
  else if (!strcmp(mode, "rereads_kept"))
    failures = rereads_kept_mode(path) == 77 ? -1 : failures;
  else if (!strcmp(mode, "loop_kept"))
    failures = loop_kept_mode(path) == 77 ? -1 : failures;
  else
    failures++;
  close(fd);
  if (failures < 0)
    return 77;
  printf("pager %s: %s\n", mode, failures ? "FAILED" : "ok");
  return failures != 0;
}
